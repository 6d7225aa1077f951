import { describe, expect, it } from 'vitest'
import { parseCategoryPath } from '../../url/catalog-path'
import { sortedFilters, uniqueFilters } from '../../listing/filter-pairs'
import { categoryHrefWithFilters, filtersParam, isCanonicalCategorySplat } from './filter-url'

const phones = { segments: ['smartfony'], filters: [] }

describe('filters in the category URL', () => {
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
})
