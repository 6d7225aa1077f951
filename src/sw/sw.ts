/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies'
import type { WorkboxPlugin } from 'workbox-core/types'
import { OUTBOX_SYNC_TAG } from '../data/outbox-protocol'
import { isSkipWaiting } from '../data/worker-messages'
import { expiry } from './expiry'
import { replayOutboxInWorker } from './outbox-replay'
import { registerPushHandlers } from './push'
import {
  NAVIGATION_DENYLIST,
  isCatalogueRead,
  isInventoryRead,
  isMenuRead,
  isProductImage,
  isRenderedPageNavigation,
  isStorableResponse,
  pickImageFallback,
} from './routes-match'
import {
  CACHE_IMAGES,
  CACHE_SAVED,
  RUNTIME_CACHES,
  STORE_CACHES,
  isOfflineSaveMessage,
} from '../data/offline-caches'

declare const self: ServiceWorkerGlobalScope

/** Background Sync is not in TypeScript's WebWorker library. */
interface BackgroundSyncEvent extends ExtendableEvent {
  readonly tag: string
  readonly lastChance: boolean
}

const DAY = 24 * 60 * 60
/** A network slower than this (a train, a basement) is not waited for: the kept copy answers. */
const NETWORK_TIMEOUT_SECONDS = 3

// The shell: index.html, the hashed JS/CSS (route chunks and compiled locale catalogs included), icons.
// Without `directoryIndex`, Workbox answers `/` with the precached index.html before any route below sees
// it: the home page came as the shell (of the worker's own build, an old one after a deployment) instead
// of the server's page. The shell answers only the routes below that ask for it.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false })
cleanupOutdatedCaches()

const storableOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) =>
    isStorableResponse(response.status, response.headers.get('cache-control')) ? response : null,
}

/**
 * With the device offline (`navigator.onLine` is false only when it has no network at all) a read does
 * not ask the network first: the kept copy answers at once. The failed fetch cost 2-3 ms of each cached
 * read here (the offline bench, `npm run bench -- --only offline`), and a menu's revalidation behind its
 * kept copy more. Online, every strategy below works as Workbox wrote it.
 */
const noNetworkWhileOffline: WorkboxPlugin = {
  requestWillFetch: async ({ request }) => {
    if (!self.navigator.onLine) throw new Error('offline')
    return request
  },
}

/** Whatever a category saved for offline holds for this request (src/features/offline/save-category.ts). */
async function savedCopy(request: Request): Promise<Response | undefined> {
  const saved = await caches.open(CACHE_SAVED)
  return saved.match(request, { ignoreVary: true })
}

/** When the network fails and the strategy's own cache has nothing: the saved category's copy. */
const savedFallback: WorkboxPlugin = {
  handlerDidError: async ({ request }) => savedCopy(request),
}

/**
 * While a page saves a category for offline, every public read it makes (the product pages' API calls,
 * pictures) is also copied into the saved cache, which has no expiry: what the shopper chose to keep is
 * not pushed out by later browsing.
 */
const savingClients = new Set<string>()
const copyWhileSaving: WorkboxPlugin = {
  fetchDidSucceed: async ({ request, response, event }) => {
    const clientId = (event as FetchEvent | undefined)?.clientId
    if (
      clientId &&
      savingClients.has(clientId) &&
      isStorableResponse(response.status, response.headers.get('cache-control'))
    ) {
      await (await caches.open(CACHE_SAVED)).put(request, response.clone())
    }
    return response
  },
}

// Pages the server renders the same for everyone (home, catalogue, product, brand, content, search):
// the network's page when it answers within 3 s, kept for next time (its CSP nonce and the data it was
// rendered from travel with it, so a kept page hydrates as it did); without network the kept page, then
// a saved category's copy, then the shell, which renders from the persisted query cache.
const shell = createHandlerBoundToURL('index.html')
const renderedPages = new NetworkFirst({
  cacheName: RUNTIME_CACHES.pages,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [storableOnly, expiry({ maxEntries: 150, maxAgeSeconds: 7 * DAY })],
})
registerRoute(
  ({ url, request }) => request.mode === 'navigate' && isRenderedPageNavigation(url, self.location.origin),
  async (options) => {
    try {
      return await renderedPages.handle(options)
    } catch {
      return (await savedCopy(options.request)) ?? shell(options)
    }
  },
)

