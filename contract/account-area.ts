import { z } from 'zod'
import { CityId, isStorableText, storedJson, text, UNSTORABLE_TEXT_MESSAGE } from './common'
import {
  BONUS_STATUSES,
  ORDER_PAGE_SIZE,
  ORDER_STATUSES,
  type OrderStatus as OrderStatusValue,
} from './values/account-area'

export {
  ACCOUNT_V2,
  ACTIONER_V1,
  BONUS_STATUSES,
  BONUS_V1,
  FLAG_ACTIVE_VARIANT,
  FLAG_IDS,
  FLAGS_V1,
  GUEST_PROMO_CAMPAIGN,
  MARKETING_V1,
  OMS_V3,
  ORDER_PAGE_SIZE,
  ORDER_STATUSES,
  PAYMENT_V1,
} from './values/account-area'

/**
 * The account area around a signed-in shopper (spec browsing 3, 7.7, 7.9, 7.10): addresses, receivers,
 * saved cards, bonuses, personal promo codes, feature flags, events and the order history. Sign-in,
 * sign-up and the profile itself live in `account.ts`.
 */

export const Id = z.uuid()
export const IdParams = z.object({ id: Id })

const requiredText = (max: number) => text().trim().min(1).max(max)
const optionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null))

/** Spec 5: non-word characters are stripped; a Kazakhstan mobile number has 11 digits starting with 7. */
export const Phone = text()
  .max(32)
  .transform((v) => v.replace(/\W/g, ''))
  .pipe(text().regex(/^7\d{10}$/, 'phone must have 11 digits starting with 7'))

/** An email, or nothing (blank means "use the profile's"). */
export const OptionalEmail = text()
  .trim()
  .max(254)
  .nullish()
  .transform((v) => (v ? v.toLowerCase() : null))
  .pipe(z.email().nullable())

// ── Addresses (spec 3: street, house, floor, apartment) ──────────────────────────────────────────────

export const AddressInput = z.object({
  city_id: CityId,
  street: requiredText(200),
  house: requiredText(20),
  floor: optionalText(10),
  apartment: optionalText(10),
  comment: optionalText(500),
  isDefault: z.boolean().default(false),
})
export type AddressInput = z.infer<typeof AddressInput>
export const AddressUpdate = AddressInput.extend({ id: Id })

export const Address = z.object({
  id: Id,
  city_id: z.number().int(),
  street: z.string(),
  house: z.string(),
  floor: z.string().nullable(),
  apartment: z.string().nullable(),
  comment: z.string().nullable(),
  isDefault: z.boolean(),
})
export type Address = z.infer<typeof Address>
export const AddressList = z.array(Address)
export type AddressList = z.infer<typeof AddressList>
export const IdBody = z.object({ id: Id })

// ── Receivers and organisations (spec 3, 5: an organisation receiver is filled from a bin) ─────────────

/** A Kazakhstan business identification number: 12 digits, the last a checksum (validated by the server). */
export const Bin = text()
  .trim()
  .regex(/^\d{12}$/, 'bin must have 12 digits')

export const Organization = z.object({
  name: requiredText(300),
  bin: Bin,
  address: requiredText(500),
})
export type Organization = z.infer<typeof Organization>

export const ReceiverInput = z
  .object({
    firstname: requiredText(100),
    lastname: requiredText(100),
    phone: Phone,
    email: OptionalEmail,
    isOrganization: z.boolean().default(false),
    organization: Organization.nullish().transform((v) => v ?? null),
  })
  .refine((r) => !r.isOrganization || r.organization !== null, {
    message: 'an organisation receiver needs its organisation',
    path: ['organization'],
  })
export type ReceiverInput = z.infer<typeof ReceiverInput>
export const ReceiverUpdate = z.intersection(ReceiverInput, z.object({ id: Id }))

