import { z } from 'zod'
import { Id, OrderStatus } from './account-area'
import { Cart } from './cart'
import { PaymentStatus } from './checkout'
import { CityId, text } from './common'
import { ORDER_ACTORS } from './values/orders'

export * from './values/orders'

/**
 * An order's life after checkout (purchase flow 7, Orders): its timeline, the shopper's cancel and
 * reorder, and the operator's moves. The order itself is `GET /oms/api/v1/orders/{id}` (checkout.ts).
 */

export const OrderActor = z.enum(ORDER_ACTORS)
export type OrderActor = z.infer<typeof OrderActor>

/** One change of an order's status: what it became, when, and who moved it. */
export const OrderEvent = z.object({
  status: OrderStatus,
  /** The status before; null for the order's creation. */
  from: OrderStatus.nullable(),
  at: z.string(),
  by: OrderActor,
  /** What the operator wrote when moving the order (`POST …/operator/orders/{id}/status` with `note`). */
  note: z.string().nullable(),
})
export type OrderEvent = z.infer<typeof OrderEvent>

/** GET /oms/api/v1/orders/{id}/timeline: every change, oldest first, and what the shopper may do now. */
export const OrderTimeline = z.object({
  order_id: Id,
  number: z.string(),
  status: OrderStatus,
  events: z.array(OrderEvent),
  /** The shopper may cancel the order now (`PATCH …/cancelation`). */
  can_cancel: z.boolean(),
})
export type OrderTimeline = z.infer<typeof OrderTimeline>

/** PATCH /oms/api/v1/orders/{id}/cancelation: the cancelled order and what came back. */
export const OrderCancelation = z.object({
  order_id: Id,
  number: z.string(),
  status: OrderStatus,
  payment_status: PaymentStatus,
  /** Paid back to the card or QR account by the provider, tenge. */
  refunded: z.number().int().nonnegative(),
  /** Still to be paid back (the provider did not answer yet; the store tries again), tenge. */
  refund_pending: z.number().int().nonnegative(),
})
export type OrderCancelation = z.infer<typeof OrderCancelation>

export const ReorderQuery = z.object({ city_id: CityId })
/** GET /oms/api/v1/orders/{id}/reorder: the shopper's cart with the order's goods; notices say what did not fit. */
export const ReorderAnswer = Cart
export type ReorderAnswer = z.infer<typeof ReorderAnswer>

/** POST /oms/api/v1/operator/orders/{id}/status: an operator moves an order. */
export const OperatorStatusRequest = z.object({
  status: OrderStatus,
  note: text().trim().max(500).nullish(),
})
export type OperatorStatusRequest = z.input<typeof OperatorStatusRequest>
