import { createFileRoute, notFound } from '@tanstack/react-router'
import { z } from 'zod'
import { parseCategoryPath } from '../../../app/catalog-path'
import { CategoryPage } from '../../../features/shell/catalog-pages'

/** Spec 2.3: sorting, priceMin, priceMax and page; a value that does not fit is dropped, not an error. */
const CATALOG_SORTINGS = ['score', 'discount', 'new', 'price_asc', 'price_desc', 'rating'] as const

const CatalogSearch = z.object({
  sorting: z.enum(CATALOG_SORTINGS).optional().catch(undefined),
  priceMin: z.coerce.number().int().nonnegative().optional().catch(undefined),
  priceMax: z.coerce.number().int().nonnegative().optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
})

/** `/catalog/{category segments}[/f/{code}/{value}...]` */
export const Route = createFileRoute('/{-$city}/catalog/$')({
  validateSearch: CatalogSearch,
  beforeLoad: ({ params }) => {
    const categoryPath = parseCategoryPath(params._splat)
    if (!categoryPath) throw notFound()
    return { categoryPath }
  },
  component: CategoryRoute,
})

function CategoryRoute() {
  const { categoryPath } = Route.useRouteContext()
  return <CategoryPage path={categoryPath} />
}
