import type { OrderStatus } from '../../../contract/account-area'
import type { OrderActor } from '../../../contract/values/orders'

/** One row of `order_status_transitions`: `actor` may move an order from `from` to `to`. */
export interface Transition {
  from: string
  to: string
  actor: string
  /** Only for these shipping types; empty: any. */
  shippingTypes: string[]
  /** The warehouse's moves: seconds after the order took `from`. */
  afterSeconds: number | null
}

/** Whether the rows let `actor` move an order shipped `shippingType` from `from` to `to`. */
export function allowed(
  rows: readonly Transition[],
  from: string,
  to: OrderStatus,
  actor: OrderActor,
  shippingType: string,
): boolean {
  return rows.some(
    (t) =>
      t.from === from &&
      t.to === to &&
      t.actor === actor &&
      (t.shippingTypes.length === 0 || t.shippingTypes.includes(shippingType)),
  )
}

/** Where `actor` may move such an order next, in the rows' order. */
export function nextStatuses(
  rows: readonly Transition[],
  from: string,
  actor: OrderActor,
  shippingType: string,
): OrderStatus[] {
  return rows
    .filter(
      (t) =>
        t.from === from &&
        t.actor === actor &&
        (t.shippingTypes.length === 0 || t.shippingTypes.includes(shippingType)),
    )
    .map((t) => t.to as OrderStatus)
}
