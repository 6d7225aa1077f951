import { SORTINGS, type Sorting } from '../../../contract/values/catalog'
import { integerParam, oneOfParam } from '../../url/search-params'

/**
 * The query part of a listing URL (spec 2.3): `sorting`, `priceMin`, `priceMax` and `page`. Everything
 * else in the query (utm tags, typos) is ignored, and a value that does not fit is dropped rather than
 * failing the page: `?page=abc` is page 1, `?sorting=cheapest` is the default sorting.
 */
const MAX_PRICE = 999_999_999
const MAX_PAGE = 10_000

export interface ListingSearch {
  sorting?: Sorting
  priceMin?: number
  priceMax?: number
  page?: number
}

/** The routes' `validateSearch` of every listing page. */
export function parseListingSearch(search: Record<string, unknown>): ListingSearch {
  return {
    sorting: oneOfParam(search.sorting, SORTINGS),
    priceMin: integerParam(search.priceMin, 0, MAX_PRICE),
    priceMax: integerParam(search.priceMax, 0, MAX_PRICE),
    page: integerParam(search.page, 1, MAX_PAGE),
  }
}

export const DEFAULT_SORTING: Sorting = 'score'

/**
 * One address per listing state: the defaults (score sorting, page 1, a price bound of 0, which the
 * spec's price range uses for "not set") are left out, and price bounds typed the wrong way round are
 * swapped.
 */
export function normalizeListingSearch(search: ListingSearch): ListingSearch {
  let priceMin = search.priceMin || undefined
  let priceMax = search.priceMax || undefined
  if (priceMin !== undefined && priceMax !== undefined && priceMin > priceMax) {
    ;[priceMin, priceMax] = [priceMax, priceMin]
  }
  const out: ListingSearch = {}
  if (search.sorting !== undefined && search.sorting !== DEFAULT_SORTING) out.sorting = search.sorting
  if (priceMin !== undefined) out.priceMin = priceMin
  if (priceMax !== undefined) out.priceMax = priceMax
  if (search.page !== undefined && search.page > 1) out.page = search.page
  return out
}

/** The API's one `price` parameter, `min-max` with either side empty; `undefined` without bounds. */
export function priceParam(search: Pick<ListingSearch, 'priceMin' | 'priceMax'>): string | undefined {
  const { priceMin, priceMax } = normalizeListingSearch(search)
  if (priceMin === undefined && priceMax === undefined) return undefined
  return `${priceMin ?? ''}-${priceMax ?? ''}`
}

/** `?sorting=price_asc&priceMin=1000&page=2`, in that fixed order, defaults left out; '' when empty. */
export function listingQueryString(search: ListingSearch): string {
  const s = normalizeListingSearch(search)
  const params = new URLSearchParams()
  if (s.sorting) params.set('sorting', s.sorting)
  if (s.priceMin !== undefined) params.set('priceMin', String(s.priceMin))
  if (s.priceMax !== undefined) params.set('priceMax', String(s.priceMax))
  if (s.page !== undefined) params.set('page', String(s.page))
  const query = params.toString()
  return query ? `?${query}` : ''
}

/** Another sorting: back to page 1 (spec 2.3), price kept. */
export function withSorting(search: ListingSearch, sorting: Sorting): ListingSearch {
  return normalizeListingSearch({ ...search, sorting, page: undefined })
}

/** Another price range: back to page 1, sorting kept. */
export function withPrice(
  search: ListingSearch,
  price: Pick<ListingSearch, 'priceMin' | 'priceMax'>,
): ListingSearch {
  return normalizeListingSearch({
    ...search,
    priceMin: price.priceMin,
    priceMax: price.priceMax,
    page: undefined,
  })
}

export function withPage(search: ListingSearch, page: number): ListingSearch {
  return normalizeListingSearch({ ...search, page })
}

/** What stays when the filters change: sorting and price, but not the page. */
export function withoutPage(search: ListingSearch): ListingSearch {
  return normalizeListingSearch({ ...search, page: undefined })
}
