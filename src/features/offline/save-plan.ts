/**
 * What "save for offline" downloads for a category, read from the pages the server renders: the
 * listing's pages, the products they link to, and the pictures both show. Pure, so it is tested on
 * real markup without a browser.
 */

/** At most this many listing pages of a category are saved (some 24 products each). */
export const MAX_LISTING_PAGES = 5
/** What a category may take on the device, unless the shopper's free space is smaller. */
export const SAVE_BUDGET_BYTES = 30 * 1024 * 1024
/** Before anything is measured: a product page, its API reads and its pictures, roughly. */
export const ESTIMATED_PRODUCT_BYTES = 180 * 1024

const PRODUCT_HREF = /href="((?:\/[a-z]+(?:_kk)?)?\/p\/[^"?#/]+)"/g
const IMAGE_URL = /\/f3\/api\/v1\/images\/\d+\/\d+\/[^"'\s,)&?]+/g
const PAGE_PARAM = /[?&](?:amp;)?page=(\d+)/g

/** The product pages a listing links to, in its order, once each. */
export function productLinks(html: string): string[] {
  return [...new Set([...html.matchAll(PRODUCT_HREF)].map((m) => m[1]!))]
}

/** Every picture of the store's image service a page shows (src and srcset), once each. */
export function imageUrls(html: string): string[] {
  return [...new Set(html.match(IMAGE_URL) ?? [])]
}

/** The last listing page the pagination links to (1 when there is none). */
export function lastListingPage(html: string): number {
  let last = 1
  for (const m of html.matchAll(PAGE_PARAM)) last = Math.max(last, Number(m[1]))
  return last
}

/** The addresses of a listing's pages: the first as it is, the others with `?page=`. */
export function listingPages(href: string, last: number): string[] {
  const url = new URL(href, 'http://x')
  const pages = [url.pathname + url.search]
  for (let page = 2; page <= Math.min(last, MAX_LISTING_PAGES); page++) {
    url.searchParams.set('page', String(page))
    pages.push(url.pathname + url.search)
  }
  return pages
}

/** The budget: the store's limit, or most of the space the browser still gives the site if less. */
export function saveBudget(estimate: { quota?: number; usage?: number } | undefined): number {
  if (!estimate?.quota) return SAVE_BUDGET_BYTES
  const free = Math.max(0, estimate.quota - (estimate.usage ?? 0))
  return Math.min(SAVE_BUDGET_BYTES, Math.floor(free * 0.8))
}

/** How many products fit in what is left of the budget, by the average so far (or the estimate). */
export function productsThatFit(budgetLeft: number, savedBytes: number, savedProducts: number): number {
  const perProduct = savedProducts > 0 ? savedBytes / savedProducts : ESTIMATED_PRODUCT_BYTES
  return Math.max(0, Math.floor(budgetLeft / Math.max(perProduct, 1)))
}

/** Megabytes with one decimal and a comma, as Russian and Kazakh write them ("3,4"). */
export function megabytes(bytes: number): string {
  return (Math.round((bytes / (1024 * 1024)) * 10) / 10).toFixed(1).replace('.', ',')
}
