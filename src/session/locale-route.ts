import { notFound, redirect, type ParsedLocation } from '@tanstack/react-router'
import { applyStoreLocale } from './apply-locale'
import { isCanonicalPrefix, parsePrefix, switchLocaleHref } from '../url/locale-prefix'
import type { StoreLocaleContext } from '../url/router-context'

interface EnterOptions {
  city: string | undefined
  location: ParsedLocation
  /** A preload (hovered link) must not switch the language or city of the page on screen. */
  preload: boolean
}

/**
 * beforeLoad of the `{-$city}` layout route, so it runs for every page: an unknown prefix is the
 * not-found page, `/almaty/...` redirects to its canonical `/...`, and a known one becomes the app's
 * city and language before any loader of the page runs.
 */
export async function enterStoreLocale({
  city,
  location,
  preload,
}: EnterOptions): Promise<StoreLocaleContext> {
  const locale = parsePrefix(city)
  if (!locale) throw notFound()
  if (!isCanonicalPrefix(city)) throw redirect({ href: switchLocaleHref(location.href, {}), replace: true })
  // On the server the render's own i18n, query client and jotai store carry the locale
  // (src/entry-server.tsx): nothing shared is switched there.
  if (!preload && typeof window !== 'undefined') await applyStoreLocale(locale)
  return { cityId: locale.cityId, citySlug: locale.citySlug, lang: locale.lang }
}
