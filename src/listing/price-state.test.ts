import { describe, expect, it } from 'vitest'
import { isPriceRangeActive, parsePriceInput, priceChoiceFromInputs } from './price-state'

const bounds = { min: 25_990, max: 899_990 }

describe('the price range', () => {
  it('is active only when its min or max differs from the initial bounds', () => {
    expect(isPriceRangeActive(bounds, {})).toBe(false)
    expect(isPriceRangeActive(bounds, { priceMin: 25_990, priceMax: 899_990 })).toBe(false)
    expect(isPriceRangeActive(bounds, { priceMin: 30_000 })).toBe(true)
    expect(isPriceRangeActive(bounds, { priceMin: 25_990, priceMax: 500_000 })).toBe(true)
  })

  it('reads what a shopper types, spaces and tenge sign included', () => {
    expect(parsePriceInput('150 000 ₸')).toBe(150_000)
    expect(parsePriceInput('150\u00a0000')).toBe(150_000)
    expect(parsePriceInput('')).toBeUndefined()
    expect(parsePriceInput('-5')).toBeUndefined()
    expect(parsePriceInput('12abc')).toBeUndefined()
  })

  it('leaves out fields that narrow nothing and swaps bounds typed the wrong way round', () => {
    expect(priceChoiceFromInputs('25990', '899990', bounds)).toEqual({
      priceMin: undefined,
      priceMax: undefined,
    })
    expect(priceChoiceFromInputs('0', '2000000', bounds)).toEqual({
      priceMin: undefined,
      priceMax: undefined,
    })
    expect(priceChoiceFromInputs('', '300 000', bounds)).toEqual({ priceMin: undefined, priceMax: 300_000 })
    expect(priceChoiceFromInputs('400000', '100000', bounds)).toEqual({
      priceMin: 100_000,
      priceMax: 400_000,
    })
  })
})
