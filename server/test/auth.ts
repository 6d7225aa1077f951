import { randomInt } from 'node:crypto'
import { solveChallenge } from 'altcha-lib/v1'
import { AuthTokens, CaptchaResponse, OutboxResponse } from '../../contract/account'
import type { App } from '../http/types'

export interface TestUserOptions {
  /** Default: a full account with a password; 'fast' signs up by SMS only. */
  kind?: 'full' | 'fast'
  password?: string
  firstname?: string
  lastname?: string
  email?: string
  /** A phone of your own (7XXXXXXXXXX); default a fresh random one. */
  phone?: string
}

export interface TestUser {
  userId: string
  phone: string
  /** The sign-in the tokens belong to (what sign-out ends). */
  signInId: string
  password: string | null
  tdid: string
  /** `authorization: Bearer <access token>`, ready for `app.inject({ headers })`. */
  headers: Record<string, string>
  /** The token cookies the server set; `cookieHeader` sends them as a browser would. */
  cookies: { accessToken: string; refreshToken: string }
  cookieHeader: string
  tokens: AuthTokens
  /** The sign-up answer's Set-Cookie headers, as sent. */
  setCookie: string[]
}

/** 77 + 9 random digits: not a real operator range, and unique enough across test files. */
export function randomPhone(): string {
  return `77${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`
}

/** A client address of its own per call, so the per-address SMS caps do not throttle a test suite. */
export function randomClientIp(): string {
  return `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`
}

/** The newest code the local SMS provider sent to a phone, read through the dev outbox route. */
export async function lastSmsCode(app: App, phone: string): Promise<string> {
  const res = await app.inject({ url: `/dev/sms-outbox?phone=${phone}` })
  if (res.statusCode !== 200) throw new Error(`dev outbox answered ${res.statusCode}`)
  const text = OutboxResponse.parse(res.json()).messages[0]?.text
  const code = text && /\b(\d{5})\b/.exec(text)?.[1]
  if (!code) throw new Error(`no SMS code sent to ${phone}`)
  return code
}

/** A challenge solved as the browser solves it: the `x-captcha-token` header's value. */
export async function solveCaptcha(challenge: CaptchaResponse): Promise<string> {
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise
  if (!solution) throw new Error('the captcha challenge has no solution')
  const { algorithm, salt, signature } = challenge
  const payload = { algorithm, challenge: challenge.challenge, number: solution.number, salt, signature }
  return Buffer.from(JSON.stringify(payload)).toString('base64')
}

/** A fresh captcha challenge of the store, solved, for the `x-captcha-token` header. */
export async function captchaToken(app: App): Promise<string> {
  const res = await app.inject({ url: '/account/api/v1/captcha' })
  return solveCaptcha(CaptchaResponse.parse(res.json()))
}

function expectOk(res: { statusCode: number; body: string }, what: string) {
  if (res.statusCode !== 200) throw new Error(`${what} answered ${res.statusCode}: ${res.body}`)
}

/**
 * Signs up a new shopper through the real endpoints (captcha, signup SMS code from the dev outbox,
 * sign-up) and returns what a test needs to act as them.
 */
export async function signInTestUser(app: App, opts: TestUserOptions = {}): Promise<TestUser> {
  const phone = opts.phone ?? randomPhone()
  const ip = randomClientIp()
  const sent = await app.inject({
    method: 'POST',
    url: '/account/api/v1/events/verify/phone',
    headers: { 'x-captcha-token': await captchaToken(app), 'x-forwarded-for': ip },
    payload: { phone, purpose: 'signup' },
  })
  expectOk(sent, 'verify/phone')
  const token = await lastSmsCode(app, phone)
  const password = opts.kind === 'fast' ? null : (opts.password ?? 'secret123')
  const res = await app.inject({
    method: 'POST',
    url: opts.kind === 'fast' ? '/account/api/v1/auth/signup/fast' : '/account/api/v1/auth/signup',
    headers: { 'x-forwarded-for': ip },
    payload:
      opts.kind === 'fast'
        ? { phone, token, firstname: opts.firstname }
        : {
            phone,
            token,
            password,
            firstname: opts.firstname ?? 'Тест',
            lastname: opts.lastname,
            email: opts.email,
          },
  })
  expectOk(res, 'signup')
  const tokens = AuthTokens.parse(res.json())
  const cookies = { accessToken: tokens.access_token, refreshToken: tokens.refresh_token }
  const tdid = res.cookies.find((c) => c.name === 'tdid')?.value ?? ''
  const signedIn = await app.accessTokenVerifier?.(tokens.access_token)
  if (!signedIn) throw new Error('the fresh access token did not verify')
  return {
    userId: tokens.user.id,
    phone,
    signInId: signedIn.signInId,
    password,
    tdid,
    headers: { authorization: `Bearer ${tokens.access_token}` },
    cookies,
    cookieHeader: `accessToken=${cookies.accessToken}; refreshToken=${cookies.refreshToken}`,
    tokens,
    setCookie: [res.headers['set-cookie'] ?? []].flat(),
  }
}
