import { queryOptions } from '@tanstack/react-query'
import type { Product, ProductAbout, RecommendBlocksResponse } from '../../../contract/catalog'
import type { CityId, Lang } from '../../../contract/common'
import type { DeliveryResult, StocksResponse } from '../../../contract/inventory'
import { INVENTORY_BASE } from '../../../contract/values/inventory'
import { api, TIMEOUTS } from '../../data/api'

/**
 * The product page's data, named once (DESIGN.md 'Style by example'). Texts arrive in the language of
 * the request, prices and stock are per city: both are part of every key.
 */

const KATALOG = '/katalog/api/v1'

/** A product by its uri (`/p/{uri}`) or sku (`/p/s/{sku}`); the spec's 3 s product timeout. */
export const productQuery = (id: string, cityId: CityId, lang: Lang) =>
  queryOptions({
    queryKey: ['product', id, cityId, lang],
    queryFn: ({ signal }) =>
      api.get<Product>(`${KATALOG}/products/${encodeURIComponent(id)}`, {
        cityId,
        signal,
        timeoutMs: TIMEOUTS.product,
      }),
  })

/** The description and characteristics alone (`/products/{id}/about`). */
export const aboutQuery = (sku: string, lang: Lang) =>
  queryOptions({
    queryKey: ['product-about', sku, lang],
    queryFn: ({ signal }) =>
      api.get<ProductAbout>(`${KATALOG}/products/${encodeURIComponent(sku)}/about`, {
        signal,
        timeoutMs: TIMEOUTS.product,
      }),
  })

export type { RecommendationCode } from '../../../contract/values/catalog'

/**
 * The product page's carousels in one call (`/recommend?sku=`): similar products, accessories, and what is
 * bought together, which starts with the services and warranties offered with the product (208×208 images).
 */
export const recommendationsQuery = (sku: string, cityId: CityId, lang: Lang) =>
  queryOptions({
    queryKey: ['recommend', sku, cityId, lang],
    queryFn: ({ signal }) =>
      api.get<RecommendBlocksResponse>(`${KATALOG}/recommend`, { cityId, query: { sku }, signal }),
    staleTime: 5 * 60_000,
  })

/** Stock per shop in the city (`GET /inventory/api/v1/stocks/{sku}`); out of stock is `stocks: []`. */
export const stocksQuery = (sku: string, cityId: CityId, lang: Lang) =>
  queryOptions({
    queryKey: ['stocks', sku, cityId, lang],
    queryFn: ({ signal }) =>
      api.get<StocksResponse>(`${INVENTORY_BASE}/v1/stocks/${encodeURIComponent(sku)}`, { cityId, signal }),
    // Stock moves faster than descriptions do.
    staleTime: 30_000,
  })

/**
 * The ways to receive one unit of the product in the city (`POST /inventory/api/v3/delivery`): a read,
 * so a query, not a mutation.
 */
export const deliveryQuery = (sku: string, cityId: CityId, lang: Lang) =>
  queryOptions({
    queryKey: ['delivery', sku, cityId, lang],
    queryFn: ({ signal }) =>
      api.post<DeliveryResult>(
        `${INVENTORY_BASE}/v3/delivery`,
        { city_id: cityId, products: [{ sku, quantity: 1 }] },
        { signal },
      ),
    staleTime: 30_000,
  })
