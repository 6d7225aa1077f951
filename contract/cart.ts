import { z } from 'zod'
import { ProductType, Sticker } from './catalog'
import { CityId, text } from './common'
import {
  CART_NOTICE_CODES,
  CART_TYPES,
  DISCOUNT_KINDS,
  LOAN_PRODUCT_TYPES,
  MARKETING_UNIT_TYPES,
  MAX_LINE_QUANTITY,
  PROMOTION_ENTITY_TYPES,
  PROMOTION_TYPES,
  ROUNDINGS,
  TRADEIN_CONDITIONS,
} from './values/cart'

export {
  CART_ERROR_KEYS,
  CART_NOTICE_CODES,
  CART_TYPES,
  CART_V2,
  CART_V3,
  CHECKOUT_V1,
  CPMS_V1,
  DISCOUNT_KINDS,
  LOAN_PRODUCT_TYPES,
  MARKETING_UNIT_TYPES,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  MAX_ORDER_SUM,
  PMS_V1,
  PROMOTION_ENTITY_TYPES,
  PROMOTION_TYPES,
  ROUNDINGS,
  SHARED_CART_IMAGE,
  TRADE_BASE,
  TRADEIN_CONDITIONS,
} from './values/cart'

/**
 * The cart service (`/cart/api/v2|v3`) and what prices a cart: promotions (`/pms/api/v1`,
 * `/checkout/api/v1/promotions`), promo codes and gift cards (`/marketing/api/v1`) and the loan calculator
 * (`/api/cpms/v1`). Field names follow purchase-flow.md section 3 (camelCase there, snake_case where the
 * spec's requests show it). Money is integer tenge; every sum is computed by the server.
 */

const Money = z.number().int()
const Sku = text()
  .trim()
  .regex(/^[0-9]{1,20}$/, 'a sku is digits')
/** A cart id is a UUID; anything else is refused before it reaches the database. */
export const CartId = z.uuid()
export const CartIdParams = z.object({ id: CartId })
export const CartCityQuery = z.object({ city_id: CityId.default(1) })
export const Quantity = z.number().int().min(1).max(MAX_LINE_QUANTITY)

// ── Cart ──────────────────────────────────────────────────────────────────────────────────────────────

/** The old device the shopper hands over for a line's product, and what it takes off the line now. */
export const CartTradein = z.object({
  deviceKind: z.string(),
  condition: z.enum(TRADEIN_CONDITIONS),
  /** The kind of device, in the request's language. */
  title: z.string(),
  /** Tenge off the line: the device's credit, at most the line's total; 0 while the line is not active. */
  credit: Money,
})
export type CartTradein = z.infer<typeof CartTradein>

export const CartProduct = z.object({
  id: z.number().int(),
  sku: z.string(),
  uri: z.string(),
  title: z.string(),
  brand: z.string().nullable(),
  categories: z.array(z.string()),
  /** City price of one unit, after a kit's discount on this line. */
  price: Money,
  oldPrice: Money.nullable(),
  totalPrice: Money,
  totalOldPrice: Money.nullable(),
  priceUsd: z.number(),
  quantity: z.number().int(),
  /** Units the cart's city holds; a quantity above it is refused with 409. */
  availableQuantity: z.number().int(),
  /** Chosen for the order: the shopper's tick, and only while available. */
  isActive: z.boolean(),
  isAvailable: z.boolean(),
  type: ProductType,
  merchant: z.string(),
  showcase: z.boolean(),
  onlyPrepayment: z.boolean(),
  /** The old device handed over for this line, or null. */
  tradein: CartTradein.nullable(),
  /** The product takes an old device in the cart's city (`GET /trade/product-link` says which). */
  tradeinAvailable: z.boolean(),
  hasGuaranty: z.boolean(),
  esdKeys: z.boolean(),
  isGiftcard: z.boolean(),
  referenceProductSku: z.string().nullable(),
  referenceProductId: z.number().int().nullable(),
  stickers: z.array(Sticker),
  /** Bonuses returned after the purchase of this line, tenge. */
  cashback: Money,
  discount: z.number().int(),
  images: z.array(z.string()),
})
export type CartProduct = z.infer<typeof CartProduct>

