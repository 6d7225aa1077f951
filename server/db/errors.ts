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
