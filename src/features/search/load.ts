import type { QueryClient } from '@tanstack/react-query'
import { redirect } from '@tanstack/react-router'
import type { CityId, CitySlug, Lang } from '../../../contract/common'
import { localizePath } from '../../url/locale-prefix'
import { literalSearch, popularSearch, searchQuery, type SearchParams, type SearchResult } from './queries'
import { shouldRecommend, shouldRetryLiteral } from './search-flow'
import { isNarrowed, searchParamsFor, type SearchPageSearch } from './search-url'

export interface SearchLoadContext {
  queryClient: QueryClient
  cityId: CityId
  citySlug: CitySlug
  lang: Lang
  /** A hovered link: nothing is asked, so the server logs no search the shopper did not make. */
  preload: boolean
}

/**
 * The search route's loader: the answers the page shows are in the cache before it renders, so the
 * server renders the results and a change of filter, sorting or page keeps the old results on screen
 * until the new ones are there. A redirect link in the answer (spec 2.5) is followed here, as a real
 * redirect on the server. A failed search is left to the page, which says so and offers a retry.
 */
export async function loadSearchPage(ctx: SearchLoadContext, search: SearchPageSearch): Promise<void> {
  if (ctx.preload) return
  const params = searchParamsFor(search, ctx)
  const ask = (p: SearchParams): Promise<SearchResult | undefined> =>
    ctx.queryClient.ensureQueryData(searchQuery(p)).catch(() => undefined)
  const narrowed = isNarrowed(search)
  const main = params.q === '' ? undefined : await ask(params)
  const link = main?.query_redirect.redirect_link
  if (link) {
    throw redirect({ href: localizePath(link, { citySlug: ctx.citySlug, lang: ctx.lang }), replace: true })
  }
  const literal = shouldRetryLiteral(params, narrowed, main) ? await ask(literalSearch(params)) : undefined
  if (shouldRecommend(params, narrowed, main, literal)) await ask(popularSearch(params))
}
