import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { orders } from './account-area'

export type DeliverableKind = 'gift_card' | 'esd_key'

/**
 * What a paid order gives the shopper besides goods (purchase flow 3: `isGiftcard`, `esdKeys`): one row
 * per unit of a gift certificate (the code of the gift card issued for it) or of a digital product (its
 * licence key). Written in the transaction that records the payment, once.
 */
export const orderDeliverables = pgTable(
  'order_deliverables',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The order line (`order_items.position`) and the unit of it. */
    position: integer('position').notNull(),
    unit: integer('unit').notNull(),
    kind: text('kind').$type<DeliverableKind>().notNull(),
    sku: text('sku').notNull(),
    title: text('title').notNull(),
    /** The gift card's code (`gift_cards.code`) or the licence key. */
    code: text('code').notNull(),
    /** A gift card's nominal, tenge; null for a key. */
    amount: integer('amount'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position, t.unit] }),
    index('order_deliverables_code_idx').on(t.code),
    check('order_deliverables_unit_check', sql`${t.unit} >= 1`),
  ],
)
