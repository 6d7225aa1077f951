import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/connection'
import { databaseError } from '../../db/errors'
import { rows, statementRows, textArrayLiteral } from '../../db/rows'
import { answerOfClaim, keyParams, type Answer, type IdempotencyRequest } from '../../http/idempotency'
import {
  bonusTransactions,
  giftCards,
  orderEvents,
  orderItems,
  orders,
  paymentMethodRules,
  payments,
  promoCodeRedemptions,
  promoCodes,
  servicePoints,
  type OrderCalculation,
  type OrderSpending,
  type PaymentStatus,
  type StoredShipping,
} from '../../db/schema'
import type { PaymentAttemptStatus } from '../../db/schema/checkout'
import { conflict, notFound, unprocessable } from '../../http/errors'
import { CART_ERROR_KEYS } from '../../../contract/values/cart'
import { CHECKOUT_ERROR_KEYS, type CreatedOrder } from '../../../contract/checkout'
import type { OrderLine } from './order-lines'
import { DEFAULT_PAYMENT_METHOD_RULES, type PaymentMethodRule } from './payment-methods'

export type OrderRow = typeof orders.$inferSelect
export type PaymentRow = typeof payments.$inferSelect

export interface NewOrder {
  userId: string
  /** The cart the order completes; null for a pre-order, which is placed from the product. */
  cartId: string | null
  cityId: number
  status: string
  paymentStatus: PaymentStatus
  paymentMethod: string
  deliveryType: string
  isOrganization: boolean
  receiver: unknown
  address: unknown
  calculation: OrderCalculation
  shipping: StoredShipping
  spent: OrderSpending
  reservedUntil: Date | null
  isPreorder?: boolean
}

/**
 * Records a code's use for an order under the code's own lock, counted against its limits again: two
 * orders racing for a code's last use cannot both have it. The redemption carries the rule's own
 * spelling of the code, which is what the limits count.
 */
