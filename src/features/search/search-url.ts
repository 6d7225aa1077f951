import { defaultStringifySearch } from '@tanstack/react-router'
import type { CategoryFilter } from '../../url/catalog-path'
import { apiFilterValue, uniqueFilters } from '../../listing/filter-pairs'
import type { PriceChoice } from '../../listing/price-state'
import type { CityId, Lang } from '../../../contract/common'
import type { SearchParams, SearchSorting } from './queries'

/**
 * The search page's own address (spec 2.5): everything in the query, `/search?q&sorting&priceMin&
 * priceMax&page&f&c&literal`. The filter panel, chips, sorting and pagination shared with the catalogue
 * speak in filter pairs and price choices; these turn them into this page's addresses.
 */
export interface SearchPageSearch {
  q?: string
  sorting?: SearchSorting
  priceMin?: number
  priceMax?: number
  page?: number
  /** Chosen filters as `code:value` pairs joined by commas, in the API's form (decimals with a dot). */
  f?: string
  /** The category path the results are narrowed to. */
  c?: string
  /** Search the words as typed, without corrections (spec 2.5's "search instead for"). */
  literal?: boolean
}

export const DEFAULT_SEARCH_SORTING: SearchSorting = 'popularity'

/**
 * The panel shows the categories of the matches as a link filter under this code; in the address it is
 * `c`, not a pair of `f`. No facet of the catalogue uses the code (theirs are attribute codes).
 */
export const CATEGORY_FILTER = 'category'

/** `brand:lg,diagonal:6.1-6.7` → the pairs; parts that are not `code:value` are left out. */
export function parseFilterPairs(f: string | undefined): CategoryFilter[] {
  const pairs: CategoryFilter[] = []
  for (const part of (f ?? '').split(',')) {
    const colon = part.indexOf(':')
    if (colon <= 0 || colon === part.length - 1) continue
    pairs.push({ code: part.slice(0, colon), value: part.slice(colon + 1) })
  }
  return uniqueFilters(pairs)
}

/** The pairs as `f` writes them: the API's values, sorted, so one filter set has one address. */
export function filterPairsParam(pairs: readonly CategoryFilter[]): string | undefined {
  const written = uniqueFilters(pairs).map((p) => `${p.code}:${apiFilterValue(p.value)}`)
  return written.length > 0 ? written.sort().join(',') : undefined
}

/** The filters in use as the panel sees them: the `f` pairs, and the category as a pair of its own. */
export function searchFilterPairs(search: SearchPageSearch): CategoryFilter[] {
  const pairs = parseFilterPairs(search.f)
  return search.c ? [...pairs, { code: CATEGORY_FILTER, value: search.c }] : pairs
}

/**
 * One address per state: defaults (popularity, page 1, no price bound, corrections allowed) are left
 * out and the keys come in a fixed order.
 */
export function normalizeSearch(search: SearchPageSearch): SearchPageSearch {
  const out: SearchPageSearch = {}
  if (search.q) out.q = search.q
  if (search.sorting && search.sorting !== DEFAULT_SEARCH_SORTING) out.sorting = search.sorting
  if (search.priceMin) out.priceMin = search.priceMin
  if (search.priceMax) out.priceMax = search.priceMax
  if (search.page !== undefined && search.page > 1) out.page = search.page
  if (search.f) out.f = search.f
  if (search.c) out.c = search.c
  if (search.literal) out.literal = true
  return out
}

/**
 * Other filters: back to page 1, query, sorting and price kept. Another category starts its filters
 * afresh: the facets are that category's, and the old pairs may mean nothing there.
 */
export function withFilters(search: SearchPageSearch, pairs: readonly CategoryFilter[]): SearchPageSearch {
  const category = pairs.find((p) => p.code === CATEGORY_FILTER)?.value
  const rest = pairs.filter((p) => p.code !== CATEGORY_FILTER)
  return normalizeSearch({
    ...search,
    c: category,
    f: category === search.c ? filterPairsParam(rest) : undefined,
    page: undefined,
  })
}

/** Another price range: back to page 1. */
export function withPrice(search: SearchPageSearch, price: PriceChoice): SearchPageSearch {
  return normalizeSearch({ ...search, priceMin: price.priceMin, priceMax: price.priceMax, page: undefined })
}

/** Another sorting: back to page 1 (spec 2.3). */
export function withSorting(search: SearchPageSearch, sorting: SearchSorting): SearchPageSearch {
  return normalizeSearch({ ...search, sorting, page: undefined })
}

export function withPage(search: SearchPageSearch, page: number): SearchPageSearch {
  return normalizeSearch({ ...search, page })
}

/** No filters and no price, the query and the sorting kept. */
export function withoutFilters(search: SearchPageSearch): SearchPageSearch {
  return normalizeSearch({ q: search.q, sorting: search.sorting, literal: search.literal })
}

/**
 * `/search?q=...`, without the city prefix (add it with `useStoreLocation().href`), written as the
 * router writes a query, so the page reads it back as the same search.
 */
export function searchPagePath(search: SearchPageSearch): string {
  return `/search${defaultStringifySearch(normalizeSearch(search))}`
}

/** The search call of the page's address, in the shopper's city and language. */
export function searchParamsFor(
  search: SearchPageSearch,
  locale: { cityId: CityId; lang: Lang },
): SearchParams {
  return {
    cityId: locale.cityId,
    lang: locale.lang,
    q: search.q ?? '',
    sorting: search.sorting ?? DEFAULT_SEARCH_SORTING,
    page: search.page ?? 1,
    priceMin: search.priceMin,
    priceMax: search.priceMax,
    filters: search.f,
    category: search.c,
    clarification: !search.literal,
  }
}

/** The shopper narrowed the results: a category, a filter or a price bound is chosen. */
export function isNarrowed(search: SearchPageSearch): boolean {
  return Boolean(search.f || search.c || search.priceMin || search.priceMax)
}
