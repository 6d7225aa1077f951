import { describe, expect, it } from 'vitest'
import { parseCategoryPath } from '../../app/catalog-path'
import {
  categoryHrefWithFilters,
  filtersParam,
  isCanonicalCategorySplat,
  parseRangeValue,
  rangeValue,
  replaceFilter,
  sortedFilters,
  toggleFilter,
  uniqueFilters,
} from './filter-url'

const phones = { segments: ['smartfony'], filters: [] }

describe('filters in the category URL', () => {
  it('adds a multiselect option and takes it away again', () => {
    const one = toggleFilter([], 'brand', 'samsung')
    const two = toggleFilter(one, 'brand', 'apple')
    expect(two).toEqual([
      { code: 'brand', value: 'samsung' },
      { code: 'brand', value: 'apple' },
    ])
    expect(toggleFilter(two, 'brand', 'samsung')).toEqual([{ code: 'brand', value: 'apple' }])
  })

  it('keeps one value for a link, checkbox or range filter', () => {
    const filters = [
      { code: 'os', value: 'android' },
      { code: 'brand', value: 'xiaomi' },
    ]
    expect(replaceFilter(filters, 'os', 'ios')).toEqual([
      { code: 'brand', value: 'xiaomi' },
      { code: 'os', value: 'ios' },
    ])
    expect(replaceFilter(filters, 'os', undefined)).toEqual([{ code: 'brand', value: 'xiaomi' }])
  })

  it('builds the address with the pairs sorted by value, back on page 1, sorting and price kept', () => {
    const filters = [
      { code: 'memory', value: '256' },
      { code: 'brand', value: 'apple' },
      { code: 'color', value: 'black' },
    ]
    expect(
      categoryHrefWithFilters(phones, filters, { sorting: 'price_asc', page: 5, priceMax: 900000 }),
    ).toBe('/catalog/smartfony/f/memory/256/brand/apple/color/black?sorting=price_asc&priceMax=900000')
    expect(categoryHrefWithFilters(phones, [], {})).toBe('/catalog/smartfony')
  })

  it('sends range decimals with a dot, as the API reads them', () => {
    expect(filtersParam([{ code: 'diagonal', value: '6,1-6,7' }])).toBe('diagonal:6.1-6.7')
  })

  it('sends only the /f/ pairs as code:value, in the order of the URL, without repeats', () => {
    const filters = [
      { code: 'color', value: 'white' },
      { code: 'brand', value: 'apple' },
      { code: 'brand', value: 'apple' },
    ]
    expect(filtersParam(filters)).toBe('brand:apple,color:white')
    expect(filtersParam([])).toBeUndefined()
    expect(uniqueFilters(filters)).toHaveLength(2)
    expect(sortedFilters(filters).map((f) => f.value)).toEqual(['apple', 'white'])
  })

  it('tells a URL whose pairs are out of order or repeated from the canonical one', () => {
    const sorted = 'smartfony/f/brand/apple/color/white'
    expect(isCanonicalCategorySplat(sorted, parseCategoryPath(sorted)!)).toBe(true)
    const unsorted = 'smartfony/f/color/white/brand/apple'
    expect(isCanonicalCategorySplat(unsorted, parseCategoryPath(unsorted)!)).toBe(false)
    const repeated = 'smartfony/f/brand/apple/brand/apple'
    expect(isCanonicalCategorySplat(repeated, parseCategoryPath(repeated)!)).toBe(false)
    expect(isCanonicalCategorySplat('smartfony/', parseCategoryPath('smartfony/')!)).toBe(true)
  })

  it('writes and reads range values, refusing what is not a range', () => {
    expect(rangeValue(6.1, 6.7)).toBe('6,1-6,7')
    expect(rangeValue(undefined, 55)).toBe('-55')
    expect(rangeValue(undefined, undefined)).toBeUndefined()
    expect(parseRangeValue('6,1-6,7')).toEqual({ min: 6.1, max: 6.7 })
    expect(parseRangeValue('6.1-6.7')).toEqual({ min: 6.1, max: 6.7 })
    expect(parseRangeValue('40-')).toEqual({ min: 40 })
    expect(parseRangeValue('-55')).toEqual({ max: 55 })
    for (const bad of ['-', 'abc', '7-6', '1-2-3', '']) expect(parseRangeValue(bad), bad).toBeNull()
  })
})
