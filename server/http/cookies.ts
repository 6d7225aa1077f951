import type { FastifyReply, FastifyRequest } from 'fastify'
import { AUTH_LIMITS, COOKIES } from '../../contract/account'

/** Reads one cookie from the request header (no cookie plugin: two cookies do not justify one). */
export function readCookie(req: FastifyRequest, name: string): string | undefined {
  const header = req.headers.cookie
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    if (part.slice(0, eq).trim() !== name) continue
    const value = part.slice(eq + 1).trim()
    try {
      return decodeURIComponent(value)
    } catch {
      return undefined
    }
  }
  return undefined
}

interface CookieOptions {
  maxAge: number
  httpOnly: boolean
  secure: boolean
  /** `/` unless given. */
  path?: string
}

function serialize(
  name: string,
  value: string,
  { maxAge, httpOnly, secure, path = '/' }: CookieOptions,
): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${path}`, `Max-Age=${maxAge}`, 'SameSite=Lax']
  if (maxAge === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT')
  if (httpOnly) parts.push('HttpOnly')
  if (secure) parts.push('Secure')
  return parts.join('; ')
}

/** Secure only over https, or a local http run could not keep its session. */
const isSecure = (req: FastifyRequest) => req.protocol === 'https'

/**
 * Sets a cookie once: one set earlier in the same answer under the same name is replaced. Fastify's
 * `reply.header('set-cookie', …)` appends to what is there, so the list is cleared before it is set.
 */
function append(reply: FastifyReply, cookie: string) {
  const name = cookie.slice(0, cookie.indexOf('='))
  const existing = reply.getHeader('set-cookie')
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)]
  reply.removeHeader('set-cookie')
  reply.header('set-cookie', [...list.filter((c) => !c.startsWith(`${name}=`)), cookie])
}

/**
 * The spec's token cookies (365 days, HttpOnly, SameSite=Lax) and the tdid cookie, which the page may
 * read for the bonus call, so it is not HttpOnly.
 */
export function setAuthCookies(
  req: FastifyRequest,
  reply: FastifyReply,
  tokens: { access: string; refresh: string; tdid: string },
) {
  const base = { maxAge: AUTH_LIMITS.cookieMaxAgeSeconds, secure: isSecure(req) }
  append(reply, serialize(COOKIES.access, tokens.access, { ...base, httpOnly: true }))
  append(reply, serialize(COOKIES.refresh, tokens.refresh, { ...base, httpOnly: true }))
  append(reply, serialize(COOKIES.tdid, tokens.tdid, { ...base, httpOnly: false }))
}

export function clearAuthCookies(req: FastifyRequest, reply: FastifyReply) {
  const gone = { maxAge: 0, secure: isSecure(req) }
  append(reply, serialize(COOKIES.access, '', { ...gone, httpOnly: true }))
  append(reply, serialize(COOKIES.refresh, '', { ...gone, httpOnly: true }))
  append(reply, serialize(COOKIES.tdid, '', { ...gone, httpOnly: false }))
}

/**
 * An HttpOnly, SameSite=Lax cookie under `path` (the staff's under `/admin`), set once in the answer;
 * `maxAge` 0 clears it.
 */
export function setPathCookie(
  req: FastifyRequest,
  reply: FastifyReply,
  name: string,
  value: string,
  { maxAge, path }: { maxAge: number; path: string },
) {
  append(reply, serialize(name, value, { maxAge, path, httpOnly: true, secure: isSecure(req) }))
}
