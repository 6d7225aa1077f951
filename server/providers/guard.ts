import { HttpError } from '../http/errors'

/** Where a provider's fault is reported: pino's `warn(object, message)` (the app's logger fits). */
export interface ProviderLog {
  warn(details: object, message: string): void
}

/** How long an outside service may take by default: a shopper waiting longer has already given up. */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 5_000

export const PROVIDER_ERROR_CODES = {
  timeout: 'provider_timeout',
  unavailable: 'provider_unavailable',
} as const

export interface ProviderCall<T> {
  /** Names the outside service in the log ('card', 'qr', 'broker', 'sms', 'registry'). */
  provider: string
  /** What was asked of it ('createPayment', 'send', ...), for the log. */
  operation: string
  /** The i18n key the shopper sees; `errors:tryLater` unless the caller's feature has its own. */
  message?: string
  /**
   * A result that arrives after the deadline: the store has already told the shopper it failed, so
   * whatever the provider opened for it (a payment session) must be closed here, never left payable.
   */
  onLate?: (value: T) => Promise<unknown> | void
}

export type ProviderGuard = <T>(
  call: ProviderCall<T>,
  work: (signal: AbortSignal) => Promise<T>,
) => Promise<T>

const noLog: ProviderLog = { warn: () => {} }

/**
 * Every call to an outside service on a shopper's request goes through this: it has a deadline, and a
 * provider that does not answer in time (504 `provider_timeout`) or fails (502 `provider_unavailable`)
 * becomes the store's JSON error, never a 500 and never a request that hangs. The signal aborts the
 * work at the deadline for providers that can stop; the others are left to finish and `onLate` cleans up.
 */
export function createProviderGuard(options: { timeoutMs?: number; log?: ProviderLog } = {}): ProviderGuard {
  const timeoutMs = options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS
  const log = options.log ?? noLog

  return async function guard<T>(call: ProviderCall<T>, work: (signal: AbortSignal) => Promise<T>) {
    const message = call.message ?? 'errors:tryLater'
    const controller = new AbortController()
    let timedOut = false
    let timer: NodeJS.Timeout | undefined
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        timedOut = true
        controller.abort(new DOMException('the provider did not answer in time', 'TimeoutError'))
        reject(new HttpError(504, PROVIDER_ERROR_CODES.timeout, message))
      }, timeoutMs)
    })
    // Started inside a promise so a provider that throws before its first await is caught the same way.
    const running = new Promise<T>((resolve, reject) => {
      work(controller.signal).then(resolve, reject)
    })
    running.then(
      (value) => {
        if (!timedOut || !call.onLate) return
        Promise.resolve()
          .then(() => call.onLate!(value))
          .catch((err: unknown) =>
            log.warn(
              { err, provider: call.provider, operation: call.operation },
              'late provider answer not undone',
            ),
          )
      },
      () => {},
    )
    try {
      return await Promise.race([running, deadline])
    } catch (err) {
      if (timedOut) {
        log.warn({ provider: call.provider, operation: call.operation, timeoutMs }, 'provider timed out')
        throw new HttpError(504, PROVIDER_ERROR_CODES.timeout, message)
      }
      log.warn({ err, provider: call.provider, operation: call.operation }, 'provider failed')
      throw new HttpError(502, PROVIDER_ERROR_CODES.unavailable, message)
    } finally {
      clearTimeout(timer)
    }
  }
}
