import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { AccountFrame } from '../../../../features/account/account-frame'
import { orderQuery } from '../../../../features/checkout/api'
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
  // the order panel's own query: the order page's parts read the same answer
  const order = useQuery(orderQuery(id)).data
  return (
    <AccountFrame section="accountOrders">
      <OrderPage orderId={id} order={order} details={<OrderPanel orderId={id} quiet />} />
    </AccountFrame>
  )
}
