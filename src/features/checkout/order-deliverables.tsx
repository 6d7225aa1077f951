import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import type { OrderDetail } from '../../../contract/checkout'
import { formatDate, formatMoney } from '../../i18n/format'
import { orderDeliverablesQuery, promotionRegistrationQuery } from './api'
import styles from './checkout.module.css'

/**
 * What a paid order issued besides goods: the codes of its gift certificates (each a gift card for any
 * cart) and the keys of its digital products. Nothing until the order is paid.
 */
export function OrderDeliverables({ order }: { order: OrderDetail }) {
  const { t } = useLingui()
  const paid = order.payment.status === 'paid' || order.payment.status === 'not_required'
  const query = useQuery({ ...orderDeliverablesQuery(order.order_id), enabled: paid })
  const data = query.data
  if (!paid || !data || (data.gift_cards.length === 0 && data.esd_keys.length === 0)) return null
  return (
    <section className={styles.card} data-testid="order-deliverables">
      {data.gift_cards.length > 0 ? (
        <>
          <h2 className={styles.subTitle}>{t`Подарочные карты`}</h2>
          <p
            className={styles.muted}
          >{t`Код карты вводят в корзине, в поле «Номер подарочной карты»: им можно оплатить любые товары.`}</p>
          <ul className={styles.codes}>
            {data.gift_cards.map((card) => (
              <li
                key={card.code}
                className={styles.codeItem}
                data-testid="issued-gift-card"
                data-code={card.code}
              >
                <code className={styles.code}>{card.code}</code>
                <span>
                  {t`Номинал ${formatMoney(card.amount)}, остаток ${formatMoney(card.balance)}`}
                  {card.valid_to ? `, ${t`действует до ${formatDate(card.valid_to)}`}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {data.esd_keys.length > 0 ? (
        <>
          <h2 className={styles.subTitle}>{t`Ключи активации`}</h2>
          <ul className={styles.codes}>
            {data.esd_keys.map((key) => (
              <li key={key.key} className={styles.codeItem} data-testid="issued-key">
                <span>{key.title}</span>
                <code className={styles.code}>{key.key}</code>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  )
}

/** Once the order is paid it takes part in the promotions of its goods; the shopper is told which. */
export function OrderPromotions({ order }: { order: OrderDetail }) {
  const { t } = useLingui()
  const paid =
    order.payment.status === 'paid' ||
    (order.payment.status === 'not_required' && order.payment.method !== 'cash_payment')
  const query = useQuery({ ...promotionRegistrationQuery(order.order_id), enabled: paid })
  const list = query.data?.promotions ?? []
  if (!paid || list.length === 0) return null
  const titles = list.map((p) => `«${p.title}»`).join(', ')
  return (
    <p className={styles.notice} role="status" data-testid="order-promotions">
      {t`Заказ участвует в акциях: ${titles}`}
    </p>
  )
}
