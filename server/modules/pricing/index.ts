/**
 * The pricing module's public face: the `app.pricing` service (a cart's prices for a buyer in a city,
 * and what a promotion, promo code or gift card would do), the rules other modules apply the same way
 * (a gift card's or a code's refusal, a promotion's price), and the types they exchange. The cart,
 * loans, promotions and marketing reach pricing through this file only (ESLint says so).
 */
export type { OfferedProduct, PromotionRow } from './benefit-data'
export { giftCardRefusal } from './gift-cards'
export { pricingModule } from './plugin'
export type { Pricing } from './pricing'
export { promoCodeRefusal } from './promo-code'
export { matchPromotions, promoPrice, promotionRunsIn, toPromotionProduct } from './promotions'
export { creditOf, deviceTitle, type TradeinDevice } from './tradein'
export type { CartPricing, PricedTradein, PricingInput, PricingLine, PricingResult } from './types'
