import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { loadProduct } from '../../../features/product/load'
import { ProductLoadError, ProductPage } from '../../../features/product/product-page'
import { DEFAULT_TAB, validateProductSearch } from '../../../features/product/product-tabs'
import { Suspense } from 'react'

/** A product page, `/p/{uri}?tab=availability`; the about tab is the address without `?tab`. */
export const Route = createFileRoute('/{-$city}/p/$uri')({
  validateSearch: validateProductSearch,
  search: { middlewares: [stripSearchParams({ tab: DEFAULT_TAB })] },
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: ({ context, params, deps }) =>
    loadProduct({
      queryClient: context.queryClient,
      locale: context,
      id: params.uri,
      kind: 'product',
      tab: deps.tab,
    }),
  component: ProductRoute,
  errorComponent: ProductLoadError,
})

function ProductRoute() {
  const { uri } = Route.useParams()
  const { tab } = Route.useSearch()
  return (
    <Suspense>
      <ProductPage id={uri} tab={tab} />
    </Suspense>
  )
}
