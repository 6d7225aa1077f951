import { describe, expect, it } from 'vitest'
import { cashbackOf, cashbackPercent } from './cashback'
import { cashbackRule, NOW, PAST } from './fixtures'

describe('cashback', () => {
  const subject = { productId: 1, categoryPath: [10, 1], brandId: 5 }

  it('takes the best running rule the product meets', () => {
    const rules = [
      cashbackRule({ id: 1, percent: 5, conditions: { brandIds: [5] } }),
      cashbackRule({ id: 2, percent: 7, conditions: { categoryIds: [1] } }),
      cashbackRule({ id: 3, percent: 20, conditions: { brandIds: [6] } }),
      cashbackRule({ id: 4, percent: 30, validTo: PAST }),
    ]
    expect(cashbackPercent(rules, subject, NOW)).toBe(7)
    expect(cashbackPercent([], subject, NOW)).toBe(0)
  })

  it('is a floored percent of what is paid in money', () => {
    expect(cashbackOf(12_345, 5)).toBe(617)
    expect(cashbackOf(-10, 5)).toBe(0)
  })
})
