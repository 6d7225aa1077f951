import type { Rounding } from '../../../contract/values/cart'

/** Rounds a fractional tenge amount the way a promo code's rule says. */
export function roundMoney(value: number, rounding: Rounding): number {
  // a product of integers divided by 100 can land a hair off the whole number it means (0.29 * 100)
  const cleaned = Math.round(value * 1e6) / 1e6
  if (rounding === 'ceil') return Math.ceil(cleaned)
  if (rounding === 'floor') return Math.floor(cleaned)
  return Math.round(cleaned)
}

/** `percent` percent of an integer sum, rounded as asked. */
export function percentOf(sum: number, percent: number, rounding: Rounding): number {
  return roundMoney((sum * percent) / 100, rounding)
}
