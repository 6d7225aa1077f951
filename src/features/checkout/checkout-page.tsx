import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link, Navigate, useNavigate } from '@tanstack/react-router'
import { useSetAtom } from 'jotai'
import { useEffect, useState, type ReactNode } from 'react'
import type { CreatedOrder } from '../../../contract/checkout'
import { CART_MESSAGES } from '../../cart/messages'
import { CART_ROOT } from '../../cart/queries'
import { PageFrame } from '../../page/page-frame'
import { useProfile } from '../../session/session'
import { useStoreLocation } from '../../url/store-location'
import { Button, buttonClassName } from '../../ui/button'
import { Skeleton } from '../../ui/skeleton'
import { DeliveryStep } from './delivery-step'
import { FinancingFlow } from './financing/financing-flow'
import { useLeaveWatch } from './leave-reasons'
import { CHECKOUT_MESSAGES } from './messages'
import { goToPayment } from './navigation'
import { PhoneConfirm } from './phone-confirm'
import { ReceiverStep } from './receiver-step'
import { ReviewStep } from './review-step'
import { FORM_STEPS, isFinancing, receiverProblems, type FormStep } from './rules'
import { resetCheckoutFormAtom, useCheckoutForm } from './state'
import { cartLines, cartSums, Sums, SummaryLines } from './summary'
import { useCheckoutCart } from './use-checkout-cart'
import { useOnline } from '../../data/use-online'
import styles from './checkout.module.css'

