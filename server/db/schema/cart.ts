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
import type {
  CartNoticeCode,
  DiscountKind,
  MarketingUnitType,
  PromotionEntityType,
  PromotionType,
  Rounding,
  TradeinCondition,
} from '../../../contract/values/cart'
import { products } from './catalog'
import { cities } from './geo'

/*
 * The cart and what prices it (purchase flow 3-5). Promotions, promo codes, gift cards and loan terms are
 * rows, not code: marketing changes them without a release. `user_id` is the account module's user id as
 * text, as in account-area.ts.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

/** A chosen product of a promotion's rule, as the cart keeps it. */
export interface StoredPromotionChoice {
  promotionId: number
  referenceProductId: number
  rules: { ruleId: number; productIds: number[] }[]
}

/** An old device the shopper hands over for a line's product (one per line, whatever its quantity). */
export interface StoredTradein {
  productId: number
  deviceKind: string
  condition: TradeinCondition
}

export interface StoredMarketingUnit {
  type: MarketingUnitType
  code: string
  operationId: string
}

export interface StoredNotice {
  code: CartNoticeCode
  message: string
  sku?: string
  details?: Record<string, string | number | boolean | null>
}

/**
 * One cart: anonymous (no user, reached by its id alone) or named (a user's, at most one open per user).
 * `version` goes up with every change, under the row lock every change takes.
 */
export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id'),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    version: integer('version').notNull().default(1),
    promotionChoices: jsonb('promotion_choices')
      .$type<StoredPromotionChoice[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    marketingUnits: jsonb('marketing_units')
      .$type<StoredMarketingUnit[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    tradeins: jsonb('tradeins')
      .$type<StoredTradein[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Bonuses the shopper asked to spend; the totals use at most what the rules allow. */
    bonusAmount: integer('bonus_amount').notNull().default(0),
    /** Changes the server made on its own, shown with the next answer and then cleared. */
    notices: jsonb('notices')
      .$type<StoredNotice[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Set when the cart was deleted or merged into a named one: it answers 404 from then on. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('carts_open_user_idx')
      .on(t.userId)
      .where(sql`${t.userId} is not null and ${t.closedAt} is null`),
    check('carts_bonus_check', sql`${t.bonusAmount} >= 0`),
  ],
)

/** A line of a cart: one product, its quantity, and whether the shopper includes it in the order. */
export const cartItems = pgTable(
  'cart_items',
  {
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** For a service line: the product line it is for. */
    referenceProductId: integer('reference_product_id').references(() => products.id),
    /** Added by the PC configurator (`productsBatch` with `assembly_pc`): a part of the PC to assemble. */
    forAssembly: boolean('for_assembly').notNull().default(false),
    addedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.cartId, t.productId] }),
    check('cart_items_quantity_check', sql`${t.quantity} > 0`),
  ],
)

/** A cart shared by link (`POST /carts/shared`): a frozen list of products and quantities. */
export const sharedCarts = pgTable('shared_carts', {
  id: text('id').primaryKey(),
  cityId: integer('city_id')
    .notNull()
    .references(() => cities.id),
  items: jsonb('items').$type<{ productId: number; quantity: number }[]>().notNull(),
  createdAt: createdAt(),
})

/**
 * The first answer to a mutation sent with an `Idempotency-Key`: a replay with the same key and scope gets
 * it back and changes nothing. `status` is null while the first request is still running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    body: jsonb('body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
)

// ── What prices a cart ────────────────────────────────────────────────────────────────────────────────

/** A rule of a gift or kit promotion: products to choose from and what they cost inside it. */
export interface PromotionRuleData {
  id: number
  titleRu: string
  titleKk: string
  productIds: number[]
  /** A gift rule's products cost 0; a kit rule takes this much off each chosen product. */
  discountKind: DiscountKind
  discountValue: number
}

