import { queryOptions } from '@tanstack/react-query'
import type { CreatedOrder } from '../../../contract/checkout'
import type { ServicePointsResponse } from '../../../contract/menu'
import type {
  CreatePreorderRequest,
  PreorderCalculation,
  PreorderCallback,
  PreorderProduct,
  PreorderRequest,
} from '../../../contract/preorders'
import type { CityId, Lang } from '../../../contract/values/common'
import { MENU_BASE } from '../../../contract/values/menu'
import { PREORDERS_V1, PREORDERS_V2 } from '../../../contract/values/preorders'
import { api } from '../../data/api'
import { assertOnline } from '../../data/assert-online'

/*
 * The pre-order's calls (purchase flow 7). Its terms are the product's, the same for anyone; the
 * calculation and the order are the shopper's own (`meta.user`, never persisted).
 */

export const preorderProductQuery = (sku: string, cityId: CityId, lang: Lang) =>
  queryOptions({
    queryKey: ['preorders', 'product', sku, cityId, lang],
    staleTime: 60_000,
    queryFn: ({ signal }) =>
      api.get<PreorderProduct>(`${PREORDERS_V2}/products/${encodeURIComponent(sku)}`, { cityId, signal }),
  })

/** The city's open shops and pickup points, where a pre-order may be picked up. */
export const pickupPointsQuery = (cityId: CityId, lang: Lang) =>
  queryOptions({
    queryKey: ['menu', 'service-points', cityId, lang],
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) =>
      api.get<ServicePointsResponse>(`${MENU_BASE}/service_points/query`, { cityId, signal }),
  })

export const preorderCalculationQuery = (request: PreorderRequest) =>
  queryOptions({
    queryKey: ['checkout', 'preorder-calculation', request],
    meta: { user: true },
    staleTime: 0,
    retry: false,
    queryFn: ({ signal }) => api.post<PreorderCalculation>(`${PREORDERS_V2}/orders`, request, { signal }),
  })

/** Places the pre-order; the key is the attempt's, so a second click answers the same order. */
export function createPreorder(request: CreatePreorderRequest, idempotencyKey: string) {
  assertOnline()
  return api.post<CreatedOrder>(`${PREORDERS_V2}/checkout`, request, { idempotencyKey })
}

/** "Tell me when it arrives". */
export function askToBeTold(sku: string, cityId: CityId, phone?: string) {
  return api.post<PreorderCallback>(`${PREORDERS_V1}/${encodeURIComponent(sku)}/callbacks`, {
    city_id: cityId,
    ...(phone ? { phone } : {}),
  })
}
