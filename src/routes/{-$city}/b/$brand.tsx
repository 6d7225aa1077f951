import { createFileRoute } from '@tanstack/react-router'
import { BrandPage } from '../../../features/catalog/brand-page'
import { parseListingSearch, normalizeListingSearch } from '../../../features/catalog/listing-search'
import { loadBrandPage } from '../../../features/catalog/load'

/** `/b/{brand}?sorting&priceMin&priceMax&page`: the brand's products; an unknown brand is not found. */
export const Route = createFileRoute('/{-$city}/b/$brand')({
  validateSearch: parseListingSearch,
  loaderDeps: ({ search }) => normalizeListingSearch(search),
  loader: ({ context, params, deps, preload }) => loadBrandPage({ ...context, preload }, params.brand, deps),
  component: BrandRoute,
})

function BrandRoute() {
  const { brand } = Route.useParams()
  return <BrandPage brand={brand} search={Route.useLoaderDeps()} />
}