/**
 * A gift or kit promotion. It hangs on a product, a category or a brand (`main_entity_*`); a cart line of
 * such a product is its reference product. The first product of each rule is chosen until the shopper
 * chooses another.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: integer('id').primaryKey(),
    type: text('type').$type<PromotionType>().notNull(),
    titleRu: text('title_ru').notNull(),
    titleKk: text('title_kk').notNull(),
    descriptionRu: text('description_ru').notNull().default(''),
    descriptionKk: text('description_kk').notNull().default(''),
    mainEntityType: text('main_entity_type').$type<PromotionEntityType>().notNull(),
    mainEntityIds: jsonb('main_entity_ids').$type<number[]>().notNull(),
    rules: jsonb('rules').$type<PromotionRuleData[]>().notNull(),
    /** A required promotion is always applied; an optional one only when the shopper picks it. */
    isRequired: boolean('is_required').notNull().default(true),
    /** Cities it runs in; empty means every city. */
    cityIds: jsonb('city_ids')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Lower goes first when two promotions want the same line. */
    priority: integer('priority').notNull().default(100),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [check('promotions_type_check', sql`${t.type} in ('gift', 'kit')`)],
)

/** The products, categories and brands a promo code or cashback applies to; an empty list is no limit. */
export interface BenefitConditions {
  productIds?: number[]
  categoryIds?: number[]
  brandIds?: number[]
}

/**
 * A promo code anyone may type (EUPROMO, TDGIFT...). Personal codes handed to one shopper live in
 * `promo_codes` (account area) and are checked the same way.
 */
export const promoCodeRules = pgTable('promo_code_rules', {
  code: text('code').primaryKey(),
  discountKind: text('discount_kind').$type<DiscountKind>().notNull(),
  /** Tenge for `fix`, percent for `percent`. */
  value: integer('value').notNull(),
  rounding: text('rounding').$type<Rounding>().notNull().default('floor'),
  /** Caps a percent discount, tenge; null is no cap. */
  maxDiscount: integer('max_discount'),
  minOrderSum: integer('min_order_sum').notNull().default(0),
  conditions: jsonb('conditions')
    .$type<BenefitConditions>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  /** Orders that may use it in all; null is no limit. */
  limitTotal: integer('limit_total'),
  /** Orders one shopper may use it for; null is no limit. A guest cannot use a limited code. */
  limitPerUser: integer('limit_per_user'),
  validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
  validTo: timestamp('valid_to', { withTimezone: true }),
  isActive: boolean('is_active').notNull().default(true),
})

/** Each order that used a promo code; the limits count these. Written when an order is placed. */
export const promoCodeRedemptions = pgTable(
  'promo_code_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    userId: text('user_id'),
    orderId: uuid('order_id'),
    createdAt: createdAt(),
  },
  (t) => [index('promo_code_redemptions_code_idx').on(t.code, t.userId)],
)

/** A gift card: spent in part or in whole, order by order, until its balance is 0. */
export const giftCards = pgTable(
  'gift_cards',
  {
    code: text('code').primaryKey(),
    initialAmount: integer('initial_amount').notNull(),
    balance: integer('balance').notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [check('gift_cards_balance_check', sql`${t.balance} >= 0 and ${t.balance} <= ${t.initialAmount}`)],
)

/** Cashback: a percent of what the shopper pays for matching products, returned as bonuses. */
export const cashbackRules = pgTable('cashback_rules', {
  id: integer('id').primaryKey(),
  percent: integer('percent').notNull(),
  conditions: jsonb('conditions')
    .$type<BenefitConditions>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
  validTo: timestamp('valid_to', { withTimezone: true }),
  isActive: boolean('is_active').notNull().default(true),
})

/**
 * Store-wide settings of the benefits, one row per key (the bonus spending cap, say): data, so marketing
 * changes them without a release.
 */
export const benefitSettings = pgTable('benefit_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<number | string | boolean>().notNull(),
})
