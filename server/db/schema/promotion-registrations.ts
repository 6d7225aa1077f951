import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { orders } from './account-area'

/**
 * Marketing's `POST /promotions/register {orderId}` (purchase flow 7): a paid order taking part in the
 * promotions its goods qualified for, once per order and promotion (prize draws, partner rewards).
 */
export const promotionRegistrations = pgTable(
  'promotion_registrations',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    promotionId: integer('promotion_id').notNull(),
    userId: text('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.promotionId] })],
)
