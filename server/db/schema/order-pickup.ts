import { sql } from 'drizzle-orm'
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { orders } from './account-area'

/*
 * After the order (purchase flow 7): each move of a courier delivery, the warrant naming another person to
 * collect a pickup order, and the pickup one-time code. Written by the orders module, always with the
 * order's owner checked in the same statement or under the order's row lock.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export interface RescheduledSlot {
  code: string
  date: string
  time_from: string
  time_to: string
}

/** One move of a courier delivery: the count of rows is what the limit counts. */
export const orderReschedules = pgTable(
  'order_reschedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromDate: text('from_date'),
    fromSlot: jsonb('from_slot').$type<RescheduledSlot>(),
    toDate: text('to_date').notNull(),
    toSlot: jsonb('to_slot').$type<RescheduledSlot>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_reschedules_order_idx').on(t.orderId)],
)

/** Who else may collect a pickup order: one per order, written again when the shopper changes it. */
export const orderWarrants = pgTable(
  'order_warrants',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    phone: text('phone').notNull(),
    iin: text('iin').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('order_warrants_iin_check', sql`${t.iin} ~ '^[0-9]{12}$'`)],
)

/** The order's current pickup code: valid until `expires_at`, replaced by a refresh. */
export const orderPickupCodes = pgTable(
  'order_pickup_codes',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('order_pickup_codes_code_check', sql`${t.code} ~ '^[0-9]{6}$'`)],
)
