import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  STAFF_COOKIES,
  STAFF_ERROR_CODES,
  STAFF_TOKEN_HEADER,
  type StaffRole,
} from '../../../contract/values/staff'
import { accessTokenFrom, optionalUser } from '../../http/auth'
import { readCookie } from '../../http/cookies'
import { HttpError } from '../../http/errors'
import type { StaffPrincipal } from './repo'

/** The staff member a back-office request acts for (set by `requireStaff`). */
export interface StaffOnRequest {
  id: string
  login: string
  role: StaffRole
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireStaff` once the staff token checked out; null on any other route. */
    staff: StaffOnRequest | null
  }
  interface FastifyInstance {
    /** Looks a staff access token up (the staff module installs it). */
    staffTokenVerifier?: (token: string) => Promise<StaffPrincipal | null>
  }
}

const TOKEN = /^[A-Za-z0-9_-]{16,200}$/

/** The staff token of a request: the `X-Staff-Token` header, else the staff cookie. Never a shopper's. */
export function staffTokenFrom(req: FastifyRequest): string | undefined {
  const header = req.headers[STAFF_TOKEN_HEADER]
  if (typeof header === 'string') return TOKEN.test(header.trim()) ? header.trim() : undefined
  const cookie = readCookie(req, STAFF_COOKIES.access)
  return cookie && TOKEN.test(cookie) ? cookie : undefined
}

const resolved = new WeakMap<FastifyRequest, Promise<StaffPrincipal | null>>()

/** The staff member behind the request's staff token, or null (none, expired, ended, disabled). */
export function optionalStaff(req: FastifyRequest): Promise<StaffPrincipal | null> {
  let pending = resolved.get(req)
  if (!pending) {
    const verifier = req.server.staffTokenVerifier
    if (!verifier) throw new Error('the staff module did not install the staff token verifier')
    const token = staffTokenFrom(req)
    pending = token ? verifier(token) : Promise.resolve(null)
    resolved.set(req, pending)
  }
  return pending
}

export const staffSignIn = () => new HttpError(401, STAFF_ERROR_CODES.signIn, 'admin:signInAgain')
export const shopperOnStaffRoute = () => new HttpError(403, STAFF_ERROR_CODES.shopperToken, 'admin:staffOnly')
export const wrongRole = () => new HttpError(403, STAFF_ERROR_CODES.role, 'admin:notYourRole')

/**
 * A Fastify onRequest hook for back-office routes: 401 without a live staff token, 403 for a shopper's
 * token (a shopper token is never a staff token) or for a staff member whose role is not among `roles`
 * (an admin is let in everywhere; no roles means any staff member). Sets `request.staff`.
 *
 *   app.get('/admin/api/v1/x', { onRequest: requireStaff('operator') }, (req) => … req.staff!.id …)
 */
export function requireStaff(...roles: StaffRole[]) {
  return async function staffOnly(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const principal = await optionalStaff(req)
    if (!principal) {
      // A dead staff token asks for a refresh or a sign-in; a request carrying only a shopper's token
      // (header or cookie) that checks out is refused as such: it opens nothing here.
      if (!staffTokenFrom(req) && accessTokenFrom(req) && (await optionalUser(req)))
        throw shopperOnStaffRoute()
      throw staffSignIn()
    }
    if (roles.length > 0 && principal.role !== 'admin' && !roles.includes(principal.role)) throw wrongRole()
    req.staff = { id: principal.id, login: principal.login, role: principal.role }
  }
}

/** The staff member `requireStaff` let in; for handlers behind it. */
export function staffOf(req: FastifyRequest): StaffOnRequest {
  if (!req.staff) throw staffSignIn()
  return req.staff
}