export const PromotionProduct = z.object({
  sku: z.string(),
  title: z.string(),
  type: ProductType,
  /** Shelf price and the price inside the promotion (0 for a gift). */
  price: Money,
  promoPrice: Money,
  images: z.array(z.string()),
  isAvailable: z.boolean(),
  isChosen: z.boolean(),
})
export type PromotionProduct = z.infer<typeof PromotionProduct>

export const PromotionRule = z.object({
  id: z.number().int(),
  title: z.string(),
  products: z.array(PromotionProduct),
})

/** A promotion the cart qualifies for, with its rules, their products and what the shopper chose. */
export const CartPromotion = z.object({
  promoId: z.number().int(),
  ruleId: z.number().int().nullable(),
  type: z.enum(PROMOTION_TYPES),
  title: z.string(),
  mainEntityType: z.enum(PROMOTION_ENTITY_TYPES),
  referenceProductSku: z.string(),
  referenceProductId: z.number().int(),
  isRequired: z.boolean(),
  hasBenefitProducts: z.boolean(),
  /** Applied: its chosen products are in the totals. */
  isApplied: z.boolean(),
  rules: z.array(PromotionRule),
  result: z.object({ products: z.array(PromotionProduct) }),
  /** What the promotion takes off the cart: a kit's discount, a gift's shelf price. */
  economy: Money,
})
export type CartPromotion = z.infer<typeof CartPromotion>

export const MarketingUnit = z.object({
  code: z.string(),
  type: z.enum(MARKETING_UNIT_TYPES),
  operationId: z.string(),
  /** What it takes off this cart now, tenge. */
  amount: Money,
  /** A gift card's balance left after this cart; null for a promo code. */
  balance: Money.nullable(),
})
export type MarketingUnit = z.infer<typeof MarketingUnit>

export const PromoCodeInfo = z.object({
  code: z.string(),
  discountType: z.enum(DISCOUNT_KINDS),
  value: z.number().int(),
  rounding: z.enum(ROUNDINGS),
  sum: Money,
  /** Only the products the code's conditions allow. */
  applicableSkus: z.array(z.string()),
})

