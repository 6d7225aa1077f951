import { and, asc, count, eq, inArray } from 'drizzle-orm'
import type { Lang } from '../../../contract/common'
import {
  COURIER_SHIPPING_TYPE,
  ORDER_ACTION_ERROR_KEYS,
  RESCHEDULABLE_STATUSES,
  RESCHEDULE_LIMIT,
  type OrderRescheduleRequest,
  type OrderRescheduleState,
} from '../../../contract/order-pickup'
import type { Db } from '../../db/connection'
import { orderItems, orders } from '../../db/schema/account-area'
import { orderReservations } from '../../db/schema/checkout'
import { cities } from '../../db/schema/geo'
import { orderReschedules } from '../../db/schema/order-pickup'
import { conflict, unprocessable } from '../../http/errors'
import type { App } from '../../http/types'
import { ownedOrder, shippingType, type OwnedOrder, type Tx } from './owned-order'

type Block = OrderRescheduleState['blocked']
type Dates = OrderRescheduleState['dates']

export interface ReschedulerDeps {
  db: Db
  /** The inventory module's courier dates after a previous one (its public face, `app.courierReschedule`). */
  courierDates: App['courierReschedule']
}

/**
 * Moving a courier delivery to another date and slot (purchase flow 7): at most RESCHEDULE_LIMIT times,
 * only while the goods have not left with the courier, and only to a date and slot the inventory module
 * offers now for the goods the order holds. Each move is a row of `order_reschedules` and the order's
 * `shipping` takes the new date and slot, both under the order's row lock, so two moves at once cannot
 * pass the limit.
 */
export function createRescheduler({ db, courierDates }: ReschedulerDeps) {
  const moves = async (tx: Db | Tx, orderId: string) => {
    const [row] = await tx
      .select({ n: count() })
      .from(orderReschedules)
      .where(eq(orderReschedules.orderId, orderId))
    return row?.n ?? 0
  }

  function blockOf(order: OwnedOrder, done: number): Block {
    if (shippingType(order) !== COURIER_SHIPPING_TYPE) return 'notCourier'
    if (!RESCHEDULABLE_STATUSES.includes(order.status)) return 'wrongStatus'
    if (done >= RESCHEDULE_LIMIT) return 'limit'
    return null
  }

  /** The courier dates after the order's date, for its goods, counting the units it holds as in stock. */
  async function offered(order: OwnedOrder, lang: Lang): Promise<Dates> {
    const [items, held] = await Promise.all([
      db
        .select({ sku: orderItems.sku, quantity: orderItems.quantity, kind: orderItems.kind })
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id))
        .orderBy(asc(orderItems.position)),
      db.select().from(orderReservations).where(eq(orderReservations.orderId, order.id)),
    ])
    const goods = items.filter((i) => i.kind !== 'service')
    if (goods.length === 0) return []
    const previous = order.shipping?.date ?? order.shipping?.slot?.date
    if (!previous) return []
    const answer = await courierDates(
      order.cityId,
      goods.map((g) => ({ sku: g.sku, quantity: g.quantity })),
      previous,
      lang,
      held.map((h) => ({
        productId: h.productId,
        cityId: h.cityId,
        servicePointId: h.servicePointId,
        condition: h.condition as 'N' | 'V',
        quantity: h.quantity,
      })),
    )
    return answer.dates.filter((d) => d.slots.length > 0)
  }

  function stateOf(order: OwnedOrder, done: number, dates: Dates): OrderRescheduleState {
    const blocked = blockOf(order, done)
    return {
      order_id: order.id,
      count: done,
      limit: RESCHEDULE_LIMIT,
      left: Math.max(0, RESCHEDULE_LIMIT - done),
      blocked,
      date: order.shipping?.date ?? null,
      slot: order.shipping?.slot ?? null,
      dates: blocked ? [] : dates,
    }
  }

  async function cityGuidMatches(cityId: number, guid: string): Promise<boolean> {
    const [city] = await db.select({ guid: cities.city1cGuid }).from(cities).where(eq(cities.id, cityId))
    return city?.guid.toLowerCase() === guid.trim().toLowerCase()
  }

  return {
    /** GET …/reschedule_count/{id}: the moves made, the limit, and where the delivery may move now. */
    async state(orderId: string, userId: string, lang: Lang): Promise<OrderRescheduleState> {
      const order = await ownedOrder(db, orderId, userId)
      const done = await moves(db, order.id)
      const dates = blockOf(order, done) ? [] : await offered(order, lang)
      return stateOf(order, done, dates)
    },

    /** POST …/booking/delivery/reschedule: moves the delivery to an offered date and slot. */
    async reschedule(
      userId: string,
      input: OrderRescheduleRequest,
      lang: Lang,
    ): Promise<OrderRescheduleState> {
      const order = await ownedOrder(db, input.order_id, userId)
      if (input.city_id !== order.cityId)
        throw unprocessable(ORDER_ACTION_ERROR_KEYS.wrongCity, { city_id: order.cityId })
      if (input.city_guid && !(await cityGuidMatches(order.cityId, input.city_guid)))
        throw unprocessable(ORDER_ACTION_ERROR_KEYS.wrongCity, { city_id: order.cityId })
      const slotNow = order.shipping?.slot
      // the same move sent again (a retry) changes nothing and answers how things stand
      if (slotNow && slotNow.code === input.slot_code && slotNow.date === input.date)
        return stateOf(order, await moves(db, order.id), [])
      refuse(blockOf(order, await moves(db, order.id)))

      const dates = await offered(order, lang)
      const slot = dates
        .find((d) => d.date === input.date)
        ?.slots.find((s) => s.code === input.slot_code && s.date === input.date)
      if (
        !slot ||
        (input.slot_time && input.slot_time.replace(/\s/g, '') !== `${slot.time_from}-${slot.time_to}`)
      )
        throw unprocessable(ORDER_ACTION_ERROR_KEYS.slotUnavailable)

      return db.transaction(async (tx) => {
        const locked = await ownedOrder(tx, order.id, userId, true)
        const done = await moves(tx, locked.id)
        refuse(blockOf(locked, done))
        const shipping = locked.shipping!
        await tx.insert(orderReschedules).values({
          orderId: locked.id,
          fromDate: shipping.date,
          fromSlot: shipping.slot,
          toDate: slot.date,
          toSlot: slot,
        })
        const moved = { ...shipping, date: slot.date, slot }
        await tx
          .update(orders)
          .set({ shipping: moved, updatedAt: new Date() })
          .where(and(eq(orders.id, locked.id), inArray(orders.status, [...RESCHEDULABLE_STATUSES])))
        return stateOf(
          { ...locked, shipping: moved },
          done + 1,
          dates.filter((d) => d.date > slot.date),
        )
      })
    },
  }
}

function refuse(block: Block): void {
  if (block === 'notCourier') throw unprocessable(ORDER_ACTION_ERROR_KEYS.notCourier)
  if (block === 'wrongStatus') throw conflict(ORDER_ACTION_ERROR_KEYS.wrongStatus)
  if (block === 'limit')
    throw unprocessable(ORDER_ACTION_ERROR_KEYS.rescheduleLimit, { limit: RESCHEDULE_LIMIT })
}

export type Rescheduler = ReturnType<typeof createRescheduler>
