import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearTokens, getAccessToken, setAccessToken } from '../data/auth-tokens'
import { applySignIn, clearUserData, profileQuery, signOut } from './session'

const profile = {
  id: 'u1',
  firstname: 'Асель',
  lastname: '',
  phone: '77011234567',
  email: null,
  tdid: '100000000001',
  kind: 'full',
  type: 'individual',
}
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

let paths: string[] = []
let profileStatus = 200

beforeEach(() => {
  paths = []
  profileStatus = 200
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://store.test').pathname
      paths.push(path)
      if (path === '/account/api/v1/profile')
        return profileStatus === 200
          ? answer(200, profile)
          : answer(401, { error: { code: 'unauthorized', message: 'k' } })
      if (path === '/account/api/v1/auth/signout') return new Response(null, { status: 204 })
      return answer(401, { error: { code: 'refresh_failed', message: 'k' } })
    }),
  )
})

afterEach(() => {
  vi.unstubAllGlobals()
  clearTokens()
  document.cookie = 'tdid=; path=/; max-age=0'
})

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } })

describe('the session', () => {
  it('is a guest without asking the server when there is no token and no tdid cookie', async () => {
    expect(await client().fetchQuery(profileQuery())).toBeNull()
    expect(paths).toEqual([])
  })

  it('asks for the profile when the tdid cookie says a session may exist, and a 401 means a guest', async () => {
    document.cookie = 'tdid=100000000001; path=/'
    expect(await client().fetchQuery(profileQuery())).toMatchObject({ id: 'u1' })
    profileStatus = 401
    expect(await client().fetchQuery(profileQuery())).toBeNull()
    expect(paths).toContain('/account/api/v1/auth/refresh')
  })

  it('keeps the tokens after a sign-in and loads the profile; sign-out forgets them and the shopper’s data', async () => {
    const queryClient = client()
    queryClient.setQueryData(['account', 'addresses'], [{ id: 1 }])
    queryClient.setQueryData(['catalog', 'x'], { kept: true })
    await queryClient.fetchQuery({
      queryKey: ['other'],
      queryFn: () => ({ mine: true }),
      meta: { user: true },
    })
    await applySignIn(queryClient, {
      access_token: 'a'.repeat(43),
      refresh_token: 'r'.repeat(43),
      token_type: 'Bearer',
      expires_in: 900,
      user: { id: 'u1', kind: 'full', type: 'individual' },
    })
    expect(getAccessToken()).toBe('a'.repeat(43))
    expect(queryClient.getQueryData(['account', 'profile'])).toMatchObject({ id: 'u1' })
    expect(queryClient.getQueryData(['account', 'addresses'])).toBeUndefined()
    expect(queryClient.getQueryData(['other'])).toBeUndefined()

    queryClient.setQueryData(['account', 'addresses'], [{ id: 2 }])
    await signOut(queryClient)
    expect(paths).toContain('/account/api/v1/auth/signout')
    expect(getAccessToken()).toBeNull()
    expect(queryClient.getQueryData(['account', 'profile'])).toBeNull()
    expect(queryClient.getQueryData(['account', 'addresses'])).toBeUndefined()
    expect(queryClient.getQueryData(['catalog', 'x'])).toEqual({ kept: true })
  })

  it('signs out locally even when the server cannot be reached, and wipes the cached answers of the shopper', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    )
    setAccessToken('a'.repeat(43))
    const queryClient = client()
    const personal = new Map([
      ['https://s.kz/orders/api/v1/orders', new Response('mine')],
      ['https://s.kz/katalog/api/v1/products/x', new Response('anyone')],
    ])
    vi.stubGlobal('caches', {
      keys: async () => ['pages-v1'],
      open: async () => ({
        keys: async () => [...personal.keys()].map((url) => new Request(url)),
        delete: async (request: Request) => personal.delete(request.url),
      }),
    })
    await signOut(queryClient)
    expect(getAccessToken()).toBeNull()
    await vi.waitFor(() => expect([...personal.keys()]).toEqual(['https://s.kz/katalog/api/v1/products/x']))
    clearUserData(queryClient)
    expect(queryClient.getQueryData(['account', 'profile'])).toBeNull()
  })
})
