import type { OrderTimeline } from '../../../contract/orders'

/** What every action of the order page is given (see `ORDER_ACTIONS` in actions.tsx). */
export interface OrderActionProps {
  orderId: string
  timeline: OrderTimeline
}
