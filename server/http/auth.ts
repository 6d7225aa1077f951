import type { FastifyRequest } from 'fastify'
import { COOKIES } from '../../contract/account'
import { readCookie } from './cookies'
import { unauthorized } from './errors'
import type { App } from './types'

/** Who a request is acting for, once its access token checked out. */
export interface AuthUser {
  userId: string
  phone: string
  /** The sign-in (refresh token family) the token belongs to: what sign-out ends. */
  signInId: string
}

/** Looks an access token up: the user, or null when it is unknown, expired or its session revoked. */
export type AccessTokenVerifier = (token: string) => Promise<AuthUser | null>

declare module 'fastify' {
  interface FastifyInstance {
    accessTokenVerifier?: AccessTokenVerifier
  }
}

/** The account module installs the verifier; any module may then call `requireUser`/`optionalUser`. */
export function installAccessTokenVerifier(app: App, verifier: AccessTokenVerifier) {
  app.decorate('accessTokenVerifier', verifier)
}

/** `Authorization: Bearer` wins over the `accessToken` cookie (spec 6: cookies; DESIGN: bearer too). */
export function accessTokenFrom(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization
  if (header) {
    const match = /^Bearer\s+([A-Za-z0-9_-]{16,200})\s*$/i.exec(header)
    return match?.[1]
  }
  const cookie = readCookie(req, COOKIES.access)
  return cookie && /^[A-Za-z0-9_-]{16,200}$/.test(cookie) ? cookie : undefined
}

// One lookup per request, however many handlers and hooks ask.
const resolved = new WeakMap<FastifyRequest, Promise<AuthUser | null>>()

/** The signed-in user, or null for a guest (a missing, malformed, expired or revoked token). */
export function optionalUser(req: FastifyRequest): Promise<AuthUser | null> {
  let pending = resolved.get(req)
  if (!pending) {
    const token = accessTokenFrom(req)
    const verifier = req.server.accessTokenVerifier
    if (!verifier) throw new Error('the account module did not install the access token verifier')
    pending = token ? verifier(token) : Promise.resolve(null)
    resolved.set(req, pending)
  }
  return pending
}

/** The signed-in user; otherwise throws the JSON 401 (`errors:pleaseLogInAgain`), so the client refreshes. */
export async function requireUser(req: FastifyRequest): Promise<AuthUser> {
  const user = await optionalUser(req)
  if (!user) throw unauthorized()
  return user
}