export const Receiver = z.object({
  id: Id,
  firstname: z.string(),
  lastname: z.string(),
  phone: z.string(),
  /** The receiver's own email, or the profile's when the receiver has none (spec 3). */
  email: z.string().nullable(),
  /** True when `email` came from the profile. */
  emailFromProfile: z.boolean(),
  isOrganization: z.boolean(),
  organization: Organization.nullable(),
})
export type Receiver = z.infer<typeof Receiver>
export const ReceiverList = z.array(Receiver)
export type ReceiverList = z.infer<typeof ReceiverList>

export const AutofillRequest = z.object({ bin: Bin })
export const AutofillResponse = Organization
export type AutofillResponse = z.infer<typeof AutofillResponse>
export const DeleteResponse = z.object({ deleted: z.literal(true) })
export type DeleteResponse = z.infer<typeof DeleteResponse>

// ── Saved cards (spec 7.9) ────────────────────────────────────────────────────────────────────────────

export const Card = z.object({
  id: Id,
  /** Only the first six and last four digits: '411111******1111'. */
  mask: z.string(),
  brand: z.string(),
  expiry: z.string().regex(/^\d{2}\/\d{2}$/),
  isDefault: z.boolean(),
})
export type Card = z.infer<typeof Card>
export const CardsResponse = z.object({ cards: z.array(Card), defaultCard: Id.nullable() })
export type CardsResponse = z.infer<typeof CardsResponse>

/** A path of this site (no scheme, no host), so the acquirer can never send the shopper elsewhere. */
export const SitePath = text()
  .max(2000)
  .regex(/^\/(?![/\\])[^\s]*$/, 'must be a path of this site')

export const AddCardRequest = z.object({
  customer: z
    .object({
      firstName: text().max(100).optional(),
      lastName: text().max(100).optional(),
      middleName: text().max(100).optional(),
      account_id: text().max(100).optional(),
      contact: z
        .object({ mobileNumber: text().max(32).optional(), email: text().max(254).optional() })
        .optional(),
    })
    .optional(),
  returnUrl: SitePath,
  failUrl: SitePath,
  language: z.enum(['ru', 'kk']).default('ru'),
})
export const AddCardResponse = z.object({ redirectUri: z.string() })
export type AddCardResponse = z.infer<typeof AddCardResponse>
export const DefaultCardRequest = z.object({ card_id: Id })

// ── Bonuses (spec 3: Bonus, Benefit) ──────────────────────────────────────────────────────────────────

export const BonusStatus = z.enum(BONUS_STATUSES)
export type BonusStatus = z.infer<typeof BonusStatus>

export const Benefit = z.object({
  code: z.string(),
  /** Percent of a purchase returned as bonuses at this level. */
  benefit: z.number(),
  /** Purchases in the last 12 months needed for this level, tenge. */
  threshold: z.number().int(),
  isDefault: z.boolean(),
  type: z.enum(['unauthorized', 'hasNoBonus', 'hasBenefit']),
})
export type Benefit = z.infer<typeof Benefit>

export const BonusQuery = z.object({ tdid: text().max(100).optional() })
export const BonusProfile = z.object({
  status: BonusStatus,
  bonusAccessible: z.number().int(),
  bonusNotAccessible: z.number().int(),
  bonusTable: z.array(Benefit),
  /** The shopper's level, null for a guest. */
  benefit: Benefit.nullable(),
  accumulatedPurchases: z.number().int(),
  leftToAccumulate: z.number().int(),
  /** Until when the current level holds (a year after the last purchase), or null. */
  activityDate: z.string().nullable(),
  nearestEndDate: z.string().nullable(),
  nearestSum: z.number().int(),
})
export type BonusProfile = z.infer<typeof BonusProfile>

// ── Personal promo codes (spec 7.9) ───────────────────────────────────────────────────────────────────

