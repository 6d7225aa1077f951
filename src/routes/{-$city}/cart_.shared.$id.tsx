import { createFileRoute } from '@tanstack/react-router'
import { SharedCartPage } from '../../features/cart/shared-cart-page'

/** A cart someone shared: `/cart/shared/{shared_cart_id}`, a page of its own beside /cart, not inside it. */
export const Route = createFileRoute('/{-$city}/cart_/shared/$id')({
  // Its texts are a catalogue of their own, loaded with the page.
  loader: ({ context }) =>
    import('../../i18n/feature-messages').then((m) => m.loadFeatureMessages('cart', context.lang)),
  component: SharedCartRoute,
})

function SharedCartRoute() {
  const { id } = Route.useParams()
  return <SharedCartPage sharedId={id} />
}
