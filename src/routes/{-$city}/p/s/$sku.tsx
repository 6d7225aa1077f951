import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { loadProduct } from '../../../../features/product/load'
import { ProductLoadError, ProductPage } from '../../../../features/product/product-page'
import { DEFAULT_TAB, validateProductSearch } from '../../../../features/product/product-tabs'
import { Suspense } from 'react'

/** A service product: `/p/s/{sku}` (also written `/s/{sku}`). */
export const Route = createFileRoute('/{-$city}/p/s/$sku')({
  validateSearch: validateProductSearch,
  search: { middlewares: [stripSearchParams({ tab: DEFAULT_TAB })] },
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: ({ context, params, deps }) =>
    loadProduct({
      queryClient: context.queryClient,
      locale: context,
      id: params.sku,
      kind: 'service',
      tab: deps.tab,
    }),
  component: ServiceRoute,
  errorComponent: ProductLoadError,
})

function ServiceRoute() {
  const { sku } = Route.useParams()
  const { tab } = Route.useSearch()
  return (
    <Suspense>
      <ProductPage id={sku} tab={tab} />
    </Suspense>
  )
}
