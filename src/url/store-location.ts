import { useParams, useRouterState } from '@tanstack/react-router'
import type { Lang } from '../../contract/common'
import {
  DEFAULT_LOCALE,
  localizePath,
  parsePrefix,
  prefixFor,
  switchLocaleHref,
  type StoreLocale,
} from './locale-prefix'
import type { CitySlug } from '../../contract/common'

export interface StoreLocation extends StoreLocale {
  /**
   * The `{-$city}` param of this city and language, for typed links:
   * `<Link to="/{-$city}/cart" params={{ city: location.prefix }}>`. `undefined` = no prefix.
   */
  prefix: string | undefined
  /** A page path under the current prefix: `href('/catalog/smartfony')` → `/astana_kk/catalog/smartfony`. */
  href: (path: string) => string
  /** The page on screen for another city and/or language, with its path, query and hash kept. */
  switchHref: (next: { citySlug?: CitySlug; lang?: Lang }) => string
}

/**
 * The shopper's city and language from the URL, with the helpers that build links keeping them.
 * Works anywhere under the router (pages, the shell, error and not-found screens); an unknown prefix
 * reads as the default, Almaty in Russian.
 */
export function useStoreLocation(): StoreLocation {
  const city = useParams({ strict: false, select: (params) => params.city })
  const currentHref = useRouterState({ select: (s) => (s.resolvedLocation ?? s.location).href })
  const locale = parsePrefix(city) ?? DEFAULT_LOCALE
  return {
    ...locale,
    prefix: prefixFor(locale),
    href: (path) => localizePath(path, locale),
    switchHref: (next) => switchLocaleHref(currentHref, next),
  }
}
