import { describe, expect, it } from 'vitest'
import { matchesConditions } from './conditions'

describe('the conditions of a promo code or a cashback rule', () => {
  const samsungPhone = { productId: 7, categoryPath: [31, 3, 1], brandId: 5 }

  it('does not limit when empty', () => {
    expect(matchesConditions({}, samsungPhone)).toBe(true)
    expect(matchesConditions({ productIds: [], categoryIds: [], brandIds: [] }, samsungPhone)).toBe(true)
  })

  it('matches a product, a category or any of its ancestors, a brand', () => {
    expect(matchesConditions({ productIds: [7] }, samsungPhone)).toBe(true)
    expect(matchesConditions({ productIds: [8] }, samsungPhone)).toBe(false)
    expect(matchesConditions({ categoryIds: [1] }, samsungPhone)).toBe(true)
    expect(matchesConditions({ categoryIds: [32] }, samsungPhone)).toBe(false)
    expect(matchesConditions({ brandIds: [5] }, samsungPhone)).toBe(true)
    expect(matchesConditions({ brandIds: [5] }, { ...samsungPhone, brandId: null })).toBe(false)
  })

  it('wants every list it has to hold', () => {
    expect(matchesConditions({ categoryIds: [3], brandIds: [5] }, samsungPhone)).toBe(true)
    expect(matchesConditions({ categoryIds: [3], brandIds: [6] }, samsungPhone)).toBe(false)
  })
})