export const CartNotice = z.object({
  code: z.enum(CART_NOTICE_CODES),
  /** An i18n key. */
  message: z.string(),
  sku: z.string().optional(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
})
export type CartNotice = z.infer<typeof CartNotice>

export const Cart = z.object({
  id: CartId,
  cityId: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Goes up by one with every change; a client can tell a stale copy. */
  version: z.number().int(),
  cartType: z.enum(CART_TYPES),
  products: z.array(CartProduct),
  /** Service lines (installation, warranty), each for a product in `products`. */
  services: z.array(CartProduct),
  promotions: z.array(CartPromotion),
  marketingUnits: z.array(MarketingUnit),
  promoCodeInfo: PromoCodeInfo.nullable(),
  /** Active lines at the city's shelf price. */
  subTotalSum: Money,
  /** Old prices, kits, gifts and the promo code: everything the shopper saves. */
  economySum: Money,
  promoCodeSum: Money,
  /** The credits of the old devices handed over (trade-in), after the promo code. */
  tradeinSum: Money,
  giftCardSum: Money,
  bonusSum: Money,
  /** Chosen at checkout; 0 in the cart. */
  deliverySum: Money,
  grandTotalSum: Money,
  /** Bonuses the purchase returns. */
  cashbackSum: Money,
  /** Units the shopper buys: the lines' quantities and the parts of the kits added to the order. */
  productCount: z.number().int(),
  /** The same of the active lines only: the units the goods sum is for. */
  activeProductsCount: z.number().int(),
  /** Above the maximum order sum: checkout refuses until lines are removed. */
  exceedsMaxOrderSum: z.boolean(),
  /** An active line came from the PC configurator to be assembled: delivery is asked with assembly_pc. */
  assemblyPc: z.boolean(),
  /** What changed on its own since the shopper's last change; shown once. */
  notices: z.array(CartNotice),
})
export type Cart = z.infer<typeof Cart>

// ── Requests ──────────────────────────────────────────────────────────────────────────────────────────

export const CreateCartRequest = z.object({ city_id: CityId })

export const CartProductInput = z.object({
  sku: Sku,
  quantity: Quantity,
  /** A service's product (installation for this washing machine). */
  reference_product_sku: Sku.optional(),
  is_active: z.boolean().optional(),
})
export type CartProductInput = z.infer<typeof CartProductInput>

/** POST v3 adds to what is there; PUT v2 sets the quantities as given. */
export const CartProductsRequest = z.object({
  city_id: CityId,
  products: z.array(CartProductInput).min(1).max(50),
})
export type CartProductsRequest = z.infer<typeof CartProductsRequest>

export const RemoveProductQuery = z.object({
  city_id: CityId.default(1),
  /** The product's id or sku. */
  product_id: text().trim().min(1).max(40),
})

export const ProductsBatchRequest = z.object({
  city_id: CityId,
  /** Everything from the PC configurator: added all together or not at all. */
  assembly_pc: z.boolean().default(false),
  products: z.array(CartProductInput).min(1).max(50),
})

export const PromotionChoice = z.object({
  id: z.number().int(),
  referenceProductId: z.number().int().optional(),
  referenceProductSku: Sku,
  rules: z
    .array(
      z.object({
        id: z.number().int(),
        chosenProducts: z
          .array(z.object({ sku: Sku, type: text().optional(), isAvailable: z.boolean().optional() }))
          .max(10),
      }),
    )
    .max(10),
})
export type PromotionChoice = z.infer<typeof PromotionChoice>
export const PromotionsRequest = z.object({
  city_id: CityId,
  promotions: z.array(PromotionChoice).min(1).max(20),
})
export const RemovePromotionQuery = z.object({
  city_id: CityId.default(1),
  promotion_id: z.coerce.number().int(),
  reference_product_sku: Sku.optional(),
})

const UnitCode = text()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and -')
export const AddMarketingUnitRequest = z.object({
  city_id: CityId,
  unitType: z.enum(MARKETING_UNIT_TYPES),
  code: UnitCode,
  operationId: text().min(1).max(64).optional(),
})
export const RemoveMarketingUnitRequest = z.object({
  city_id: CityId,
  unitType: z.enum(MARKETING_UNIT_TYPES),
  operationId: text().min(1).max(64),
})

/** PUT .../cart: what belongs to the whole cart, not a line (the city, bonuses to spend). */
export const CartSettingsRequest = z.object({
  city_id: CityId,
  bonusAmount: z.number().int().min(0).max(10_000_000).optional(),
})

const DeviceKind = text()
  .trim()
  .regex(/^[a-z_]{1,40}$/, 'a device kind')

/** PUT .../tradein: the old device the shopper hands over for a line (a new choice replaces it). */
export const TradeinRequest = z.object({
  city_id: CityId,
  sku: Sku,
  device_kind: DeviceKind,
  condition: z.enum(TRADEIN_CONDITIONS),
})
export const RemoveTradeinQuery = z.object({ city_id: CityId.default(1), sku: Sku })

// ── Trade-in (GET /trade/product-link) ───────────────────────────────────────────────────────────────

export const TradeProductLinkQuery = z.object({
  city_id: CityId,
  sku: Sku,
  /** A shop (service point id) the shopper means to bring the device to: it must take old devices. */
  trade_shop: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
})

export const TradeinDeviceOffer = z.object({
  kind: z.string(),
  title: z.string(),
  /** Tenge off the product for a device that works, and for a damaged one (taken for parts). */
  credits: z.object({ working: Money, damaged: Money }),
})
export const TradeinShop = z.object({
  service_point_id: z.number().int(),
  title: z.string(),
  address: z.string(),
  work_hours: z.string(),
})
export const TradeProductLink = z.object({
  sku: z.string(),
  city_id: z.number().int(),
  /** The product takes an old device in this city (and at `shop`, when one was asked about). */
  available: z.boolean(),
  /** The city's shelf price, before any credit. */
  price: Money.nullable(),
  /** The old devices the product takes, with their credits; empty when not available. */
  devices: z.array(TradeinDeviceOffer),
  /** The largest credit: what the product can cost less at most. */
  max_credit: Money,
  /** The city's shops that take old devices: a trade-in order is collected at one of them. */
  shops: z.array(TradeinShop),
  /** The shop asked about (`trade_shop`). */
  shop: TradeinShop.nullable(),
})
export type TradeProductLink = z.infer<typeof TradeProductLink>

export const DeletedCart = z.object({ deleted: z.literal(true) })

// ── Shared carts ──────────────────────────────────────────────────────────────────────────────────────

export const SharedCartRequest = z.object({
  city_id: CityId.default(1),
  items: z
    .array(z.object({ sku: Sku, quantity: Quantity }))
    .min(1)
    .max(100),
})
export const SharedCartCreated = z.object({ shared_cart_id: z.string() })
export const SharedCartParams = z.object({ id: text().regex(/^[A-Za-z0-9]{6,32}$/) })
export const SharedCartItem = z.object({
  sku: z.string(),
  uri: z.string(),
  title: z.string(),
  type: ProductType,
  /** 272x272 image address. */
  image: z.string().nullable(),
  price: Money,
  oldPrice: Money.nullable(),
  stickers: z.array(Sticker),
  isActive: z.boolean(),
  quantity: z.number().int(),
})
export const SharedCart = z.object({
  shared_cart_id: z.string(),
  cityId: z.number().int(),
  items: z.array(SharedCartItem),
})
export type SharedCart = z.infer<typeof SharedCart>

// ── Promotions, promo codes, gift cards ───────────────────────────────────────────────────────────────

export const PromotionSummary = z.object({
  id: z.number().int(),
  type: z.enum(PROMOTION_TYPES),
  title: z.string(),
  description: z.string(),
  mainEntityType: z.enum(PROMOTION_ENTITY_TYPES),
  validFrom: z.string(),
  validTo: z.string().nullable(),
})
export const PromotionDetail = PromotionSummary.extend({
  rules: z.array(PromotionRule),
  /** The products the promotion is for (up to 24, in the city). */
  products: z.array(PromotionProduct),
})
export const PromotionIdParams = z.object({ id: z.coerce.number().int().min(1) })
export const ProductPromotionsRequest = z.object({
  city_id: CityId,
  products: z
    .array(z.object({ sku: Sku, quantity: Quantity.optional() }))
    .min(1)
    .max(100),
})
export const ProductPromotions = z.array(CartPromotion)

export const MarketingCodeParams = z.object({ code: UnitCode })
export const GiftCardInfo = z.object({
  code: z.string(),
  balance: Money,
  validTo: z.string().nullable(),
})
export const PromoCodeCheckRequest = z.object({ city_id: CityId.default(1), cart_id: CartId.optional() })
export const PromoCodeCheck = z.object({
  code: z.string(),
  discountType: z.enum(DISCOUNT_KINDS),
  value: z.number().int(),
  rounding: z.enum(ROUNDINGS),
  minOrderSum: Money,
  validTo: z.string().nullable(),
  /** With cart_id: what the code would take off that cart now. */
  sum: Money.nullable(),
})

// ── Loan calculator ───────────────────────────────────────────────────────────────────────────────────

export const LoanCalculatorRequest = z.object({
  city_id: CityId,
  goods: z
    .array(
      z.object({
        sku: Sku,
        quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
        price: Money.min(0).optional(),
        amount: Money.min(0).optional(),
      }),
    )
    .min(1)
    .max(100),
})
export const LoanOffer = z.object({
  bankCode: z.string(),
  bankTitle: z.string(),
  productType: z.enum(LOAN_PRODUCT_TYPES),
  /** '0-0-12' for an installment, 'loan-24' for a loan. */
  code: z.string(),
  months: z.number().int(),
  /** Yearly rate in percent; 0 for an installment. */
  rate: z.number(),
  monthlyPayment: Money,
  total: Money,
})
export type LoanOffer = z.infer<typeof LoanOffer>
export const LoanCalculation = z.object({
  amount: Money,
  installments: z.array(LoanOffer),
  loans: z.array(LoanOffer),
})
export type LoanCalculation = z.infer<typeof LoanCalculation>

// ── Promotion registration of a paid order (POST /marketing/api/v1/promotions/register) ───────────────

export const PromotionRegisterRequest = z.object({ orderId: z.uuid() })
export const PromotionRegistration = z.object({
  orderId: z.string(),
  /** The promotions the order now takes part in (the same answer when asked again). */
  promotions: z.array(
    z.object({ promoId: z.number().int(), title: z.string(), type: z.enum(PROMOTION_TYPES) }),
  ),
})
export type PromotionRegistration = z.infer<typeof PromotionRegistration>
