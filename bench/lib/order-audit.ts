/** An order creation the store answered with 2xx: the shopper's key, the cart and the order it named. */
export interface AnsweredOrder {
  key: string
  cartId: string
  orderId: string
}

/** An order as the database holds it after the run. */
export interface StoredOrder {
  id: string
  cartId: string | null
}

/** A payment attempt as the database holds it. */
export interface StoredPayment {
  orderId: string
  status: string
}

export interface OrderAudit {
  /** Distinct orders the store answered 2xx for. */
  answered: number
  /** Of those, found in the database. */
  found: number
  /** Answered, then not in the database: a shopper told "ordered" whose order is gone. */
  lost: number
  /** Carts that became more than one order, in the database or in the answers (a key retried names one cart). */
  duplicated: number
  /** Orders with more than one attempt that took money (paid, or paid and then refunded). */
  doubleCharges: number
}

/** Statuses of an attempt whose money was taken at some point. */
const CHARGED = new Set(['paid', 'refunded'])

/**
 * Reads what shoppers were told against what the database holds: every 2xx order must exist once, no
 * cart or key may have become two orders, and no order may have been charged twice.
 */
export function auditOrders(
  answered: AnsweredOrder[],
  stored: StoredOrder[],
  payments: StoredPayment[],
): OrderAudit {
  const answeredIds = new Set(answered.map((a) => a.orderId))
  const storedIds = new Set(stored.map((o) => o.id))
  const found = [...answeredIds].filter((id) => storedIds.has(id)).length

  const duplicatedCarts = new Set<string>()
  const ordersOf = new Map<string, Set<string>>()
  const add = (cartId: string, orderId: string) => {
    const ids = ordersOf.get(cartId) ?? new Set<string>()
    ids.add(orderId)
    ordersOf.set(cartId, ids)
    if (ids.size > 1) duplicatedCarts.add(cartId)
  }
  for (const o of stored) if (o.cartId) add(o.cartId, o.id)
  for (const a of answered) add(a.cartId, a.orderId)

  const charges = new Map<string, number>()
  for (const p of payments)
    if (CHARGED.has(p.status)) charges.set(p.orderId, (charges.get(p.orderId) ?? 0) + 1)

  return {
    answered: answeredIds.size,
    found,
    lost: answeredIds.size - found,
    duplicated: duplicatedCarts.size,
    doubleCharges: [...charges.values()].filter((n) => n > 1).length,
  }
}
