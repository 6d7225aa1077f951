import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import type { Cart } from '../../../contract/cart'
import type { CalculationOrder, CreatedOrder, CreateOrderRequest } from '../../../contract/checkout'
import type { DeliveryResult } from '../../../contract/inventory'
import { CART_ROOT } from '../../cart/queries'
import { formatMoney } from '../../i18n/format'
import { clearUserData } from '../../session/session'
import { useStoreLocation } from '../../url/store-location'
import { Button } from '../../ui/button'
import { Skeleton } from '../../ui/skeleton'
import { formatPhone } from '../auth'
import { calculationQuery, createOrder, paymentMethodsQuery } from './api'
import { cardsQuery } from '../account'
import { isoDateText } from './dates'
import {
  CHECKOUT_MESSAGES,
  failureText,
  methodReason,
  PAYMENT_METHOD_HINTS,
  PAYMENT_METHOD_NAMES,
} from './messages'
import {
  calculationFailure,
  checkoutRequest,
  choosePayment,
  courierAddress,
  effectivePayment,
  fingerprint,
  isFinancing,
  orderFailure,
  orderMethods,
  pickupPlaces,
  shippingFor,
  withDeliveryDefaults,
  type Failure,
  type FormStep,
  type PaymentAction,
  type SavedAddress,
  hasTradein,
} from './rules'
import { newSessionId, useCheckoutForm, type CheckoutForm } from './state'
import { Sums, SummaryLines, useOrderLines } from './summary'
import { useCheckoutDelivery } from './use-delivery'
import { useOnline } from '../../data/use-online'
import styles from './checkout.module.css'

function Recap({
  form,
  delivery,
  addresses,
  onEdit,
}: {
  form: CheckoutForm
  delivery: DeliveryResult
  addresses: readonly SavedAddress[]
  onEdit: (step: FormStep) => void
}) {
  const { t } = useLingui()
  const { receiver, organization } = form
  const place =
    form.method === 'pickup'
      ? pickupPlaces(delivery).find((p) => p.service_point_id === form.servicePointId)
      : undefined
  const address = form.method === 'courier' ? courierAddress(form, addresses) : null
  const slot = delivery.slots.find((s) => s.code === form.slotCode && s.date === form.date)
  return (
    <section className={styles.card} data-testid="checkout-recap">
      <div className={styles.recap}>
        <div className={styles.recapText}>
          <h2 className={styles.subTitle}>{t`Получатель`}</h2>
          <span data-testid="recap-receiver">
            {receiver.firstname} {receiver.lastname}, {formatPhone(receiver.phone)}
          </span>
          {form.buyer === 'organization' ? (
            <span className={styles.muted} data-testid="recap-organization">
              {organization.name}, {t`БИН ${organization.bin}`}
            </span>
          ) : null}
        </div>
        <Button variant="ghost" size="s" onClick={() => onEdit('receiver')} data-testid="edit-receiver">
          {t`Изменить`}
        </Button>
      </div>
      <div className={styles.recap}>
        <div className={styles.recapText}>
          <h2 className={styles.subTitle}>{place ? t`Самовывоз` : t`Доставка курьером`}</h2>
          {place ? (
            <>
              <span data-testid="recap-place">
                {place.title}, {place.address}
              </span>
              <span className={styles.muted}>{t`Забрать с ${isoDateText(place.pickup_date)}`}</span>
            </>
          ) : address ? (
            <>
              <span data-testid="recap-address">
                {address.street}, {address.house}
                {address.apartment ? `, ${t`кв. ${address.apartment}`}` : ''}
              </span>
              {slot ? (
                <span className={styles.muted} data-testid="recap-slot">
                  {isoDateText(slot.date)}, {slot.time_from}–{slot.time_to}
                </span>
              ) : null}
            </>
          ) : null}
          {form.installationDate ? (
            <span className={styles.muted}>{t`Установка: ${isoDateText(form.installationDate)}`}</span>
          ) : null}
        </div>
        <Button variant="ghost" size="s" onClick={() => onEdit('delivery')} data-testid="edit-delivery">
          {t`Изменить`}
        </Button>
      </div>
    </section>
  )
}

