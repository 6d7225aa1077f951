import { ERROR_KEYS } from '../../contract/common'

/** An error the client caused or may see; its status, code and i18n message key reach the client as is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message)
  }
}

export const badRequest = (message: string = ERROR_KEYS.badRequest, details?: unknown) =>
  new HttpError(400, 'bad_request', message, details)
export const notFound = (message: string = ERROR_KEYS.notFound, details?: unknown) =>
  new HttpError(404, 'not_found', message, details)
export const conflict = (message: string, details?: unknown) =>
  new HttpError(409, 'conflict', message, details)
export const unprocessable = (message: string, details?: unknown) =>
  new HttpError(422, 'unprocessable', message, details)
export const unauthorized = (message = 'errors:pleaseLogInAgain') =>
  new HttpError(401, 'unauthorized', message)
export const forbidden = (message = 'errors:forbidden') => new HttpError(403, 'forbidden', message)
/** 429 with the seconds until the caller may try again: `details.penalty` and the `Retry-After` header. */
export const tooManyRequests = (penaltySeconds: number) =>
  new HttpError(429, 'too_many_requests', ERROR_KEYS.tooManyRequests, { penalty: penaltySeconds })

/**
 * The `Retry-After` seconds of a 429: the penalty its details carry (whole seconds, rounded up), or
 * undefined when it carries none.
 */
export function retryAfterSeconds(details: unknown): number | undefined {
  if (typeof details !== 'object' || details === null || !('penalty' in details)) return undefined
  const { penalty } = details
  return typeof penalty === 'number' && Number.isFinite(penalty) ? Math.max(0, Math.ceil(penalty)) : undefined
}
