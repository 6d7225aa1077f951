import { sql } from 'drizzle-orm'
import type { PromotionRegistration } from '../../../contract/cart'
import { CHECKOUT_ERROR_KEYS } from '../../../contract/checkout'
import type { Lang } from '../../../contract/common'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import { conflict, HttpError, notFound } from '../../http/errors'
import type { PromotionsService } from './service'

/** 409: the order is not paid (or was cancelled): it takes part in nothing yet. */
export const ORDER_NOT_PAID = 'promotions:orderNotPaid'

/**
 * Marketing's `/promotions/register {orderId}`: the shopper's paid order takes part in the promotions
 * running for its goods in its city; recorded once per order and promotion, so asking again answers the
 * same list. Another shopper's order, or an unknown one, is 404 and changes nothing.
 */
export async function registerOrderPromotions(
  db: Db,
  promotions: Pick<PromotionsService, 'forProducts'>,
  orderId: string,
  userId: string,
  lang: Lang,
): Promise<PromotionRegistration> {
  const [order] = await rows<{
    id: string
    city_id: number
    status: string
    payment_status: string
    payment_method: string | null
  }>(
    db,
    sql`select id, city_id, status, payment_status, payment_method from orders where id = ${orderId} and user_id = ${userId}`,
  )
  if (!order) throw notFound(CHECKOUT_ERROR_KEYS.orderNotFound)
  // paid by card or QR, or wholly by gift cards and bonuses; cash is paid only when the goods are received
  const paid =
    order.payment_status === 'paid' ||
    (order.payment_status === 'not_required' && order.payment_method !== 'cash_payment')
  if (!paid || order.status === 'CANCELLED' || order.status === 'PAYMENT_PENDING')
    throw conflict(ORDER_NOT_PAID)
  const items = await rows<{ sku: string; quantity: number }>(
    db,
    sql`select sku, sum(quantity)::int as quantity from order_items
        where order_id = ${order.id} and kind = 'product' group by sku order by sku`,
  )
  let found: Awaited<ReturnType<PromotionsService['forProducts']>> = []
  try {
    if (items.length > 0) found = await promotions.forProducts(items, order.city_id, lang)
  } catch (err) {
    // a product no longer sold takes part in nothing; anything else is a real failure
    if (!(err instanceof HttpError && err.statusCode === 404)) throw err
  }
  const ids = [...new Set(found.map((p) => p.promoId))]
  for (const id of ids)
    await db.execute(
      sql`insert into promotion_registrations (order_id, promotion_id, user_id)
          values (${order.id}, ${id}, ${userId}) on conflict do nothing`,
    )
  const registered = await rows<{ promotion_id: number }>(
    db,
    sql`select promotion_id from promotion_registrations where order_id = ${order.id} order by promotion_id`,
  )
  const byId = new Map(found.map((p) => [p.promoId, p]))
  return {
    orderId: order.id,
    promotions: registered.flatMap(({ promotion_id }) => {
      const p = byId.get(promotion_id)
      return p ? [{ promoId: p.promoId, title: p.title, type: p.type }] : []
    }),
  }
}
