import { CITIES, DEFAULT_CITY_SLUG, type Lang } from '../../../contract/common'

/** The protocol's limit per file (sitemaps.org); larger catalogues get an index and parts. */
export const SITEMAP_MAX_URLS = 50_000

export const HREFLANG: Record<Lang, string> = { ru: 'ru-KZ', kk: 'kk-KZ' }

/**
 * The URL prefix of a city and language (spec 2.2): none for the default city in Russian, the city slug
 * otherwise, and '_kk' after it for Kazakh ('/astana', '/almaty_kk', '/astana_kk').
 */
export function localePrefix(citySlug: string, lang: Lang): string {
  if (citySlug === DEFAULT_CITY_SLUG && lang === 'ru') return ''
  return `/${citySlug}${lang === 'kk' ? '_kk' : ''}`
}

/** Every city/language prefix, Russian first within each city. */
export const PREFIXES: readonly { city: string; lang: Lang; prefix: string }[] = CITIES.flatMap((c) =>
  (['ru', 'kk'] as const).map((lang) => ({ city: c.slug, lang, prefix: localePrefix(c.slug, lang) })),
)

export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) =>
    ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : ch === '"' ? '&quot;' : '&apos;',
  )
}

/** A page of the store without prefix ('/catalog/x', '/p/uri'), with its last change when known. */
export interface SitemapPage {
  path: string
  lastmod?: string
}

const absolute = (origin: string, prefix: string, path: string) =>
  `${origin}${prefix}${path === '/' && prefix !== '' ? '' : path}`

/**
 * The `<url>` entries of pages in every city and language: each city's Russian and Kazakh page name each
 * other (and the Russian one as x-default) with xhtml:link alternates.
 */
export function urlEntries(origin: string, pages: readonly SitemapPage[]): string[] {
  const out: string[] = []
  for (const page of pages) {
    for (const city of CITIES) {
      const ru = absolute(origin, localePrefix(city.slug, 'ru'), page.path)
      const kk = absolute(origin, localePrefix(city.slug, 'kk'), page.path)
      const alternates =
        `<xhtml:link rel="alternate" hreflang="${HREFLANG.ru}" href="${escapeXml(ru)}"/>` +
        `<xhtml:link rel="alternate" hreflang="${HREFLANG.kk}" href="${escapeXml(kk)}"/>` +
        `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(ru)}"/>`
      const lastmod = page.lastmod ? `<lastmod>${page.lastmod}</lastmod>` : ''
      for (const loc of [ru, kk]) out.push(`<url><loc>${escapeXml(loc)}</loc>${lastmod}${alternates}</url>`)
    }
  }
  return out
}

/** URLs each page yields: one per city and language. */
export const URLS_PER_PAGE = PREFIXES.length

/** A urlset is this, its entries one a line, and `URLSET_TAIL`: a big one is written in pieces. */
export const URLSET_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n'
export const URLSET_TAIL = '\n</urlset>\n'

export function urlset(entries: readonly string[]): string {
  return URLSET_HEAD + entries.join('\n') + URLSET_TAIL
}

export function sitemapIndex(locations: readonly string[]): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    locations.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`).join('\n') +
    '\n</sitemapindex>\n'
  )
}
