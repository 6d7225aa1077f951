import { queryOptions } from '@tanstack/react-query'
import type { RecommendBlocksResponse } from '../../../contract/catalog'
import type { CityId, Lang } from '../../../contract/common'
import type { CmsBlocksResponse, FastLinksResponse, MenuItem, MenuResponse } from '../../../contract/menu'
import { MENU_BASE } from '../../../contract/values/menu'
import { api, TIMEOUTS } from '../../data/api'

/** The home page's server state, all of it city-specific (issue 3, Pages 1). */

export interface HomeLocale {
  cityId: CityId
  lang: Lang
}

export const HOME_BANNERS_SLUG = 'home-banners'

/** The banners at the top: the cms blocks of the home page for the city. */
export const homeBannersQuery = ({ cityId, lang }: HomeLocale) =>
  queryOptions({
    queryKey: ['cms', HOME_BANNERS_SLUG, cityId, lang],
    queryFn: ({ signal }) =>
      api.get<CmsBlocksResponse>(`${MENU_BASE}/cms-blocks`, {
        cityId,
        query: { slug: HOME_BANNERS_SLUG },
        signal,
        timeoutMs: TIMEOUTS.menu,
      }),
    staleTime: 5 * 60_000,
  })

/** The round shortcuts under the banners; every platform, the page shows each where it belongs. */
export const fastLinksQuery = ({ cityId, lang }: HomeLocale) =>
  queryOptions({
    queryKey: ['menu', 'fast-links', cityId, lang],
    queryFn: ({ signal }) =>
      api.get<FastLinksResponse>(`${MENU_BASE}/fast-links`, { cityId, signal, timeoutMs: TIMEOUTS.menu }),
    staleTime: 5 * 60_000,
  })

/** The categories worth a tile: top-level catalogue categories (not link groups), in menu order. */
export function tileItems(items: readonly MenuItem[]): MenuItem[] {
  return items.filter((item) => item.level === 1 && item.kind === 'category' && item.url)
}

/**
 * The category tiles: the katalog menu's top-level categories without their subtrees. The page keeps
 * only these, under a key of their own, because the query cache goes into every server-rendered home
 * page: the whole menu was 56 KB of its 62 KB of inline state, which a phone parsed and ran as a long
 * task before the page answered a tap (Lighthouse's TBT on home 130-230 ms). The catalogue page asks
 * for the whole menu itself.
 */
export const homeTilesQuery = ({ cityId, lang }: HomeLocale) =>
  queryOptions({
    queryKey: ['menu', 'katalog-tiles', { cityId, lang }],
    queryFn: async ({ signal }) => {
      const menu = await api.get<MenuResponse>(`${MENU_BASE}/menu/katalog`, {
        cityId,
        signal,
        timeoutMs: TIMEOUTS.menu,
      })
      return tileItems(menu.items).map((item): MenuItem => ({ ...item, children: [] }))
    },
    staleTime: 5 * 60_000,
  })

export const HOME_CAROUSELS = ['new', 'discounted', 'popular'] as const
export type HomeCarouselCode = (typeof HOME_CAROUSELS)[number]

/** The home carousels in one call (`/recommend` without a sku): new arrivals, discounts, best sellers. */
export const homeCarouselsQuery = ({ cityId, lang }: HomeLocale) =>
  queryOptions({
    queryKey: ['recommend', 'home', cityId, lang],
    queryFn: ({ signal }) =>
      api.get<RecommendBlocksResponse>('/katalog/api/v1/recommend', {
        cityId,
        signal,
        timeoutMs: TIMEOUTS.catalogue,
      }),
    staleTime: 5 * 60_000,
  })
