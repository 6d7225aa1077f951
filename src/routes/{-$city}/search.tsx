import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { SEARCH_SORTINGS } from '../../features/search/queries'
import { SearchPage } from '../../features/search/search-page'

/** Spec 2.5: search is driven by query parameters; default sorting is popularity. */
const SearchSearch = z.object({
  q: z.coerce.string().trim().max(200).optional().catch(undefined),
  sorting: z.enum(SEARCH_SORTINGS).optional().catch(undefined),
  priceMin: z.coerce.number().int().nonnegative().optional().catch(undefined),
  priceMax: z.coerce.number().int().nonnegative().optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  /** Chosen filters as `code:value` pairs. */
  f: z.string().max(2000).optional().catch(undefined),
  /** The category path the results are narrowed to. */
  c: z.string().max(300).optional().catch(undefined),
  /** Search the words as typed, without corrections. */
  literal: z.coerce.boolean().optional().catch(undefined),
})

export const Route = createFileRoute('/{-$city}/search')({
  validateSearch: SearchSearch,
  component: SearchRoute,
})

function SearchRoute() {
  return <SearchPage search={Route.useSearch()} />
}
