import type { OrderStatus } from '../../../contract/account-area'
import {
  ORDERS_ERROR_KEYS,
  type OrderActor,
  type OrderCancelation,
  type OrderTimeline,
} from '../../../contract/orders'
import type { Db } from '../../db/connection'
import { conflict, HttpError, notFound } from '../../http/errors'
import type { OrderSettlement } from '../checkout'
import { recordAudit, type AuditActor } from '../audit'
import type { Notify } from '../notifications'
import type { DueMove, LifecycleOrder, LifecycleRepo } from './lifecycle-repo'
import { allowed, nextStatuses, type Transition } from './transitions'

/** The warehouse (`npm run fulfil`, or FULFILMENT_SPEED in the server) as the audit log names it. */
const FULFILMENT: AuditActor = { actorKind: 'system', actorId: 'fulfilment', ip: null }

export interface LifecycleDeps {
  db: Db
  repo: LifecycleRepo
  notify: Notify
  /**
   * Checkout's side of a cancel or a return (stock, spending, refunds). Null where only the warehouse
   * moves orders (`npm run fulfil`): its moves never cancel.
   */
  settlement: OrderSettlement | null
  now?: () => Date
  /** The moves are read at most this often (an edited row shows within it). */
  transitionsTtlMs?: number
}

export interface MoveOptions {
  /** The shopper acting: another shopper's order is 404. */
  userId?: string
  note?: string | null
  /** More work in the move's transaction once the order moved (the back office's audit entry). */
  within?: (tx: Db) => Promise<void>
  /** Records the move in the audit log as this actor's (operators' moves, the warehouse's). */
  audit?: AuditActor
}

/**
 * An order's life as data: every move is checked against `order_status_transitions` for its actor and
 * shipping type (409 otherwise), made under the order's row lock with what it means for the goods and
 * the money (a cancel gives back stock and spending and refunds the payment; a receipt makes cashback
 * spendable), recorded in the timeline by the status trigger, and told to the shopper in the
 * information centre, all in one transaction.
 */
