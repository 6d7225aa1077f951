import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { products } from './catalog'

/*
 * Pre-orders (purchase flow 7): a product not on the shelves yet is ordered ahead with a prepayment and
 * picked up at a store when it arrives. Its terms are rows the shop edits; the shoppers who asked to be
 * told when it comes are rows too.
 */

/** A pre-order product's terms: when it is expected, what share is paid ahead, how many one order may take. */
export const preorderTerms = pgTable(
  'preorder_terms',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    expectedDate: date('expected_date', { mode: 'string' }).notNull(),
    /** Percent of the price paid when the pre-order is placed (by card or QR); the rest at pickup. */
    prepaymentPercent: integer('prepayment_percent').notNull(),
    maxQuantity: integer('max_quantity').notNull().default(2),
  },
  (t) => [
    check('preorder_terms_prepayment_check', sql`${t.prepaymentPercent} between 1 and 100`),
    check('preorder_terms_quantity_check', sql`${t.maxQuantity} >= 1`),
  ],
)

/** "Tell me when it arrives": one row per product and phone. */
export const preorderCallbacks = pgTable(
  'preorder_callbacks',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    userId: text('user_id'),
    cityId: integer('city_id').notNull(),
    /** The language the shopper asked in: the arrival SMS is written in it. */
    lang: text('lang').$type<'ru' | 'kk'>().notNull().default('ru'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the arrival was claimed for telling (SMS and, signed in, the information centre): once. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('preorder_callbacks_product_phone_idx').on(t.productId, t.phone),
    index('preorder_callbacks_waiting_idx')
      .on(t.productId)
      .where(sql`${t.notifiedAt} is null`),
  ],
)
