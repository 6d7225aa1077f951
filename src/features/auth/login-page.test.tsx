import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearTokens } from '../../data/auth-tokens'
import { TEST_CAPTCHA_KEY, TEST_CHALLENGE } from '../../testing/captcha'
import { renderAppAt } from '../../testing/render-app'
import { verifySolution } from 'altcha-lib/v1'

window.scrollTo = () => undefined

/** A small stand-in for the account service: who is registered, what was sent, what comes back. */
interface FakeAccount {
  kinds: Record<string, 'fast' | 'full'>
  signinStatus: number
  code: string
  signedIn: boolean
  calls: { path: string; body: unknown; headers: Headers }[]
}
let account: FakeAccount

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const error = (status: number, code: string, details?: unknown) =>
  answer(status, { error: { code, message: 'errors:x', details } })
const tokens = (kind: 'fast' | 'full') => ({
  access_token: 'a'.repeat(43),
  refresh_token: 'r'.repeat(43),
  token_type: 'Bearer',
  expires_in: 900,
  user: { id: 'u1', kind, type: 'individual' },
})
const profile = {
  id: 'u1',
  firstname: 'Айгерим',
  lastname: '',
  phone: '77011234567',
  email: null,
  tdid: '100000000001',
  kind: 'full',
  type: 'individual',
}

beforeEach(() => {
  account = { kinds: {}, signinStatus: 200, code: '24680', signedIn: false, calls: [] }
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://store.test')
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, string>) : undefined
      account.calls.push({ path: url.pathname, body, headers: new Headers(init?.headers) })
      switch (url.pathname) {
        case '/account/api/v1/profile':
          return account.signedIn ? answer(200, profile) : error(401, 'unauthorized')
        case '/account/api/v1/auth/refresh':
          return error(401, 'refresh_failed')
        case '/account/api/v1/profile/kind':
          return answer(200, { kind: account.kinds[url.searchParams.get('phone') ?? ''] ?? 'notRegistered' })
        case '/account/api/v1/captcha':
          return answer(200, TEST_CHALLENGE)
        case '/account/api/v1/events/verify/phone':
          return answer(200, { penalty: 20 })
        case '/account/api/v1/auth/signup':
          if (body?.token !== account.code) return error(400, 'wrong_code', { attemptsLeft: 4 })
          account.signedIn = true
          return answer(200, tokens('full'))
        case '/account/api/v1/auth/signin/phone':
          if (account.signinStatus !== 200) return error(account.signinStatus, 'x')
          account.signedIn = true
          return answer(200, tokens('full'))
        default:
          return error(404, 'not_found')
      }
    }),
  )
})

afterEach(() => {
  vi.unstubAllGlobals()
  clearTokens()
})

const renderAt = renderAppAt

const phoneField = () => screen.findByTestId('login-phone') as Promise<HTMLInputElement>

async function enterPhone(digits: string) {
  fireEvent.change(await phoneField(), { target: { value: digits } })
  fireEvent.click(screen.getByTestId('login-continue'))
}

describe('the login page', () => {
  it('masks the phone as +7 XXX XXX XX XX and merges a pasted number, cut to ten digits', async () => {
    await renderAt('/login')
    const field = await phoneField()
    fireEvent.change(field, { target: { value: '70112' } })
    expect(field.value).toBe('+7 701 12')
    field.setSelectionRange(field.value.length, field.value.length)
    fireEvent.paste(field, { clipboardData: { getData: () => '345-67-89-99' } })
    expect(field.value).toBe('+7 701 123 45 67')
    fireEvent.change(field, { target: { value: '' } })
    fireEvent.paste(field, { clipboardData: { getData: () => '8 (701) 765-43-21' } })
    expect(field.value).toBe('+7 701 765 43 21')
    expect(field.placeholder).toBe('+7 999 999 99 99')
  })

  it('asks for the whole number before looking it up', async () => {
    await renderAt('/login')
    await enterPhone('70112')
    expect(await screen.findByText('Введите номер полностью: +7 и 10 цифр')).toBeTruthy()
    expect(account.calls.some((c) => c.path.endsWith('/profile/kind'))).toBe(false)
  })

  it('signs a new number up: the form, then the SMS code with the countdown, the wrong code, then in', async () => {
    const router = await renderAt('/login?redirect=%2Fcart')
    await enterPhone('7011234567')
    fireEvent.change(await screen.findByTestId('create-firstname'), { target: { value: 'Айгерим' } })
    fireEvent.change(screen.getByTestId('create-password'), { target: { value: 'abc12345' } })
    fireEvent.click(screen.getByTestId('login-submit'))

    const resend = await screen.findByTestId('login-resend')
    expect(resend.textContent).toMatch(/через (20|19) с/)
    expect((resend as HTMLButtonElement).disabled).toBe(true)
    const sent = account.calls.find((c) => c.path.endsWith('/events/verify/phone'))
    expect(sent?.body).toEqual({ phone: '77011234567', purpose: 'signup' })
    const solution = sent?.headers.get('x-captcha-token') ?? ''
    expect(await verifySolution(solution, TEST_CAPTCHA_KEY)).toBe(true)

    fireEvent.change(screen.getByTestId('login-code'), { target: { value: '11111' } })
    fireEvent.click(screen.getByTestId('login-submit'))
    expect(await screen.findByText('Неверный код из SMS')).toBeTruthy()

    fireEvent.change(screen.getByTestId('login-code'), { target: { value: '24680' } })
    fireEvent.click(screen.getByTestId('login-submit'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'))
    const signup = account.calls.filter((c) => c.path.endsWith('/auth/signup')).at(-1)
    expect(signup?.body).toMatchObject({ phone: '77011234567', token: '24680', firstname: 'Айгерим' })
    await waitFor(() =>
      expect(screen.getByTestId('account-link').getAttribute('href')).toMatch(/\/my-account$/),
    )
  })

  it('shows the spec’s messages for a locked account and a wrong password', async () => {
    account.kinds['77011234567'] = 'full'
    await renderAt('/login')
    await enterPhone('7011234567')
    const password = await screen.findByTestId('login-password')
    account.signinStatus = 409
    fireEvent.change(password, { target: { value: 'abc12345' } })
    fireEvent.click(screen.getByTestId('login-submit'))
    expect(await screen.findByText('Аккаунт заблокирован. Обратитесь в службу поддержки')).toBeTruthy()
    account.signinStatus = 401
    fireEvent.click(screen.getByTestId('login-submit'))
    expect(await screen.findByText('Неверный номер телефона или пароль')).toBeTruthy()
  })

  it('moves to password recovery when the password must be changed (412)', async () => {
    account.kinds['77011234567'] = 'full'
    account.signinStatus = 412
    await renderAt('/login')
    await enterPhone('7011234567')
    fireEvent.change(await screen.findByTestId('login-password'), { target: { value: 'abc12345' } })
    fireEvent.click(screen.getByTestId('login-submit'))
    expect(await screen.findByTestId('login-step-forgot')).toBeTruthy()
    expect(screen.getByText('Для входа нужно сменить пароль. Мы отправим код по SMS')).toBeTruthy()
  })
})
