import { describe, expect, it } from 'vitest'
import {
  filterPairsParam,
  isNarrowed,
  parseFilterPairs,
  searchFilterPairs,
  searchPagePath,
  withFilters,
  withoutFilters,
  withPage,
  withPrice,
  withSorting,
} from './search-url'

const query = (path: string) => Object.fromEntries(new URL(path, 'http://store.test').searchParams)

describe('the search page address', () => {
  it('reads and writes the f pairs sorted, without repeats, ranges with a decimal dot', () => {
    expect(parseFilterPairs('brand:lg,diagonal:6.1-6.7,,oops,:x,y:')).toEqual([
      { code: 'brand', value: 'lg' },
      { code: 'diagonal', value: '6.1-6.7' },
    ])
    expect(
      filterPairsParam([
        { code: 'diagonal', value: '6,1-6,7' },
        { code: 'brand', value: 'sony' },
        { code: 'brand', value: 'lg' },
        { code: 'brand', value: 'lg' },
      ]),
    ).toBe('brand:lg,brand:sony,diagonal:6.1-6.7')
    expect(filterPairsParam([])).toBeUndefined()
  })

  it('hands the panel the category as a pair of its own', () => {
    expect(searchFilterPairs({ q: 'tv', f: 'brand:lg', c: 'televizory' })).toEqual([
      { code: 'brand', value: 'lg' },
      { code: 'category', value: 'televizory' },
    ])
  })

  it('goes back to page 1 on other filters and drops the old ones with another category', () => {
    const search = {
      q: 'tv',
      sorting: 'rating' as const,
      page: 3,
      f: 'brand:lg',
      c: 'televizory',
      priceMax: 9,
    }
    expect(
      withFilters(search, [
        { code: 'category', value: 'televizory' },
        { code: 'brand', value: 'sony' },
      ]),
    ).toEqual({ q: 'tv', sorting: 'rating', priceMax: 9, f: 'brand:sony', c: 'televizory' })
    expect(
      withFilters(search, [
        { code: 'brand', value: 'lg' },
        { code: 'category', value: 'monitory' },
      ]),
    ).toEqual({ q: 'tv', sorting: 'rating', priceMax: 9, c: 'monitory' })
    expect(withFilters(search, [{ code: 'brand', value: 'lg' }])).toEqual({
      q: 'tv',
      sorting: 'rating',
      priceMax: 9,
    })
  })

  it('goes back to page 1 on another price or sorting, and leaves the defaults out', () => {
    const search = { q: 'tv', page: 4, f: 'brand:lg', literal: true }
    expect(withPrice(search, { priceMin: 1000 })).toEqual({
      q: 'tv',
      priceMin: 1000,
      f: 'brand:lg',
      literal: true,
    })
    expect(withSorting(search, 'popularity')).toEqual({ q: 'tv', f: 'brand:lg', literal: true })
    expect(withSorting(search, 'price_asc')).toMatchObject({ sorting: 'price_asc' })
    expect(withPage(search, 1)).toEqual({ q: 'tv', f: 'brand:lg', literal: true })
    expect(withoutFilters({ ...search, c: 'tv', priceMax: 5, sorting: 'new' })).toEqual({
      q: 'tv',
      sorting: 'new',
      literal: true,
    })
  })

  it('writes the query as the router does, so the page reads it back unchanged', () => {
    const path = searchPagePath({ q: '123', f: 'brand:lg', c: 'a/b', literal: true, page: 2 })
    expect(path.startsWith('/search?')).toBe(true)
    // a text the router would read as a number is quoted, as the router writes it
    expect(query(path)).toEqual({ q: '"123"', page: '2', f: 'brand:lg', c: 'a/b', literal: 'true' })
    expect(searchPagePath({})).toBe('/search')
  })

  it('tells a narrowed search from a plain one', () => {
    expect(isNarrowed({ q: 'tv', sorting: 'new', page: 2 })).toBe(false)
    expect(isNarrowed({ q: 'tv', c: 'televizory' })).toBe(true)
    expect(isNarrowed({ q: 'tv', priceMin: 100 })).toBe(true)
  })
})
