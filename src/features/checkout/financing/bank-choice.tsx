import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { BrokerOffer, PaymentPartners } from '../../../../contract/broker'
import { formatMoney } from '../../../i18n/format'
import { Button } from '../../../ui/button'
import { allRejected, anyCalculating, offerEntries, type PartnerEntry } from './offer-states'
import { monthsText, PRODUCT_NAMES, REJECTION_REASONS } from './messages'
import { RejectionReasonsModal } from './rejection-reasons-modal'
import checkout from '../checkout.module.css'
import styles from './financing.module.css'

export interface BankChoiceProps {
  application: PaymentPartners
  /** The shopper chose an approved offer: off to its bank's page to sign. */
  onSign: (offer: BrokerOffer) => void
  signing: boolean
}

function EntryRow({
  entry,
  onSign,
  signing,
}: { entry: PartnerEntry } & Omit<BankChoiceProps, 'application'>) {
  const { t, i18n } = useLingui()
  const { partner, offer, state } = entry
  return (
    <li
      className={`${checkout.option} ${styles.bank}`}
      data-state={state}
      data-testid="broker-bank"
      data-bank={partner.code}
    >
      <img className={styles.logo} src={partner.logo} alt="" width={40} height={40} />
      <span className={checkout.optionText}>
        <strong>{partner.title}</strong>
        {state === 'APPROVED' && offer ? (
          <span className={checkout.muted}>
            {i18n._(PRODUCT_NAMES[offer.productType])} · {monthsText(i18n, offer.loanLength)}
            {offer.rate > 0 ? ` · ${t`ставка ${offer.rate}%`}` : ''}
          </span>
        ) : state === 'REJECTED' ? (
          <span className={checkout.muted} data-testid="broker-bank-rejected">
            {t`Отказ`}
            {partner.reason ? `: ${i18n._(REJECTION_REASONS[partner.reason])}` : ''}
          </span>
        ) : (
          <>
            <span className={checkout.muted}>{partner.stateTitle || t`Банк рассматривает заявку`}</span>
            <span className={styles.calculating} aria-hidden="true" />
          </>
        )}
      </span>
      {state === 'APPROVED' && offer ? (
        <span className={checkout.optionText}>
          <span className={checkout.optionSide} data-testid="broker-monthly-payment">
            {t`${formatMoney(offer.monthlyPayment)}/мес`}
          </span>
          <Button size="s" disabled={signing} onClick={() => onSign(offer)} data-testid="broker-offer-sign">
            {t`Оформить`}
          </Button>
        </span>
      ) : (
        <span />
      )}
    </li>
  )
}

/**
 * BANK_CHOICE (purchase flow 2, 4): every bank with its answer as it arrives, approved offers first;
 * while any bank is still calculating the list says so and is asked again.
 */
export function BankChoice({ application, onSign, signing }: BankChoiceProps) {
  const { t } = useLingui()
  const [reasonsOpen, setReasonsOpen] = useState(false)
  const order = { APPROVED: 0, CALCULATION: 1, REJECTED: 2 } as const
  const entries = offerEntries<BrokerOffer, PaymentPartners['partners'][number]>(application.partners).sort(
    (a, b) =>
      order[a.state] - order[b.state] ||
      (a.offer?.monthlyPayment ?? 0) - (b.offer?.monthlyPayment ?? 0) ||
      a.partner.priority - b.partner.priority,
  )
  const calculating = anyCalculating(entries) || application.status === 'pending'
  const answered = application.partners.filter(
    (p) => !entries.some((e) => e.partner === p && e.state === 'CALCULATION'),
  ).length
  const rejected = application.partners.filter((p) =>
    entries.some((e) => e.partner === p && e.state === 'REJECTED'),
  )
  const none = allRejected(entries) || application.status === 'rejected'

  return (
    <section className={checkout.main} data-testid="broker-bank-choice" aria-busy={calculating}>
      <p className={checkout.muted}>
        {t`Сумма: ${formatMoney(application.loanAmount)}`}
        {application.initialPayment > 0
          ? ` · ${t`первоначальный взнос картой: ${formatMoney(application.initialPayment)}`}`
          : ''}
      </p>
      {calculating ? (
        <p role="status" data-testid="broker-progress">
          {t`Банки рассматривают заявку: ответили ${answered} из ${application.partners.length}`}
        </p>
      ) : none ? (
        <p className={checkout.warning} role="alert" data-testid="broker-all-rejected">
          {t`Все банки отказали в этой заявке. Оплатите заказ другим способом.`}
        </p>
      ) : (
        <p role="status">{t`Выберите предложение и подпишите договор на странице банка`}</p>
      )}
      <ul className={checkout.options} data-testid="broker-banks">
        {entries.map((entry) => (
          <EntryRow
            key={`${entry.partner.code}-${entry.offer?.id ?? entry.state}`}
            entry={entry}
            onSign={onSign}
            signing={signing}
          />
        ))}
      </ul>
      {rejected.length > 0 ? (
        <div className={checkout.actions}>
          <Button variant="secondary" onClick={() => setReasonsOpen(true)} data-testid="broker-reasons-open">
            {t`Почему банки отказали`}
          </Button>
        </div>
      ) : null}
      <RejectionReasonsModal open={reasonsOpen} onClose={() => setReasonsOpen(false)} partners={rejected} />
    </section>
  )
}
