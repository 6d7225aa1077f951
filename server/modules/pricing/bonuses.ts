/** The default share of a sum bonuses may pay, when `benefit_settings` has no bonus_max_percent. */
export const DEFAULT_BONUS_MAX_PERCENT = 30

/**
 * Bonuses a shopper may spend on a cart: their spendable balance, at most `maxPercent` percent (floored)
 * of the sum left after the promo code, and never more than is left to pay after gift cards.
 */
export function allowedBonus(input: {
  balance: number
  maxPercent: number
  sumAfterPromoCode: number
  leftToPay: number
}): number {
  const cap = Math.floor((Math.max(0, input.sumAfterPromoCode) * input.maxPercent) / 100)
  return Math.max(0, Math.min(input.balance, cap, input.leftToPay))
}
