import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useStoreLocation } from '../../url/store-location'
import { OrderDocuments } from '../orders'
import { orderQuery } from './api'
import { OrderPanel } from './result-page'
import styles from './checkout.module.css'

/** `/my-account/orders/{id}`: one order of the shopper's history, as the result page shows it, and its documents. */
export function AccountOrderPage({ orderId }: { orderId: string }) {
  const { t } = useLingui()
  const { prefix } = useStoreLocation()
  const { data: order } = useQuery(orderQuery(orderId))
  return (
    <div className={styles.main} data-testid="account-order">
      <Link to="/{-$city}/my-account/orders-list" params={{ city: prefix }} data-testid="back-to-orders">
        ← {t`Все заказы`}
      </Link>
      <OrderPanel orderId={orderId} quiet />
      {order ? (
        <OrderDocuments
          orderId={order.order_id}
          number={order.number}
          isOrganization={order.receiver.isOrganization}
        />
      ) : null}
    </div>
  )
}
