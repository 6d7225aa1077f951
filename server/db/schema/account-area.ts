import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

export type PaymentStatus = 'pending' | 'failed' | 'paid' | 'not_required' | 'refund_due' | 'refunded'
export type OrderLineKind = 'product' | 'service' | 'kit' | 'gift'

export interface OrderCalculation {
  subTotal: number
  promoCodeSum: number
  /** Absent on orders made before trade-in. */
  tradeinSum?: number
  tradeins?: {
    sku: string
    title: string
    deviceKind: string
    deviceTitle: string
    condition: 'working' | 'damaged'
    credit: number
  }[]
  giftCardSum: number
  bonusSum: number
  deliverySum: number
  grandTotal: number
  sumToPay: number
  prepayment: number
  economySum: number
  cashbackSum: number
}

export interface StoredShipping {
  type: string
  servicePointId: number | null
  date: string | null
  slot: { code: string; date: string; time_from: string; time_to: string } | null
  installationDate: string | null
}

export interface OrderSpending {
  giftCards: { code: string; amount: number }[]
  bonus: number
  promoCode: string | null
  /** A personal code (its `used_at` is set), rather than a general one counted in redemptions. */
  personalPromoCode: boolean
}

/*
 * The account area (spec browsing 3, 7.7-7.10). `user_id` is the account module's user id as text: the
 * users table belongs to that module, and these rows are only ever read through a signed-in user's id.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

/** A delivery address of a shopper; at most one is the default. */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    cityId: integer('city_id').notNull(),
    street: text('street').notNull(),
    house: text('house').notNull(),
    floor: text('floor'),
    apartment: text('apartment'),
    comment: text('comment'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('addresses_one_default_idx')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
)

/** Someone who receives orders for the shopper: a person, or a person at an organisation (filled by BIN). */
export const receivers = pgTable(
  'receivers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    phone: text('phone').notNull(),
    /** Null: the profile's email is used (spec 3). */
    email: text('email'),
    isOrganization: boolean('is_organization').notNull().default(false),
    orgName: text('org_name'),
    orgBin: text('org_bin'),
    orgAddress: text('org_address'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('receivers_user_idx').on(t.userId, t.createdAt),
    check(
      'receivers_organization_check',
      sql`not ${t.isOrganization} or (${t.orgName} is not null and ${t.orgBin} is not null)`,
    ),
  ],
)

/** A card saved at the acquirer: only its token and mask are ever stored here. */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    token: text('token').notNull(),
    mask: text('mask').notNull(),
    brand: text('brand').notNull(),
    expiry: text('expiry').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_cards_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('payment_cards_token_idx').on(t.token),
    uniqueIndex('payment_cards_one_default_idx')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
)

export type CardBindingStatus = 'pending' | 'bound' | 'failed'

/** A shopper's trip to the acquirer's page to add a card, and where to send them afterwards. */
export const cardBindings = pgTable(
  'card_bindings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    acquirerSession: text('acquirer_session'),
    status: text('status').$type<CardBindingStatus>().notNull().default('pending'),
    returnUrl: text('return_url').notNull(),
    failUrl: text('fail_url').notNull(),
    cardId: uuid('card_id'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('card_bindings_user_idx').on(t.userId, t.createdAt)],
)

export type AcquirerSessionStatus = 'form' | 'challenge' | 'approved' | 'declined'

/**
 * The local card acquirer's own record of a hosted-page session (a real acquirer keeps this on its side).
 * The full card number never reaches the database: only the token and the mask once approved.
 */
export const acquirerSessions = pgTable(
  'acquirer_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantRef: text('merchant_ref').notNull(),
    successUrl: text('success_url').notNull(),
    failUrl: text('fail_url').notNull(),
    language: text('language').notNull().default('ru'),
    status: text('status').$type<AcquirerSessionStatus>().notNull().default('form'),
    attempts: integer('attempts').notNull().default(0),
    cardToken: text('card_token'),
    mask: text('mask'),
    brand: text('brand'),
    expiry: text('expiry'),
    declineReason: text('decline_reason'),
    /** `binding` saves a card; `payment` charges `amount` (with a new card, or a saved card's token). */
    kind: text('kind').$type<'binding' | 'payment'>().notNull().default('binding'),
    amount: integer('amount'),
    /** Where the acquirer posts its signed result of a payment. */
    callbackUrl: text('callback_url'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  // a saved card is charged by its token: the session that issued it gives its mask
  (t) => [index('acquirer_sessions_card_token_idx').on(t.cardToken)],
)

/** The levels of the bonus programme (spec 3, Benefit): data, so marketing can change them. */
export const bonusLevels = pgTable('bonus_levels', {
  code: text('code').primaryKey(),
  /** Percent of a purchase returned as bonuses. */
  percent: integer('percent').notNull(),
  /** Purchases over the last 12 months, tenge, that reach this level. */
  threshold: integer('threshold').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
})

/** Bonus accruals (positive) and spendings (negative); an accrual becomes spendable at `available_from`. */
/**
 * Where a bonus row comes from: `purchase` is an order's spending (negative) or its cashback (spendable
 * once the order is received); `manual` is credited by an operator (`npm run bonus -- grant`), spendable
 * at once, with the operator's note.
 */
export const BONUS_TRANSACTION_KINDS = ['purchase', 'manual'] as const
export type BonusTransactionKind = (typeof BONUS_TRANSACTION_KINDS)[number]

export const bonusTransactions = pgTable(
  'bonus_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    orderId: uuid('order_id'),
    kind: text('kind').$type<BonusTransactionKind>().notNull().default('purchase'),
    amount: integer('amount').notNull(),
    availableFrom: timestamp('available_from', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('bonus_transactions_user_idx').on(t.userId, t.availableFrom),
    check('bonus_transactions_kind_check', sql`${t.kind} in ('purchase', 'manual')`),
  ],
)

export type DiscountType = 'percent' | 'amount'

/** Personal promo codes: owned by a user, or by a phone until that phone signs up (the guest offer). */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    campaign: text('campaign').notNull(),
    userId: text('user_id'),
    phone: text('phone'),
    discount: integer('discount').notNull(),
    discountType: text('discount_type').$type<DiscountType>().notNull(),
    minOrderSum: integer('min_order_sum').notNull().default(0),
    validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Who asked for it, to cap how many codes one address can collect. */
    clientIp: text('client_ip'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_idx').on(t.code),
    uniqueIndex('promo_codes_campaign_user_idx').on(t.campaign, t.userId),
    uniqueIndex('promo_codes_campaign_phone_idx').on(t.campaign, t.phone),
    index('promo_codes_ip_idx').on(t.clientIp, t.createdAt),
    check('promo_codes_owner_check', sql`${t.userId} is not null or ${t.phone} is not null`),
  ],
)

