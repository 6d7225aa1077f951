/**
 * Messages between the pages and the service worker that are not part of the outbox protocol itself.
 * Kept free of worker globals: the pages (src/pwa, the outbox) and the worker (src/sw) both import it.
 */

/** What workbox-window's `messageSkipWaiting()` posts to the waiting worker. */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING'

/** A page's answer, on the MessageChannel port of an outbox replay request, once its replay has settled. */
export interface OutboxReplayAck {
  ok: boolean
}

export function isSkipWaiting(data: unknown): boolean {
  return (
    typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SKIP_WAITING_MESSAGE
  )
}

export function isOutboxReplayAck(data: unknown): data is OutboxReplayAck {
  return typeof data === 'object' && data !== null && typeof (data as { ok?: unknown }).ok === 'boolean'
}
