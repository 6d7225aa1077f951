import { isServerRendered } from '../url/server-rendered-paths'

/**
 * Which requests the service worker answers, and how. Pure functions over URLs, so the rules can be
 * tested without a worker. The same API rule as the server's history fallback (server/http/api-paths.ts):
 * a page reloaded offline gets the shell, an API path never does.
 */

/** `/api/...`, `/dev/...` and `/{service}/api/...`: never a page. */
export const API_PATH = /^\/(api|dev|[^/]+\/api)(\/|$)/

const IMAGES = /^\/f3\/api\/v1\/images\//
/** `/f3/api/v1/images/{width}/{height}/{id}.{ext}`: the parts the "same or larger" fallback compares. */
const IMAGE_PARTS = /^\/f3\/api\/v1\/images\/(\d+)\/(\d+)\/([^/]+)\.([a-z0-9]+)$/i
// Public catalogue data: products, categories, search. Everything else (account, cart, checkout, payment,
// orders, wishlist, bonus) is the shopper's own or changes with each call.
const CATALOGUE_READS = /^\/katalog\/api\//
// Menus, cities, service points, fast links: the same for everyone and changed by hand, rarely.
const MENU_READS = /^\/menu\/api\//
// Pickup points and delivery options of a product in a city: public, but stock moves them.
const INVENTORY_READS = /^\/inventory\/api\//

export function isApiPath(pathname: string): boolean {
  return API_PATH.test(pathname)
}

/**
 * Mirrors the server's `looksLikeFile`: `/robots.txt` or `/icons/x.png` are files, but a filter value such
 * as `/f/diagonal/6.5-6.9` is a page, since only an extension with a letter in it names a file.
 */
export function hasFileExtension(pathname: string): boolean {
  const name = pathname.slice(pathname.lastIndexOf('/') + 1)
  return name.lastIndexOf('.') > 0 && /\.[a-z0-9]*[a-z][a-z0-9]*$/i.test(name)
}

/**
 * The same two rules for Workbox's NavigationRoute, which tests `pathname + search`: a segment may not run
 * into the query, so `/catalog?q=a.b` or `/search?q=x/api/` stay pages.
 */
export const NAVIGATION_DENYLIST: readonly RegExp[] = [
  /^\/(api|dev|[^/?]+\/api)(\/|\?|$)/,
  /^[^?]*\/[^/?]+\.[a-z0-9]*[a-z][a-z0-9]*(\?|$)/i,
]

/** A navigation the shell should answer: a client route such as `/catalog/smartfony` or `/astana_kk/p/x`. */
export function isShellNavigation(url: URL, origin: string): boolean {
  return url.origin === origin && !isApiPath(url.pathname) && !hasFileExtension(url.pathname)
}

export function isProductImage(url: URL, origin: string, method: string): boolean {
  return method === 'GET' && url.origin === origin && IMAGES.test(url.pathname)
}

export function isCatalogueRead(url: URL, origin: string, method: string): boolean {
  return method === 'GET' && url.origin === origin && CATALOGUE_READS.test(url.pathname)
}

export function isMenuRead(url: URL, origin: string, method: string): boolean {
  return method === 'GET' && url.origin === origin && MENU_READS.test(url.pathname)
}

export function isInventoryRead(url: URL, origin: string, method: string): boolean {
  return method === 'GET' && url.origin === origin && INVENTORY_READS.test(url.pathname)
}

/**
 * A page the server renders the same for everyone (catalogue, product, brand, content, search), whose
 * HTML the worker keeps to reopen it offline. The shopper's own pages are the shell and are never kept.
 */
export function isRenderedPageNavigation(url: URL, origin: string): boolean {
  return isShellNavigation(url, origin) && isServerRendered(url.pathname)
}

interface ImageAddress {
  width: number
  height: number
  id: string
  ext: string
}

function imageAddress(pathname: string): ImageAddress | null {
  const m = IMAGE_PARTS.exec(pathname)
  if (!m) return null
  return { width: Number(m[1]), height: Number(m[2]), id: m[3]!, ext: m[4]!.toLowerCase() }
}

/**
 * The "same or larger" fallback: an image asked offline at a size the device does not hold is answered
 * with a kept copy of the same picture at the same or a larger size (the browser scales it down), the
 * smallest such, the asked format first. A smaller copy is never used: it would show blurred.
 */
export function pickImageFallback(wanted: URL, cached: readonly string[]): string | null {
  const want = imageAddress(wanted.pathname)
  if (!want) return null
  let best: { url: string; area: number; sameFormat: boolean } | null = null
  for (const candidate of cached) {
    const url = new URL(candidate, wanted)
    if (url.origin !== wanted.origin) continue
    const have = imageAddress(url.pathname)
    if (!have || have.id !== want.id || have.width < want.width || have.height < want.height) continue
    const area = have.width * have.height
    const sameFormat = have.ext === want.ext
    if (!best || (sameFormat && !best.sameFormat) || (sameFormat === best.sameFormat && area < best.area)) {
      best = { url: candidate, area, sameFormat }
    }
  }
  return best?.url ?? null
}

/**
 * Whether a network answer may be kept for offline use. Only complete successes (a 206 would poison a
 * CacheFirst entry), and never what the server marked as the shopper's own or not to be stored.
 */
export function isStorableResponse(status: number, cacheControl: string | null): boolean {
  if (status !== 200) return false
  if (!cacheControl) return true
  return !/(^|[,\s])(no-store|private)([,\s=]|$)/i.test(cacheControl)
}
