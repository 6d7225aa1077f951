import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { ProductListItem } from '../../../contract/catalog'
import type { CityId, Lang } from '../../../contract/common'
import type { SearchResponse, SearchSort, SuggestResponse } from '../../../contract/search'
import { api } from '../../data/api'

const SEARCH = '/katalog/api/v1/products/search'

/** The page's sortings (the URL's `sorting`), popularity first as the spec's default. */
export const SEARCH_SORTINGS = ['popularity', 'discount', 'new', 'price_asc', 'price_desc', 'rating'] as const
export type SearchSorting = (typeof SEARCH_SORTINGS)[number]

export interface SearchParams {
  cityId: CityId
  lang: Lang
  q: string
  sorting: SearchSorting
  page: number
  priceMin: number | undefined
  priceMax: number | undefined
  /** `code:value` pairs. */
  filters: string | undefined
  /** A category path the results are narrowed to. */
  category: string | undefined
  /** False searches the words as typed (spec 2.5's retry, "search instead for"). */
  clarification: boolean
}

/** The same search with the words as typed: spec 2.5's retry when the corrected query found nothing. */
export function literalSearch(p: SearchParams): SearchParams {
  return { ...p, clarification: false }
}

/** The empty search, whose answer is the city's popular products (spec 2.5's recommendations). */
export function popularSearch(p: SearchParams): SearchParams {
  return {
    ...p,
    q: '',
    filters: undefined,
    category: undefined,
    priceMin: undefined,
    priceMax: undefined,
    page: 1,
    sorting: 'popularity',
    clarification: true,
  }
}

export type SearchResult = SearchResponse & {
  /** Answered from the products already on the device, without the network. */
  offline: boolean
}

const SORTS: Record<SearchSorting, { sort_by: SearchSort; sort_order: 'asc' | 'desc' }> = {
  popularity: { sort_by: 'popularity', sort_order: 'desc' },
  discount: { sort_by: 'discount', sort_order: 'desc' },
  new: { sort_by: 'new', sort_order: 'desc' },
  price_asc: { sort_by: 'price', sort_order: 'asc' },
  price_desc: { sort_by: 'price', sort_order: 'desc' },
  rating: { sort_by: 'rating', sort_order: 'desc' },
}

export const SEARCH_LIMIT = 24

/** The spec's request body (7.1) for the page's parameters. */
export function searchBody(p: SearchParams, sessionId?: string) {
  return {
    query: p.q,
    city_id: p.cityId,
    categories: p.category,
    filters: p.filters,
    limit: SEARCH_LIMIT,
    page: p.page,
    price_range:
      p.priceMin !== undefined || p.priceMax !== undefined
        ? { min: p.priceMin ?? 0, max: p.priceMax ?? 0 }
        : undefined,
    referer: typeof location === 'undefined' ? undefined : location.pathname,
    session_id: sessionId,
    type: 'products' as const,
    clarification: p.clarification,
    ...SORTS[p.sorting],
  }
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false

/** Every product list item the query cache holds (listings, carousels, earlier searches), once each. */
export function cachedProducts(client: QueryClient): ProductListItem[] {
  const seen = new Map<string, ProductListItem>()
  const take = (value: unknown) => {
    if (!Array.isArray(value)) return
    for (const item of value) {
      const p = item as Partial<ProductListItem> | null
      if (p && typeof p.sku === 'string' && typeof p.title === 'string' && typeof p.price === 'number') {
        if (!seen.has(p.sku)) seen.set(p.sku, p as ProductListItem)
      }
    }
  }
  for (const query of client.getQueryCache().getAll()) {
    const data = query.state.data as Record<string, unknown> | undefined
    if (!data || typeof data !== 'object') continue
    take(data.payload)
    take(data.products)
    if (Array.isArray(data.blocks)) for (const b of data.blocks) take((b as { products?: unknown }).products)
  }
  return [...seen.values()]
}

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '')

/** Offline search: the cached products whose title and brand hold every word (the last as a prefix). */
export function searchOffline(client: QueryClient, p: SearchParams): SearchResult {
  const query = words(p.q)
  const products = cachedProducts(client).filter((product) => {
    const text = words(`${product.title} ${product.brand ?? ''} ${product.categories.join(' ')}`)
    return (
      query.length > 0 &&
      query.every((w, i) => text.some((t) => (i === query.length - 1 ? t.startsWith(w) : t === w)))
    )
  })
  const prices = products.map((x) => x.price)
  const min = prices.length ? Math.min(...prices) : 0
  const max = prices.length ? Math.max(...prices) : 0
  return {
    products: products.slice(0, SEARCH_LIMIT).map((x) => ({ ...x, categories_kz: [] })),
    total: products.length,
    page: 1,
    limit: SEARCH_LIMIT,
    filters: [],
    price_range: { min, max, chosen_min: min, chosen_max: max },
    categories: [],
    query_id: '',
    rees_query_id: null,
    predicted_category: null,
    query_redirect: { redirect_link: null },
    query: p.q,
    corrected_query: null,
    recommendations: false,
    offline: true,
  }
}

export const searchQuery = (p: SearchParams) =>
  queryOptions({
    queryKey: ['search', p.lang, p.cityId, p] as const,
    queryFn: async ({ signal, client }): Promise<SearchResult> => {
      if (isOffline()) return searchOffline(client, p)
      const body = await api.post<SearchResponse>(SEARCH, searchBody(p), { signal })
      return { ...body, offline: false }
    },
    // offline answers are not kept: the network one replaces them when it returns
    staleTime: 60_000,
    networkMode: 'always',
  })

export const suggestQuery = (query: string, cityId: CityId, lang: Lang) =>
  queryOptions({
    queryKey: ['search-suggest', lang, cityId, query] as const,
    queryFn: ({ signal }) =>
      api.get<SuggestResponse>(`${SEARCH}/suggest`, { query: { query }, cityId, signal }),
    staleTime: 5 * 60_000,
  })

/** Tells the server which product the shopper opened from a search (for relevance work); best effort. */
export function recordSearchClick(queryId: string, sku: string): void {
  if (!queryId) return
  void api.post(`${SEARCH}/click`, { query_id: queryId, sku }).catch(() => undefined)
}

const RECENT_KEY = 'storefront:recent-searches'
const RECENT_MAX = 8

/** The shopper's last searches, kept on the device only. */
export function recentSearches(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]')
    return Array.isArray(value)
      ? value.filter((v): v is string => typeof v === 'string').slice(0, RECENT_MAX)
      : []
  } catch {
    return []
  }
}

export function rememberSearch(query: string): void {
  const q = query.trim()
  if (!q) return
  const next = [q, ...recentSearches().filter((r) => r.toLowerCase() !== q.toLowerCase())].slice(
    0,
    RECENT_MAX,
  )
  try {
    localStorage.setItem(RECENT_KEY, JSON.stringify(next))
  } catch {
    // storage full or disabled: recent searches are a convenience
  }
}
