/** Spec (purchase flow, Session): a session lasts at most 30 minutes from its start. */
export const SESSION_MAX_AGE_MS = 30 * 60 * 1000
export const SESSION_COOKIE = 'sessionId'
export const SESSION_START_COOKIE = 'sessionStart'
export const SERVER_RENDER_SESSION = 'server-render'

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim())
  }
  return undefined
}

function writeCookie(name: string, value: string): void {
  const secure = location.protocol === 'https:' ? '; secure' : ''
  const maxAge = Math.ceil(SESSION_MAX_AGE_MS / 1000)
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAge}; samesite=lax${secure}`
}

/**
 * The session id every request carries. It is fixed for 30 minutes from its start and not extended by
 * activity, as the spec's "session start is more than 30 minutes old" reads.
 */
export function currentSessionId(now: number = Date.now()): string {
  // A page rendered on the server calls as nobody in particular: its own session is not the shopper's.
  if (typeof document === 'undefined') return SERVER_RENDER_SESSION
  const id = readCookie(SESSION_COOKIE)
  const start = Number(readCookie(SESSION_START_COOKIE))
  if (id && Number.isFinite(start) && start <= now && now - start <= SESSION_MAX_AGE_MS) return id
  const fresh = crypto.randomUUID()
  writeCookie(SESSION_COOKIE, fresh)
  writeCookie(SESSION_START_COOKIE, String(now))
  return fresh
}
