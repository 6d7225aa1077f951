/**
 * The back office's orders, promotions and reviews (README, The back office). Base `/admin/api/v1`,
 * every route behind a staff sign-in (`requireStaff`): operators the orders, moderators the reviews,
 * admins everything.
 */
import { z } from 'zod'
import { Id, OrderStatus } from './account-area'
import { OrderDetail } from './checkout'
import { text } from './common'
import { OrderTimeline } from './orders'
import { ModerationQueueItem } from './reviews'
import { DISCOUNT_KINDS, PROMOTION_ENTITY_TYPES, PROMOTION_TYPES, ROUNDINGS } from './values/cart'

export { ADMIN_API_V1 } from './values/staff'

/** Orders a page of the search lists. */
export const ADMIN_ORDERS_PAGE = 25

const IsoDate = text().regex(/^\d{4}-\d{2}-\d{2}$/, 'an ISO date, YYYY-MM-DD')

// ---------------------------------------------------------------- orders

export const AdminOrderSearch = z.object({
  /** The order's number, whole or its start. */
  number: text().trim().max(32).optional(),
  /** The receiver's or the account's phone, any way written (its digits are compared). */
  phone: text().trim().max(32).optional(),
  status: OrderStatus.optional(),
  /** Placed on or after this day, on or before `to` (the store's days, UTC+5). */
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})
export type AdminOrderSearch = z.input<typeof AdminOrderSearch>

export const AdminOrderRow = z.object({
  id: Id,
  number: z.string(),
  status: OrderStatus,
  created_at: z.string(),
  city_id: z.number().int(),
  total: z.number().int(),
  delivery_type: z.string(),
  payment_method: z.string().nullable(),
  payment_status: z.string(),
  receiver_name: z.string(),
  phone: z.string().nullable(),
})
export type AdminOrderRow = z.infer<typeof AdminOrderRow>

export const AdminOrderList = z.object({
  orders: z.array(AdminOrderRow),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
})
export type AdminOrderList = z.infer<typeof AdminOrderList>

/** An order as the operator sees it: the order, its timeline, the moves an operator may make now. */
export const AdminOrder = z.object({
  order: OrderDetail,
  timeline: OrderTimeline,
  /** Where an operator may move it now (the rows of `order_status_transitions` for `operator`). */
  next: z.array(OrderStatus),
  /** What the order has been paid back, and what is still owed, tenge. */
  refunded: z.number().int(),
  refund_pending: z.number().int(),
  /** Documents an operator may print: the receipt and barcode always, the invoice for organisations. */
  documents: z.array(z.object({ kind: z.enum(['receipt', 'invoice', 'barcode']), url: z.string() })),
})
export type AdminOrder = z.infer<typeof AdminOrder>

export const AdminOrderMove = z.object({
  status: OrderStatus,
  note: text().trim().max(500).nullish(),
})
export type AdminOrderMove = z.input<typeof AdminOrderMove>

export const AdminOrderParams = z.object({ id: Id })
export const AdminDocumentParams = z.object({ id: Id, kind: z.enum(['receipt', 'invoice', 'barcode']) })

// ---------------------------------------------------------------- promotions, promo codes, gift cards

const Title = text().trim().min(1).max(200)
const Timestamp = z.iso.datetime({ offset: true })

export const AdminPromotionRule = z.object({
  title_ru: Title,
  title_kk: Title,
  /** The products offered (gifts, or the kit's parts), by SKU. */
  skus: z.array(text().trim().min(1).max(64)).min(1).max(20),
  discount_kind: z.enum(DISCOUNT_KINDS),
  /** A kit's discount on each part (tenge or percent); 0 for a gift, whose products cost 0. */
  discount_value: z.number().int().min(0).max(10_000_000),
})

export const AdminPromotionCreate = z
  .object({
    type: z.enum(PROMOTION_TYPES),
    title_ru: Title,
    title_kk: Title,
    description_ru: text().max(2000).default(''),
    description_kk: text().max(2000).default(''),
    main_entity_type: z.enum(PROMOTION_ENTITY_TYPES),
    /** What it hangs on: product SKUs for `product`, category or brand ids otherwise. */
    main_entities: z.array(text().trim().min(1).max(64)).min(1).max(200),
    rules: z.array(AdminPromotionRule).min(1).max(10),
    is_required: z.boolean().default(true),
    city_ids: z.array(z.number().int().min(1).max(4)).max(4).default([]),
    priority: z.number().int().min(0).max(10_000).default(100),
    valid_from: Timestamp,
    valid_to: Timestamp.nullish(),
  })
  .refine((p) => !p.valid_to || p.valid_to > p.valid_from, {
    message: 'must end after it starts',
    path: ['valid_to'],
  })
export type AdminPromotionCreate = z.input<typeof AdminPromotionCreate>
export type AdminPromotionParsed = z.output<typeof AdminPromotionCreate>

