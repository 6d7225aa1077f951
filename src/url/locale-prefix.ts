import {
  CITIES,
  DEFAULT_CITY_SLUG,
  DEFAULT_LANG,
  pagePrefix,
  type CityId,
  type CitySlug,
  type Lang,
} from '../../contract/values/common'

/**
 * The shopper's city and language as the URL carries them (spec 2.2, DESIGN.md 'The client'):
 *
 *   /catalog             Almaty, Russian (the default city in Russian has no prefix)
 *   /astana/catalog      Astana, Russian
 *   /almaty_kk/catalog   Almaty, Kazakh
 *   /astana_kk/p/...     Astana, Kazakh
 *
 * The prefix is the router's optional `{-$city}` segment; everything that reads or builds it goes
 * through the functions here, so the rule lives in one place.
 */
export interface StoreLocale {
  citySlug: CitySlug
  cityId: CityId
  lang: Lang
}

export const DEFAULT_LOCALE: StoreLocale = { citySlug: DEFAULT_CITY_SLUG, cityId: 1, lang: DEFAULT_LANG }

const KAZAKH_SUFFIX = '_kk'

function cityBySlug(slug: string) {
  return CITIES.find((c) => c.slug === slug)
}

export function cityIdOf(slug: CitySlug): CityId {
  return (cityBySlug(slug)?.id ?? 1) as CityId
}

export function citySlugOf(id: CityId): CitySlug {
  return CITIES.find((c) => c.id === id)?.slug ?? DEFAULT_CITY_SLUG
}

/**
 * Reads the `{-$city}` segment. `undefined` (no prefix) is Almaty in Russian; anything that is not a
 * known city, optionally followed by `_kk`, is `null` (the caller answers with the not-found page).
 * `almaty` alone is understood but not canonical: see {@link isCanonicalPrefix}.
 */
export function parsePrefix(segment: string | undefined): StoreLocale | null {
  if (segment === undefined || segment === '') return DEFAULT_LOCALE
  const kazakh = segment.endsWith(KAZAKH_SUFFIX)
  const slug = kazakh ? segment.slice(0, -KAZAKH_SUFFIX.length) : segment
  const city = cityBySlug(slug)
  if (!city) return null
  return { citySlug: city.slug, cityId: city.id, lang: kazakh ? 'kk' : 'ru' }
}

/** The `{-$city}` segment for a city and language; `undefined` means no prefix (Almaty in Russian). */
export function prefixFor(locale: Pick<StoreLocale, 'citySlug' | 'lang'>): string | undefined {
  return pagePrefix(locale.citySlug, locale.lang)
}

/** `/almaty/catalog` works but the address of that page is `/catalog`; the router redirects to it. */
export function isCanonicalPrefix(segment: string | undefined): boolean {
  const locale = parsePrefix(segment)
  return locale !== null && prefixFor(locale) === (segment || undefined)
}

export interface SplitPath {
  locale: StoreLocale
  /** The first segment when it is a locale prefix, else `undefined`. */
  prefix: string | undefined
  /** The path without the prefix, always starting with `/`. */
  rest: string
}

/** Splits a pathname into its locale prefix and the page path: `/astana_kk/p/x` → astana, kk, `/p/x`. */
export function splitPathname(pathname: string): SplitPath {
  const path = pathname.startsWith('/') ? pathname : `/${pathname}`
  const end = path.indexOf('/', 1)
  const first = end === -1 ? path.slice(1) : path.slice(1, end)
  const locale = first ? parsePrefix(first) : null
  if (!locale) return { locale: DEFAULT_LOCALE, prefix: undefined, rest: path }
  const rest = end === -1 ? '/' : path.slice(end)
  return { locale, prefix: first, rest }
}

/** Puts a page path (`/catalog/smartfony`) under the prefix of a locale: `/astana_kk/catalog/smartfony`. */
export function localizePath(rest: string, locale: Pick<StoreLocale, 'citySlug' | 'lang'>): string {
  const path = rest.startsWith('/') ? rest : `/${rest}`
  const prefix = prefixFor(locale)
  if (!prefix) return path
  return path === '/' ? `/${prefix}` : `/${prefix}${path}`
}

/**
 * The same page for another city or language: the prefix changes, the rest of the path, the query and
 * the hash stay. `switchLocaleHref('/catalog/tv?page=2', { lang: 'kk' })` → `/almaty_kk/catalog/tv?page=2`.
 */
export function switchLocaleHref(
  href: string,
  next: Partial<Pick<StoreLocale, 'citySlug' | 'lang'>>,
): string {
  const tailAt = href.search(/[?#]/)
  const pathname = tailAt === -1 ? href : href.slice(0, tailAt)
  const tail = tailAt === -1 ? '' : href.slice(tailAt)
  const { locale, rest } = splitPathname(pathname || '/')
  return (
    localizePath(rest, { citySlug: next.citySlug ?? locale.citySlug, lang: next.lang ?? locale.lang }) + tail
  )
}
