import { describe, expect, it } from 'vitest'
import { CART_ERROR_KEYS } from '../../../contract/values/cart'
import { FUTURE, NOW, PAST, terms } from './fixtures'
import { evaluatePromoCode, type PayableItem, promoCodeDiscount, promoCodeRefusal } from './promo-code'

const guest = { userId: null, now: NOW, usage: { total: 0, byUser: 0 } }
const shopper = { ...guest, userId: 'u1' }
const item = (over: Partial<PayableItem> = {}): PayableItem => ({
  sku: '1001',
  productId: 1,
  categoryPath: [10, 1],
  brandId: 5,
  total: 100_000,
  ...over,
})

const refusal = (...args: Parameters<typeof promoCodeRefusal>) => {
  const error = promoCodeRefusal(...args)
  return error && [error.statusCode, error.message]
}

describe('whether a promo code may be used now', () => {
  it('refuses an unknown code with 404', () => {
    expect(refusal(null, guest)).toEqual([404, CART_ERROR_KEYS.promoCodeNotFound])
  })

  it('refuses a code past its date or switched off (expired) and one not started yet', () => {
    expect(refusal(terms({ validTo: PAST }), guest)).toEqual([422, CART_ERROR_KEYS.promoCodeExpired])
    expect(refusal(terms({ isActive: false }), guest)).toEqual([422, CART_ERROR_KEYS.promoCodeExpired])
    expect(refusal(terms({ validFrom: FUTURE }), guest)).toEqual([422, CART_ERROR_KEYS.promoCodeNotStarted])
    expect(refusal(terms({ validTo: null }), guest)).toBeNull()
  })

  it('counts the total limit over every order that used it', () => {
    const limited = terms({ limitTotal: 3 })
    expect(refusal(limited, { ...guest, usage: { total: 2, byUser: 0 } })).toBeNull()
    expect(refusal(limited, { ...guest, usage: { total: 3, byUser: 0 } })).toEqual([
      422,
      CART_ERROR_KEYS.promoCodeLimitReached,
    ])
  })

  it('wants a signed-in shopper for a per-shopper limit, and counts their orders', () => {
    const once = terms({ limitPerUser: 1 })
    expect(refusal(once, guest)).toEqual([422, CART_ERROR_KEYS.promoCodeLimitReached])
    expect(refusal(once, shopper)).toBeNull()
    expect(refusal(once, { ...shopper, usage: { total: 5, byUser: 1 } })).toEqual([
      422,
      CART_ERROR_KEYS.promoCodeLimitReached,
    ])
  })

  it('lets only its owner use a personal code, and only until it is used', () => {
    const personal = terms({ personal: { ownerUserId: 'u1', usedAt: null } })
    expect(refusal(personal, shopper)).toBeNull()
    expect(refusal(personal, { ...shopper, userId: 'u2' })).toEqual([422, CART_ERROR_KEYS.promoCodeForeign])
    expect(refusal(personal, guest)).toEqual([422, CART_ERROR_KEYS.promoCodeForeign])
    expect(refusal(terms({ personal: { ownerUserId: null, usedAt: null } }), shopper)).toEqual([
      422,
      CART_ERROR_KEYS.promoCodeForeign,
    ])
    expect(refusal(terms({ personal: { ownerUserId: 'u1', usedAt: PAST } }), shopper)).toEqual([
      422,
      CART_ERROR_KEYS.promoCodeLimitReached,
    ])
  })
})

describe('what a promo code takes off', () => {
  it('takes a fixed sum, never more than the eligible sum', () => {
    expect(promoCodeDiscount(terms({ discountKind: 'fix', value: 5_000 }), 20_000)).toBe(5_000)
    expect(promoCodeDiscount(terms({ discountKind: 'fix', value: 5_000 }), 3_000)).toBe(3_000)
  })

  it('takes a percent rounded as its rule says, capped by max_discount', () => {
    expect(promoCodeDiscount(terms({ value: 10, rounding: 'floor' }), 12_345)).toBe(1_234)
    expect(promoCodeDiscount(terms({ value: 10, rounding: 'ceil' }), 12_345)).toBe(1_235)
    expect(promoCodeDiscount(terms({ value: 10, rounding: 'round' }), 12_345)).toBe(1_235)
    expect(promoCodeDiscount(terms({ value: 10, maxDiscount: 50_000 }), 1_000_000)).toBe(50_000)
  })
})

describe('a promo code against what the shopper buys', () => {
  it('applies to the items its conditions allow: products, categories with their ancestors, brands', () => {
    const items = [
      item(),
      item({ sku: '1002', productId: 2, categoryPath: [20, 2], brandId: 6, total: 50_000 }),
    ]
    const byCategory = evaluatePromoCode(terms({ conditions: { categoryIds: [1] } }), items, guest)
    expect(byCategory).toMatchObject({
      ok: true,
      eligibleSum: 100_000,
      sum: 10_000,
      applicableSkus: ['1001'],
    })
    const byBrand = evaluatePromoCode(terms({ conditions: { brandIds: [6] } }), items, guest)
    expect(byBrand).toMatchObject({ ok: true, eligibleSum: 50_000, applicableSkus: ['1002'] })
    const byProduct = evaluatePromoCode(terms({ conditions: { productIds: [1, 2] } }), items, guest)
    expect(byProduct).toMatchObject({ ok: true, eligibleSum: 150_000, sum: 15_000 })
    const both = evaluatePromoCode(terms({ conditions: { categoryIds: [1], brandIds: [6] } }), items, guest)
    expect(both).toMatchObject({ ok: false })
  })

  it('refuses a code none of the items meets', () => {
    const outcome = evaluatePromoCode(terms({ conditions: { brandIds: [99] } }), [item()], guest)
    expect(!outcome.ok && [outcome.error.statusCode, outcome.error.message]).toEqual([
      422,
      CART_ERROR_KEYS.promoCodeNotApplicable,
    ])
    expect(evaluatePromoCode(terms(), [], guest).ok).toBe(false)
  })

  it('refuses an eligible sum below the minimum order sum, telling the minimum', () => {
    const outcome = evaluatePromoCode(terms({ minOrderSum: 20_000 }), [item({ total: 19_999 })], guest)
    expect(!outcome.ok && [outcome.error.statusCode, outcome.error.message, outcome.error.details]).toEqual([
      422,
      CART_ERROR_KEYS.promoCodeMinSum,
      { min: 20_000 },
    ])
    expect(evaluatePromoCode(terms({ minOrderSum: 20_000 }), [item({ total: 20_000 })], guest).ok).toBe(true)
  })

  it('checks who may use it before what it applies to', () => {
    const outcome = evaluatePromoCode(
      terms({ validTo: PAST, conditions: { brandIds: [99] } }),
      [item()],
      guest,
    )
    expect(!outcome.ok && outcome.error.message).toBe(CART_ERROR_KEYS.promoCodeExpired)
  })
})
