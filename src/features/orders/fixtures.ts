import type { OrderDetail } from '../../../contract/checkout'
import type { OrderTimeline } from '../../../contract/orders'

/** An order's timeline as the server answers it for an order just placed (the order page waits for it). */
export function timelineOf(order: OrderDetail): OrderTimeline {
  return {
    order_id: order.order_id,
    number: order.number,
    status: order.status,
    events: [{ status: order.status, from: null, at: order.created_at, by: 'shopper', note: null }],
    can_cancel: true,
  }
}
