import { and, asc, eq, sql } from 'drizzle-orm'
import type { Lang } from '../../../contract/common'
import type { PushTopics } from '../../../contract/values/push'
import type { NotificationKind } from '../../../contract/values/notifications'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import { pushDeliveries, pushSubscriptions } from '../../db/schema/push'

export type SubscriptionRow = typeof pushSubscriptions.$inferSelect

export interface NewSubscription {
  userId: string
  signInId: string
  endpoint: string
  p256dh: string
  auth: string
  lang: Lang
  cityId: number
  topics: PushTopics
}

/** A delivery the sweep took, with what sending it needs. */
export interface ClaimedDelivery extends Record<string, unknown> {
  id: number
  attempts: number
  created_at: Date
  subscription_id: string
  endpoint: string
  p256dh: string
  auth: string
  lang: Lang
  city_id: number
  kind: NotificationKind
  payload: unknown
  notification_id: string
}

const topicColumns = (topics: Partial<PushTopics>) => ({
  ...(topics.order_status !== undefined ? { orderStatus: topics.order_status } : {}),
  ...(topics.price_drop !== undefined ? { priceDrop: topics.price_drop } : {}),
  ...(topics.back_in_stock !== undefined ? { backInStock: topics.back_in_stock } : {}),
})

/** Every statement that reads or changes a shopper's subscriptions names the owner. */
export function createPushRepo(db: Db) {
  const mine = (userId: string, id: string) =>
    and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id))

  return {
    /**
     * Stores a browser's subscription for this sign-in. The endpoint is the browser's: when another
     * shopper or an earlier sign-in held it, that row goes (with anything still queued for it) and this
     * one takes its place; the same sign-in subscribing again updates its keys and topics.
     */
    async upsert(row: NewSubscription): Promise<SubscriptionRow> {
      return db.transaction(async (tx) => {
        await tx
          .delete(pushSubscriptions)
          .where(
            and(
              eq(pushSubscriptions.endpoint, row.endpoint),
              sql`(${pushSubscriptions.userId} <> ${row.userId} or ${pushSubscriptions.signInId} <> ${row.signInId})`,
            ),
          )
        const values = {
          userId: row.userId,
          signInId: row.signInId,
          endpoint: row.endpoint,
          p256dh: row.p256dh,
          auth: row.auth,
          lang: row.lang,
          cityId: row.cityId,
          ...topicColumns(row.topics),
        }
        const [saved] = await tx
          .insert(pushSubscriptions)
          .values(values)
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: {
              p256dh: row.p256dh,
              auth: row.auth,
              lang: row.lang,
              cityId: row.cityId,
              ...topicColumns(row.topics),
            },
          })
          .returning()
        return saved!
      })
    },

    list(userId: string): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(asc(pushSubscriptions.createdAt))
    },

    async update(
      userId: string,
      id: string,
      change: { topics?: Partial<PushTopics>; lang?: Lang; cityId?: number },
    ): Promise<SubscriptionRow | null> {
      const set = {
        ...topicColumns(change.topics ?? {}),
        ...(change.lang ? { lang: change.lang } : {}),
        ...(change.cityId ? { cityId: change.cityId } : {}),
      }
      const [row] = await db.update(pushSubscriptions).set(set).where(mine(userId, id)).returning()
      return row ?? null
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const gone = await db
        .delete(pushSubscriptions)
        .where(mine(userId, id))
        .returning({ id: pushSubscriptions.id })
      return gone.length > 0
    },

    /**
     * Takes up to `limit` due deliveries for `leaseSeconds` (another process's sweep skips them), counting
     * the attempt, with the subscription and notification each needs. Those of a subscription whose
     * sign-in has ended are left out: the sweep's `dropEnded` removes them.
     */
    claim(limit: number, leaseSeconds: number): Promise<ClaimedDelivery[]> {
      return rows<ClaimedDelivery>(
        db,
        sql`with taken as (
              update push_deliveries d set claimed_until = now() + make_interval(secs => ${leaseSeconds}),
                     attempts = d.attempts + 1
              where d.id in (select id from push_deliveries
                             where due_at <= now() and (claimed_until is null or claimed_until < now())
                             order by due_at, id limit ${limit} for update skip locked)
              returning d.id, d.attempts, d.created_at, d.subscription_id, d.notification_id)
            select t.id::int as id, t.attempts, t.created_at, t.subscription_id, t.notification_id,
                   s.endpoint, s.p256dh, s.auth, s.lang, s.city_id, n.kind, n.payload
            from taken t
            join push_subscriptions s on s.id = t.subscription_id
            join auth_sessions a on a.id = s.sign_in_id and a.revoked_at is null and a.expires_at > now()
            join notifications n on n.id = t.notification_id
            order by t.id`,
      )
    },

    async delivered(delivery: ClaimedDelivery): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(pushDeliveries).where(eq(pushDeliveries.id, delivery.id))
        await tx
          .update(pushSubscriptions)
          .set({ lastSentAt: sql`now()` })
          .where(eq(pushSubscriptions.id, delivery.subscription_id))
      })
    },

    async drop(deliveryId: number): Promise<void> {
      await db.delete(pushDeliveries).where(eq(pushDeliveries.id, deliveryId))
    },

    async later(deliveryId: number, afterSeconds: number): Promise<void> {
      await db
        .update(pushDeliveries)
        .set({ dueAt: sql`now() + make_interval(secs => ${afterSeconds})`, claimedUntil: null })
        .where(eq(pushDeliveries.id, deliveryId))
    },

    /** The push service said the subscription is gone (404/410): it and its queue go. */
    async forget(subscriptionId: string): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId))
    },

    /** Subscriptions of sign-ins that ended (signed out, revoked, expired), with their queues. */
    async dropEnded(): Promise<number> {
      const gone = await rows<{ id: string }>(
        db,
        sql`delete from push_subscriptions s using auth_sessions a
            where a.id = s.sign_in_id and (a.revoked_at is not null or a.expires_at <= now())
            returning s.id`,
      )
      return gone.length
    },
  }
}
export type PushRepo = ReturnType<typeof createPushRepo>
