import { ERROR_KEYS } from '../../contract/values/common'

/** Message keys the client itself produces; the server's own keys arrive in the error body. */
export const CLIENT_ERROR_KEYS = {
  somethingWentWrong: ERROR_KEYS.somethingWentWrong,
  tryLater: ERROR_KEYS.tryLater,
  noConnection: 'errors:noConnection',
  offlineCheckout: 'errors:offlineCheckout',
  pleaseLogInAgain: 'errors:pleaseLogInAgain',
} as const

/**
 * Codes for failures that never reached a server answer (or whose answer made no sense); every other
 * code comes from the server's `{ error: { code } }` body.
 */
export const CLIENT_ERROR_CODES = {
  timeout: 'timeout',
  network: 'network',
  offline: 'offline',
  invalidResponse: 'invalid_response',
  httpError: 'http_error',
  unauthorized: 'unauthorized',
} as const

/** The plain shape of an ApiError, for IndexedDB (structured clone drops an Error's own fields). */
export interface ApiErrorData {
  status: number
  code: string
  messageKey: string
  details?: unknown
}

/**
 * Every failure of an API call. `status` 0 means no HTTP answer (network, timeout, offline);
 * `messageKey` is an i18n key the UI translates.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly status: number
  readonly code: string
  readonly messageKey: string
  readonly details: unknown

  constructor(data: ApiErrorData, options?: { cause?: unknown }) {
    super(data.messageKey, options)
    this.status = data.status
    this.code = data.code
    this.messageKey = data.messageKey
    this.details = data.details
  }

  toData(): ApiErrorData {
    return this.details === undefined
      ? { status: this.status, code: this.code, messageKey: this.messageKey }
      : { status: this.status, code: this.code, messageKey: this.messageKey, details: this.details }
  }
}

export function isApiError(error: unknown, status?: number | readonly number[]): error is ApiError {
  if (!(error instanceof ApiError)) return false
  if (status === undefined) return true
  return typeof status === 'number' ? error.status === status : status.includes(error.status)
}

/** A 4xx says the request itself is wrong, so sending it again cannot help; 408 and 429 are the exceptions. */
export function isPermanentFailure(error: ApiError): boolean {
  if (error.code === CLIENT_ERROR_CODES.invalidResponse) return true
  return error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429
}
