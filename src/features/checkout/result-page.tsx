import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import { CART_ROOT } from '../../cart/queries'
import { isApiError } from '../../data/api-error'
import { PageFrame } from '../../page/page-frame'
import { useProfile } from '../../session/session'
import { useStoreLocation } from '../../url/store-location'
import { Button, buttonClassName } from '../../ui/button'
import { Skeleton } from '../../ui/skeleton'
import { orderQuery } from './api'
import { failureText } from './messages'
import { OutcomeHero } from './order-status-block'
import { OrderView } from './order-view'
import { PayAgain } from './pay-again'
import { useLoanApproved } from './financing/loan-approved'
import { canPayAgain, isFinancing, orderFailure, paymentOutcome } from './rules'
import styles from './checkout.module.css'

/** While a payment is being confirmed the order is asked again this often. */
export const CHECKING_INTERVAL_MS = 2_000

export interface OrderPanelProps {
  orderId: string
  /** What the bank's return address said; only a hint: the order itself is the truth. */
  returned?: 'success' | 'failure'
  /** The account's order page: the headline only when there is something to do or to know. */
  quiet?: boolean
}

/** An order with its payment's outcome and, while it may be paid, the way to pay again. */
export function OrderPanel({ orderId, returned, quiet = false }: OrderPanelProps) {
  const { t, i18n } = useLingui()
  const { prefix } = useStoreLocation()
  const query = useQuery({
    ...orderQuery(orderId),
    // Back from the bank before its answer reached the store: ask until the payment settles.
    refetchInterval: (q) => {
      const order = q.state.data
      return order && paymentOutcome(order, returned) === 'checking' ? CHECKING_INTERVAL_MS : false
    },
  })
  useLoanApproved(query.data)
  if (query.isPending) {
    return (
      <div className={styles.main} aria-busy="true" data-testid="order-loading">
        <Skeleton height={96} radius={16} />
        <Skeleton height={280} radius={16} />
      </div>
    )
  }
  if (query.isError) {
    const missing = isApiError(query.error, [400, 403, 404])
    return (
      <div className={styles.card} data-testid="order-error">
        <p className={styles.error} role="alert">
          {missing
            ? t`Заказ не найден. Возможно, он оформлен с другого номера телефона.`
            : failureText(i18n, orderFailure(query.error))}
        </p>
        {missing ? null : (
          <div className={styles.actions}>
            <Button onClick={() => void query.refetch()}>{t`Повторить`}</Button>
          </div>
        )}
      </div>
    )
  }
  const order = query.data
  const outcome = paymentOutcome(order, returned)
  return (
    <div className={styles.main}>
      {quiet && (outcome === 'paid' || outcome === 'confirmed') ? null : (
        <OutcomeHero order={order} outcome={outcome} />
      )}
      {isFinancing(order.payment.method) &&
      order.can_pay &&
      (outcome === 'awaitingPayment' || outcome === 'failed') ? (
        <div className={styles.actions}>
          <Link
            to="/{-$city}/checkout/$step"
            params={{ city: prefix, step: 'review-and-payments' }}
            search={{ orderId: order.order_id }}
            className={buttonClassName()}
            data-testid="broker-resume"
          >
            {t`Продолжить заявку на рассрочку`}
          </Link>
        </div>
      ) : null}
      {canPayAgain(order, outcome) ? <PayAgain order={order} /> : null}
      <OrderView order={order} />
    </div>
  )
}

/**
 * The checkout's result (purchase flow 2): where the bank sends the shopper back
 * (`?status=success|failure&orderId=`), and where an order without an online payment lands. The page
 * shows the order as the server has it, never what the address claims.
 */
export function ResultPage({ orderId, status }: { orderId?: string; status?: 'success' | 'failure' }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const location = useStoreLocation()
  const profile = useProfile()

  // The order is made: the cart it closed and the order history are asked again.
  useEffect(() => {
    if (!orderId) return
    void queryClient.invalidateQueries({ queryKey: [CART_ROOT] })
    void queryClient.invalidateQueries({ queryKey: ['orders'] })
  }, [orderId, queryClient])

  let body
  if (!orderId) {
    body = (
      <p className={styles.warning} role="alert" data-testid="order-error">
        {t`Не указан номер заказа. Ваши заказы — в личном кабинете.`}
      </p>
    )
  } else if (profile === undefined) {
    body = <Skeleton height={280} radius={16} />
  } else if (profile === null) {
    body = (
      <div className={styles.card} data-testid="order-sign-in">
        <p>{t`Войдите, чтобы увидеть заказ.`}</p>
        <Link
          to="/{-$city}/login"
          params={{ city: location.prefix }}
          search={{ redirect: location.href(`/checkout/result?orderId=${encodeURIComponent(orderId)}`) }}
          className={buttonClassName()}
        >
          {t`Войти`}
        </Link>
      </div>
    )
  } else body = <OrderPanel orderId={orderId} returned={status} />

  return (
    <PageFrame
      title={t`Заказ`}
      crumbs={[{ label: t`Корзина`, path: '/cart' }]}
      backLinks
      testId="checkout-result"
    >
      {body}
      {orderId && profile ? (
        <div className={styles.actions}>
          <Link
            to="/{-$city}/my-account/orders-list"
            params={{ city: location.prefix }}
            className={buttonClassName({ variant: 'secondary' })}
            data-testid="to-orders"
          >
            {t`Мои заказы`}
          </Link>
        </div>
      ) : null}
    </PageFrame>
  )
}
