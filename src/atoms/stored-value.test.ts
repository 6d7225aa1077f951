import { describe, expect, it } from 'vitest'
import { isComparedProduct } from './comparison'
import { arrayOf, isString, isStringOrNull } from './stored-value'

describe('stored value guards', () => {
  it('takes a string or null for the ids, nothing else', () => {
    expect(isStringOrNull('cart-1')).toBe(true)
    expect(isStringOrNull(null)).toBe(true)
    expect(isStringOrNull(undefined)).toBe(false)
    expect(isStringOrNull({ legacy: true })).toBe(false)
    expect(isStringOrNull(7)).toBe(false)
  })

  it('takes an array only when every item fits', () => {
    expect(arrayOf(isString)([])).toBe(true)
    expect(arrayOf(isString)(['a', 'b'])).toBe(true)
    expect(arrayOf(isString)(['a', 1])).toBe(false)
    expect(arrayOf(isString)('a')).toBe(false)
  })

  it('takes a compared product with its sku, address and categories', () => {
    expect(isComparedProduct({ sku: 'A1', uri: 'a1', categories: ['/Смартфоны'] })).toBe(true)
    expect(arrayOf(isComparedProduct)([{ sku: 'A1', uri: 'a1', categories: [] }])).toBe(true)
    expect(isComparedProduct({ sku: 'A1', categories: [] })).toBe(false)
    expect(isComparedProduct({ sku: 'A1' })).toBe(false)
    expect(isComparedProduct({ sku: 1, categories: [] })).toBe(false)
    expect(isComparedProduct({ sku: 'A1', categories: [1] })).toBe(false)
    expect(isComparedProduct(null)).toBe(false)
    expect(isComparedProduct(['A1'])).toBe(false)
  })
})