function Steps({ step, reachable }: { step: FormStep; reachable: (step: FormStep) => boolean }) {
  const { t } = useLingui()
  const { prefix } = useStoreLocation()
  const names: Record<FormStep, string> = {
    receiver: t`Получатель`,
    delivery: t`Получение`,
    'review-and-payments': t`Оплата`,
  }
  const current = FORM_STEPS.indexOf(step)
  return (
    <nav aria-label={t`Шаги оформления`}>
      <ol className={styles.steps}>
        {FORM_STEPS.map((item, index) => (
          <li key={item} style={{ display: 'contents' }}>
            {item !== step && reachable(item) ? (
              <Link
                to="/{-$city}/checkout/$step"
                params={{ city: prefix, step: item }}
                className={styles.step}
                data-done={index < current || undefined}
                data-testid={`checkout-step-${item}`}
              >
                {names[item]}
              </Link>
            ) : (
              <span
                className={styles.step}
                aria-current={item === step ? 'step' : undefined}
                data-done={index < current || undefined}
                data-testid={`checkout-step-${item}`}
              >
                {names[item]}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}

/**
 * The checkout's form steps (`/checkout/receiver`, `/delivery`, `/review-and-payments`): the step is in
 * the URL, what the shopper set up in sessionStorage. An order needs a signed-in shopper, so a guest
 * first confirms the phone by SMS here. Nothing starts offline: the cart stays as it is.
 */
export function CheckoutPage({ step, orderId }: { step: FormStep; orderId?: string }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const location = useStoreLocation()
  const online = useOnline()
  const profile = useProfile()
  const { cart, isLoading, isError, refetch } = useCheckoutCart(
    profile === undefined ? undefined : profile !== null,
  )
  const { form, patch } = useCheckoutForm()
  const reset = useSetAtom(resetCheckoutFormAtom)
  const [leaving, setLeaving] = useState(false)
  const orderable = cart.products.some((line) => line.isActive)

  useLeaveWatch({ step, cartId: cart.id }, orderable && !leaving && !orderId)

  // The receiver starts as the signed-in shopper, until the shopper changes it.
  const empty = !form.receiver.firstname && !form.receiver.lastname && !form.receiver.phone
  useEffect(() => {
    if (!profile || !empty || leaving) return
    const phone = profile.phone.replace(/\D/g, '')
    patch({
      buyer: profile.type === 'organization' ? 'organization' : form.buyer,
      receiver: {
        firstname: profile.firstname,
        lastname: profile.lastname,
        phone: phone.length === 11 ? phone.slice(1) : '',
        email: profile.email ?? '',
      },
    })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the profile arrives on an empty form
  }, [profile, empty, leaving])

  const goTo = (next: FormStep | 'result', search?: { orderId: string; status?: 'success' }) =>
    void navigate({
      to: '/{-$city}/checkout/$step',
      params: { city: location.prefix, step: next },
      search: search ?? {},
    })

  /** The order exists: the form is forgotten, the cart it closed and the history are asked again. */
  function finished() {
    setLeaving(true)
    reset()
    void queryClient.invalidateQueries({ queryKey: [CART_ROOT] })
    void queryClient.invalidateQueries({ queryKey: ['orders'] })
  }

  function placed(order: CreatedOrder) {
    finished()
    // Financing is applied for once the order holds its goods, here on the payment step.
    if (isFinancing(order.payment.method)) goTo('review-and-payments', { orderId: order.order_id })
    else if (order.payment.redirect_url) goToPayment(order.payment.redirect_url)
    else goTo('result', { orderId: order.order_id, status: 'success' })
  }

  const receiverReady = receiverProblems(form).length === 0
  const reachable = (item: FormStep) => item === 'receiver' || receiverReady
  const frame = (body: ReactNode, aside?: ReactNode) => (
    <PageFrame
      title={t`Оформление заказа`}
      crumbs={[{ label: t`Корзина`, path: '/cart' }]}
      backLinks={false}
      testId="checkout-page"
    >
      <Steps step={step} reachable={reachable} />
      {!online ? (
        <p className={styles.warning} role="alert" data-testid="checkout-offline">
          {i18n._(CHECKOUT_MESSAGES.offline)}
        </p>
      ) : null}
      {aside ? (
        <div className={styles.layout}>
          <div className={styles.main}>{body}</div>
          <aside className={styles.side}>{aside}</aside>
        </div>
      ) : (
        body
      )}
    </PageFrame>
  )

  // An order placed with financing: its application, whatever the (now closed) cart says. The flow is in
  // the checkout's own chunk: a chunk of its own split the modules it shares with the catalogue pages into
  // one more chunk there, 0.3 KB over the category page's budget.
  if (step === 'review-and-payments' && orderId && profile) return frame(<FinancingFlow orderId={orderId} />)

  // Placed: the page waits for the bank's page or the result, whatever the (now empty) form says.
  if (profile === undefined || isLoading || leaving) return frame(<Skeleton height={320} radius={16} />)

  if (isError)
    return frame(
      <section className={styles.card} data-testid="checkout-cart-error">
        <p className={styles.error} role="alert">
          {i18n._(CART_MESSAGES.failedToGetCartData)}
        </p>
        <div className={styles.actions}>
          <Button onClick={refetch}>{t`Повторить`}</Button>
        </div>
      </section>,
    )

  if (!orderable)
    return frame(
      <section className={styles.card} data-testid="checkout-empty">
        <p>{t`В корзине нет товаров, которые можно заказать.`}</p>
        <div className={styles.actions}>
          <Link to="/{-$city}/cart" params={{ city: location.prefix }} className={buttonClassName()}>
            {t`Вернуться в корзину`}
          </Link>
          <Link
            to="/{-$city}/catalog"
            params={{ city: location.prefix }}
            className={buttonClassName({ variant: 'secondary' })}
          >
            {t`Перейти в каталог`}
          </Link>
        </div>
      </section>,
    )

  const cartAside = (
    <section className={styles.card} aria-label={t`Ваш заказ`} data-testid="checkout-cart-summary">
      <h2 className={styles.cardTitle}>{t`Ваш заказ`}</h2>
      <SummaryLines lines={cartLines(cart)} />
      <Sums sums={cartSums(cart)} count={cart.activeProductsCount} />
      <Link to="/{-$city}/cart" params={{ city: location.prefix }} data-testid="checkout-to-cart">
        {t`Изменить состав в корзине`}
      </Link>
    </section>
  )

  if (profile === null) return frame(<PhoneConfirm />, cartAside)

  if (step === 'receiver') return frame(<ReceiverStep onDone={() => goTo('delivery')} />, cartAside)
  if (!receiverReady)
    return (
      <Navigate to="/{-$city}/checkout/$step" params={{ city: location.prefix, step: 'receiver' }} replace />
    )
  if (step === 'delivery')
    return frame(<DeliveryStep cart={cart} onDone={() => goTo('review-and-payments')} />, cartAside)
  return frame(
    <ReviewStep
      cart={cart}
      onEdit={goTo}
      onPlaced={placed}
      onAlreadyOrdered={(orderId) => {
        finished()
        goTo('result', { orderId })
      }}
    />,
  )
}
