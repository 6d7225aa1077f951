import { PREFIXES } from './sitemap'

/** Client routes with nothing for a search engine: personal, transactional or duplicate pages. */
export const PRIVATE_ROUTES = [
  '/cart',
  '/checkout',
  '/my-account',
  '/login',
  '/search',
  '/compare',
  '/kaspi-qr',
  '/menu',
]

/** Listing query parameters that make sorted, paged or price-cut duplicates of a listing. */
export const DUPLICATE_PARAMS = ['sorting', 'page', 'priceMin', 'priceMax', 'price']

/** Tracking parameters of spec 9, which Yandex is told to ignore. */
export const TRACKING_PARAMS = [
  'utm_source',
  'utm_medium',
  'utm_term',
  'utm_campaign',
  'gclid',
  'yclid',
  'wbraid',
  'gbraid',
  'fbclid',
]

/**
 * robots.txt: the catalogue, products, brands and content pages open; cart, checkout, account, login,
 * search and comparison closed under every city/locale prefix; the API closed except the images;
 * sorted, paged and price-cut listings closed, and filter pages with more than one filter pair (a
 * single pair, such as a brand, stays crawlable: its page says NOINDEX, FOLLOW itself).
 */
export function robotsTxt(origin: string): string {
  const lines = ['User-agent: *', 'Allow: /', 'Allow: /f3/api/v1/images/']
  for (const { prefix } of PREFIXES) {
    for (const route of PRIVATE_ROUTES) lines.push(`Disallow: ${prefix}${route}`)
  }
  lines.push('Disallow: /api/', 'Disallow: /*/api/', 'Disallow: /dev/')
  for (const param of DUPLICATE_PARAMS) lines.push(`Disallow: /*?${param}=`, `Disallow: /*&${param}=`)
  lines.push('Disallow: /*/f/*/*/*/*')
  lines.push(`Clean-param: ${TRACKING_PARAMS.join('&')}`)
  lines.push('', `Sitemap: ${origin}/sitemap.xml`, '')
  return lines.join('\n')
}
