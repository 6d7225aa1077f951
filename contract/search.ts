import { z } from 'zod'
import { Filter, LISTING_LIMIT_DEFAULT, LISTING_LIMIT_MAX, PriceRange, ProductListItem } from './catalog'
import { CityId, text } from './common'
import { SEARCH_QUERY_MAX, SEARCH_SORTS, type SearchSort as SearchSortValue } from './values/search'

export { SEARCH_QUERY_MAX, SEARCH_SORTS } from './values/search'

/**
 * The search service (`/katalog/api/v1/products/search`, spec 2.5, 3 "Search response", 7.1). Texts
 * arrive in the language of the request's language header.
 */

export const SearchSort = z.enum(SEARCH_SORTS)
export type SearchSort = SearchSortValue

export const SearchRequest = z.object({
  query: text().max(SEARCH_QUERY_MAX).default(''),
  city_id: CityId.default(1),
  /** Category ids or paths joined by comma; the first one scopes the results and their filters. */
  categories: text().max(1000).optional(),
  client_id: text().max(100).optional(),
  session_id: text().max(100).optional(),
  /** `code:value` pairs as in category listings, over the filters this answer lists. */
  filters: text().max(2000).optional(),
  limit: z.number().int().min(1).max(LISTING_LIMIT_MAX).default(LISTING_LIMIT_DEFAULT),
  page: z.number().int().min(1).max(1000).default(1),
  /** Whole tenge; 0 means unbounded (spec 5: default 0). */
  price_range: z
    .object({ min: z.number().int().min(0).default(0), max: z.number().int().min(0).default(0) })
    .optional(),
  referer: text().max(2000).optional(),
  sort_by: SearchSort.default('popularity'),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
  /** What to search: products (the only kind so far). */
  type: z.enum(['products']).default('products'),
  /**
   * Whether the query may be corrected (typos, keyboard layout). The client retries once with false
   * when nothing was found (spec 2.5), and "search instead for" sends false too.
   */
  clarification: z.boolean().default(true),
})
export type SearchRequest = z.input<typeof SearchRequest>

export const SearchProduct = ProductListItem.extend({
  /** Category titles from the root in Kazakh (`categories` is in the request language). */
  categories_kz: z.array(z.string()),
})
export type SearchProduct = z.infer<typeof SearchProduct>

export const SearchCategory = z.object({
  id: z.number().int(),
  title: z.string(),
  path: z.string(),
  count: z.number().int(),
})
export type SearchCategory = z.infer<typeof SearchCategory>

export const SearchResponse = z.object({
  products: z.array(SearchProduct),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** Facets of the scoping category (the one asked for, else the predicted one), or the brands. */
  filters: z.array(Filter),
  price_range: PriceRange,
  /** Leaf categories of the matches, most matches first. */
  categories: z.array(SearchCategory),
  query_id: z.string(),
  rees_query_id: z.string().nullable(),
  /** The category most matches fall in, when one clearly leads. */
  predicted_category: SearchCategory.nullable(),
  query_redirect: z.object({ redirect_link: z.string().nullable() }),
  /** The query as the shopper wrote it (trimmed). */
  query: z.string(),
  /** The query the results are for when typos or the keyboard layout were corrected, else null. */
  corrected_query: z.string().nullable(),
  /**
   * True for an empty query: `products` then are the city's popular products (the empty-search
   * recommendations of spec 2.5).
   */
  recommendations: z.boolean(),
})
export type SearchResponse = z.infer<typeof SearchResponse>

export const SuggestQuery = z.object({
  query: text().max(SEARCH_QUERY_MAX).default(''),
  city_id: CityId.default(1),
})

export const SuggestProduct = z.object({
  sku: z.string(),
  uri: z.string(),
  title: z.string(),
  brand: z.string().nullable(),
  price: z.number().int(),
  /** Image id for `/f3/api/v1/images/{w}/{h}/{id}.webp`. */
  image: z.string().nullable(),
})
export type SuggestProduct = z.infer<typeof SuggestProduct>

export const SuggestResponse = z.object({
  query: z.string(),
  corrected_query: z.string().nullable(),
  /** Whole queries completing the last word, most frequent first. */
  completions: z.array(z.string()),
  categories: z.array(SearchCategory),
  products: z.array(SuggestProduct),
})
export type SuggestResponse = z.infer<typeof SuggestResponse>

/** The shopper opened a product from a search answer (`query_id` of that answer). */
export const SearchClickRequest = z.object({
  query_id: z.uuid(),
  sku: text().min(1).max(40),
})
