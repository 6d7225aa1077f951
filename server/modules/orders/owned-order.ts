import { and, eq } from 'drizzle-orm'
import { CHECKOUT_ERROR_KEYS } from '../../../contract/values/checkout'
import type { OrderStatus } from '../../../contract/values/account-area'
import type { Db } from '../../db/connection'
import { orders, type StoredShipping } from '../../db/schema/account-area'
import { notFound } from '../../http/errors'

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** What the order actions read of an order: written by checkout, read here only with its owner. */
export interface OwnedOrder {
  id: string
  number: string
  cityId: number
  status: OrderStatus
  deliveryType: string
  shipping: StoredShipping | null
}

/**
 * The shopper's own order, optionally under its row lock; anyone else's (or none) is 404, so another
 * shopper's id says nothing about whether the order exists.
 */
export async function ownedOrder(
  db: Db | Tx,
  orderId: string,
  userId: string,
  lock = false,
): Promise<OwnedOrder> {
  const query = db
    .select({
      id: orders.id,
      number: orders.number,
      cityId: orders.cityId,
      status: orders.status,
      deliveryType: orders.deliveryType,
      shipping: orders.shipping,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw notFound(CHECKOUT_ERROR_KEYS.orderNotFound)
  return { ...row, status: row.status as OrderStatus }
}

/** The shipping type of an order: the stored choice, else the column checkout wrote beside it. */
export const shippingType = (order: OwnedOrder) => order.shipping?.type ?? order.deliveryType
