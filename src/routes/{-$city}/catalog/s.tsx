import { createFileRoute } from '@tanstack/react-router'
import { parseListingSearch, normalizeListingSearch } from '../../../features/catalog/listing-search'
import { loadServicesPage } from '../../../features/catalog/load'
import { ServicesPage } from '../../../features/catalog/services-page'

/** `/catalog/s?sorting&priceMin&priceMax&page`: the services catalogue. */
export const Route = createFileRoute('/{-$city}/catalog/s')({
  validateSearch: parseListingSearch,
  loaderDeps: ({ search }) => normalizeListingSearch(search),
  loader: ({ context, deps, preload }) => loadServicesPage({ ...context, preload }, deps),
  component: ServicesRoute,
})

function ServicesRoute() {
  return <ServicesPage search={Route.useLoaderDeps()} />
}
