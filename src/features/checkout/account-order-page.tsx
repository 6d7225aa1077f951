import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useStoreLocation } from '../../url/store-location'
import { OrderReschedule, OrderWarrant, PickupOtp } from '../orders'
import { orderQuery } from './api'
import { OrderPanel } from './result-page'
import styles from './checkout.module.css'

/** `/my-account/orders/{id}`: one order of the shopper's history, as the result page shows it. */
export function AccountOrderPage({ orderId }: { orderId: string }) {
  const { t } = useLingui()
  const { prefix } = useStoreLocation()
  // the panel's own query: the order's actions below read the same answer
  const order = useQuery(orderQuery(orderId)).data
  return (
    <div className={styles.main} data-testid="account-order">
      <Link to="/{-$city}/my-account/orders-list" params={{ city: prefix }} data-testid="back-to-orders">
        ← {t`Все заказы`}
      </Link>
      <OrderPanel orderId={orderId} quiet />
      {order ? (
        <>
          <PickupOtp order={order} />
          <OrderWarrant order={order} />
          <OrderReschedule order={order} />
        </>
      ) : null}
    </div>
  )
}
