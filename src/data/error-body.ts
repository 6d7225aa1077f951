import type { ErrorBody } from '../../contract/values/common'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Whether a failed answer carries the contract's error shape, `{ error: { code, message, details? } }`.
 * Anything else (a proxy's HTML page, a body cut short) becomes the generic error instead.
 */
export function isErrorBody(value: unknown): value is ErrorBody {
  if (!isRecord(value) || !isRecord(value.error)) return false
  return typeof value.error.code === 'string' && typeof value.error.message === 'string'
}
