/**
 * The pricing module's public face: what prices a cart (its lines at the city's shelf prices, for a
 * buyer) and what a promotion, promo code or gift card would do. The cart, loans, promotions and
 * marketing reach pricing through this file only (ESLint says so); everything else here is its inside.
 */
export type { LoanProductRow, OfferedProduct, PromotionRow } from './benefit-data'
export { giftCardRefusal } from './gift-cards'
export { promoCodeFor, promotionsFor, createCartPricing } from './pricing'
export { promoCodeRefusal } from './promo-code'
export { matchPromotions, promoPrice, promotionRunsIn, toPromotionProduct } from './promotions'
export { categoryPath, createBenefitRepo, createBenefitTablesCache, type BenefitRepo } from './repo'
export type { CartPricing, PricingInput, PricingLine, PricingResult } from './types'
