import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { Lang } from '../../../contract/common'
import { authSessions } from './account'
import { notifications } from './notifications'

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
})

/*
 * Web push (README, Push notifications). The store's VAPID key pair is made on its first start and kept
 * here, so every process and every restart signs with the key the browsers subscribed with.
 */
export const pushVapidKeys = pgTable(
  'push_vapid_keys',
  {
    id: smallint('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('push_vapid_keys_one_check', sql`${t.id} = 1`)],
)

/**
 * One browser's subscription, made by a signed-in shopper's explicit opt-in. It belongs to that sign-in:
 * when the shopper signs out (or the sign-in is revoked or ends) nothing more is pushed to it, so the
 * next person on a shared device never sees the last one's orders. `user_id` is the account's id as text,
 * as in `notifications`.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    signInId: uuid('sign_in_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    /** The push service's address for this browser: one row per browser, whoever subscribed last. */
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    lang: text('lang').$type<Lang>().notNull().default('ru'),
    /** The city the shopper browses in on this device: an order's page opens in it. */
    cityId: integer('city_id').notNull().default(1),
    orderStatus: boolean('order_status').notNull().default(true),
    priceDrop: boolean('price_drop').notNull().default(true),
    backInStock: boolean('back_in_stock').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    check('push_subscriptions_lang_check', sql`${t.lang} in ('ru', 'kk')`),
  ],
)

/**
 * A notification waiting to be pushed to one subscription: written by a trigger on `notifications` in
 * the transaction that raised it (an order's move, the wishlist watch), sent by the push sweep after it
 * commits, so a slow or failing push service never holds or fails the change it tells of.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    /** A sweep that took it; another process leaves it alone until then. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_deliveries_pair_idx').on(t.subscriptionId, t.notificationId),
    index('push_deliveries_due_idx').on(t.dueAt),
  ],
)

/** What the local push provider "posted": the encrypted body and headers, and the JSON it holds. */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    endpoint: text('endpoint').notNull(),
    payload: text('payload').notNull(),
    body: bytea('body').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_outbox_endpoint_idx').on(t.endpoint, t.id)],
)
