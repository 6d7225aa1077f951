import { useLingui } from '@lingui/react/macro'
import type { OrderDetail } from '../../../contract/checkout'
import { formatMoney } from '../../i18n/format'
import { CheckCircleIcon, ErrorCircleIcon, InfoIcon, WarningIcon } from '../../ui/icons'
import { instantText } from './order-view'
import type { PaymentOutcome } from './rules'
import styles from './checkout.module.css'

/** The headline of an order's payment: what happened and what the shopper can do now. */
export function OutcomeHero({ order, outcome }: { order: OrderDetail; outcome: PaymentOutcome }) {
  const { t } = useLingui()
  const until = order.reserved_until ? instantText(order.reserved_until) : ''
  const amount = formatMoney(order.calculation.sumToPay)
  let tone: 'success' | 'error' | 'warning'
  let title: string
  let text: string
  switch (outcome) {
    case 'paid':
      tone = 'success'
      title = t`Заказ оплачен`
      text = t`Спасибо! Статус заказа виден в личном кабинете.`
      break
    case 'confirmed':
      tone = 'success'
      title = t`Заказ оформлен`
      text =
        order.payment.method === 'cash_payment'
          ? t`Оплата при получении: ${formatMoney(order.calculation.grandTotal)}. Статус заказа виден в личном кабинете.`
          : t`Статус заказа виден в личном кабинете.`
      break
    case 'awaitingTransfer':
      tone = 'warning'
      title = t`Заказ ждёт оплаты`
      text = until
        ? t`Заказ ждёт безналичной оплаты ${amount} до ${until}. После этого срока заказ отменится.`
        : t`Заказ ждёт безналичной оплаты ${amount}.`
      break
    case 'checking':
      tone = 'warning'
      title = t`Проверяем оплату`
      text = t`Банк ещё не подтвердил платёж. Страница обновится сама.`
      break
    case 'awaitingPayment':
      tone = 'warning'
      title = t`Заказ ждёт оплаты`
      text = until
        ? t`Оплатите заказ до ${until}, иначе он отменится.`
        : t`Оплатите заказ, чтобы мы его собрали.`
      break
    case 'failed':
      tone = 'error'
      title = t`Оплата не прошла`
      text = order.can_pay
        ? until
          ? t`Деньги не списаны. Товары ждут вас до ${until}: попробуйте оплатить ещё раз.`
          : t`Деньги не списаны. Попробуйте оплатить ещё раз.`
        : t`Деньги не списаны. Заказ больше нельзя оплатить: время ожидания оплаты истекло.`
      break
    case 'cancelled':
      tone = 'error'
      title = t`Заказ отменён`
      text = t`Товары вернулись в продажу, бонусы и сертификаты — на ваш счёт. Товары можно заказать снова.`
      break
    case 'refundDue':
      tone = 'warning'
      title = t`Заказ отменён, деньги вернутся`
      text = t`Мы вернём деньги на карту в течение нескольких дней.`
      break
    case 'refunded':
      tone = 'warning'
      title =
        order.status === 'REFUNDED'
          ? t`Заказ возвращён, деньги возвращены`
          : t`Заказ отменён, деньги возвращены`
      text = t`Деньги за заказ отправлены обратно на карту: банк зачислит их в течение нескольких дней.`
      break
  }
  const Icon =
    tone === 'success'
      ? CheckCircleIcon
      : tone === 'error'
        ? ErrorCircleIcon
        : outcome === 'checking'
          ? InfoIcon
          : WarningIcon
  return (
    <div
      className={styles.hero}
      data-tone={tone}
      role="status"
      data-testid="order-outcome"
      data-outcome={outcome}
    >
      <Icon size="L" />
      <div>
        <h2 className={styles.heroTitle}>{title}</h2>
        <p className={styles.heroText}>{text}</p>
      </div>
    </div>
  )
}
