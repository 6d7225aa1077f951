import { createFileRoute } from '@tanstack/react-router'
import { CartPage } from '../../features/cart/cart-page'

/** The shopper's own page: rendered in the browser, where the cart id and the session are. */
export const Route = createFileRoute('/{-$city}/cart')({
  // Its texts are a catalogue of their own, loaded with the page.
  loader: ({ context }) =>
    import('../../i18n/feature-messages').then((m) => m.loadFeatureMessages('cart', context.lang)),
  component: CartPage,
})
