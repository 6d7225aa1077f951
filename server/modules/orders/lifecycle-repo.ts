import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import { orderEvents, orderItems, orders, orderStatusTransitions } from '../../db/schema'
import type { Transition } from './transitions'

export type LifecycleOrder = Pick<
  typeof orders.$inferSelect,
  'id' | 'number' | 'userId' | 'status' | 'cityId' | 'paymentStatus'
> & { shippingType: string }

const orderColumns = {
  id: orders.id,
  number: orders.number,
  userId: orders.userId,
  status: orders.status,
  cityId: orders.cityId,
  paymentStatus: orders.paymentStatus,
  shippingType: sql<string>`coalesce(${orders.shipping}->>'type', ${orders.deliveryType})`,
}

/** A warehouse move that is due: the order, where it goes, and since when it waits. */
export interface DueMove {
  orderId: string
  number: string
  from: string
  to: string
}

/** The SQL of an order's life: its moves (data), its row under lock, its timeline. */
export function createLifecycleRepo(db: Db) {
  return {
    async transitions(): Promise<Transition[]> {
      const found = await db.select().from(orderStatusTransitions)
      return found.map((t) => ({
        from: t.fromStatus,
        to: t.toStatus,
        actor: t.actor,
        shippingTypes: t.shippingTypes,
        afterSeconds: t.afterSeconds,
      }))
    },

    async order(id: string): Promise<LifecycleOrder | undefined> {
      const [row] = await db.select(orderColumns).from(orders).where(eq(orders.id, id))
      return row
    },

    async lock(tx: Db, id: string): Promise<LifecycleOrder | undefined> {
      const [row] = await tx.select(orderColumns).from(orders).where(eq(orders.id, id)).for('update')
      return row
    },

    /**
     * Moves the order's status, naming who moves it: the status trigger refuses a move no row allows
     * and records it in the timeline with this actor and note.
     */
    async move(tx: Db, id: string, from: string, to: string, actor: string, note: string | null) {
      await tx.execute(
        sql`select set_config('storefront.order_actor', ${actor}, true), set_config('storefront.order_note', ${note ?? ''}, true)`,
      )
      const moved = await tx
        .update(orders)
        .set({ status: to, updatedAt: new Date() })
        .where(and(eq(orders.id, id), eq(orders.status, from)))
        .returning({ id: orders.id })
      return moved.length === 1
    },

    /** A received order's cashback becomes spendable (it was written, not yet spendable, at checkout). */
    async releaseCashback(tx: Db, orderId: string, now: Date) {
      await tx.execute(
        sql`update bonus_transactions set available_from = ${now}
            where order_id = ${orderId} and amount > 0 and available_from = 'infinity'::timestamptz`,
      )
    },

    /** Cash is paid at the door: a cash order received is paid. */
    async paidOnReceipt(tx: Db, orderId: string, now: Date) {
      await tx
        .update(orders)
        .set({ paymentStatus: 'paid', paidAt: now })
        .where(
          and(
            eq(orders.id, orderId),
            eq(orders.paymentMethod, 'cash_payment'),
            eq(orders.paymentStatus, 'not_required'),
          ),
        )
    },

    events(orderId: string) {
      return db
        .select({
          status: orderEvents.status,
          from: orderEvents.fromStatus,
          actor: orderEvents.actor,
          at: orderEvents.at,
          note: orderEvents.note,
        })
        .from(orderEvents)
        .where(eq(orderEvents.orderId, orderId))
        .orderBy(asc(orderEvents.id))
    },

    /** The goods of an order (not its gifts, kit parts or services), summed per sku, in the order's order. */
    async goods(orderId: string): Promise<{ sku: string; quantity: number }[]> {
      const lines = await db
        .select({ sku: orderItems.sku, quantity: orderItems.quantity })
        .from(orderItems)
        .where(and(eq(orderItems.orderId, orderId), eq(orderItems.kind, 'product')))
        .orderBy(asc(orderItems.position))
      const bySku = new Map<string, number>()
      for (const l of lines) bySku.set(l.sku, (bySku.get(l.sku) ?? 0) + l.quantity)
      return [...bySku].map(([sku, quantity]) => ({ sku, quantity }))
    },

    /**
     * The warehouse's moves that are due: orders in a status the `fulfilment` rows move on, for their
     * shipping type, whose last change is at least the row's delay (divided by `speed`) old. Oldest first.
     */
    async dueMoves(now: Date, speed: number, limit: number): Promise<DueMove[]> {
      return rows<{ orderId: string; number: string; from: string; to: string }>(
        db,
        sql`select o.id as "orderId", o.number, o.status as "from", t.to_status as "to"
            from order_status_transitions t
            join orders o on o.status = t.from_status
            join lateral (select e.at from order_events e where e.order_id = o.id order by e.id desc limit 1) last on true
            where t.actor = 'fulfilment'
              and (cardinality(t.shipping_types) = 0
                   or coalesce(o.shipping->>'type', o.delivery_type) = any(t.shipping_types))
              and last.at + make_interval(secs => coalesce(t.after_seconds, 0)::double precision / ${speed}) <= ${now}
            order by last.at
            limit ${limit}`,
      )
    },

    async hasRole(userId: string, role: string): Promise<boolean> {
      const [row] = await rows<{ yes: boolean }>(
        db,
        sql`select exists (select 1 from user_roles where user_id = ${userId}::uuid and role = ${role}) as yes`,
      )
      return row?.yes === true
    },

    /** Grants a role to the account of a phone; false when there is no such account. */
    /** Gives the account of a phone the role; its id, or null when no account has the phone. */
    async grantRole(phone: string, role: string): Promise<string | null> {
      const [row] = await rows<{ id: string }>(db, sql`select id from users where phone = ${phone}`)
      if (!row) return null
      await db.execute(
        sql`insert into user_roles (user_id, role) values (${row.id}::uuid, ${role}) on conflict do nothing`,
      )
      return row.id
    },

    /** Takes the role back; the account's id, or null when no account has the phone. */
    async revokeRole(phone: string, role: string): Promise<string | null> {
      const [row] = await rows<{ id: string }>(db, sql`select id from users where phone = ${phone}`)
      if (!row) return null
      await db.execute(sql`delete from user_roles where user_id = ${row.id}::uuid and role = ${role}`)
      return row.id
    },
  }
}
export type LifecycleRepo = ReturnType<typeof createLifecycleRepo>
