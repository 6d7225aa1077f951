import { describe, expect, it } from 'vitest'
import { allowedBonus } from './bonuses'

describe('bonuses a cart allows', () => {
  const base = { balance: 100_000, maxPercent: 30, sumAfterPromoCode: 100_000, leftToPay: 100_000 }

  it('caps at the percent (floored) of the sum left after the promo code', () => {
    expect(allowedBonus(base)).toBe(30_000)
    expect(allowedBonus({ ...base, sumAfterPromoCode: 33_333, leftToPay: 33_333 })).toBe(9_999)
  })

  it('never goes above the balance or what is left to pay after gift cards', () => {
    expect(allowedBonus({ ...base, balance: 1_000 })).toBe(1_000)
    expect(allowedBonus({ ...base, leftToPay: 500 })).toBe(500)
    expect(allowedBonus({ ...base, leftToPay: 0 })).toBe(0)
  })
})
