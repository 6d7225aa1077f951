import { queryOptions } from '@tanstack/react-query'
import type { TradeProductLink } from '../../../contract/cart'
import type { CityId, Lang } from '../../../contract/common'
import { TRADE_BASE, type TradeinCondition } from '../../../contract/values/cart'
import { cartPath } from '../../cart/cart-paths'
import { enqueue, type CartTarget } from '../../cart/mutations'
import { CART_KINDS } from '../../cart/optimistic'
import { api } from '../../data/api'

/** The old devices a product takes in the city and their credits, when the shopper opens trade-in. */
export const tradeinOfferQuery = (sku: string, cityId: CityId, lang: Lang) =>
  queryOptions({
    queryKey: ['tradein', sku, cityId, lang],
    queryFn: ({ signal }) =>
      api.get<TradeProductLink>(`${TRADE_BASE}/api/v1/product-link`, { cityId, query: { sku }, signal }),
    staleTime: 60_000,
  })

// Trade-in's changes live with the cart page, the only page that makes them: in the cart's shared
// mutations they rode on every catalogue page, whose JavaScript is at its budget.

/** The old device the shopper hands over for a line (trade-in); its credit comes with the server's answer. */
export const chooseTradein = (
  target: CartTarget,
  sku: string,
  device: { kind: string; condition: TradeinCondition },
) =>
  enqueue(target, {
    kind: CART_KINDS.tradein,
    method: 'PUT',
    path: `${cartPath(target.owner)}/tradein`,
    body: { city_id: target.cityId, sku, device_kind: device.kind, condition: device.condition },
  })

export const removeTradein = (target: CartTarget, sku: string) =>
  enqueue(target, {
    kind: CART_KINDS.removeTradein,
    method: 'DELETE',
    path: `${cartPath(target.owner)}/tradein`,
    query: { city_id: target.cityId, sku },
  })
