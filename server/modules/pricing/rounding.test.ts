import { describe, expect, it } from 'vitest'
import { percentOf, roundMoney } from './rounding'

describe('rounding of promo code discounts', () => {
  it('rounds up, down or to the nearest tenge as the rule says', () => {
    expect([roundMoney(10.2, 'ceil'), roundMoney(10.2, 'floor'), roundMoney(10.2, 'round')]).toEqual([
      11, 10, 10,
    ])
    expect([roundMoney(10.5, 'ceil'), roundMoney(10.5, 'floor'), roundMoney(10.5, 'round')]).toEqual([
      11, 10, 11,
    ])
  })

  it('leaves whole sums alone, even when floating point lands a hair off them', () => {
    expect(percentOf(29, 100, 'ceil')).toBe(29)
    expect(percentOf(1_000, 7, 'floor')).toBe(70)
    expect(roundMoney(0.29 * 100, 'floor')).toBe(29)
  })

  it('takes a percent of an integer sum', () => {
    expect(percentOf(12_345, 10, 'floor')).toBe(1_234)
    expect(percentOf(12_345, 10, 'ceil')).toBe(1_235)
    expect(percentOf(12_345, 10, 'round')).toBe(1_235)
    expect(percentOf(12_344, 10, 'round')).toBe(1_234)
  })
})
