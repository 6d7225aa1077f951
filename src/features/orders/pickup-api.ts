import { queryOptions } from '@tanstack/react-query'
import type {
  OrderRescheduleRequest,
  OrderRescheduleState,
  PickupCode,
  Warrant,
  WarrantInput,
} from '../../../contract/order-pickup'
import { BOOKING_V3 } from '../../../contract/values/order-pickup'
import { OMS_V1 } from '../../../contract/values/checkout'
import { api } from '../../data/api'
import { isApiError } from '../../data/api-error'
import { assertOnline } from '../../data/assert-online'

/*
 * The calls of an order's after-sale actions (purchase flow 7): moving a courier delivery, the warrant,
 * the pickup code. All the shopper's own: under the `orders` root, which sign-out clears and the
 * persister never writes. Changes are never queued offline: each checks the network first.
 */

const id = (orderId: string) => encodeURIComponent(orderId)

/** The order page's own query (the checkout's `orderQuery`): a move changes its date and slot. */
export const orderDetailKey = (orderId: string) => ['orders', 'detail', orderId] as const

export const rescheduleKey = (orderId: string) => ['orders', 'reschedule', orderId] as const
export const rescheduleStateQuery = (orderId: string) =>
  queryOptions({
    queryKey: rescheduleKey(orderId),
    queryFn: ({ signal }) =>
      api.get<OrderRescheduleState>(`${BOOKING_V3}/reschedule_count/${id(orderId)}`, { signal }),
  })

export function rescheduleDelivery(request: OrderRescheduleRequest) {
  assertOnline()
  return api.post<OrderRescheduleState>(`${BOOKING_V3}/reschedule`, request)
}

export const warrantKey = (orderId: string) => ['orders', 'warrant', orderId] as const
/** The order's warrant, or null when none was written (the server's 404). */
export const warrantQuery = (orderId: string) =>
  queryOptions({
    queryKey: warrantKey(orderId),
    queryFn: async ({ signal }) => {
      try {
        return await api.get<Warrant>(`${OMS_V1}/orders/warrant/${id(orderId)}`, { signal })
      } catch (error) {
        if (isApiError(error, 404) && error.messageKey === 'orders:warrantNotFound') return null
        throw error
      }
    },
  })

export function writeWarrant(orderId: string, input: WarrantInput) {
  assertOnline()
  return api.post<Warrant>(`${OMS_V1}/orders/${id(orderId)}/warrant`, input)
}

export const pickupCodeKey = (orderId: string) => ['orders', 'pickup-code', orderId] as const
export const pickupCodeQuery = (orderId: string) =>
  queryOptions({
    queryKey: pickupCodeKey(orderId),
    staleTime: 0,
    queryFn: ({ signal }) => api.get<PickupCode>(`${OMS_V1}/orders/${id(orderId)}/otp`, { signal }),
  })

export function refreshPickupCode(orderId: string) {
  assertOnline()
  return api.post<PickupCode>(`${OMS_V1}/orders/${id(orderId)}/otp/refresh`, {})
}
