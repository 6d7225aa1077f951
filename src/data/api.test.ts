import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, isApiError } from './api-error'
import { api, NO_REFRESH_PATHS, TIMEOUTS } from './api'
import { clearTokens, onSignedOut, setAccessToken, setRefreshToken } from './auth-tokens'
import { setRequestContext } from './request-context'
import { SESSION_COOKIE, SESSION_MAX_AGE_MS, SESSION_START_COOKIE } from './session-id'
import { errorAnswer, fakeFetch, json, networkDown, never, type RecordedCall } from '../testing/fake-fetch'

interface Product {
  sku: string
  price: number
}
const REFRESH = '/account/api/v1/auth/refresh'

function cookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1)
}

function expireCookies() {
  for (const name of [SESSION_COOKIE, SESSION_START_COOKIE]) document.cookie = `${name}=; path=/; max-age=0`
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected the call to fail')
}

beforeEach(() => {
  clearTokens()
  setRequestContext({ lang: 'ru', cityId: 1 })
  expireCookies()
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('request headers', () => {
  it('sends the session id and the language, and no bearer before sign-in', async () => {
    const { calls } = fakeFetch(() => json(200, { sku: 'A1', price: 1000 }))

    await expect(api.get<Product>('/katalog/api/v1/products/a1')).resolves.toEqual({ sku: 'A1', price: 1000 })

    const [call] = calls
    expect(call?.headers.get('x-session-id')).toMatch(/^[A-Za-z0-9_-]{8,64}$/)
    expect(call?.headers.get('x-session-id')).toBe(cookie(SESSION_COOKIE))
    expect(call?.headers.get('accept-language')).toBe('ru')
    expect(call?.headers.has('authorization')).toBe(false)
    expect(call?.headers.has('idempotency-key')).toBe(false)
  })

  it('says the body is JSON only when there is a body, as the server refuses an empty JSON body', async () => {
    const { calls } = fakeFetch(() => json(200, {}))

    await api.post('/cart/api/v2/carts', { city_id: 1 })
    await api.post('/cart/api/v2/carts/merge/x', undefined)
    await api.get('/katalog/api/v1/products/a1')

    expect(calls.map((c) => c.headers.get('content-type'))).toEqual(['application/json', null, null])
  })

  it('sends a form as it is, leaving its multipart type with the boundary to the browser', async () => {
    const { calls, fetch } = fakeFetch(() => json(200, { filename: 'statement.pdf' }))
    const form = new FormData()
    form.append('file', new Blob(['%PDF-1.7']), 'statement.pdf')

    await api.post('/file/statement', form)

    expect(calls[0]?.headers.get('content-type')).toBeNull()
    expect(fetch.mock.calls[0]?.[1]?.body).toBe(form)
  })

  it('sends the language of the current request context', async () => {
    const { calls } = fakeFetch(() => json(200, {}))
    setRequestContext({ lang: 'kk' })

    await api.get('/menu/api/v1/menu')

    expect(calls[0]?.headers.get('accept-language')).toBe('kk')
  })

  it('sends the access token as a bearer and the idempotency key when given', async () => {
    const { calls } = fakeFetch(() => json(201, { ok: true }))
    setAccessToken('token-1')

    await api.post<{ ok: boolean }>('/cart/api/v3/carts/c1/items', { sku: 'A1', quantity: 1 }, {
      idempotencyKey: 'key-1',
    })

    expect(calls[0]?.method).toBe('POST')
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer token-1')
    expect(calls[0]?.headers.get('idempotency-key')).toBe('key-1')
    expect(calls[0]?.body).toEqual({ sku: 'A1', quantity: 1 })
  })

  it('builds the query: arrays repeat, undefined is left out, cityId becomes city_id', async () => {
    const { calls } = fakeFetch(() => json(200, []))

    await api.get<unknown[]>('/katalog/api/v1/products', {
      query: { brand: ['apple', 'lg'], page: 2, promo: true, q: undefined },
      cityId: 3,
    })

    expect(calls[0]?.path).toBe('/katalog/api/v1/products')
    expect(calls[0]?.search.getAll('brand')).toEqual(['apple', 'lg'])
    expect(calls[0]?.search.get('page')).toBe('2')
    expect(calls[0]?.search.get('promo')).toBe('true')
    expect(calls[0]?.search.has('q')).toBe(false)
    expect(calls[0]?.search.get('city_id')).toBe('3')
  })

  it('sends no bearer with auth: false', async () => {
    const { calls } = fakeFetch(() => json(200, {}))
    setAccessToken('token-1')

    await api.get('/menu/api/v1/cities', { auth: false })

    expect(calls[0]?.headers.has('authorization')).toBe(false)
  })
})

describe('session id', () => {
  it('keeps one id for 30 minutes from the session start, then starts a new session', async () => {
    vi.useFakeTimers({ now: new Date('2025-03-01T10:00:00Z') })
    const { calls } = fakeFetch(() => json(200, {}))
    const sessionOf = (call: RecordedCall | undefined) => call?.headers.get('x-session-id')

    await api.get('/a')
    vi.advanceTimersByTime(SESSION_MAX_AGE_MS - 60_000)
    await api.get('/a')
    vi.advanceTimersByTime(2 * 60_000)
    await api.get('/a')

    expect(sessionOf(calls[1])).toBe(sessionOf(calls[0]))
    expect(sessionOf(calls[2])).not.toBe(sessionOf(calls[0]))
    expect(cookie(SESSION_COOKIE)).toBe(sessionOf(calls[2]))
    expect(cookie(SESSION_START_COOKIE)).toBe(String(Date.now()))
  })

  it('starts a new session when the cookie is gone', async () => {
    const { calls } = fakeFetch(() => json(200, {}))

    await api.get('/a')
    expireCookies()
    await api.get('/a')

    expect(calls[1]?.headers.get('x-session-id')).not.toBe(calls[0]?.headers.get('x-session-id'))
  })
})

describe('timeouts and aborts', () => {
  it('fails a product read with a timeout ApiError after 3 s, not before', async () => {
    vi.useFakeTimers()
    fakeFetch(never)
    let settled = false
    const call = api.get<Product>('/katalog/api/v1/products/a1', { timeoutMs: TIMEOUTS.product })
    const outcome = caught(call).finally(() => (settled = true))

    await vi.advanceTimersByTimeAsync(TIMEOUTS.product - 1)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)

    const error = await outcome
    expect(isApiError(error)).toBe(true)
    expect(error).toMatchObject({ status: 0, code: 'timeout', messageKey: 'errors:tryLater' })
  })

  it('gives a POST 10 s by default', async () => {
    vi.useFakeTimers()
    fakeFetch(never)
    let settled = false
    const outcome = caught(api.post('/cart/api/v3/carts', {})).finally(() => (settled = true))

    await vi.advanceTimersByTimeAsync(9_999)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)

    expect(await outcome).toMatchObject({ code: 'timeout' })
  })

  it("rethrows the caller's abort as the AbortError itself, which TanStack Query expects", async () => {
    fakeFetch(never)
    const controller = new AbortController()
    const outcome = caught(api.get('/katalog/api/v1/products', { signal: controller.signal }))

    controller.abort()

    const error = await outcome
    expect(error).not.toBeInstanceOf(ApiError)
    expect((error as DOMException).name).toBe('AbortError')
  })
})

