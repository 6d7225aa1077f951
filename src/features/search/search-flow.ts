import type { SearchParams, SearchResult } from './queries'

/**
 * Spec 2.5's order of asking, the same for the route's loader and the page: the query; when it finds
 * nothing (and corrections were allowed), the words as typed; when that finds nothing too, the popular
 * products. A search narrowed by filters or a price that finds nothing is not retried: the shopper
 * narrowed it, and is shown the filters to loosen instead.
 */

/** The answer found no products, online (offline answers only know what the device holds). */
export function foundNothing(answer: SearchResult | undefined): boolean {
  return answer !== undefined && answer.total === 0 && !answer.offline
}

/** Whether to ask again with the words as typed. */
export function shouldRetryLiteral(
  params: SearchParams,
  narrowed: boolean,
  main: SearchResult | undefined,
): boolean {
  return params.clarification && !narrowed && foundNothing(main)
}

/** Whether to show the popular products: no query, or nothing found either way. */
export function shouldRecommend(
  params: SearchParams,
  narrowed: boolean,
  main: SearchResult | undefined,
  literal: SearchResult | undefined,
): boolean {
  if (params.q === '') return true
  if (narrowed || !foundNothing(main)) return false
  return !params.clarification || foundNothing(literal)
}
