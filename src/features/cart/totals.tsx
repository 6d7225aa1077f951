import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { Cart } from '../../../contract/cart'
import type { CityId } from '../../../contract/values/common'
import { MAX_ORDER_SUM } from '../../../contract/values/cart'
import { formatMoney } from '../../i18n/format'
import { SumRow } from '../../ui/sum-row'
import { Link } from '@tanstack/react-router'
import { Button, buttonClassName } from '../../ui/button'
import { useStoreLocation } from '../../url/store-location'
import { loanGoods, loanQuery, lowestMonthlyPayment } from '../../cart/queries'
import { useOnline } from '../../data/use-online'
import styles from './cart.module.css'

const Row = (props: Omit<Parameters<typeof SumRow>[0], 'className'>) => (
  <SumRow {...props} className={styles.totalRow} />
)

/** Purchase flow 5: the calculator is asked only with a city and at least one active product. */
export function Installment({ cart, cityId }: { cart: Cart; cityId: CityId }) {
  const { t } = useLingui()
  const goods = loanGoods(cart)
  const { data } = useQuery(loanQuery(cityId, goods))
  const lowest = lowestMonthlyPayment(data)
  if (goods.length === 0 || lowest === null) return null
  const monthly = formatMoney(lowest)
  return (
    <p className={styles.installment} data-testid="installment" data-amount={lowest}>
      {t`В рассрочку или кредит от ${monthly}/мес`}
    </p>
  )
}

export interface TotalsProps {
  cart: Cart
  cityId: CityId
  /** Some change waits for the network: the sums are the device's estimate until the server answers. */
  provisional: boolean
}

/**
 * The sums the server computed: what the goods cost, what is taken off, what is left to pay, and below
 * them what the shopper saves. The saving (old prices, kit discounts, gifts, the promo code) is already
 * in the prices, so it is not a row that the total subtracts.
 */
export function Totals({ cart, cityId, provisional }: TotalsProps) {
  const { t } = useLingui()
  const online = useOnline()
  const { prefix } = useStoreLocation()
  const count = cart.activeProductsCount
  const limit = formatMoney(MAX_ORDER_SUM)
  return (
    <section className={`${styles.card} ${styles.totals}`} aria-label={t`Итого`} data-testid="totals">
      <h2 className={styles.cardTitle}>{t`Ваш заказ`}</h2>
      <dl className={styles.totalList}>
        <Row label={t`Товары (${count})`} amount={cart.subTotalSum} testId="total-sub" />
        {cart.promoCodeSum > 0 ? (
          <Row label={t`Промокод`} amount={cart.promoCodeSum} testId="total-promo-code" minus />
        ) : null}
        {cart.tradeinSum > 0 ? (
          <Row label={t`Трейд-ин`} amount={cart.tradeinSum} testId="total-tradein" minus />
        ) : null}
        {cart.giftCardSum > 0 ? (
          <Row label={t`Подарочные карты`} amount={cart.giftCardSum} testId="total-gift-cards" minus />
        ) : null}
        {cart.bonusSum > 0 ? (
          <Row label={t`Бонусы`} amount={cart.bonusSum} testId="total-bonus" minus />
        ) : null}
        <div
          className={`${styles.totalRow} ${styles.grandTotal}`}
          data-testid="total-grand"
          data-amount={cart.grandTotalSum}
        >
          <dt>{t`Итого`}</dt>
          <dd>{formatMoney(cart.grandTotalSum)}</dd>
        </div>
      </dl>
      {cart.economySum > 0 ? (
        <p className={styles.saving} data-testid="total-economy" data-amount={cart.economySum}>
          {t`Ваша выгода: ${formatMoney(cart.economySum)}`}
        </p>
      ) : null}
      {provisional ? <p className={styles.muted}>{t`Сумма уточнится, когда сеть вернётся`}</p> : null}
      {cart.cashbackSum > 0 ? (
        <p className={styles.cashback} data-testid="total-cashback" data-amount={cart.cashbackSum}>
          {t`Вернётся бонусами: ${formatMoney(cart.cashbackSum)}`}
        </p>
      ) : null}
      <Installment cart={cart} cityId={cityId} />
      {cart.exceedsMaxOrderSum ? (
        <p className={styles.error} role="alert">
          {t`Сумма заказа не может превышать ${limit}: уберите часть товаров`}
        </p>
      ) : null}
      {count > 0 && !online ? (
        <p className={styles.muted} role="status" data-testid="checkout-offline-reason">
          {t`Оформить заказ можно только онлайн: корзина сохранена, вернитесь к ней, когда сеть появится`}
        </p>
      ) : null}
      {count > 0 && !cart.exceedsMaxOrderSum && online ? (
        <Link
          to="/{-$city}/checkout/$step"
          params={{ city: prefix, step: 'receiver' }}
          className={buttonClassName({ block: true })}
          data-testid="checkout-button"
        >
          {t`Оформить заказ`}
        </Link>
      ) : (
        <Button block disabled data-testid="checkout-button">
          {t`Оформить заказ`}
        </Button>
      )}
    </section>
  )
}
