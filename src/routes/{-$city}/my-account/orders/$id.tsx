import { createFileRoute } from '@tanstack/react-router'
import { AccountFrame } from '../../../../features/account/account-frame'
import { AccountOrderPage } from '../../../../features/checkout/pages'

/** One order of the history (`/my-account/orders-list` links here), with its payment and delivery. */
export const Route = createFileRoute('/{-$city}/my-account/orders/$id')({
  // Its texts are catalogues of their own, loaded with the page; the loader's code comes with it too.
  loader: ({ context }) =>
    import('../../../../i18n/feature-messages').then((m) =>
      Promise.all([
        m.loadFeatureMessages('checkout', context.lang),
        m.loadFeatureMessages('orders', context.lang),
      ]),
    ),
  component: AccountOrderRoute,
})

function AccountOrderRoute() {
  const { id } = Route.useParams()
  return (
    <AccountFrame section="accountOrders">
      <AccountOrderPage orderId={id} />
    </AccountFrame>
  )
}
