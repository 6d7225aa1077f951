/**
 * Messages between the pages and the service worker. Kept free of worker globals: the pages (src/pwa)
 * and the worker (src/sw) both import it.
 */

/** What workbox-window's `messageSkipWaiting()` posts to the waiting worker. */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING'

export function isSkipWaiting(data: unknown): boolean {
  return (
    typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SKIP_WAITING_MESSAGE
  )
}