export const AdminPromotion = z.object({
  id: z.number().int(),
  type: z.enum(PROMOTION_TYPES),
  title_ru: z.string(),
  title_kk: z.string(),
  main_entity_type: z.enum(PROMOTION_ENTITY_TYPES),
  main_entity_ids: z.array(z.number().int()),
  rules: z.array(
    z.object({
      title_ru: z.string(),
      product_ids: z.array(z.number().int()),
      discount_kind: z.string(),
      discount_value: z.number(),
    }),
  ),
  is_required: z.boolean(),
  city_ids: z.array(z.number().int()),
  priority: z.number().int(),
  valid_from: z.string(),
  valid_to: z.string().nullable(),
  is_active: z.boolean(),
  /** Usage: the orders registered in it (`POST /marketing/api/v1/promotions/register`). */
  registrations: z.number().int(),
})
export type AdminPromotion = z.infer<typeof AdminPromotion>

export const AdminPromoCodeCreate = z
  .object({
    code: text()
      .trim()
      .min(3)
      .max(32)
      .regex(/^[A-Za-z0-9_-]+$/, 'Latin letters, digits, _ and - only')
      .transform((c) => c.toUpperCase()),
    discount_kind: z.enum(DISCOUNT_KINDS),
    value: z.number().int().min(1).max(10_000_000),
    rounding: z.enum(ROUNDINGS).default('floor'),
    max_discount: z.number().int().min(1).max(10_000_000).nullish(),
    min_order_sum: z.number().int().min(0).max(100_000_000).default(0),
    limit_total: z.number().int().min(1).max(10_000_000).nullish(),
    limit_per_user: z.number().int().min(1).max(1000).nullish(),
    valid_from: Timestamp,
    valid_to: Timestamp.nullish(),
  })
  .refine((c) => c.discount_kind !== 'percent' || c.value <= 100, {
    message: 'a percent is at most 100',
    path: ['value'],
  })
  .refine((c) => !c.valid_to || c.valid_to > c.valid_from, {
    message: 'must end after it starts',
    path: ['valid_to'],
  })
export type AdminPromoCodeCreate = z.input<typeof AdminPromoCodeCreate>
export type AdminPromoCodeParsed = z.output<typeof AdminPromoCodeCreate>

export const AdminPromoCode = z.object({
  code: z.string(),
  discount_kind: z.enum(DISCOUNT_KINDS),
  value: z.number().int(),
  rounding: z.enum(ROUNDINGS),
  max_discount: z.number().int().nullable(),
  min_order_sum: z.number().int(),
  limit_total: z.number().int().nullable(),
  limit_per_user: z.number().int().nullable(),
  valid_from: z.string(),
  valid_to: z.string().nullable(),
  is_active: z.boolean(),
  /** Orders that used it. */
  redemptions: z.number().int(),
})
export type AdminPromoCode = z.infer<typeof AdminPromoCode>

export const AdminGiftCardCreate = z.object({
  /** Leave out for a new random code (`GC-XXXX-XXXX-XXXX`). */
  code: text()
    .trim()
    .min(4)
    .max(32)
    .regex(/^[A-Za-z0-9_-]+$/, 'Latin letters, digits, _ and - only')
    .transform((c) => c.toUpperCase())
    .optional(),
  amount: z.number().int().min(100).max(2_000_000),
  valid_to: Timestamp.nullish(),
})
export type AdminGiftCardCreate = z.input<typeof AdminGiftCardCreate>
export type AdminGiftCardParsed = z.output<typeof AdminGiftCardCreate>

export const AdminGiftCard = z.object({
  code: z.string(),
  initial_amount: z.number().int(),
  balance: z.number().int(),
  valid_to: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
  /** Orders that spent from it. */
  orders: z.number().int(),
})
export type AdminGiftCard = z.infer<typeof AdminGiftCard>

export const AdminBenefits = z.object({
  promotions: z.array(AdminPromotion),
  promo_codes: z.array(AdminPromoCode),
  gift_cards: z.array(AdminGiftCard),
})
export type AdminBenefits = z.infer<typeof AdminBenefits>

export const AdminPromotionParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })
export const AdminCodeParams = z.object({ code: text().trim().min(1).max(64) })

// ---------------------------------------------------------------- reviews

export const AdminReview = ModerationQueueItem
export type AdminReview = z.infer<typeof AdminReview>

/** The moderation queue: held reviews (links, banned words) first, then the rest, oldest first. */
export const AdminReviewQueue = z.object({ reviews: z.array(AdminReview) })
export type AdminReviewQueue = z.infer<typeof AdminReviewQueue>

export const AdminReviewDecision = z
  .object({ status: z.enum(['APPROVED', 'REJECTED']), note: text().trim().max(500).optional() })
  .refine((d) => d.status === 'APPROVED' || (d.note ?? '').length > 0, {
    message: 'a rejection needs its reason',
    path: ['note'],
  })
export type AdminReviewDecision = z.input<typeof AdminReviewDecision>

export const AdminReviewParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) })
