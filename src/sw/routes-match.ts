/**
 * Which requests the service worker answers, and how. Pure functions over URLs, so the rules can be
 * tested without a worker. The same API rule as the server's history fallback (server/http/api-paths.ts):
 * a page reloaded offline gets the shell, an API path never does.
 */

/** `/api/...`, `/dev/...` and `/{service}/api/...`: never a page. */
export const API_PATH = /^\/(api|dev|[^/]+\/api)(\/|$)/

const IMAGES = /^\/f3\/api\/v1\/images\//
// Public catalogue data: products, categories, search, menus, cities. Everything else (account, cart,
// checkout, payment, orders, wishlist, bonus) is the shopper's own or changes with each call.
const CATALOGUE_READS = /^\/(katalog|menu)\/api\//

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

/**
 * Whether a network answer may be kept for offline use. Only complete successes (a 206 would poison a
 * CacheFirst entry), and never what the server marked as the shopper's own or not to be stored.
 */
export function isStorableResponse(status: number, cacheControl: string | null): boolean {
  if (status !== 200) return false
  if (!cacheControl) return true
  return !/(^|[,\s])(no-store|private)([,\s=]|$)/i.test(cacheControl)
}
