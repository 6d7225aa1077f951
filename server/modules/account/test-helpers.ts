import { sql } from 'drizzle-orm'
import type { Db } from '../../db/connection'
import { expect } from 'vitest'
import { AuthTokens } from '../../../contract/account'
import { ErrorBody } from '../../../contract/common'
import type { App } from '../../http/types'
import { captchaToken, lastSmsCode, randomClientIp } from '../../test/auth'

/** Calls of the account service as one client (its own address), for the tests beside. */
export function client(app: App, ip = randomClientIp()) {
  const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = {}) =>
    app.inject({
      method,
      url: url.startsWith('/') ? url : `/account/api/v1/${url}`,
      payload: payload as Record<string, unknown> | undefined,
      headers: { 'x-forwarded-for': ip, ...headers },
    })
  return {
    ip,
    get: (url: string, headers = {}) => send('GET', url, undefined, headers),
    post: (url: string, payload: unknown, headers = {}) => send('POST', url, payload, headers),
    put: (url: string, payload: unknown, headers = {}) => send('PUT', url, payload, headers),
    /** Asks for a code with a fresh captcha token. */
    async sendCode(phone: string, purpose: 'signin' | 'signup' | 'recovery') {
      const headers = { 'x-captcha-token': await captchaToken(app) }
      return purpose === 'recovery'
        ? send('PUT', 'auth/recovery/phone', { phone }, headers)
        : send('POST', 'events/verify/phone', { phone, purpose }, headers)
    },
    code: (phone: string) => lastSmsCode(app, phone),
  }
}

export function expectError(res: { statusCode: number; json(): unknown }, status: number, code?: string) {
  expect(res.statusCode).toBe(status)
  const body = ErrorBody.parse(res.json())
  if (code) expect(body.error.code).toBe(code)
  return body.error
}

export function tokensOf(res: { statusCode: number; body: string; json(): unknown }) {
  expect(res.statusCode, res.body).toBe(200)
  return AuthTokens.parse(res.json())
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** Moves the phone's last SMS send 21 s into the past, as if the shopper waited out the penalty. */
export async function waitOutResend(db: Db, phone: string) {
  await db.execute(
    sql`update rate_limit_hits set at = at - interval '21 seconds' where bucket = 'sms-phone-20s' and key = ${phone}`,
  )
  await db.execute(
    sql`update sms_codes set created_at = created_at - interval '21 seconds' where phone = ${phone}`,
  )
}
