import { createFileRoute, notFound } from '@tanstack/react-router'
import { PreorderPage } from '../../features/checkout/pages'

/** `/preorder/{sku}`: a product not on the shelves yet, ordered ahead; the shopper's own page. */
export const Route = createFileRoute('/{-$city}/preorder/$sku')({
  beforeLoad: ({ params }) => {
    if (!/^[0-9]{1,20}$/.test(params.sku)) throw notFound()
  },
  // Its texts are the checkout's catalogue, loaded with the page.
  loader: ({ context }) =>
    import('../../i18n/feature-messages').then((m) => m.loadFeatureMessages('checkout', context.lang)),
  component: PreorderRoute,
})

function PreorderRoute() {
  const { sku } = Route.useParams()
  return <PreorderPage sku={sku} />
}
