import { useLingui } from '@lingui/react/macro'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { OrderDetail, PayAgainRequest } from '../../../contract/checkout'
import { formatMoney } from '../../i18n/format'
import { Button } from '../../ui/button'
import { Skeleton } from '../../ui/skeleton'
import { payAgain } from './api'
import { cardsQuery } from '../account'
import { CHECKOUT_MESSAGES, failureText, PAYMENT_METHOD_NAMES } from './messages'
import { goToPayment } from './navigation'
import { orderFailure } from './rules'
import { useOnline } from '../../data/use-online'
import styles from './checkout.module.css'

type Method = PayAgainRequest['payment_method']

const METHODS: readonly Method[] = ['card_payment', 'kaspi_qr_payment']

export interface PayAgainProps {
  order: OrderDetail
  /** The ways offered (an initial payment after a loan is by card only). */
  methods?: readonly Method[]
  /** What is paid now, when not the whole order (an initial payment). */
  amount?: number
}

/**
 * Pay again after a failed or unfinished payment, while the order still holds its goods: by card (a
 * saved one or a new one on the bank's page) or by Kaspi QR.
 */
export function PayAgain({ order, methods = METHODS, amount = order.calculation.sumToPay }: PayAgainProps) {
  const { t, i18n } = useLingui()
  const online = useOnline()
  const [method, setMethod] = useState<Method>(
    order.payment.method === 'kaspi_qr_payment' && methods.includes('kaspi_qr_payment')
      ? 'kaspi_qr_payment'
      : (methods[0] ?? 'card_payment'),
  )
  const [cardId, setCardId] = useState<string | null | undefined>(undefined)
  const cards = useQuery({ ...cardsQuery(), enabled: method === 'card_payment' })
  const saved = cards.data?.cards ?? []
  // Until the shopper chooses, the default saved card (purchase flow 4), else a new card.
  const chosenCard =
    cardId === undefined
      ? ((saved.find((c) => c.id === cards.data?.defaultCard) ?? saved[0])?.id ?? null)
      : cardId
  const pay = useMutation({
    mutationFn: () =>
      payAgain(order.order_id, {
        payment_method: method,
        saved_card_id: method === 'card_payment' ? chosenCard : null,
      }),
    onSuccess: (start) => {
      if (start.redirect_url) goToPayment(start.redirect_url)
    },
  })

  return (
    <section className={styles.card} data-testid="pay-again">
      <h2 className={styles.cardTitle}>{t`Оплатить заказ`}</h2>
      {order.reserved_until ? (
        <p
          className={styles.muted}
        >{t`Товары ждут оплату ограниченное время; после него заказ отменится.`}</p>
      ) : null}
      <fieldset className={styles.options}>
        <legend className="visually-hidden">{t`Способ оплаты`}</legend>
        {methods.map((code) => (
          <label key={code} className={styles.option}>
            <input
              type="radio"
              name="pay-again-method"
              checked={method === code}
              onChange={() => setMethod(code)}
              data-testid={`pay-again-${code}`}
            />
            <span className={styles.optionText}>
              <strong>{i18n._(PAYMENT_METHOD_NAMES[code])}</strong>
            </span>
            <span />
          </label>
        ))}
      </fieldset>
      {method === 'card_payment' ? (
        <fieldset className={styles.options}>
          <legend className={styles.subTitle}>{t`Карта`}</legend>
          {cards.isPending ? <Skeleton height={48} /> : null}
          {saved.map((card) => (
            <label key={card.id} className={styles.option}>
              <input
                type="radio"
                name="pay-again-card"
                checked={chosenCard === card.id}
                onChange={() => setCardId(card.id)}
                data-testid="pay-again-saved-card"
              />
              <span className={styles.optionText}>
                <strong>
                  {card.brand} {card.mask.replace(/\*+/, ' •••• ')}
                </strong>
              </span>
              <span />
            </label>
          ))}
          <label className={styles.option}>
            <input
              type="radio"
              name="pay-again-card"
              checked={chosenCard === null}
              onChange={() => setCardId(null)}
              data-testid="pay-again-new-card"
            />
            <span className={styles.optionText}>
              <strong>{t`Новая карта`}</strong>
            </span>
            <span />
          </label>
        </fieldset>
      ) : null}
      {pay.isError ? (
        <p className={styles.error} role="alert" data-testid="pay-again-error">
          {failureText(i18n, orderFailure(pay.error))}
        </p>
      ) : null}
      {!online ? (
        <p className={styles.warning} role="status" data-testid="pay-again-offline">
          {i18n._(CHECKOUT_MESSAGES.offline)}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button
          disabled={
            !online || pay.isPending || pay.isSuccess || (method === 'card_payment' && cards.isPending)
          }
          onClick={() => pay.mutate()}
          data-testid="pay-again-submit"
        >
          {t`Оплатить ${formatMoney(amount)}`}
        </Button>
      </div>
    </section>
  )
}
