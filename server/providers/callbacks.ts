import type { PaymentCallback } from './card-acquirer/provider'
import { signCallback, type CallbackDelivery } from './signature'

/** Where a failed delivery is reported: pino's `warn(object, message)` (the app's logger fits). */
export interface CallbackLog {
  warn(details: object, message: string): void
}

export interface CallbackSenderOptions {
  /** Posts a callback to the store; without it nothing is sent. */
  deliver?: CallbackDelivery | undefined
  /** Shared with the store; required when `deliver` is given. */
  secret?: string | undefined
  /** How long after the result the callback leaves, so the shopper's redirect never waits for it. */
  delayMs?: number | undefined
  /** The pauses before each retry of a failed delivery (three retries by default). */
  retryDelaysMs?: readonly number[] | undefined
  log?: CallbackLog | undefined
}

export const DEFAULT_CALLBACK_DELAY_MS = 300
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [250, 1000, 3000]

const consoleLog: CallbackLog = { warn: (details, message) => console.warn(message, details) }

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Posts a callback (a payment's result by default; the loan broker's signing too). */
export type CallbackSender<T extends object = PaymentCallback> = (url: string, callback: T) => void

/**
 * Sends a provider's signed result to the store in the background: after `delayMs`, retried after each
 * of `retryDelaysMs` when the delivery fails, then given up with a warning. It never throws and never
 * makes its caller wait; the store still learns the result by asking when the shopper comes back.
 */
export function createCallbackSender<T extends object = PaymentCallback>(
  options: CallbackSenderOptions,
): CallbackSender<T> {
  const { deliver, secret } = options
  if (!deliver) return () => {}
  if (!secret) throw new Error('a provider that delivers callbacks needs the secret it shares with the store')
  const delayMs = options.delayMs ?? DEFAULT_CALLBACK_DELAY_MS
  const retries = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS
  const log = options.log ?? consoleLog

  async function send(url: string, callback: T) {
    const body = JSON.stringify(callback)
    const signature = signCallback(secret!, body)
    let lastError: unknown
    for (let attempt = 0; attempt <= retries.length; attempt++) {
      if (attempt > 0) await pause(retries[attempt - 1]!)
      try {
        await deliver!({ url, body, signature })
        return
      } catch (err) {
        lastError = err
      }
    }
    log.warn(
      {
        err: lastError,
        url,
        sessionId: 'sessionId' in callback ? callback.sessionId : undefined,
        attempts: retries.length + 1,
      },
      'payment callback not delivered',
    )
  }

  return (url, callback) => {
    setTimeout(() => {
      send(url, callback).catch(() => {})
    }, delayMs)
  }
}
