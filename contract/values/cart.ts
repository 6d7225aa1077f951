/** The cart's base paths, code lists and limits (see contract/cart.ts for the schemas built from them). */

export const CART_V2 = '/cart/api/v2'
export const CART_V3 = '/cart/api/v3'
export const PMS_V1 = '/pms/api/v1'
export const CHECKOUT_V1 = '/checkout/api/v1'
export const CPMS_V1 = '/api/cpms/v1'

/** Purchase flow 5 and 9: no order, so no cart, may come to more than this many tenge. */
export const MAX_ORDER_SUM = 2_000_000
/** One line's quantity never goes above this, whatever the stock says. */
export const MAX_LINE_QUANTITY = 99
/** Distinct lines in one cart. */
export const MAX_CART_LINES = 100

export const CART_TYPES = ['anonymous', 'named'] as const
export type CartType = (typeof CART_TYPES)[number]

export const PROMOTION_TYPES = ['gift', 'kit'] as const
export type PromotionType = (typeof PROMOTION_TYPES)[number]

/** The parts of the kits added to the order: bought with their reference line, one unit each. */
export const appliedKitParts = <P>(
  promotions: readonly { type: PromotionType; isApplied: boolean; result: { products: P[] } }[],
): P[] => promotions.filter((p) => p.type === 'kit' && p.isApplied).flatMap((p) => p.result.products)

/** What a promotion hangs on: one product, every product of a category, or of a brand. */
export const PROMOTION_ENTITY_TYPES = ['product', 'category', 'brand'] as const
export type PromotionEntityType = (typeof PROMOTION_ENTITY_TYPES)[number]

/** Spec 3, Marketing unit: coupon kinds. */
export const MARKETING_UNIT_TYPES = ['promo_code', 'gift_card'] as const
export type MarketingUnitType = (typeof MARKETING_UNIT_TYPES)[number]

export const DISCOUNT_KINDS = ['fix', 'percent'] as const
export type DiscountKind = (typeof DISCOUNT_KINDS)[number]

export const ROUNDINGS = ['ceil', 'floor', 'round'] as const
export type Rounding = (typeof ROUNDINGS)[number]

/** The condition of an old device handed over for trade-in: its credit depends on it. */
export const TRADEIN_CONDITIONS = ['working', 'damaged'] as const
export type TradeinCondition = (typeof TRADEIN_CONDITIONS)[number]

/** The trade-in service (`GET /trade/product-link`). */
export const TRADE_BASE = '/trade'

export const LOAN_PRODUCT_TYPES = ['installment', 'loan'] as const
export type LoanProductType = (typeof LOAN_PRODUCT_TYPES)[number]

/**
 * What the server tells the shopper about a change it made on its own (purchase flow 4): a quantity cut to
 * the stock, a promo code removed because the products changed, a benefit that is no longer available
 * (the benefit limit modal), a line merged from the guest cart.
 */
export const CART_NOTICE_CODES = [
  'quantityCapped',
  'promoCodeRemoved',
  'benefitCleared',
  'productUnavailable',
  'merged',
] as const
export type CartNoticeCode = (typeof CART_NOTICE_CODES)[number]

/** The error message keys of the cart and its benefits; the client translates them. */
export const CART_ERROR_KEYS = {
  /** 409 on add: details.count is the quantity available in the cart's city. */
  availableInTotal: 'cart:availableInTotal',
  notFound: 'cart:notFound',
  forbidden: 'cart:forbidden',
  productNotFound: 'cart:productNotFound',
  serviceWithoutProduct: 'cart:serviceWithoutProduct',
  maxOrderSum: 'cart:maxOrderSum',
  tooManyLines: 'cart:tooManyLines',
  promoCodeNotFound: 'cart:promoCodeNotFound',
  promoCodeExpired: 'cart:promoCodeExpired',
  promoCodeNotStarted: 'cart:promoCodeNotStarted',
  promoCodeLimitReached: 'cart:promoCodeLimitReached',
  promoCodeNotApplicable: 'cart:promoCodeNotApplicable',
  promoCodeForeign: 'cart:promoCodeForeign',
  promoCodeMinSum: 'cart:promoCodeMinSum',
  giftCardNotFound: 'cart:giftCardNotFound',
  giftCardNoBalance: 'cart:giftCardNoBalance',
  giftCardExpired: 'cart:giftCardExpired',
  bonusUnauthorized: 'cart:bonusUnauthorized',
  bonusTooMany: 'cart:bonusTooMany',
  promotionNotFound: 'cart:promotionNotFound',
  promotionChoiceInvalid: 'cart:promotionChoiceInvalid',
  sharedCartNotFound: 'cart:sharedCartNotFound',
  /** 422: the line's product takes no old device in the cart's city (or the line is not in the cart). */
  tradeinUnavailable: 'cart:tradeinUnavailable',
  /** 422: the product does not take this kind of old device. */
  tradeinDeviceNotAccepted: 'cart:tradeinDeviceNotAccepted',
  /** 422 (GET /trade/product-link): the shop takes no old devices, or is not in the city. */
  tradeinShopInvalid: 'cart:tradeinShopInvalid',
  idempotencyInProgress: 'errors:requestInProgress',
  idempotencyMismatch: 'errors:idempotencyKeyReused',
} as const

/** The shared cart's image size (purchase flow 9). */
export const SHARED_CART_IMAGE = 272