describe('errors', () => {
  it("builds the ApiError from the server's error body", async () => {
    fakeFetch(() => errorAnswer(409, 'conflict', 'cart:availableInTotal', { available: 2 }))

    const error = await caught(api.post('/cart/api/v3/carts/c1/items', {}))

    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 409,
      code: 'conflict',
      messageKey: 'cart:availableInTotal',
      details: { available: 2 },
    })
    expect(isApiError(error, 409)).toBe(true)
    expect(isApiError(error, [400, 422])).toBe(false)
  })

  it('gives a failure without the JSON error shape the generic message', async () => {
    fakeFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }))

    const error = await caught(api.get('/katalog/api/v1/products'))

    expect(error).toMatchObject({ status: 502, code: 'http_error', messageKey: 'errors:somethingWentWrong' })
  })

  it('turns a 2xx answer that is not JSON into a typed error, not a crash', async () => {
    fakeFetch(() => new Response('<html>Welcome to the captive portal</html>', { status: 200 }))

    const error = await caught(api.get<Product>('/katalog/api/v1/products/a1'))

    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 200, code: 'invalid_response', messageKey: 'errors:somethingWentWrong' })
    expect((error as ApiError).details).toEqual({ reason: 'not json' })
  })

  it('gives a failure whose error body lacks the code or message the generic message', async () => {
    fakeFetch(() => json(409, { error: { code: 42, message: 'errors:taken' } }))

    const error = await caught(api.post('/account/api/v1/auth/signup', {}))

    expect(error).toMatchObject({ status: 409, code: 'http_error', messageKey: 'errors:somethingWentWrong' })
  })

  it('turns a fetch that cannot reach the server into status 0, code network', async () => {
    fakeFetch(networkDown)

    const error = await caught(api.get('/katalog/api/v1/products'))

    expect(error).toMatchObject({ status: 0, code: 'network' })
    expect((error as ApiError).cause).toBeInstanceOf(TypeError)
  })

  it('parses an empty 204 answer as undefined', async () => {
    fakeFetch(() => new Response(null, { status: 204 }))

    await expect(api.delete<undefined>('/payment/api/v1/cards/7')).resolves.toBeUndefined()
  })
})

