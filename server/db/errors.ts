/** What PostgreSQL said of a failed statement: its SQLSTATE and DETAIL. */
export interface DatabaseError {
  code: string
  detail?: string
}

/**
 * The database's own error with SQLSTATE `code` anywhere in `error`'s chain (Drizzle wraps the driver's
 * error in `cause`), or null when the failure was something else.
 */
export function databaseError(error: unknown, code: string): DatabaseError | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const found = e as { code?: unknown; detail?: unknown }
    if (found.code === code)
      return { code, detail: typeof found.detail === 'string' ? found.detail : undefined }
  }
  return null
}

/**
 * SQLSTATEs and socket errors of a database that cannot answer now: connection exceptions (class 08),
 * the server shutting down or starting (57P01-57P03), too many connections, a statement cancelled by
 * `statement_timeout` (57014), and the socket's own failures.
 */
const UNAVAILABLE_CODES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '57014',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
])

/** node-postgres says these in words only (pg 8: client.js, pg-pool). */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'is not queryable',
  'Cannot use a pool after calling end',
]

/**
 * Whether `error` (anywhere in its `cause` chain: Drizzle wraps the driver's error) says the database is
 * away or did not answer in time, rather than that the statement was wrong: such a request is answered
 * 503 with Retry-After, and the store recovers by itself once the database answers again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 8; depth++) {
    const found = e as { code?: unknown; message?: unknown; cause?: unknown }
    if (typeof found.code === 'string' && UNAVAILABLE_CODES.has(found.code)) return true
    if (
      typeof found.message === 'string' &&
      UNAVAILABLE_MESSAGES.some((m) => found.message!.toString().includes(m))
    )
      return true
    e = found.cause
  }
  return false
}
