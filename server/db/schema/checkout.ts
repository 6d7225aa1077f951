import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { orders } from './account-area'

/** Order numbers as shoppers see them: short, rising, never reused. */
export const orderNumbers = pgSequence('order_numbers', { startWith: 100_001 })

/*
 * Checkout and payments (purchase flow 3, 4, 7). An order holds its goods in `order_reservations`
 * (taken from `stocks` in the order's transaction, given back when the order is cancelled or its
 * payment expires); each attempt to pay is a `payments` row settled once by the provider's result.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** Units an order took from a point's stock: given back exactly as taken. */
export const orderReservations = pgTable(
  'order_reservations',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    cityId: integer('city_id').notNull(),
    servicePointId: integer('service_point_id').notNull(),
    condition: text('condition').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.productId, t.servicePointId, t.condition] }),
    check('order_reservations_quantity_check', sql`${t.quantity} > 0`),
    // What open orders hold of a product at a point (a stock edit or import may not go below it): without
    // it each imported row read every reservation, 1.3 s a chunk of 2,000 rows at 12,000 reservations.
    index('order_reservations_product_point_idx').on(t.productId, t.servicePointId, t.condition),
  ],
)

export type PaymentAttemptStatus = 'pending' | 'paid' | 'failed' | 'cancelled' | 'expired' | 'refunded'

/** One attempt to pay an order through a provider; settled once, by the return or by the callback. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    /** `card` or `qr`: the provider, whose own reference is `provider_ref`. */
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    /** Where the shopper pays: the acquirer's page, or the store's QR page. */
    redirectUrl: text('redirect_url'),
    amount: integer('amount').notNull(),
    status: text('status').$type<PaymentAttemptStatus>().notNull().default('pending'),
    failureReason: text('failure_reason'),
    cardMask: text('card_mask'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_idx').on(t.provider, t.providerRef),
    index('payments_order_idx').on(t.orderId),
    // one open attempt per order: a new one starts only after the last is cancelled at the provider
    uniqueIndex('payments_one_pending_idx')
      .on(t.orderId)
      .where(sql`${t.status} = 'pending'`),
    check('payments_amount_check', sql`${t.amount} > 0`),
  ],
)

export type PaymentMethodBuyer = 'any' | 'individual' | 'organization'

/**
 * When a payment method is offered (purchase flow 3): rows, so the store changes them without a
 * release. Empty `delivery_types` or `city_ids` mean every one.
 */
export const paymentMethodRules = pgTable('payment_method_rules', {
  code: text('code').primaryKey(),
  group: text('group').notNull(),
  position: integer('position').notNull(),
  minSum: integer('min_sum').notNull().default(0),
  maxSum: integer('max_sum'),
  deliveryTypes: text('delivery_types')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  cityIds: integer('city_ids')
    .array()
    .notNull()
    .default(sql`'{}'::int[]`),
  buyer: text('buyer').$type<PaymentMethodBuyer>().notNull().default('any'),
  requiresUser: boolean('requires_user').notNull().default(false),
  /** Offered only when every active line may be paid on receipt (no `onlyPrepayment` line). */
  onReceipt: boolean('on_receipt').notNull().default(false),
  /** Offered for an order with a trade-in line. */
  allowsTradein: boolean('allows_tradein').notNull().default(true),
  isActive: boolean('is_active').notNull().default(true),
})

export type QrSessionStatus = 'pending' | 'paid' | 'cancelled' | 'expired'

/** The local QR provider's record of a payment it was asked for (a real provider keeps this itself). */
export const qrSessions = pgTable('qr_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  merchantRef: text('merchant_ref').notNull(),
  amount: integer('amount').notNull(),
  status: text('status').$type<QrSessionStatus>().notNull().default('pending'),
  callbackUrl: text('callback_url').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})