describe('401: refresh once and retry', () => {
  it('refreshes with the known refresh token, then retries with the new access token', async () => {
    setAccessToken('old-access')
    setRefreshToken('old-refresh')
    const { calls } = fakeFetch((call) => {
      if (call.path === REFRESH) return json(200, { access_token: 'new-access', refresh_token: 'new-refresh' })
      return call.headers.get('authorization') === 'Bearer new-access'
        ? json(200, { name: 'Aigerim' })
        : errorAnswer(401, 'unauthorized', 'errors:pleaseLogInAgain')
    })

    await expect(api.get<{ name: string }>('/account/api/v1/profile')).resolves.toEqual({
      name: 'Aigerim',
    })

    expect(calls.map((c) => c.path)).toEqual(['/account/api/v1/profile', REFRESH, '/account/api/v1/profile'])
    expect(calls[1]?.method).toBe('POST')
    expect(calls[1]?.body).toEqual({ refresh_token: 'old-refresh' })
    expect(calls[1]?.headers.has('authorization')).toBe(false)
  })

  it('refreshes by cookie alone when no refresh token is in memory', async () => {
    let renewed = false
    const { calls } = fakeFetch((call) => {
      if (call.path === REFRESH) {
        renewed = true
        return new Response(null, { status: 204 })
      }
      return renewed ? json(200, {}) : errorAnswer(401, 'unauthorized', 'errors:pleaseLogInAgain')
    })

    await api.get('/account/api/v1/profile')

    expect(calls[1]?.body).toEqual({})
    expect(calls).toHaveLength(3)
  })

  it('shares one refresh between two calls that get 401 at the same time', async () => {
    let renewed = false
    let releaseRefresh: () => void = () => {}
    const { calls } = fakeFetch(async (call) => {
      if (call.path === REFRESH) {
        await new Promise<void>((resolve) => (releaseRefresh = resolve))
        renewed = true
        return json(200, { access_token: 'new-access' })
      }
      return renewed ? json(200, { path: call.path }) : errorAnswer(401, 'unauthorized', 'errors:pleaseLogInAgain')
    })

    const first = api.get<{ path: string }>('/account/api/v1/profile')
    const second = api.get<{ path: string }>('/wishlist/api/v1/wishlists')
    await vi.waitFor(() => expect(calls.filter((c) => c.path === REFRESH)).toHaveLength(1))
    await new Promise((resolve) => setTimeout(resolve, 10))
    releaseRefresh()

    await expect(first).resolves.toEqual({ path: '/account/api/v1/profile' })
    await expect(second).resolves.toEqual({ path: '/wishlist/api/v1/wishlists' })
    expect(calls.filter((c) => c.path === REFRESH)).toHaveLength(1)
  })

  it('retries only once: a second 401 is the answer', async () => {
    const { calls } = fakeFetch((call) =>
      call.path === REFRESH ? json(200, {}) : errorAnswer(401, 'unauthorized', 'errors:forbidden'),
    )

    const error = await caught(api.get('/account/api/v1/profile'))

    expect(error).toMatchObject({ status: 401, messageKey: 'errors:forbidden' })
    expect(calls.map((c) => c.path)).toEqual(['/account/api/v1/profile', REFRESH, '/account/api/v1/profile'])
  })

  it.each([
    '/account/api/v1/auth/signin/phone',
    '/bonus/api/v1/profiles',
    '/payment/api/v1/token/session',
    '/api/location',
  ])('does not refresh for %s', async (path) => {
    const { calls } = fakeFetch(() => errorAnswer(401, 'unauthorized', 'auth:wrongPhoneOrPassword'))

    const error = await caught(api.post(path, {}))

    expect(error).toMatchObject({ status: 401, messageKey: 'auth:wrongPhoneOrPassword' })
    expect(calls.map((c) => c.path)).toEqual([path])
  })

  it('lists the refresh call itself among the exceptions', () => {
    expect(NO_REFRESH_PATHS).toContain(REFRESH)
  })

  it('does not refresh with auth: false', async () => {
    const { calls } = fakeFetch(() => errorAnswer(401, 'unauthorized', 'errors:pleaseLogInAgain'))

    await caught(api.get('/account/api/v1/profile/kind', { auth: false }))

    expect(calls).toHaveLength(1)
  })

  it('signs out when the refresh is refused: listeners hear it, tokens are gone, the error asks to log in', async () => {
    setAccessToken('old-access')
    setRefreshToken('old-refresh')
    const signedOut = vi.fn()
    const stop = onSignedOut(signedOut)
    const { calls } = fakeFetch((call) =>
      call.path === REFRESH
        ? errorAnswer(401, 'unauthorized', 'errors:pleaseLogInAgain')
        : errorAnswer(401, 'unauthorized', 'errors:pleaseLogInAgain'),
    )

    const error = await caught(api.get('/account/api/v1/profile'))
    stop()

    expect(error).toMatchObject({ status: 401, messageKey: 'errors:pleaseLogInAgain' })
    expect(signedOut).toHaveBeenCalledExactlyOnceWith('expired')
    expect(calls).toHaveLength(2)
    const { calls: after } = fakeFetch(() => json(200, {}))
    await api.get('/menu/api/v1/menu')
    expect(after[0]?.headers.has('authorization')).toBe(false)
  })

  it('keeps the session when the refresh cannot reach the server', async () => {
    setAccessToken('old-access')
    const signedOut = vi.fn()
    const stop = onSignedOut(signedOut)
    fakeFetch((call) =>
      call.path === REFRESH ? networkDown() : errorAnswer(401, 'unauthorized', 'errors:pleaseLogInAgain'),
    )

    const error = await caught(api.get('/account/api/v1/profile'))
    stop()

    expect(error).toMatchObject({ status: 0, code: 'network' })
    expect(signedOut).not.toHaveBeenCalled()
  })
})
