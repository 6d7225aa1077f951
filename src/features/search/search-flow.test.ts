import { describe, expect, it } from 'vitest'
import type { SearchParams, SearchResult } from './queries'
import { shouldRecommend, shouldRetryLiteral } from './search-flow'

const params: SearchParams = {
  cityId: 1,
  lang: 'ru',
  q: 'холодильнек',
  sorting: 'popularity',
  page: 1,
  priceMin: undefined,
  priceMax: undefined,
  filters: undefined,
  category: undefined,
  clarification: true,
}

const found = (total: number, offline = false) => ({ total, offline }) as SearchResult

describe('the order of asking (spec 2.5)', () => {
  it('retries a search that found nothing once with the words as typed', () => {
    expect(shouldRetryLiteral(params, false, found(0))).toBe(true)
    expect(shouldRetryLiteral(params, false, found(3))).toBe(false)
    expect(shouldRetryLiteral(params, false, undefined)).toBe(false)
    expect(shouldRetryLiteral({ ...params, clarification: false }, false, found(0))).toBe(false)
  })

  it('does not retry a search the shopper narrowed, nor one answered offline', () => {
    expect(shouldRetryLiteral(params, true, found(0))).toBe(false)
    expect(shouldRetryLiteral(params, false, found(0, true))).toBe(false)
  })

  it('recommends the popular products for no query or when both searches found nothing', () => {
    expect(shouldRecommend({ ...params, q: '' }, false, undefined, undefined)).toBe(true)
    expect(shouldRecommend(params, false, found(0), undefined)).toBe(false)
    expect(shouldRecommend(params, false, found(0), found(0))).toBe(true)
    expect(shouldRecommend(params, false, found(0), found(2))).toBe(false)
    expect(shouldRecommend({ ...params, clarification: false }, false, found(0), undefined)).toBe(true)
    expect(shouldRecommend(params, true, found(0), undefined)).toBe(false)
  })
})
