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
export const tooManyRequests = (penaltySeconds: number) =>
  new HttpError(429, 'too_many_requests', ERROR_KEYS.tooManyRequests, { penalty: penaltySeconds })
