import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import type { Database, Db } from '../../db/connection'
import { expect } from 'vitest'
import { AuthTokens } from '../../../contract/account'
import { ErrorBody } from '../../../contract/common'
import type { App } from '../../http/types'
import { captchaToken, lastSmsCode, randomClientIp } from '../../test/auth'
import { REVOCATIONS_CHANNEL } from './access-tokens'
import type { Revocation } from './repo'

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

/**
 * Tells every process that an account's sign-ins were changed in the database behind the store's back
 * (a test moving their expiry), as the store's own revocations do: what they remember is forgotten.
 */
export async function signInsChanged(database: Database, userId: string) {
  const channel = database.channel<Revocation>(REVOCATIONS_CHANNEL, { warn: () => {} })
  await channel.publish({ user: userId })
  await channel.close()
}

/** The answer once it is not 200, asking again for up to two seconds (a notification is on its way). */
export async function soon(ask: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  const until = Date.now() + 2_000
  for (;;) {
    const res = await ask()
    if (res.statusCode !== 200 || Date.now() > until) return res
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
