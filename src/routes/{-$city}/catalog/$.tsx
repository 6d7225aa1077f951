import { createFileRoute } from '@tanstack/react-router'
import { CategoryPage } from '../../../features/catalog/category-page'
import { parseListingSearch, normalizeListingSearch } from '../../../features/catalog/listing-search'
import { loadCategoryPage, resolveCategoryPath } from '../../../features/catalog/load'
import { Suspense } from 'react'

/** `/catalog/{category segments}[/f/{code}/{value}...]?sorting&priceMin&priceMax&page` (spec 2.3). */
export const Route = createFileRoute('/{-$city}/catalog/$')({
  validateSearch: parseListingSearch,
  loaderDeps: ({ search }) => normalizeListingSearch(search),
  beforeLoad: ({ params, location, context }) => ({
    categoryPath: resolveCategoryPath(params._splat, location, context),
  }),
  loader: ({ context, deps, preload }) =>
    loadCategoryPage({ ...context, preload }, context.categoryPath, deps),
  component: CategoryRoute,
})

function CategoryRoute() {
  const { categoryPath } = Route.useRouteContext()
  const search = Route.useLoaderDeps()
  return (
    <Suspense>
      <CategoryPage path={categoryPath} search={search} />
    </Suspense>
  )
}