/** A feature flag (spec 3, 9) and its variants with weights: configured as data, evaluated per device. */
export const featureFlags = pgTable('feature_flags', {
  id: integer('id').primaryKey(),
  key: text('key').notNull().unique(),
  enabled: boolean('enabled').notNull().default(true),
  description: text('description').notNull().default(''),
})

export const featureFlagVariants = pgTable(
  'feature_flag_variants',
  {
    flagId: integer('flag_id')
      .notNull()
      .references(() => featureFlags.id, { onDelete: 'cascade' }),
    id: integer('id').notNull(),
    key: text('key').notNull(),
    /** Share of devices, relative to the flag's other variants. */
    weight: integer('weight').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.flagId, t.id] }),
    check('feature_flag_variants_weight_check', sql`${t.weight} >= 0`),
  ],
)

/** Analytics events the client reports (spec 7.10, actioner). */
export const actionEvents = pgTable(
  'action_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actionCode: text('action_code').notNull(),
    eventType: text('event_type').notNull(),
    subject: text('subject'),
    affiliation: text('affiliation').notNull(),
    userId: text('user_id'),
    sessionId: text('session_id'),
    payload: jsonb('payload').notNull(),
    clientCreatedAt: timestamp('client_created_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('action_events_code_idx').on(t.actionCode, t.receivedAt)],
)

/**
 * An order (purchase flow). Checkout writes these; the account area lists them. Receiver and address are
 * copied as they were at checkout, so editing the address book never rewrites history.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    userId: text('user_id'),
    cityId: integer('city_id').notNull(),
    status: text('status').notNull(),
    /** What the order costs: goods and delivery after every benefit (`calculation.grandTotal`). */
    total: integer('total').notNull(),
    deliveryType: text('delivery_type').notNull(),
    paymentMethod: text('payment_method'),
    isOrganization: boolean('is_organization').notNull().default(false),
    receiver: jsonb('receiver'),
    address: jsonb('address'),
    /** The cart this order completed: one order per cart, whatever key or process asks. */
    cartId: uuid('cart_id').unique(),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('not_required'),
    /** The sums as the order was placed (contract `Calculation`). */
    calculation: jsonb('calculation').$type<OrderCalculation>(),
    /** Pickup point, date, slot, installation date (contract `OrderDetail.shipping` less the point's names). */
    shipping: jsonb('shipping').$type<StoredShipping>(),
    /** Gift cards, bonuses and the promo code the order took, to give back if it is cancelled. */
    spent: jsonb('spent').$type<OrderSpending>(),
    /** Until when an unpaid order holds its goods; null once paid or when it holds them to the end. */
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cardMask: text('card_mask'),
    /** A pre-order: goods not on the shelves yet, a prepayment now and the rest at pickup. */
    isPreorder: boolean('is_preorder').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_reserved_until_idx')
      .on(t.reservedUntil)
      .where(sql`${t.reservedUntil} is not null`),
    // the few orders whose money is still to be paid back, for the refund sweep
    index('orders_refund_due_idx')
      .on(t.updatedAt)
      .where(sql`${t.paymentStatus} = 'refund_due'`),
    check('orders_total_check', sql`${t.total} >= 0`),
  ],
)

export const orderItems = pgTable(
  'order_items',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: integer('product_id'),
    sku: text('sku').notNull(),
    title: text('title').notNull(),
    uri: text('uri'),
    quantity: integer('quantity').notNull(),
    price: integer('price').notNull(),
    kind: text('kind').$type<OrderLineKind>().notNull().default('product'),
    image: text('image'),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position] }),
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
  ],
)
