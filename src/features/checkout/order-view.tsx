import { useLingui } from '@lingui/react/macro'
import type { OrderDetail } from '../../../contract/checkout'
import { formatDate, formatMoney } from '../../i18n/format'
import { formatPhone } from '../auth'
import { isoDateText } from './dates'
import { OrderDeliverables, OrderPromotions } from './order-deliverables'
import { ORDER_STATUS_NAMES, PAYMENT_METHOD_NAMES, PAYMENT_STATUS_NAMES } from './messages'
import { Sums, SummaryLines, useOrderLines } from './summary'
import styles from './checkout.module.css'

/** Date and time of an instant in the store's zone (UTC+5): `01.05.2026, 14:05`. */
export function instantText(value: string): string {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  const local = new Date(date.getTime() + 5 * 3_600_000)
  const hh = String(local.getUTCHours()).padStart(2, '0')
  const mm = String(local.getUTCMinutes()).padStart(2, '0')
  return `${formatDate(value)}, ${hh}:${mm}`
}

/**
 * An order as the server keeps it: number, status, the goods and sums, where and when it goes, who
 * receives it and how it is paid. The result page and the account's order page both show it.
 */
export function OrderView({ order }: { order: OrderDetail }) {
  const { t, i18n } = useLingui()
  const lines = useOrderLines(order.items)
  const { shipping, receiver, payment } = order
  const pickup = shipping.service_point !== null
  return (
    <div className={styles.main} data-testid="order-view" data-order-id={order.order_id}>
      <section className={styles.card}>
        <div className={styles.recap}>
          <div className={styles.recapText}>
            <h2 className={styles.cardTitle} data-testid="order-number">
              {t`Заказ № ${order.number}`}
            </h2>
            <span className={styles.muted}>{t`Оформлен ${instantText(order.created_at)}`}</span>
          </div>
          <span className={styles.badge} data-testid="order-status" data-status={order.status}>
            {i18n._(ORDER_STATUS_NAMES[order.status])}
          </span>
        </div>
        <SummaryLines lines={lines} />
        <Sums sums={order.calculation} count={lines.reduce((n, line) => n + line.quantity, 0)} />
      </section>

      <OrderDeliverables order={order} />
      <OrderPromotions order={order} />

      <section className={styles.card}>
        <h2 className={styles.subTitle}>{t`Получение и оплата`}</h2>
        <dl className={styles.facts}>
          <dt>{t`Способ получения`}</dt>
          <dd data-testid="order-shipping">
            {pickup ? t`Самовывоз` : t`Доставка курьером`}
            {shipping.service_point
              ? `: ${shipping.service_point.title}, ${shipping.service_point.address}`
              : ''}
            {shipping.address
              ? `: ${shipping.address.street}, ${shipping.address.house}${shipping.address.apartment ? `, ${t`кв. ${shipping.address.apartment}`}` : ''}`
              : ''}
          </dd>
          {order.is_preorder ? (
            <>
              <dt>{t`Предзаказ`}</dt>
              <dd data-testid="order-preorder">
                {t`Предоплата ${formatMoney(order.calculation.prepayment)}, при получении ${formatMoney(order.calculation.grandTotal - order.calculation.prepayment)}`}
              </dd>
            </>
          ) : null}
          {shipping.date ? (
            <>
              <dt>{order.is_preorder ? t`Ожидается` : pickup ? t`Можно забрать` : t`Дата доставки`}</dt>
              <dd data-testid="order-date">
                {isoDateText(shipping.date)}
                {shipping.slot ? `, ${shipping.slot.time_from}–${shipping.slot.time_to}` : ''}
              </dd>
            </>
          ) : null}
          {shipping.installation_date ? (
            <>
              <dt>{t`Установка`}</dt>
              <dd>{isoDateText(shipping.installation_date)}</dd>
            </>
          ) : null}
          <dt>{t`Получатель`}</dt>
          <dd data-testid="order-receiver">
            {receiver.firstname} {receiver.lastname},{' '}
            {formatPhone(receiver.phone.replace(/\D/g, '').slice(1))}
            {receiver.organization
              ? ` · ${receiver.organization.name}, ${t`БИН ${receiver.organization.bin}`}`
              : ''}
          </dd>
          <dt>{t`Оплата`}</dt>
          <dd data-testid="order-payment" data-status={payment.status}>
            {i18n._(PAYMENT_METHOD_NAMES[payment.method])} · {i18n._(PAYMENT_STATUS_NAMES[payment.status])}
            {payment.card_mask ? ` · ${payment.card_mask.replace(/\*+/, ' •••• ')}` : ''}
            {payment.paid_at ? ` · ${instantText(payment.paid_at)}` : ''}
          </dd>
          {order.reserved_until && order.status !== 'CANCELLED' && payment.status !== 'paid' ? (
            <>
              <dt>{t`Срок оплаты`}</dt>
              <dd data-testid="order-reserved-until">{instantText(order.reserved_until)}</dd>
            </>
          ) : null}
        </dl>
      </section>
    </div>
  )
}
