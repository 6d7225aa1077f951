import { eq } from 'drizzle-orm'
import type { WarrantInput } from '../../../contract/order-pickup'
import {
  ORDER_ACTION_ERROR_KEYS,
  PICKUP_SHIPPING_TYPES,
  WARRANT_STATUSES,
  isValidIin,
  type Warrant,
} from '../../../contract/order-pickup'
import type { Db } from '../../db/connection'
import { orderWarrants } from '../../db/schema/order-pickup'
import { conflict, notFound, unprocessable } from '../../http/errors'
import { ownedOrder, shippingType, type OwnedOrder } from './owned-order'
import type { z } from 'zod'

type WarrantFields = z.output<typeof WarrantInput>

const isPickup = (order: OwnedOrder) =>
  (PICKUP_SHIPPING_TYPES as readonly string[]).includes(shippingType(order))

function answer(row: typeof orderWarrants.$inferSelect): Warrant {
  return {
    order_id: row.orderId,
    firstname: row.firstname,
    lastname: row.lastname,
    phone: row.phone,
    iin: row.iin,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

/**
 * A warrant lets another person collect a pickup order (purchase flow 7): their name, phone and IIN,
 * which the point checks against their identity document. One per order; writing it again replaces it.
 * Only the order's owner writes or reads it, only for a pickup order not yet collected or cancelled.
 */
export function createWarrants(db: Db) {
  return {
    async write(orderId: string, userId: string, input: WarrantFields): Promise<Warrant> {
      const iin = input.iin.replace(/\s/g, '')
      if (!isValidIin(iin)) throw unprocessable(ORDER_ACTION_ERROR_KEYS.iinInvalid)
      return db.transaction(async (tx) => {
        const order = await ownedOrder(tx, orderId, userId, true)
        if (!isPickup(order)) throw unprocessable(ORDER_ACTION_ERROR_KEYS.notPickup)
        if (!WARRANT_STATUSES.includes(order.status)) throw conflict(ORDER_ACTION_ERROR_KEYS.wrongStatus)
        const values = {
          firstname: input.firstname,
          lastname: input.lastname,
          phone: input.phone,
          iin,
        }
        const [row] = await tx
          .insert(orderWarrants)
          .values({ orderId: order.id, ...values })
          .onConflictDoUpdate({ target: orderWarrants.orderId, set: { ...values, updatedAt: new Date() } })
          .returning()
        return answer(row!)
      })
    },

    async read(orderId: string, userId: string): Promise<Warrant> {
      const order = await ownedOrder(db, orderId, userId)
      const [row] = await db.select().from(orderWarrants).where(eq(orderWarrants.orderId, order.id))
      if (!row) throw notFound(ORDER_ACTION_ERROR_KEYS.warrantNotFound)
      return answer(row)
    },
  }
}

export type Warrants = ReturnType<typeof createWarrants>