async function redeem(tx: Db, code: string, userId: string, orderId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`promo:${code.toUpperCase()}`}, 0))`)
  const [rule] = await rows<{ code: string; limit_total: number | null; limit_per_user: number | null }>(
    tx,
    sql`select code, limit_total, limit_per_user from promo_code_rules where upper(code) = upper(${code})`,
  )
  const canonical = rule?.code ?? code
  if (rule && (rule.limit_total !== null || rule.limit_per_user !== null)) {
    const [used] = await rows<{ total: number; by_user: number }>(
      tx,
      sql`select count(*)::int as total, count(*) filter (where user_id = ${userId})::int as by_user
          from promo_code_redemptions where code = ${canonical}`,
    )
    if (rule.limit_total !== null && (used?.total ?? 0) >= rule.limit_total) throw changed()
    if (rule.limit_per_user !== null && (used?.by_user ?? 0) >= rule.limit_per_user) throw changed()
  }
  await tx.insert(promoCodeRedemptions).values({ code: canonical, userId, orderId })
}

/** `order_place` (migration 0047) as one constant statement, prepared once per connection. */
const PLACE_ORDER = `select * from order_place($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10, $11, $12, $13, $14,
  $15::jsonb, $16::jsonb, $17::jsonb, $18::jsonb, $19::jsonb, $20, $21, $22, $23::json, $24::text[], $25::int[], $26,
  $27, $28, $29)`

/** What `order_place` came to (see the migration): placed, a replay or refusal, or the cart's state. */
interface PlacementRow extends Record<string, unknown> {
  outcome: 'placed' | 'replay' | 'busy' | 'mismatch' | 'cart_ordered' | 'cart_gone' | 'cart_changed'
  order_id: string | null
  answer_status: number | null
  answer: unknown
}

/** The SQLSTATE `order_place` raises for goods short of what the order wants. */
const SHORT_OF_STOCK = 'SF409'
/** ... and for goods the chosen pickup point no longer holds, when they must come from there. */
const SHORT_AT_POINT = 'SF422'

export interface PlaceOrder {
  idem: IdempotencyRequest
  /** The answer to store under the key, less the order's id, number and status, which the statement adds. */
  answer: Answer<Omit<CreatedOrder, 'order_id' | 'number' | 'status'>>
  order: NewOrder
  lines: OrderLine[]
  /** Units each sku takes from the city's stock, from `point` first. */
  units: Map<string, number>
  point: number | null
  /**
   * The units come from `point` alone: a pickup offered because the point holds the goods (not brought
   * there), whose day counts on them being there.
   */
  pointOnly: boolean
  /** Bonuses the purchase earns, spendable once the order is received. */
  cashback: number
  /** The version of the cart the order was priced from: a cart at another one is not closed. */
  cartVersion: number | null
}

/** Never after the sum is known: a spending that does not fit any more refuses the whole order. */
const changed = () => conflict(CHECKOUT_ERROR_KEYS.priceChanged)

export function createCheckoutRepo(db: Db) {
  return {
    async ensurePaymentRules(): Promise<void> {
      await db.insert(paymentMethodRules).values(DEFAULT_PAYMENT_METHOD_RULES).onConflictDoNothing()
    },

    async paymentRules(): Promise<PaymentMethodRule[]> {
      return (await db.select().from(paymentMethodRules)) as PaymentMethodRule[]
    },

    /**
     * The order's transaction in one statement: the key's claim, the cart's close, the order with its
     * lines, the reservation, the cashback and the key's answer. Goods short of what the order wants are a
     * 409 naming the sku and what is left, and nothing the statement wrote is kept; so is a cart ordered
     * already (naming its order), and a closed cart no order holds is a 404. A replay of the key answers
     * the first answer (`replayed`), and a key in use or reused for another request is refused as
     * `idempotent` refuses it. A cart open at another version than the order was priced from is a 409
     * `priceChanged`, and nothing is written.
     */
    async place(db: Db, p: PlaceOrder): Promise<Answer<CreatedOrder> & { replayed: boolean }> {
      const { order } = p
      const items = p.lines.map((l, i) => ({
        position: i + 1,
        product_id: l.id || null,
        sku: l.sku,
        title: l.title,
        uri: l.uri,
        quantity: l.quantity,
        price: l.price,
        kind: l.kind,
        image: l.image,
      }))
      const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value))
      const skus = [...p.units.keys()]
      let row: PlacementRow | undefined
      try {
        ;[row] = await statementRows<PlacementRow>(db, 'order_place', PLACE_ORDER, [
          ...keyParams(p.idem),
          p.answer.status,
          JSON.stringify(p.answer.body),
          randomUUID(),
          order.userId,
          order.cartId,
          order.cityId,
          order.status,
          order.paymentStatus,
          order.paymentMethod,
          order.deliveryType,
          order.isOrganization,
          json(order.receiver),
          json(order.address),
          json(order.calculation),
          json(order.shipping),
          json(order.spent),
          order.reservedUntil,
          order.calculation.grandTotal,
          order.isPreorder ?? false,
          JSON.stringify(items),
          textArrayLiteral(skus),
          `{${skus.map((sku) => p.units.get(sku)!).join(',')}}`,
          p.point,
          p.pointOnly,
          p.cashback,
          p.cartVersion,
        ])
      } catch (err) {
        const short = databaseError(err, SHORT_OF_STOCK)
        if (short)
          throw conflict(CHECKOUT_ERROR_KEYS.stockChanged, JSON.parse(short.detail ?? '{}') as object)
        const gone = databaseError(err, SHORT_AT_POINT)
        if (gone)
          throw unprocessable(
            CHECKOUT_ERROR_KEYS.servicePointUnavailable,
            JSON.parse(gone.detail ?? '{}') as object,
          )
        throw err
      }
      if (!row) throw new Error('order_place answered nothing')
      if (row.outcome === 'cart_ordered')
        throw conflict(CHECKOUT_ERROR_KEYS.cartAlreadyOrdered, { order_id: row.order_id })
      if (row.outcome === 'cart_gone') throw notFound(CART_ERROR_KEYS.notFound)
      // the shopper changed the cart (another tab) after it was read for this order: they see it again
      if (row.outcome === 'cart_changed') throw changed()
      const answer = answerOfClaim<CreatedOrder>(row.outcome, row.answer_status, row.answer)
      return { ...answer, replayed: row.outcome !== 'placed' }
    },

    async orderByCart(tx: Db, cartId: string): Promise<OrderRow | undefined> {
      const [row] = await tx.select().from(orders).where(eq(orders.cartId, cartId))
      return row
    },

    async order(id: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id))
      return row
    },

    items(orderId: string) {
      return db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.position))
    },

    /** Gives back what an order took from stock, exactly as taken; a second call finds nothing to give. */
    async release(tx: Db, orderId: string): Promise<void> {
      await tx.execute(
        sql`with gone as (delete from order_reservations where order_id = ${orderId} returning *)
            update stocks s set quantity = s.quantity + g.quantity from gone g
            where s.product_id = g.product_id and s.city_id = g.city_id
              and s.service_point_id = g.service_point_id and s.condition = g.condition`,
      )
    },

    /**
     * Spends what the order uses, each at most once and never below zero: gift card balances by a
     * conditional decrement, bonuses under the shopper's lock against their balance, a personal code's
     * `used_at`, a general code's redemption.
     */
    async spend(tx: Db, orderId: string, userId: string, spent: OrderSpending, now: Date) {
      for (const card of spent.giftCards) {
        const taken = await tx
          .update(giftCards)
          .set({ balance: sql`${giftCards.balance} - ${card.amount}` })
          .where(
            and(
              sql`upper(${giftCards.code}) = upper(${card.code})`,
              sql`${giftCards.balance} >= ${card.amount}`,
            ),
          )
          .returning({ code: giftCards.code })
        if (taken.length !== 1) throw changed()
      }
      if (spent.bonus > 0) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`bonus:${userId}`}, 0))`)
        const [balance] = await rows<{ accessible: number }>(
          tx,
          sql`select coalesce(sum(amount), 0)::int as accessible from bonus_transactions
              where user_id = ${userId} and available_from <= ${now}
                and (expires_at is null or expires_at > ${now})`,
        )
        if ((balance?.accessible ?? 0) < spent.bonus) throw changed()
        await tx
          .insert(bonusTransactions)
          .values({ userId, orderId, amount: -spent.bonus, availableFrom: now })
      }
      if (spent.promoCode) {
        if (spent.personalPromoCode) {
          const used = await tx
            .update(promoCodes)
            .set({ usedAt: now })
            .where(
              and(
                sql`upper(${promoCodes.code}) = upper(${spent.promoCode})`,
                sql`${promoCodes.usedAt} is null`,
              ),
            )
            .returning({ id: promoCodes.id })
          if (used.length !== 1) throw changed()
        }
        await redeem(tx, spent.promoCode, userId, orderId)
      }
    },

    /** Gives back what a cancelled order spent and takes back its cashback. */
    async refund(tx: Db, order: OrderRow) {
      const spent = order.spent
      if (spent) {
        for (const card of spent.giftCards)
          await tx
            .update(giftCards)
            .set({ balance: sql`least(${giftCards.balance} + ${card.amount}, ${giftCards.initialAmount})` })
            .where(sql`upper(${giftCards.code}) = upper(${card.code})`)
        if (spent.promoCode && spent.personalPromoCode)
          await tx
            .update(promoCodes)
            .set({ usedAt: null })
            .where(sql`upper(${promoCodes.code}) = upper(${spent.promoCode})`)
      }
      await tx.delete(promoCodeRedemptions).where(eq(promoCodeRedemptions.orderId, order.id))
      await tx.delete(bonusTransactions).where(eq(bonusTransactions.orderId, order.id))
    },

    async insertPayment(
      tx: Db,
      p: { orderId: string; method: string; provider: string; amount: number },
    ): Promise<PaymentRow> {
      const [row] = await tx.insert(payments).values(p).returning()
      return row!
    },

    /** A loan the broker's bank signed: paid when recorded, once per contract (provider `broker`). */
    async insertLoanPayment(
      tx: Db,
      p: { orderId: string; method: string; amount: number; contractNumber: string; at: Date },
    ): Promise<void> {
      await tx.insert(payments).values({
        orderId: p.orderId,
        method: p.method,
        provider: 'broker',
        providerRef: p.contractNumber,
        amount: p.amount,
        status: 'paid',
        settledAt: p.at,
      })
    },

    async payment(id: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.id, id))
      return row
    },

    async paymentByRef(provider: string, ref: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerRef, ref)))
      return row
    },

    async pendingPayments(orderId: string): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')))
    },

    async latestPayment(orderId: string, provider?: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(
          provider
            ? and(eq(payments.orderId, orderId), eq(payments.provider, provider))
            : eq(payments.orderId, orderId),
        )
        .orderBy(sql`${payments.createdAt} desc`)
        .limit(1)
      return row
    },

    /** Records the provider's session once; a racing second start finds the first one's. */
    async attachSession(
      paymentId: string,
      ref: string,
      redirectUrl: string,
    ): Promise<PaymentRow | undefined> {
      const [row] = await db
        .update(payments)
        .set({ providerRef: ref, redirectUrl })
        .where(and(eq(payments.id, paymentId), sql`${payments.providerRef} is null`))
        .returning()
      return row
    },

    /**
     * Moves an attempt out of `pending` once; answers the row only to the call that moved it. Money
     * that arrives (`late`) also settles an attempt the store had ended (expired, replaced): it was paid.
     */
    async settlePayment(
      tx: Db,
      id: string,
      status: Exclude<PaymentAttemptStatus, 'pending'>,
      detail: { reason?: string | null; mask?: string | null },
      now: Date,
      late = false,
    ): Promise<PaymentRow | undefined> {
      const from: PaymentAttemptStatus[] = late ? ['pending', 'expired', 'cancelled'] : ['pending']
      const [row] = await tx
        .update(payments)
        .set({ status, failureReason: detail.reason ?? null, cardMask: detail.mask ?? null, settledAt: now })
        .where(and(eq(payments.id, id), inArray(payments.status, from)))
        .returning()
      return row
    },

    /** A personal code (one shopper's, spent once) rather than a general one. */
    async isPersonalCode(code: string): Promise<boolean> {
      const [row] = await db
        .select({ id: promoCodes.id })
        .from(promoCodes)
        .where(sql`upper(${promoCodes.code}) = upper(${code})`)
      return row !== undefined
    },

    async updateOrder(
      tx: Db,
      id: string,
      from: { status?: string[]; paymentStatus?: PaymentStatus[] },
      values: Partial<typeof orders.$inferInsert>,
    ): Promise<OrderRow | undefined> {
      const conditions = [eq(orders.id, id)]
      if (from.status) conditions.push(inArray(orders.status, from.status))
      if (from.paymentStatus) conditions.push(inArray(orders.paymentStatus, from.paymentStatus))
      const [row] = await tx
        .update(orders)
        .set({ ...values, updatedAt: new Date() })
        .where(and(...conditions))
        .returning()
      return row
    },

    /** Unpaid orders whose hold ran out, locked for this process (others skip them). */
    async lockExpired(tx: Db, now: Date, limit: number): Promise<OrderRow[]> {
      return tx
        .select()
        .from(orders)
        .where(and(eq(orders.status, 'PAYMENT_PENDING'), sql`${orders.reservedUntil} <= ${now}`))
        .limit(limit)
        .for('update', { skipLocked: true })
    },

    async lockOrder(tx: Db, id: string): Promise<OrderRow | undefined> {
      const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update')
      return row
    },

    /** Names who moves the order's status in this transaction (the status trigger records it). */
    async actAs(tx: Db, actor: string, note?: string | null): Promise<void> {
      await tx.execute(
        sql`select set_config('storefront.order_actor', ${actor}, true), set_config('storefront.order_note', ${note ?? ''}, true)`,
      )
    },

    async hasPaidAttempts(tx: Db, orderId: string): Promise<boolean> {
      const found = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'paid')))
        .limit(1)
      return found.length > 0
    },

    /** What an order's attempts took and still hold (`paid`), and what was paid back (`refunded`). */
    async paymentSums(orderId: string): Promise<{ paid: number; refunded: number }> {
      const [row] = await rows<{ paid: number; refunded: number }>(
        db,
        sql`select coalesce(sum(amount) filter (where status = 'paid'), 0)::int as paid,
                   coalesce(sum(amount) filter (where status = 'refunded'), 0)::int as refunded
            from payments where order_id = ${orderId}`,
      )
      return row ?? { paid: 0, refunded: 0 }
    },

    /** The attempts that took the order's money and have not been paid back. */
    paidPayments(orderId: string): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'paid')))
    },

    /** The signed loan that pays (part of) a financed order, when there is one. */
    async loanPayment(orderId: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(
          and(eq(payments.orderId, orderId), eq(payments.provider, 'broker'), eq(payments.status, 'paid')),
        )
        .limit(1)
      return row
    },

    /** A line in the order's timeline that is not a move (the payment's side of a cancel, say). */
    async timelineNote(orderId: string, note: string): Promise<void> {
      const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId))
      if (!order) return
      await db.insert(orderEvents).values({ orderId, status: order.status, actor: 'payment', note })
    },

    /** Marks an attempt paid back, once. */
    async markRefunded(id: string, now: Date, tx: Db = db): Promise<boolean> {
      const moved = await tx
        .update(payments)
        .set({ status: 'refunded', settledAt: now })
        .where(and(eq(payments.id, id), eq(payments.status, 'paid')))
        .returning({ id: payments.id })
      return moved.length === 1
    },

    /** Orders whose money is still owed back, oldest first. */
    async refundsDue(limit: number): Promise<string[]> {
      const found = await db
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.paymentStatus, 'refund_due'))
        .orderBy(asc(orders.updatedAt))
        .limit(limit)
      return found.map((r) => r.id)
    },

    async expirePayments(tx: Db, orderId: string, now: Date): Promise<PaymentRow[]> {
      return tx
        .update(payments)
        .set({ status: 'expired', settledAt: now })
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')))
        .returning()
    },
  }
}
export type CheckoutRepo = ReturnType<typeof createCheckoutRepo>

/** A service point's name and address in a language, for an order's page. */
export async function servicePointOf(db: Db, id: number, lang: 'ru' | 'kk') {
  const [row] = await db
    .select({
      title: lang === 'kk' ? servicePoints.titleKk : servicePoints.titleRu,
      address: lang === 'kk' ? servicePoints.addressKk : servicePoints.addressRu,
    })
    .from(servicePoints)
    .where(eq(servicePoints.id, id))
  return row ?? null
}

/** An active point of the store with its city: where a pre-order may be picked up. */
export async function activePointOf(db: Db, id: number, lang: 'ru' | 'kk') {
  const [row] = await db
    .select({
      title: lang === 'kk' ? servicePoints.titleKk : servicePoints.titleRu,
      address: lang === 'kk' ? servicePoints.addressKk : servicePoints.addressRu,
      cityId: servicePoints.cityId,
    })
    .from(servicePoints)
    .where(and(eq(servicePoints.id, id), eq(servicePoints.isActive, true)))
  return row ?? null
}
