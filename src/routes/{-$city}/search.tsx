import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { SearchPageFrame } from '../../features/shell/catalog-pages'

/** Spec 2.5: search is driven by query parameters; default sorting is popularity. */
const SEARCH_SORTINGS = ['popularity', 'discount', 'new', 'price_asc', 'price_desc', 'rating'] as const

const SearchSearch = z.object({
  q: z.coerce.string().trim().max(200).optional().catch(undefined),
  sorting: z.enum(SEARCH_SORTINGS).optional().catch(undefined),
  priceMin: z.coerce.number().int().nonnegative().optional().catch(undefined),
  priceMax: z.coerce.number().int().nonnegative().optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
})

export const Route = createFileRoute('/{-$city}/search')({
  validateSearch: SearchSearch,
  component: SearchRoute,
})

function SearchRoute() {
  const { q } = Route.useSearch()
  return <SearchPageFrame q={q} />
}