export function createOrderLifecycle(deps: LifecycleDeps) {
  const { db, repo, notify } = deps
  const now = deps.now ?? (() => new Date())
  const ttl = deps.transitionsTtlMs ?? 5_000
  let cached: { at: number; rows: Promise<Transition[]> } | null = null

  function transitions(): Promise<Transition[]> {
    const at = Date.now()
    if (!cached || at - cached.at > ttl) {
      const rows = repo.transitions()
      rows.catch(() => (cached = null))
      cached = { at, rows }
    }
    return cached.rows
  }

  const missing = () => notFound(ORDERS_ERROR_KEYS.orderNotFound)
  const owned = (order: LifecycleOrder | undefined, userId: string | undefined): LifecycleOrder => {
    if (!order || (userId !== undefined && order.userId !== userId)) throw missing()
    return order
  }

  /**
   * Moves an order to `to` for `actor`. Answers false, changing nothing, when the order is there already
   * (a repeated cancel, an operator's double click); a move the rows do not allow is 409.
   */
  async function move(orderId: string, to: OrderStatus, actor: OrderActor, options: MoveOptions = {}) {
    const rules = await transitions()
    let after: (() => Promise<void>) | null = null
    const moved = await db.transaction(async (tx) => {
      const order = owned(await repo.lock(tx, orderId), options.userId)
      if (order.status === to) return false
      if (!allowed(rules, order.status, to, actor, order.shippingType))
        throw conflict(
          actor === 'shopper' && to === 'CANCELLED'
            ? ORDERS_ERROR_KEYS.notCancellable
            : ORDERS_ERROR_KEYS.illegalTransition,
          { from: order.status, to },
        )
      if (to === 'CANCELLED' || to === 'REFUNDED') {
        const settlement = deps.settlement
        if (!settlement) throw new Error(`orders: moving to ${to} needs checkout's settlement`)
        if (to === 'CANCELLED') after = await settlement.cancelled(tx, order.id)
        else await settlement.returned(tx, order.id)
      }
      if (to === 'COMPLETED') {
        const at = now()
        await repo.releaseCashback(tx, order.id, at)
        await repo.paidOnReceipt(tx, order.id, at)
      }
      await repo.move(tx, order.id, order.status, to, actor, options.note ?? null)
      await options.within?.(tx)
      if (options.audit)
        await recordAudit(tx, {
          ...options.audit,
          action: 'order.status',
          subjectKind: 'order',
          subjectId: order.id,
          details: { number: order.number, from: order.status, to, note: options.note ?? null },
        })
      if (order.userId)
        await notify(
          order.userId,
          'order_status',
          { orderId: order.id, number: order.number, status: to },
          { tx },
        )
      return true
    })
    if (after) await (after as () => Promise<void>)()
    if (moved && (to === 'CANCELLED' || to === 'REFUNDED')) await deps.settlement?.refund(orderId)
    return moved
  }

  async function timeline(orderId: string, userId?: string): Promise<OrderTimeline> {
    const order = owned(await repo.order(orderId), userId)
    const [events, rules] = await Promise.all([repo.events(order.id), transitions()])
    return {
      order_id: order.id,
      number: order.number,
      status: order.status as OrderStatus,
      events: events.map((e) => ({
        status: e.status as OrderStatus,
        from: (e.from ?? null) as OrderStatus | null,
        at: e.at.toISOString(),
        by: e.actor as OrderActor,
        note: e.note,
      })),
      can_cancel: allowed(rules, order.status, 'CANCELLED', 'shopper', order.shippingType),
    }
  }

  return {
    move,
    timeline,

    /** Where `actor` may move the order now, in the rows' order (404 for an unknown order). */
    async next(orderId: string, actor: OrderActor): Promise<OrderStatus[]> {
      const order = owned(await repo.order(orderId), undefined)
      return nextStatuses(await transitions(), order.status, actor, order.shippingType)
    },

    /**
     * The shopper cancels (PATCH …/cancelation): only from a status the rows let a shopper cancel, 409
     * otherwise. A second cancel moves nothing and gives nothing back again; it asks the provider once
     * more for a refund still owed, which the provider pays once whatever is asked.
     */
    async cancel(orderId: string, userId: string): Promise<OrderCancelation> {
      await move(orderId, 'CANCELLED', 'shopper', { userId })
      const money = await deps.settlement!.refund(orderId)
      const order = owned(await repo.order(orderId), userId)
      return {
        order_id: order.id,
        number: order.number,
        status: order.status as OrderStatus,
        payment_status: order.paymentStatus,
        refunded: money.refunded,
        refund_pending: money.pending,
      }
    },

    /** The goods of a shopper's order, for the reorder. */
    async goods(orderId: string, userId: string) {
      const order = owned(await repo.order(orderId), userId)
      return repo.goods(order.id)
    },

    /**
     * One pass of the warehouse: every due move (its delay divided by `speed`) is made, oldest first.
     * A move another process or an operator made meanwhile is skipped. Answers the moves made.
     */
    async fulfil(speed = 1, limit = 200): Promise<DueMove[]> {
      const due = await repo.dueMoves(now(), speed, limit)
      const made: DueMove[] = []
      for (const m of due) {
        try {
          if (await move(m.orderId, m.to as OrderStatus, 'fulfilment', { audit: FULFILMENT })) made.push(m)
        } catch (err) {
          if (err instanceof HttpError && err.statusCode === 409) continue
          throw err
        }
      }
      return made
    },

    /** Asks the providers again for the money still owed back. */
    async refundDue(limit = 20): Promise<number> {
      const settlement = deps.settlement
      if (!settlement) return 0
      let paid = 0
      for (const id of await settlement.refundsDue(limit)) {
        const r = await settlement.refund(id)
        if (r.pending === 0) paid++
      }
      return paid
    },
  }
}
export type OrderLifecycle = ReturnType<typeof createOrderLifecycle>