// Any other client route (cart, account, checkout) gets the precached shell, which then renders from the
// persisted query cache. API paths and files keep their real answer: a missing API resource must stay a
// JSON 404.
registerRoute(new NavigationRoute(shell, { denylist: [...NAVIGATION_DENYLIST] }))

// Image URLs are immutable (the id changes with the picture), so a cached copy is always right. Offline,
// a size not kept is answered by the same picture at the same or a larger size.
const sameOrLargerImage: WorkboxPlugin = {
  handlerDidError: async ({ request }) => {
    const exact = await savedCopy(request)
    if (exact) return exact
    const url = new URL(request.url)
    for (const name of [CACHE_IMAGES, CACHE_SAVED]) {
      const cache = await caches.open(name)
      const keys = await cache.keys()
      const pick = pickImageFallback(
        url,
        keys.map((k) => k.url),
      )
      if (pick) return cache.match(pick)
    }
    return undefined
  },
}
registerRoute(
  ({ url, request }) => isProductImage(url, self.location.origin, request.method),
  new CacheFirst({
    cacheName: CACHE_IMAGES,
    plugins: [
      noNetworkWhileOffline,
      storableOnly,
      // Some 800 pictures of 5-60 KB: at most about 25 MB.
      expiry({ maxEntries: 800, maxAgeSeconds: 30 * DAY }),
      sameOrLargerImage,
      copyWhileSaving,
    ],
  }),
)

// Catalogue and product reads: the network's answer when it comes within 3 s (the app's persisted query
// cache already shows its last copy at once and refreshes it: that is the stale-while-revalidate the
// shopper sees), the last copy when the network fails or is slow, and the late answer still refreshes
// the copy. Serving the copy first here would hand the app's own refetch an answer as old as the one it
// wants to replace.
registerRoute(
  ({ url, request }) => isCatalogueRead(url, self.location.origin, request.method),
  new NetworkFirst({
    cacheName: RUNTIME_CACHES.catalogue,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [
      noNetworkWhileOffline,
      storableOnly,
      expiry({ maxEntries: 600, maxAgeSeconds: 7 * DAY }),
      savedFallback,
      copyWhileSaving,
    ],
  }),
)

// Pickup points and delivery options: the same, kept a day (stock moves them).
registerRoute(
  ({ url, request }) => isInventoryRead(url, self.location.origin, request.method),
  new NetworkFirst({
    cacheName: RUNTIME_CACHES.inventory,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [
      noNetworkWhileOffline,
      storableOnly,
      expiry({ maxEntries: 200, maxAgeSeconds: DAY }),
      savedFallback,
      copyWhileSaving,
    ],
  }),
)

// Menus, cities, service points: changed by hand and rarely, so the kept copy answers at once and the
// network refreshes it for next time.
registerRoute(
  ({ url, request }) => isMenuRead(url, self.location.origin, request.method),
  new StaleWhileRevalidate({
    cacheName: RUNTIME_CACHES.menus,
    plugins: [
      noNetworkWhileOffline,
      storableOnly,
      expiry({ maxEntries: 80, maxAgeSeconds: 7 * DAY }),
      savedFallback,
      copyWhileSaving,
    ],
  }),
)
// Nothing else is routed: POSTs, account, cart, checkout, payment, orders, wishlist and bonuses always go
// to the network and are never kept in a cache every shopper of the device shares.

// The new version waits (registerType 'prompt') until a page asks for it after the shopper agreed.
self.addEventListener('message', (event) => {
  if (isSkipWaiting(event.data)) void self.skipWaiting()
  const source = event.source as Client | null
  if (isOfflineSaveMessage(event.data) && source) {
    if (event.data.on) savingClients.add(source.id)
    else savingClients.delete(source.id)
  }
})

self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all([self.clients.claim(), dropUnknownCaches()]))
})

/** Caches an older version made and this one no longer uses (Workbox's precache manages its own). */
async function dropUnknownCaches(): Promise<void> {
  const names = await caches.keys()
  await Promise.all(
    names
      .filter((name) => !STORE_CACHES.includes(name) && !name.startsWith('workbox-precache'))
      .map((name) => caches.delete(name)),
  )
}

registerPushHandlers(self)

// The worker sends the outbox itself, window or no window (src/sw/outbox-replay.ts); a rejected sync is
// fired again by the browser.
self.addEventListener('sync', (event) => {
  const sync = event as BackgroundSyncEvent
  if (sync.tag !== OUTBOX_SYNC_TAG) return
  sync.waitUntil(replayOutboxInWorker(sync.lastChance))
})
