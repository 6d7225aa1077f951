import { describe, expect, it } from 'vitest'
import {
  parseListingSearch,
  listingQueryString,
  normalizeListingSearch,
  priceParam,
  withPage,
  withPrice,
  withSorting,
  withoutPage,
} from './listing-search'

describe('the listing query of the URL', () => {
  it('keeps the four parameters of the spec and ignores everything else', () => {
    const parsed = parseListingSearch({
      sorting: 'price_asc',
      priceMin: '1000',
      priceMax: 50000,
      page: '3',
      utm_source: 'x',
    })
    expect(parsed).toEqual({ sorting: 'price_asc', priceMin: 1000, priceMax: 50000, page: 3 })
  })

  it('drops values that do not fit instead of failing the page', () => {
    expect(parseListingSearch({ sorting: 'cheapest', priceMin: '-5', priceMax: 'abc', page: '0' })).toEqual(
      {},
    )
    expect(parseListingSearch({ page: '2.5', priceMin: '1e12' })).toEqual({})
    expect(parseListingSearch({ page: ['2', '3'] })).toEqual({})
  })

  it('leaves the defaults out and swaps price bounds typed the wrong way round', () => {
    expect(normalizeListingSearch({ sorting: 'score', page: 1, priceMin: 9000, priceMax: 100 })).toEqual({
      priceMin: 100,
      priceMax: 9000,
    })
  })

  it("reads a price bound of 0 as not set, as the spec's price range does", () => {
    expect(normalizeListingSearch({ priceMin: 0, priceMax: 0 })).toEqual({})
    expect(priceParam({ priceMin: 0, priceMax: 5000 })).toBe('-5000')
  })

  it('sends the price bounds as one min-max parameter', () => {
    expect(priceParam({ priceMin: 1000, priceMax: 5000 })).toBe('1000-5000')
    expect(priceParam({ priceMin: 1000 })).toBe('1000-')
    expect(priceParam({ priceMax: 5000 })).toBe('-5000')
    expect(priceParam({ priceMin: 5000, priceMax: 1000 })).toBe('1000-5000')
    expect(priceParam({})).toBeUndefined()
  })

  it('writes the query in one fixed order without defaults', () => {
    expect(listingQueryString({ page: 2, priceMax: 10, sorting: 'rating', priceMin: 1 })).toBe(
      '?sorting=rating&priceMin=1&priceMax=10&page=2',
    )
    expect(listingQueryString({ sorting: 'score', page: 1 })).toBe('')
  })

  it('goes back to page 1 when the sorting changes, keeping the price', () => {
    expect(withSorting({ page: 4, priceMin: 100 }, 'price_desc')).toEqual({
      sorting: 'price_desc',
      priceMin: 100,
    })
    expect(withSorting({ page: 4, sorting: 'new' }, 'score')).toEqual({})
  })

  it('goes back to page 1 when the price or the filters change, keeping the sorting', () => {
    expect(withPrice({ page: 3, sorting: 'new', priceMin: 5 }, { priceMax: 900 })).toEqual({
      sorting: 'new',
      priceMax: 900,
    })
    expect(withoutPage({ page: 3, sorting: 'new' })).toEqual({ sorting: 'new' })
    expect(withPage({ sorting: 'new' }, 2)).toEqual({ sorting: 'new', page: 2 })
    expect(withPage({ sorting: 'new', page: 2 }, 1)).toEqual({ sorting: 'new' })
  })
})