/** Gift cards, bonuses and the promo code are chosen in the cart; here they are shown as applied. */
function Benefits({ order }: { order: CalculationOrder | undefined }) {
  const { t } = useLingui()
  const { prefix } = useStoreLocation()
  const code = order?.marketingUnits.promocode
  const cards = order?.marketingUnits.giftCards ?? []
  const bonuses = order?.bonuses.amount ?? 0
  const any = Boolean(code) || cards.length > 0 || bonuses > 0
  return (
    <section className={styles.card} data-testid="checkout-benefits">
      <h2 className={styles.subTitle}>{t`Скидки и бонусы`}</h2>
      {any ? (
        <dl className={styles.sums}>
          {code ? (
            <div className={styles.sumRow} data-testid="benefit-promo-code">
              <dt>{t`Промокод ${code.code}`}</dt>
              <dd>−{formatMoney(order?.calculation.promoCodeSum ?? 0)}</dd>
            </div>
          ) : null}
          {cards.map((card) => (
            <div key={card.code} className={styles.sumRow} data-testid="benefit-gift-card">
              <dt>{t`Подарочная карта ${card.code}`}</dt>
              <dd>−{formatMoney(card.amount)}</dd>
            </div>
          ))}
          {bonuses > 0 ? (
            <div className={styles.sumRow} data-testid="benefit-bonus">
              <dt>{t`Бонусы`}</dt>
              <dd>−{formatMoney(bonuses)}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <p className={styles.muted}>
        {t`Промокод, подарочные карты и бонусы применяются в корзине.`}{' '}
        <Link to="/{-$city}/cart" params={{ city: prefix }} data-testid="benefits-to-cart">
          {t`Изменить в корзине`}
        </Link>
      </p>
    </section>
  )
}

export interface ReviewStepProps {
  cart: Cart
  onEdit: (step: FormStep) => void
  onPlaced: (order: CreatedOrder) => void
  onAlreadyOrdered: (orderId: string) => void
}

/**
 * Step 3: the payment method and the order as the server prices it. Choosing card payment loads the
 * saved cards (purchase flow 4); the calculation follows every choice; placing the order sends the sum
 * the shopper saw, so a price that moved meanwhile is refused and shown rather than charged.
 */
export function ReviewStep({ cart, onEdit, onPlaced, onAlreadyOrdered }: ReviewStepProps) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const { cityId, prefix } = useStoreLocation()
  const online = useOnline()
  const { form, setForm, patch } = useCheckoutForm()
  const { delivery, addresses, addressesPending, installation } = useCheckoutDelivery(cart, form)
  const [failure, setFailure] = useState<Failure | null>(null)
  const [placing, setPlacing] = useState(false)
  const placingRef = useRef(false)

  const data = delivery.data
  const resolved = data ? withDeliveryDefaults(form, data, addresses) : form
  const shipping = data ? shippingFor(resolved, data, addresses, installation) : null
  const isOrganization = form.buyer === 'organization'

  const methods = useQuery({
    ...paymentMethodsQuery({
      city_id: cityId,
      delivery_type: shipping?.type ?? 'PICKUP',
      is_organization: isOrganization,
      is_tradein: hasTradein(cart),
    }),
    enabled: shipping !== null,
  })
  const offered = methods.data?.methods ?? []
  // Purchase flow 4: card payment (chosen, or the first offered) loads the shopper's saved cards.
  const cardChosen = effectivePayment(form.payment, offered, undefined).method === 'card_payment'
  const cards = useQuery({ ...cardsQuery(), enabled: cardChosen })
  const payment = effectivePayment(form.payment, offered, cards.data)
  const cardsReady = payment.method !== 'card_payment' || !cards.isPending
  const request =
    shipping && payment.method ? checkoutRequest(resolved, cityId, shipping, payment.method) : null
  const calculation = useQuery({
    ...calculationQuery(
      request ?? checkoutRequest(resolved, cityId, { type: 'PICKUP' }, 'card_payment'),
      form.session,
    ),
    enabled: request !== null && cardsReady,
  })
  const lines = useOrderLines(calculation.data?.products ?? [])

  if (delivery.isPending || addressesPending) {
    return <Skeleton height={320} radius={16} />
  }
  if (!data || !shipping) {
    return (
      <section className={styles.card} data-testid="checkout-review-incomplete">
        <p className={styles.warning} role="alert">
          {delivery.isError
            ? failureText(i18n, calculationFailure(delivery.error))
            : t`Сначала выберите, как получить заказ.`}
        </p>
        <div className={styles.actions}>
          <Button onClick={() => onEdit('delivery')}>{t`К способу получения`}</Button>
        </div>
      </section>
    )
  }

  const choose = (action: PaymentAction) => {
    setFailure(null)
    patch({ payment: choosePayment(payment, action) })
  }

  async function place() {
    if (placingRef.current || !request || !calculation.data) return
    if (!navigator.onLine) {
      setFailure({ kind: 'offline' })
      return
    }
    const body: CreateOrderRequest = {
      ...request,
      expected_sum_to_pay: calculation.data.calculation.sumToPay,
      saved_card_id: payment.method === 'card_payment' ? payment.savedCardId : null,
    }
    // One key per attempt: a retry of the same order (a lost answer, a second click) sends it again.
    const print = fingerprint(body)
    const key = form.attempt?.fingerprint === print ? form.attempt.key : newSessionId()
    setForm((current) => ({ ...resolved, payment: current.payment, attempt: { key, fingerprint: print } }))
    placingRef.current = true
    setPlacing(true)
    setFailure(null)
    try {
      const created = await createOrder(body, key)
      onPlaced(created)
    } catch (error) {
      const found = orderFailure(error)
      if (found.kind === 'alreadyOrdered') onAlreadyOrdered(found.orderId)
      else if (found.kind === 'priceChanged' || found.kind === 'stockChanged') {
        void queryClient.invalidateQueries({ queryKey: ['checkout'] })
        void queryClient.invalidateQueries({ queryKey: [CART_ROOT] })
      } else if (found.kind === 'signIn') clearUserData(queryClient)
      setFailure(found)
    } finally {
      placingRef.current = false
      setPlacing(false)
    }
  }

  const orderable = orderMethods(offered)
  const sums = calculation.data?.calculation
  const payNow = sums ? sums.sumToPay : 0
  const paysOnline = payment.method === 'card_payment' || payment.method === 'kaspi_qr_payment'
  const cta = isFinancing(payment.method)
    ? t`Оформить и подать заявку в банки`
    : paysOnline && payNow > 0
      ? t`Перейти к оплате · ${formatMoney(payNow)}`
      : t`Подтвердить заказ`

  return (
    <div className={styles.layout}>
      <div className={styles.main}>
        <Recap form={resolved} delivery={data} addresses={addresses} onEdit={onEdit} />
        <section className={styles.card} data-testid="checkout-payment">
          <h2 className={styles.cardTitle}>{t`Способ оплаты`}</h2>
          {methods.isPending ? (
            <Skeleton height={140} />
          ) : methods.isError ? (
            <>
              <p className={styles.error} role="alert">
                {failureText(i18n, calculationFailure(methods.error))}
              </p>
              <div className={styles.actions}>
                <Button variant="secondary" onClick={() => void methods.refetch()}>
                  {t`Повторить`}
                </Button>
              </div>
            </>
          ) : (
            <fieldset className={styles.options} data-testid="payment-methods">
              <legend className="visually-hidden">{t`Способ оплаты`}</legend>
              {orderable.map((method) => {
                const hint = PAYMENT_METHOD_HINTS[method.code]
                return (
                  <label key={method.code} className={styles.option} data-testid="payment-method">
                    <input
                      type="radio"
                      name="payment-method"
                      value={method.code}
                      disabled={!method.available}
                      checked={payment.method === method.code}
                      onChange={() => choose({ type: 'method', method: method.code })}
                      data-testid={`payment-${method.code}`}
                    />
                    <span className={styles.optionText}>
                      <strong>{i18n._(PAYMENT_METHOD_NAMES[method.code])}</strong>
                      <span className={styles.muted}>
                        {method.available ? (hint ? i18n._(hint) : '') : methodReason(i18n, method.reason)}
                      </span>
                    </span>
                    <span />
                  </label>
                )
              })}
            </fieldset>
          )}
          {payment.method === 'card_payment' ? (
            <fieldset className={styles.options} data-testid="saved-cards">
              <legend className={styles.subTitle}>{t`Карта`}</legend>
              {cards.isPending ? <Skeleton height={48} /> : null}
              {(cards.data?.cards ?? []).map((card) => (
                <label key={card.id} className={styles.option}>
                  <input
                    type="radio"
                    name="card"
                    checked={payment.savedCardId === card.id}
                    onChange={() => choose({ type: 'savedCard', id: card.id })}
                    data-testid="saved-card"
                  />
                  <span className={styles.optionText}>
                    <strong>
                      {card.brand} {card.mask.replace(/\*+/, ' •••• ')}
                    </strong>
                    <span className={styles.muted}>{t`Действует до ${card.expiry}`}</span>
                  </span>
                  <span />
                </label>
              ))}
              <label className={styles.option}>
                <input
                  type="radio"
                  name="card"
                  checked={payment.createCard}
                  onChange={() => choose({ type: 'createCard' })}
                  data-testid="new-card"
                />
                <span className={styles.optionText}>
                  <strong>{t`Новая карта`}</strong>
                  <span className={styles.muted}>{t`Данные карты вводятся на странице банка`}</span>
                </span>
                <span />
              </label>
            </fieldset>
          ) : null}
        </section>
        <Benefits order={calculation.data} />
      </div>

      <aside className={styles.side}>
        <section className={styles.card} aria-label={t`Ваш заказ`} data-testid="checkout-summary">
          <h2 className={styles.cardTitle}>{t`Ваш заказ`}</h2>
          {calculation.isError ? (
            <>
              <p className={styles.error} role="alert" data-testid="calculation-error">
                {failureText(
                  i18n,
                  calculationFailure(calculation.error),
                  CHECKOUT_MESSAGES.calculationFailed,
                )}
              </p>
              <Button variant="secondary" onClick={() => void calculation.refetch()}>
                {t`Повторить`}
              </Button>
            </>
          ) : !calculation.data || !sums ? (
            <div aria-busy="true">
              <Skeleton height={120} />
            </div>
          ) : (
            <>
              <SummaryLines lines={lines} />
              <Sums sums={sums} count={lines.reduce((n, line) => n + line.quantity, 0)} />
            </>
          )}
          {failure ? (
            <div className={styles.error} role="alert" data-testid="checkout-error">
              {failureText(i18n, failure)}
              {failure.kind === 'stockChanged' ? (
                <>
                  {' '}
                  <Link to="/{-$city}/cart" params={{ city: prefix }}>
                    {t`Перейти в корзину`}
                  </Link>
                </>
              ) : null}
            </div>
          ) : null}
          {!online ? (
            <p className={styles.warning} role="status">
              {i18n._(CHECKOUT_MESSAGES.offline)}
            </p>
          ) : null}
          <Button
            block
            disabled={placing || !online || !calculation.data || calculation.isFetching || !payment.method}
            onClick={() => void place()}
            data-testid="place-order"
          >
            {placing ? t`Оформляем…` : cta}
          </Button>
          <p className={styles.muted}>
            {t`Нажимая кнопку, вы соглашаетесь с условиями продажи и обработкой персональных данных.`}
          </p>
        </section>
      </aside>
    </div>
  )
}
