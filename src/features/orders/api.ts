import { queryOptions } from '@tanstack/react-query'
import type { Cart } from '../../../contract/cart'
import type { OrderCancelation, OrderTimeline } from '../../../contract/orders'
import { OMS_V1 } from '../../../contract/values/checkout'
import type { CityId } from '../../../contract/values/common'
import { api } from '../../data/api'
import { assertOnline } from '../../data/assert-online'

/*
 * An order's life as the shopper sees it (purchase flow 7): its timeline, cancel and reorder. The keys
 * start with `orders`, which sign-out clears and the persister never writes.
 */

/** How often an open order's page asks whether it moved (the warehouse works while the shopper watches). */
export const TIMELINE_REFRESH_MS = 10_000

const orderPath = (id: string) => `${OMS_V1}/orders/${encodeURIComponent(id)}`

export const timelineKey = (id: string) => ['orders', 'timeline', id] as const

export const timelineQuery = (id: string) =>
  queryOptions({
    queryKey: timelineKey(id),
    queryFn: ({ signal }) => api.get<OrderTimeline>(`${orderPath(id)}/timeline`, { signal }),
  })

/** Statuses after which nothing moves any more: the page stops asking. */
export const FINAL_STATUSES: ReadonlySet<string> = new Set(['COMPLETED', 'CANCELLED', 'REFUNDED'])

/** Cancels the order; the server gives back stock, spending and the payment once, whatever is repeated. */
export function cancelOrder(id: string) {
  assertOnline()
  return api.patch<OrderCancelation>(`${orderPath(id)}/cancelation`, {})
}

/** Puts the order's goods in the shopper's cart; the answer's notices say what could not come along. */
export function reorder(id: string, cityId: CityId) {
  assertOnline()
  return api.get<Cart>(`${orderPath(id)}/reorder?city_id=${cityId}`)
}
