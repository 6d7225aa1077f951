import type { ProductType } from '../../../contract/catalog'
import type { DiscountKind, Rounding } from '../../../contract/values/cart'
import type { BenefitConditions, cashbackRules, giftCards, promotions } from '../../db/schema/cart'

/** The rows pricing reads, as plain data, so every rule is a pure function of them. */
export type PromotionRow = typeof promotions.$inferSelect
export type CashbackRuleRow = typeof cashbackRules.$inferSelect
export type GiftCardRow = typeof giftCards.$inferSelect

/** A product a promotion offers (a gift, a kit's part), as it stands in the cart's city. */
export interface OfferedProduct {
  id: number
  sku: string
  titleRu: string
  titleKk: string
  type: ProductType
  /** Shelf price in the city; null when the city does not sell it. */
  price: number | null
  /** In stock in the city. */
  inStock: boolean
  image: string | null
  categoryPath: number[]
  brandId: number | null
}

/**
 * A promo code's terms, from `promo_code_rules` or from a personal code of the account area (which has
 * an owner, no conditions and is spent once).
 */
export interface PromoCodeTerms {
  code: string
  discountKind: DiscountKind
  value: number
  rounding: Rounding
  maxDiscount: number | null
  minOrderSum: number
  conditions: BenefitConditions
  limitTotal: number | null
  limitPerUser: number | null
  validFrom: Date
  validTo: Date | null
  isActive: boolean
  /** Set for a personal code: its owner's user id (null while only a phone owns it). */
  personal: { ownerUserId: string | null; usedAt: Date | null } | null
}

/** Orders that already used a code: in all, and by the shopper at hand. */
export interface PromoCodeUsage {
  total: number
  byUser: number
}
