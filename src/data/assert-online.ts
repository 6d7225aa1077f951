import { ApiError, CLIENT_ERROR_CODES, CLIENT_ERROR_KEYS } from './api-error'

/** Checkout and payment never queue: they call this first and show its message when offline. */
export function assertOnline(): void {
  if (typeof navigator !== 'undefined' && !navigator.onLine) {
    throw new ApiError({
      status: 0,
      code: CLIENT_ERROR_CODES.offline,
      messageKey: CLIENT_ERROR_KEYS.offlineCheckout,
    })
  }
}
