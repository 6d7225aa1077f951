import { createFileRoute } from '@tanstack/react-router'
import { AccountFrame } from '../../../../features/account/account-frame'
import { OrderPanel } from '../../../../features/checkout/pages'
import { OrderPage } from '../../../../features/orders/order-page'

/**
 * One order of the history (`/my-account/orders-list` links here): its status timeline and actions
 * (orders), and its goods, payment and delivery as the checkout's result page shows them.
 */
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
      <OrderPage orderId={id} details={<OrderPanel orderId={id} quiet />} />
    </AccountFrame>
  )
}
