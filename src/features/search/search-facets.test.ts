import { describe, expect, it } from 'vitest'
import type { SearchResult } from './queries'
import { hasFacets, searchFacets } from './search-facets'

const result = {
  categories: [
    { id: 1, title: 'Телевизоры', path: 'tv/televizory', count: 40 },
    { id: 2, title: 'Кронштейны', path: 'tv/kronshtejny', count: 3 },
  ],
  filters: [
    {
      code: 'brand',
      title: 'Бренд',
      type: 'multiselect',
      unit: null,
      options: [
        { code: 'lg', title: 'LG', isActive: false, isEnabled: true, count: 9 },
        { code: 'haier', title: 'Haier', isActive: false, isEnabled: false, count: 0 },
        { code: 'sony', title: 'Sony', isActive: true, isEnabled: true, count: 0 },
      ],
      min: null,
      max: null,
      chosen_min: null,
      chosen_max: null,
    },
  ],
  price_range: { min: 100, max: 900, chosen_min: 100, chosen_max: 900 },
} as unknown as SearchResult

describe('the search answer in the filter panel', () => {
  it('puts the categories of the matches first, as a link filter with the chosen one active', () => {
    const facets = searchFacets(result, 'Категория', 'tv/televizory')
    expect(facets.filters.map((f) => [f.code, f.type])).toEqual([
      ['category', 'link'],
      ['brand', 'multiselect'],
    ])
    expect(facets.filters[0]!.options.map((o) => [o.code, o.count, o.isActive])).toEqual([
      ['tv/televizory', 40, true],
      ['tv/kronshtejny', 3, false],
    ])
    expect(facets.price_range).toBe(result.price_range)
  })

  it('leaves out the options none of the matches has, unless chosen', () => {
    const brand = searchFacets(result, 'Категория', undefined).filters[1]!
    expect(brand.options.map((o) => o.code)).toEqual(['lg', 'sony'])
  })

  it('has nothing to offer without categories, facets or a price span', () => {
    expect(hasFacets(searchFacets(result, 'Категория', undefined))).toBe(true)
    const bare = {
      ...result,
      categories: [],
      filters: [],
      price_range: { min: 5, max: 5, chosen_min: 5, chosen_max: 5 },
    }
    expect(hasFacets(searchFacets(bare, 'Категория', undefined))).toBe(false)
  })
})
