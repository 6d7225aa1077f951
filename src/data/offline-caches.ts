/**
 * The Cache Storage caches the service worker fills and the page reads (src/sw/sw.ts): shared by every
 * shopper of the device, so they hold only what the store shows to anyone.
 */
export const RUNTIME_CACHES = {
  /** HTML of the server-rendered public pages visited (home, catalogue, products, content, search). */
  pages: 'pages-v1',
  /** Catalogue and product API reads. */
  catalogue: 'catalogue-api-v1',
  /** Pickup points and delivery options. */
  inventory: 'inventory-api-v1',
  /** Menus, cities, service points. */
  menus: 'menus-api-v1',
} as const

export const CACHE_IMAGES = 'images-v1'
/** What "save for offline" downloaded for a category: pages, product reads and pictures, no expiry. */
export const CACHE_SAVED = 'saved-v1'

/** Every cache this version uses; any other the store once made is deleted when a worker activates. */
export const STORE_CACHES: readonly string[] = [...Object.values(RUNTIME_CACHES), CACHE_IMAGES, CACHE_SAVED]

/** The API reads every shopper gets the same answer to: catalogue, menus, inventory, images. */
const PUBLIC_API = /^\/(katalog|menu|inventory|f3)\/api\//
const ANY_API = /^\/(api|[^/]+\/api)(\/|$)/

/**
 * Any other API path may be the shopper's own (account, cart, checkout, payment, orders, wishlist,
 * bonuses, reviews, configurations). No worker of this store keeps one, but a sign-out removes any such
 * entry a cache holds, so a shared device never shows one shopper's answers to the next.
 */
export function isPersonalApiPath(pathname: string): boolean {
  return ANY_API.test(pathname) && !PUBLIC_API.test(pathname)
}

/** Removes every entry of the shopper's own data from the store's caches (see isPersonalApiPath). */
export async function forgetPersonalCaches(): Promise<number> {
  if (typeof caches === 'undefined') return 0
  let removed = 0
  for (const name of await caches.keys()) {
    const cache = await caches.open(name)
    for (const request of await cache.keys()) {
      if (isPersonalApiPath(new URL(request.url).pathname) && (await cache.delete(request))) removed++
    }
  }
  return removed
}

/** A page asks the worker to copy every public read it makes into the saved cache (`on`), then stops. */
export const OFFLINE_SAVE_MESSAGE = 'offline-save'

export interface OfflineSaveMessage {
  type: typeof OFFLINE_SAVE_MESSAGE
  on: boolean
}

export function isOfflineSaveMessage(data: unknown): data is OfflineSaveMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === OFFLINE_SAVE_MESSAGE &&
    typeof (data as { on?: unknown }).on === 'boolean'
  )
}
