import { createFileRoute } from '@tanstack/react-router'
import { booleanParam, optionalKeys, integerParam, oneOfParam, stringParam } from '../../url/search-params'
import { loadSearchPage } from '../../features/search/load'
import { SEARCH_SORTINGS } from '../../features/search/queries'
import { SearchPage } from '../../features/search/search-page'
import { normalizeSearch } from '../../features/search/search-url'
import { Suspense } from 'react'

/** Spec 2.5: search is driven by query parameters; default sorting is popularity. */
const parseSearchSearch = (search: Record<string, unknown>) =>
  optionalKeys({
    q: stringParam(search.q, { max: 200, fromAny: true, trim: true }),
    sorting: oneOfParam(search.sorting, SEARCH_SORTINGS),
    priceMin: integerParam(search.priceMin, 0),
    priceMax: integerParam(search.priceMax, 0),
    page: integerParam(search.page, 1),
    /** Chosen filters as `code:value` pairs. */
    f: stringParam(search.f, { max: 2000 }),
    /** The category path the results are narrowed to. */
    c: stringParam(search.c, { max: 300 }),
    /** Search the words as typed, without corrections. */
    literal: booleanParam(search.literal),
  })

export const Route = createFileRoute('/{-$city}/search')({
  validateSearch: parseSearchSearch,
  loaderDeps: ({ search }) => normalizeSearch(search),
  loader: ({ context, deps, preload }) => loadSearchPage({ ...context, preload }, deps),
  component: SearchRoute,
})

function SearchRoute() {
  return (
    <Suspense>
      <SearchPage search={Route.useLoaderDeps()} />
    </Suspense>
  )
}
