import { sql } from 'drizzle-orm'
import {
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { orders } from './account-area'

/*
 * An order's life (README, Orders move). The moves are data: `order_status_transitions` says which
 * status may follow which, who may make the move, for which shipping types, and how long the warehouse
 * takes. A trigger on `orders` (migration 0021, its hand-written block) refuses any other move, whoever
 * writes, and records every status an order takes in `order_events`, with the actor the writing
 * transaction named (`set_config('storefront.order_actor', …, true)`).
 */

/** One allowed move: `actor` may move an order from `from_status` to `to_status`. */
export const orderStatusTransitions = pgTable(
  'order_status_transitions',
  {
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    /** `shopper`, `payment`, `fulfilment`, `operator` or `system` (contract ORDER_ACTORS). */
    actor: text('actor').notNull(),
    /** Only for orders shipped this way (contract SHIPPING_TYPES); empty: any. */
    shippingTypes: text('shipping_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The warehouse's moves: how long after the order took `from_status` it makes this one. */
    afterSeconds: integer('after_seconds'),
  },
  (t) => [primaryKey({ columns: [t.fromStatus, t.toStatus, t.actor] })],
)

/** Every status an order took, when, and who moved it (the order's timeline). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    fromStatus: text('from_status'),
    actor: text('actor').notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
)

/**
 * Money the local card acquirer and QR provider paid back (a real provider keeps this itself): one row
 * per refund the store asked for, keyed by the store's reference, so asking twice pays back once.
 */
export const providerRefunds = pgTable(
  'provider_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    sessionId: text('session_id').notNull(),
    merchantRef: text('merchant_ref').notNull(),
    amount: integer('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('provider_refunds_ref_key').on(t.provider, t.merchantRef),
    index().on(t.provider, t.sessionId),
  ],
)
