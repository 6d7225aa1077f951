import { ExpirationPlugin } from 'workbox-expiration'
import type { WorkboxPlugin } from 'workbox-core/types'

export interface ExpiryRules {
  maxEntries: number
  maxAgeSeconds: number
}

/** A kept answer is fresh while its `Date` is younger than the rule's age (an answer without one is). */
export function isFreshAnswer(date: string | null, maxAgeSeconds: number, now = Date.now()): boolean {
  const at = Date.parse(date ?? '')
  return Number.isNaN(at) || at >= now - maxAgeSeconds * 1000
}

/**
 * Workbox's ExpirationPlugin, with its bookkeeping done when a copy is written rather than each time one
 * is read. Its read hook starts an IndexedDB timestamp write and an expiry scan on the worker's thread for
 * every cached answer: 2 ms of each 4.5 ms offline catalogue read and some 60-90 ms of a category page
 * reopened offline on a phone profile (`npm run bench -- --only offline`: worker 4.1-4.8 → 2.4 ms, reopen
 * median 260-290 → 182 ms). Entries now age and are pushed out by when they were last written, not last read:
 * the network-first caches rewrite a copy on each read online, and a picture kept cache-first is fetched
 * again at worst.
 */
export function expiry(rules: ExpiryRules): WorkboxPlugin {
  const plugin = new ExpirationPlugin({ ...rules, purgeOnQuotaError: true })
  return {
    cacheDidUpdate: plugin.cacheDidUpdate,
    cachedResponseWillBeUsed: async ({ cachedResponse }) =>
      cachedResponse && isFreshAnswer(cachedResponse.headers.get('date'), rules.maxAgeSeconds)
        ? cachedResponse
        : null,
  }
}
