/// <reference lib="webworker" />
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst } from 'workbox-strategies'
import type { WorkboxPlugin } from 'workbox-core/types'
import { OUTBOX_SYNC_TAG } from '../data/outbox-protocol'
import { isSkipWaiting } from '../data/worker-messages'
import { replayOutboxInWorker } from './outbox-replay'
import { registerPushHandlers } from './push'
import { NAVIGATION_DENYLIST, isCatalogueRead, isProductImage, isStorableResponse } from './routes-match'

declare const self: ServiceWorkerGlobalScope

/** Background Sync is not in TypeScript's WebWorker library. */
interface BackgroundSyncEvent extends ExtendableEvent {
  readonly tag: string
  readonly lastChance: boolean
}

const DAY = 24 * 60 * 60
const CACHE_IMAGES = 'images-v1'
const CACHE_CATALOGUE = 'catalogue-api-v1'

// The shell: index.html, the hashed JS/CSS (route chunks and compiled locale catalogs included), icons.
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Any client route reloaded offline gets the precached shell, which then renders from the persisted query
// cache. API paths and files keep their real answer: a missing API resource must stay a JSON 404.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [...NAVIGATION_DENYLIST] }),
)

const storableOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) =>
    isStorableResponse(response.status, response.headers.get('cache-control')) ? response : null,
}

// Image URLs are immutable (the id changes with the picture), so a cached copy is always right.
registerRoute(
  ({ url, request }) => isProductImage(url, self.location.origin, request.method),
  new CacheFirst({
    cacheName: CACHE_IMAGES,
    plugins: [
      storableOnly,
      new ExpirationPlugin({ maxEntries: 600, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
    ],
  }),
)

// Fresh data when the network answers in time, the last copy otherwise: a second line behind the app's
// persisted query cache, for pages the app has not stored yet but the worker has seen.
registerRoute(
  ({ url, request }) => isCatalogueRead(url, self.location.origin, request.method),
  new NetworkFirst({
    cacheName: CACHE_CATALOGUE,
    networkTimeoutSeconds: 3,
    plugins: [
      storableOnly,
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 7 * DAY, purgeOnQuotaError: true }),
    ],
  }),
)
// Nothing else is routed: POSTs, account, cart, checkout, payment and orders always go to the network.

// The new version waits (registerType 'prompt') until a page asks for it after the shopper agreed.
self.addEventListener('message', (event) => {
  if (isSkipWaiting(event.data)) void self.skipWaiting()
})

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim())
})

registerPushHandlers(self)

// The worker sends the outbox itself, window or no window (src/sw/outbox-replay.ts); a rejected sync is
// fired again by the browser.
self.addEventListener('sync', (event) => {
  const sync = event as BackgroundSyncEvent
  if (sync.tag !== OUTBOX_SYNC_TAG) return
  sync.waitUntil(replayOutboxInWorker(sync.lastChance))
})
