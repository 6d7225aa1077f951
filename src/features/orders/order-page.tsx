import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, type ReactNode } from 'react'
import { useStoreLocation } from '../../url/store-location'
import { Skeleton } from '../../ui/skeleton'
import type { OrderDetail } from '../../../contract/checkout'
import { OrderActions, OrderParts } from './actions'
import { FINAL_STATUSES, TIMELINE_REFRESH_MS, timelineQuery } from './api'
import { OrderTimeline } from './order-timeline'
import styles from './orders.module.css'

/**
 * `/my-account/orders/{id}`: the order's status timeline (asked again every few seconds while the order
 * still moves), what the shopper can do with it, its delivery and pickup parts, and the order itself
 * (`details`, the checkout's order panel, which the route passes in with the order it reads).
 */
export function OrderPage({
  orderId,
  order,
  details,
}: {
  orderId: string
  /** The order as placed, once read (the panel in `details` reads the same answer). */
  order: OrderDetail | undefined
  details: ReactNode
}) {
  const { t } = useLingui()
  const { prefix } = useStoreLocation()
  const queryClient = useQueryClient()
  const query = useQuery({
    ...timelineQuery(orderId),
    refetchInterval: (q) =>
      q.state.data && FINAL_STATUSES.has(q.state.data.status) ? false : TIMELINE_REFRESH_MS,
  })
  // When the status moves, the order's details (payment, sums) are read again with it.
  const status = query.data?.status
  const seen = useRef(status)
  useEffect(() => {
    if (status === undefined || seen.current === status) return
    const first = seen.current === undefined
    seen.current = status
    if (!first) void queryClient.invalidateQueries({ queryKey: ['orders', 'detail', orderId] })
  }, [status, orderId, queryClient])

  return (
    <div className={styles.page} data-testid="account-order">
      <Link to="/{-$city}/my-account/orders-list" params={{ city: prefix }} data-testid="back-to-orders">
        ← {t`Все заказы`}
      </Link>
      {query.data ? (
        <>
          <OrderTimeline timeline={query.data} />
          <OrderActions orderId={orderId} timeline={query.data} />
          {order ? <OrderParts order={order} /> : null}
        </>
      ) : query.isPending ? (
        <Skeleton height={120} radius={16} />
      ) : null}
      {details}
    </div>
  )
}
