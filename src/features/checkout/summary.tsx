import { useLingui } from '@lingui/react/macro'
import type { Cart } from '../../../contract/cart'
import type { Calculation, CalculationLine } from '../../../contract/checkout'
import { imageUrl } from '../../../contract/values/media'
import { formatMoney } from '../../i18n/format'
import { SumRow } from '../../ui/sum-row'
import { Price } from '../../ui/price'
import styles from './checkout.module.css'

export interface SummaryLine {
  key: string
  title: string
  quantity: number
  totalPrice: number
  /** The image's id at the media service. */
  image: string | null
  note?: string
}

export function SummaryLines({ lines }: { lines: readonly SummaryLine[] }) {
  const { t } = useLingui()
  return (
    <ul className={styles.summaryLines} data-testid="summary-lines">
      {lines.map((line) => (
        <li key={line.key} className={styles.summaryLine} data-testid="summary-line">
          {line.image ? (
            <img src={imageUrl(line.image, 88)} alt="" width={48} height={48} loading="lazy" />
          ) : (
            <span className={styles.noImage} aria-hidden="true" />
          )}
          <span className={styles.lineTitle}>
            {line.title}
            <span className={styles.lineMeta}>
              {t`${line.quantity} шт.`}
              {line.note ? ` · ${line.note}` : ''}
            </span>
          </span>
          <Price amount={line.totalPrice} />
        </li>
      ))}
    </ul>
  )
}

/** The order's lines as the calculation and the order itself list them. */
export function useOrderLines(lines: readonly CalculationLine[]): SummaryLine[] {
  const { t } = useLingui()
  const notes: Record<CalculationLine['kind'], string | undefined> = {
    product: undefined,
    service: t`услуга`,
    kit: t`в комплекте`,
    gift: t`подарок`,
  }
  return lines.map((line) => ({
    key: `${line.kind}-${line.id}-${line.sku}`,
    title: line.title,
    quantity: line.quantity,
    totalPrice: line.totalPrice,
    image: line.image,
    note: notes[line.kind],
  }))
}

/** The active lines of the cart before the calculation has priced the order. */
export function cartLines(cart: Cart): SummaryLine[] {
  return [...cart.products, ...cart.services]
    .filter((line) => line.isActive)
    .map((line) => ({
      key: `${line.type}-${line.sku}`,
      title: line.title,
      quantity: line.quantity,
      totalPrice: line.totalPrice,
      image: line.images[0] ?? null,
    }))
}

const Row = (props: Omit<Parameters<typeof SumRow>[0], 'className'>) => (
  <SumRow {...props} className={styles.sumRow} />
)

export interface SumsProps {
  /** The calculation, or the cart's own sums before there is one (no delivery yet). */
  sums: Pick<
    Calculation,
    'subTotal' | 'promoCodeSum' | 'giftCardSum' | 'bonusSum' | 'grandTotal' | 'economySum' | 'cashbackSum'
  > &
    Partial<Pick<Calculation, 'deliverySum' | 'sumToPay' | 'prepayment' | 'tradeinSum' | 'tradeins'>>
  count: number
}

/**
 * The sums the server computed: the goods, what is taken off, the delivery, the total; then what is
 * paid now when it differs from the total (cash on receipt pays nothing now).
 */
export function Sums({ sums, count }: SumsProps) {
  const { t } = useLingui()
  return (
    <>
      <dl className={styles.sums} data-testid="checkout-sums">
        <Row label={t`Товары (${count})`} amount={sums.subTotal} testId="sum-sub" />
        {sums.promoCodeSum > 0 ? (
          <Row label={t`Промокод`} amount={sums.promoCodeSum} testId="sum-promo" minus />
        ) : null}
        {(sums.tradeins ?? []).map((device) =>
          device.credit > 0 ? (
            <Row
              key={device.sku}
              label={t`Трейд-ин: ${device.deviceTitle}`}
              amount={device.credit}
              testId="sum-tradein"
              minus
            />
          ) : null,
        )}
        {!sums.tradeins && sums.tradeinSum ? (
          <Row label={t`Трейд-ин`} amount={sums.tradeinSum} testId="sum-tradein" minus />
        ) : null}
        {sums.giftCardSum > 0 ? (
          <Row label={t`Подарочные карты`} amount={sums.giftCardSum} testId="sum-gift-cards" minus />
        ) : null}
        {sums.bonusSum > 0 ? <Row label={t`Бонусы`} amount={sums.bonusSum} testId="sum-bonus" minus /> : null}
        {sums.deliverySum !== undefined ? (
          <div className={styles.sumRow} data-testid="sum-delivery" data-amount={sums.deliverySum}>
            <dt>{t`Доставка`}</dt>
            <dd>{sums.deliverySum === 0 ? t`Бесплатно` : formatMoney(sums.deliverySum)}</dd>
          </div>
        ) : null}
        <div
          className={`${styles.sumRow} ${styles.total}`}
          data-testid="sum-grand"
          data-amount={sums.grandTotal}
        >
          <dt>{t`Итого`}</dt>
          <dd>{formatMoney(sums.grandTotal)}</dd>
        </div>
        {sums.sumToPay !== undefined && sums.sumToPay !== sums.grandTotal ? (
          <Row label={t`К оплате сейчас`} amount={sums.sumToPay} testId="sum-to-pay" />
        ) : null}
        {sums.prepayment && sums.prepayment !== sums.sumToPay ? (
          <Row label={t`Предоплата`} amount={sums.prepayment} testId="sum-prepayment" />
        ) : null}
      </dl>
      {sums.economySum > 0 ? (
        <p className={styles.saving} data-testid="sum-economy" data-amount={sums.economySum}>
          {t`Ваша выгода: ${formatMoney(sums.economySum)}`}
        </p>
      ) : null}
      {sums.cashbackSum > 0 ? (
        <p className={styles.muted} data-testid="sum-cashback" data-amount={sums.cashbackSum}>
          {t`Вернётся бонусами: ${formatMoney(sums.cashbackSum)}`}
        </p>
      ) : null}
    </>
  )
}

/** The cart's sums, in the shape of a calculation without delivery. */
export const cartSums = (cart: Cart): SumsProps['sums'] => ({
  subTotal: cart.subTotalSum,
  promoCodeSum: cart.promoCodeSum,
  tradeinSum: cart.tradeinSum,
  giftCardSum: cart.giftCardSum,
  bonusSum: cart.bonusSum,
  grandTotal: cart.grandTotalSum,
  economySum: cart.economySum,
  cashbackSum: cart.cashbackSum,
})
