/** The search service's limits and sort keys (see contract/search.ts for the schemas). */

/** Longest query accepted; a longer one is a 400 (nobody types 300 characters into a search box). */
export const SEARCH_QUERY_MAX = 300

/**
 * `popularity` (the default, spec 9) is relevance weighed with availability in the shopper's city and
 * sales; the others order the matches by that key (`sort_order` applies to price only).
 */
export const SEARCH_SORTS = ['popularity', 'price', 'discount', 'new', 'rating'] as const
export type SearchSort = (typeof SEARCH_SORTS)[number]