export const PromoCode = z.object({
  id: Id,
  code: z.string(),
  campaign: z.string(),
  discount: z.number().int(),
  discountType: z.enum(['percent', 'amount']),
  minOrderSum: z.number().int(),
  validTo: z.string(),
  usedAt: z.string().nullable(),
})
export type PromoCode = z.infer<typeof PromoCode>
export const PromoCodeList = z.array(PromoCode)
export type PromoCodeList = z.infer<typeof PromoCodeList>
/** A guest's code went by SMS to the phone named (masked here): the answer never holds the code. */
export const PromoCodeSent = z.object({ sentTo: z.string() })
export type PromoCodeSent = z.infer<typeof PromoCodeSent>
export const ReceivePromoRequest = z.object({
  code: text()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/),
  phone: Phone.optional(),
})

// ── Feature flags (spec 3, 4, 9) ──────────────────────────────────────────────────────────────────────

export const FlagEvaluationRequest = z.object({
  entityID: text().trim().min(1).max(100),
  flagID: z.number().int().positive(),
  entityContext: z.record(text(), storedJson()).optional(),
})
export const FlagEvaluation = z.object({
  flagID: z.number().int(),
  flagKey: z.string(),
  /** Null when the flag is switched off. */
  variantID: z.number().int().nullable(),
  variantKey: z.string().nullable(),
})
export type FlagEvaluation = z.infer<typeof FlagEvaluation>

// ── Events (spec 7.10) ────────────────────────────────────────────────────────────────────────────────

export const ActionParams = z.object({
  actionCode: text().regex(/^[A-Za-z0-9_.-]{1,64}$/),
})
/** The fields the spec names, and any others the client adds (kept as they came, so storable text only). */
export const ActionEvent = z
  .object({
    event_type: text().trim().min(1).max(64),
    subject: text().max(200).optional(),
    affiliation: text().max(32).default('web'),
    created_at: z.iso.datetime({ offset: true }).optional(),
  })
  .catchall(storedJson())
  .superRefine((event, ctx) => {
    for (const key of Object.keys(event))
      if (!isStorableText(key))
        ctx.addIssue({ code: 'custom', path: [key], message: UNSTORABLE_TEXT_MESSAGE })
  })
export const ActionAccepted = z.object({ id: Id, accepted: z.literal(true) })

// ── Order history (spec 3, 7.10) ──────────────────────────────────────────────────────────────────────

export const OrderStatus = z.enum(ORDER_STATUSES)
export type OrderStatus = OrderStatusValue

const IsoDate = z.iso.date()
export const OrderHistoryQuery = z
  .object({
    status: OrderStatus.optional(),
    dateFrom: IsoDate.optional(),
    dateTo: IsoDate.optional(),
    isOrganization: z.enum(['true', 'false']).optional(),
    limit: z.coerce.number().int().min(1).max(ORDER_PAGE_SIZE).default(ORDER_PAGE_SIZE),
    /** The page index, from 0 (spec 7.10: "skip (page index)"). */
    skip: z.coerce.number().int().min(0).max(10_000).default(0),
  })
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, {
    message: 'dateFrom is after dateTo',
    path: ['dateFrom'],
  })
export type OrderHistoryQuery = z.infer<typeof OrderHistoryQuery>

export const OrderItem = z.object({
  sku: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  price: z.number().int(),
  uri: z.string().nullable(),
})
export const OrderSummary = z.object({
  order_id: Id,
  number: z.string(),
  status: OrderStatus,
  created_at: z.string(),
  total: z.number().int(),
  city_id: z.number().int(),
  delivery_type: z.string(),
  isOrganization: z.boolean(),
  items: z.array(OrderItem),
})
export type OrderSummary = z.infer<typeof OrderSummary>
export const OrderHistory = z.object({
  orders: z.array(OrderSummary),
  /** How many of the shopper's orders are in each status (for the filter), regardless of the filter. */
  statuses: z.array(z.object({ status: OrderStatus, count: z.number().int() })),
  /** How many orders match the filter, over every page. */
  count: z.number().int(),
})
export type OrderHistory = z.infer<typeof OrderHistory>
