import { queryOptions } from '@tanstack/react-query'
import type { ProductListResponse } from '../../../contract/catalog'
import type { CityId, Lang } from '../../../contract/common'
import type { CmsBlocksResponse, PromotionsResponse, ServicePointsResponse } from '../../../contract/menu'
import { MENU_BASE } from '../../../contract/values/menu'
import { api, TIMEOUTS } from '../../data/api'

/** The content pages' server state: cms pages by slug, the promotions of the city, gift certificates. */

export interface ContentLocale {
  cityId: CityId
  lang: Lang
}

/** A content page (`/cms/{slug}`) with its blocks for the city; an unknown slug is a 404. */
export const cmsPageQuery = (slug: string, { cityId, lang }: ContentLocale) =>
  queryOptions({
    queryKey: ['cms', slug, cityId, lang],
    queryFn: ({ signal }) =>
      api.get<CmsBlocksResponse>(`${MENU_BASE}/cms-blocks`, {
        cityId,
        query: { slug },
        signal,
        timeoutMs: TIMEOUTS.menu,
      }),
    staleTime: 5 * 60_000,
  })

/** Promotions running now in the city. */
export const promotionsQuery = ({ cityId, lang }: ContentLocale) =>
  queryOptions({
    queryKey: ['menu', 'promotions', cityId, lang],
    queryFn: ({ signal }) =>
      api.get<PromotionsResponse>(`${MENU_BASE}/promotions`, { cityId, signal, timeoutMs: TIMEOUTS.menu }),
    staleTime: 5 * 60_000,
  })

/** The category of the store's gift certificates. */
export const GIFT_CARDS_CATEGORY = 'podarochnye-sertifikaty'

/** The gift certificates on sale in the city, cheapest first. */
export const giftCardsQuery = ({ cityId, lang }: ContentLocale) =>
  queryOptions({
    queryKey: ['catalog', 'gift-cards', cityId, lang],
    queryFn: ({ signal }) =>
      api.get<ProductListResponse>(`/katalog/api/v2/products/category/${GIFT_CARDS_CATEGORY}`, {
        cityId,
        query: { sorting: 'price_asc', limit: 24 },
        signal,
        timeoutMs: TIMEOUTS.catalogue,
      }),
    staleTime: 5 * 60_000,
  })

/** The open shops and pickup points of the city, for the contacts page. */
export const servicePointsQuery = ({ cityId, lang }: ContentLocale) =>
  queryOptions({
    queryKey: ['menu', 'service-points', cityId, lang],
    queryFn: ({ signal }) =>
      api.get<ServicePointsResponse>(`${MENU_BASE}/service_points/query`, {
        cityId,
        signal,
        timeoutMs: TIMEOUTS.menu,
      }),
    staleTime: 5 * 60_000,
  })
