/** An order's life after checkout: who moves it, and the keys of the refusals (see contract/orders.ts). */

export const OMS_OPERATOR_V1 = '/oms/api/v1/operator'

/**
 * Who moves an order: the `payment` provider's result, the `fulfilment` warehouse (`npm run fulfil`),
 * an `operator` of the store (the operator role), the `shopper`, or the store's own timers (`system`).
 */
export const ORDER_ACTORS = ['shopper', 'payment', 'fulfilment', 'operator', 'system'] as const
export type OrderActor = (typeof ORDER_ACTORS)[number]

/** Shipping types whose goods wait at a point for the shopper; the others are carried to an address. */
export const PICKUP_SHIPPING_TYPES = ['PICKUP', 'SHOP', 'STORE'] as const

export const ORDERS_ERROR_KEYS = {
  /** 409: the order's status does not allow this move (details: from, to). */
  illegalTransition: 'orders:illegalTransition',
  /** 409: the order can no longer be cancelled (details: status). */
  notCancellable: 'orders:notCancellable',
  /** 404: no such order of this shopper. */
  orderNotFound: 'checkout:orderNotFound',
  /** 403: only the store's operators may move orders. */
  operatorOnly: 'orders:operatorOnly',
} as const
