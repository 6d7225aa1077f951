import type { CartPromotion, MarketingUnit } from '../../../contract/cart'
import type { ProductType } from '../../../contract/catalog'
import type { Lang } from '../../../contract/common'
import type {
  StoredMarketingUnit,
  StoredNotice,
  StoredPromotionChoice,
  StoredTradein,
} from '../../db/schema/cart'
import type { TradeinCondition } from '../../../contract/values/cart'

/**
 * The seam between the cart (lines, stock, locking, idempotency) and what prices it (promotions, promo
 * codes, gift cards, bonuses, cashback). The cart hands over its lines with their city prices; pricing
 * answers every sum and what it had to clear. Pricing never writes the cart: the cart saves `cleared`.
 */

/** A cart line with what pricing needs of its product, at the cart city's shelf price. */
export interface PricingLine {
  productId: number
  sku: string
  type: ProductType
  categoryId: number
  /** The category and its ancestors, so a condition on a parent category matches. */
  categoryPath: number[]
  brandId: number | null
  price: number
  oldPrice: number | null
  quantity: number
  /** The shopper's tick and in stock: only active lines are priced (purchase flow 5). */
  isActive: boolean
  referenceProductId: number | null
}

export interface PricingInput {
  cartId: string
  cityId: number
  /** The named cart's owner; null for an anonymous cart. */
  userId: string | null
  now: Date
  lang: Lang
  lines: PricingLine[]
  promotionChoices: StoredPromotionChoice[]
  marketingUnits: StoredMarketingUnit[]
  bonusAmount: number
  /** Old devices the shopper hands over, one per line at most. */
  tradeins: StoredTradein[]
}

/** A line's old device as priced: what it is, and what comes off the line for it now. */
export interface PricedTradein {
  deviceKind: string
  condition: TradeinCondition
  /** The device kind's name in the request's language. */
  title: string
  /** Tenge off the line; 0 while the line is not active. */
  credit: number
}

/** What pricing did to one line. */
export interface PricedLine {
  productId: number
  /** Unit price after a kit's discount on this line. */
  unitPrice: number
  totalPrice: number
  totalOldPrice: number | null
  /** Bonuses this line returns after the purchase. */
  cashback: number
  /** Percent off the old price, or off the shelf price inside a kit. */
  discount: number
  /** The product takes an old device in the cart's city. */
  tradeinAvailable: boolean
  tradein: PricedTradein | null
}

export interface PricingSums {
  subTotalSum: number
  economySum: number
  promoCodeSum: number
  /** What the old devices handed over take off, after the promo code. */
  tradeinSum: number
  giftCardSum: number
  bonusSum: number
  grandTotalSum: number
  cashbackSum: number
}

export interface PricingResult {
  lines: PricedLine[]
  promotions: CartPromotion[]
  marketingUnits: MarketingUnit[]
  promoCodeInfo: {
    code: string
    discountType: 'fix' | 'percent'
    value: number
    rounding: 'ceil' | 'floor' | 'round'
    sum: number
    applicableSkus: string[]
  } | null
  sums: PricingSums
  /**
   * What no longer applies and must leave the cart (a promo code past its date, a gift card spent
   * elsewhere, bonuses above the cap): the cart saves these values and shows the notices once.
   */
  cleared: {
    promotionChoices?: StoredPromotionChoice[]
    marketingUnits?: StoredMarketingUnit[]
    bonusAmount?: number
    tradeins?: StoredTradein[]
  }
  notices: StoredNotice[]
}

export interface CartPricing {
  price(input: PricingInput): Promise<PricingResult>
  /**
   * Throws an HttpError (404 unknown code, 422 expired, spent, over its limit, not for these products,
   * another shopper's) when the unit cannot be added to this cart; the cart is then left as it was.
   */
  checkMarketingUnit(unit: StoredMarketingUnit, input: PricingInput): Promise<void>
  /** Throws an HttpError (404 unknown promotion, 422 a choice outside the rule) for a bad selection. */
  checkPromotionChoice(choice: StoredPromotionChoice, input: PricingInput): Promise<void>
  /** Throws 422 when the line's product takes no such old device in the cart's city. */
  checkTradein(choice: StoredTradein, input: PricingInput): Promise<void>
  /** Throws 401/422 when the shopper may not spend this many bonuses on this cart. */
  checkBonusAmount(amount: number, input: PricingInput): Promise<void>
}
