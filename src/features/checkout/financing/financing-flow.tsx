import { useLingui } from '@lingui/react/macro'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useCallback, useEffect, useState } from 'react'
import type { AgreementVerified, BrokerOffer } from '../../../../contract/broker'
import type { OrderDetail } from '../../../../contract/checkout'
import { BROKER_ERROR_KEYS } from '../../../../contract/values/broker'
import { clearBrokerId, readBrokerId, saveBrokerId } from './kept-application'
import { isApiError } from '../../../data/api-error'
import { Button, buttonClassName } from '../../../ui/button'
import { Skeleton } from '../../../ui/skeleton'
import { formatMoney } from '../../../i18n/format'
import { useStoreLocation } from '../../../url/store-location'
import { orderQuery } from '../api'
import { goToPayment } from '../navigation'
import { PayAgain } from '../pay-again'
import { isFinancing } from '../rules'
import { AgreementModal } from './agreement-modal'
import { applyForFinancing, banksQuery, PARTNERS_REFRESH_MS, partnersQuery, statementBanksQuery } from './api'
import { BankChoice } from './bank-choice'
import { ChoiceStep } from './choice-step'
import {
  applicationRequest,
  applicationStep,
  defaultChoice,
  needsStatement,
  type AttachedStatement,
  type LoanChoice,
} from './flow'
import { brokerFailure } from './messages'
import { anyCalculating, offerEntries } from './offer-states'
import { StatementModal } from './statement-modal'
import checkout from '../checkout.module.css'

/** The store's result page, where the bank's page sends the shopper back (purchase flow 2). */
const resultPath = (orderId: string) =>
  `/checkout/result?status=success&orderId=${encodeURIComponent(orderId)}`

function Completed({ orderId }: { orderId: string }) {
  const { t } = useLingui()
  const { prefix } = useStoreLocation()
  return (
    <section className={checkout.card} data-testid="broker-completed">
      <h2 className={checkout.cardTitle}>{t`Банк одобрил заявку, заказ оплачен`}</h2>
      <div className={checkout.actions}>
        <Link
          to="/{-$city}/checkout/$step"
          params={{ city: prefix, step: 'result' }}
          search={{ orderId, status: 'success' }}
          className={buttonClassName()}
          data-testid="broker-to-result"
        >
          {t`К заказу`}
        </Link>
      </div>
    </section>
  )
}

/** The order's result page: where an order paid (or to be paid) another way is followed. */
function ToOrder({ orderId, title }: { orderId: string; title: string }) {
  const { t } = useLingui()
  const { prefix } = useStoreLocation()
  return (
    <section className={checkout.card} data-testid="broker-paid-otherwise">
      <h2 className={checkout.cardTitle}>{title}</h2>
      <div className={checkout.actions}>
        <Link
          to="/{-$city}/checkout/$step"
          params={{ city: prefix, step: 'result' }}
          search={{ orderId }}
          className={buttonClassName()}
        >
          {t`К заказу`}
        </Link>
      </div>
    </section>
  )
}

/**
 * The same order paid by card or QR instead: after every bank refused, or when the shopper gives the
 * application up (the store withdraws it from the banks first; an offer signed before that pays it).
 */
function PayOtherwise({ order, givingUp }: { order: OrderDetail; givingUp: boolean }) {
  const { t } = useLingui()
  const [open, setOpen] = useState(!givingUp)
  if (!open)
    return (
      <div className={checkout.actions}>
        <Button variant="secondary" onClick={() => setOpen(true)} data-testid="broker-pay-otherwise">
          {t`Оплатить другим способом`}
        </Button>
      </div>
    )
  return (
    <div className={checkout.main} data-testid="broker-pay-otherwise-form">
      {givingUp ? (
        <p className={checkout.warning} role="note">
          {t`Заявку в банки отзовём, а предложения банков перестанут действовать.`}
        </p>
      ) : null}
      <PayAgain order={order} />
    </div>
  )
}

/** BANK_CHOICE for an application made: asked again while a bank is still calculating. */
function Application({
  referenceId,
  order,
  onLost,
  onApplyAgain,
}: {
  referenceId: string
  order: OrderDetail
  onLost: () => void
  /** Every bank refused: CHOICE again, for a new application with other terms. */
  onApplyAgain: () => void
}) {
  const { t, i18n } = useLingui()
  const [signing, setSigning] = useState(false)
  const partners = useQuery({
    ...partnersQuery(referenceId),
    refetchInterval: (query) => {
      const data = query.state.data
      if (!data) return false
      return data.status === 'pending' || anyCalculating(offerEntries(data.partners))
        ? PARTNERS_REFRESH_MS
        : false
    },
  })
  // The broker no longer knows the application (another shopper's, or gone): apply afresh.
  const lost = partners.isError && isApiError(partners.error, [403, 404])
  useEffect(() => {
    if (lost) onLost()
  }, [lost, onLost])
  if (partners.isPending || lost) return <Skeleton height={240} radius={16} />
  if (partners.isError) {
    return (
      <section className={checkout.card}>
        <p className={checkout.error} role="alert">
          {brokerFailure(i18n, partners.error)}
        </p>
        <Button variant="secondary" onClick={() => void partners.refetch()}>
          {t`Повторить`}
        </Button>
      </section>
    )
  }
  if (applicationStep(partners.data) === 'COMPLETED') {
    // the bank's loan is signed; with an initial payment the order waits for it, by card
    if (order.payment.status !== 'paid' && order.can_pay)
      return (
        <section className={checkout.card} data-testid="broker-initial-payment">
          <h2
            className={checkout.cardTitle}
          >{t`Банк одобрил заявку: осталось внести первоначальный взнос`}</h2>
          <p className={checkout.muted}>
            {t`Первоначальный взнос ${formatMoney(partners.data.initialPayment)} оплачивается картой.`}
          </p>
          <PayAgain order={order} methods={['card_payment']} amount={partners.data.initialPayment} />
        </section>
      )
    return <Completed orderId={order.order_id} />
  }

  function sign(offer: BrokerOffer) {
    setSigning(true)
    goToPayment(offer.redirectUrl)
  }

  const rejected = partners.data.status === 'rejected'
  return (
    <>
      <section className={checkout.card}>
        <h2 className={checkout.cardTitle}>{t`Предложения банков`}</h2>
        <BankChoice application={partners.data} onSign={sign} signing={signing} />
      </section>
      {rejected ? (
        <div className={checkout.actions}>
          <Button variant="secondary" onClick={onApplyAgain} data-testid="broker-apply-again">
            {t`Подать новую заявку`}
          </Button>
        </div>
      ) : null}
      {order.can_pay ? <PayOtherwise order={order} givingUp={!rejected} key={String(rejected)} /> : null}
    </>
  )
}

/**
 * The broker flow for an order placed with financing (purchase flow 2, 4): CHOICE, the agreement signed
 * by SMS, UPLOAD when a bank needs a statement, then BANK_CHOICE until a bank's offer is signed and the
 * order is paid (COMPLETED). The application's id is kept 7200 s, so a reload comes back to its banks.
 */
export function FinancingFlow({ orderId }: { orderId: string }) {
  const { t, i18n } = useLingui()
  const { lang, href } = useStoreLocation()
  const order = useQuery(orderQuery(orderId))
  const banks = useQuery(banksQuery(lang))
  const statementBanks = useQuery(statementBanksQuery(lang))
  const [referenceId, setReferenceId] = useState(() => readBrokerId(orderId)?.id ?? null)
  const [choice, setChoice] = useState<LoanChoice>(defaultChoice)
  const [verification, setVerification] = useState<AgreementVerified | null>(null)
  const [modal, setModal] = useState<'agreement' | 'statement' | null>(null)

  const forget = useCallback(() => {
    clearBrokerId()
    setReferenceId(null)
  }, [])

  const apply = useMutation({
    mutationFn: (statement: AttachedStatement | null) => {
      if (!order.data || !verification) throw new Error('no order or verification')
      return applyForFinancing(
        applicationRequest({
          order: order.data,
          choice,
          verificationId: verification.verificationId,
          verifiedAt: verification.verifiedAt,
          statement,
          returnUrl: `${window.location.origin}${href(resultPath(orderId))}`,
        }),
      )
    },
    onSuccess: (created) => {
      saveBrokerId(created.referenceId, orderId)
      setReferenceId(created.referenceId)
    },
    onError: (error) => {
      setModal(null)
      // A verification the broker no longer takes (used, expired) is signed again on the next try.
      if (isApiError(error) && error.messageKey === BROKER_ERROR_KEYS.verificationInvalid)
        setVerification(null)
    },
  })

  if (order.isPending || banks.isPending || statementBanks.isPending)
    return <Skeleton height={320} radius={16} />
  if (order.isError || banks.isError) {
    return (
      <section className={checkout.card} data-testid="broker-error">
        <p className={checkout.error} role="alert">
          {brokerFailure(i18n, order.error ?? banks.error)}
        </p>
        <Button
          variant="secondary"
          onClick={() => {
            void order.refetch()
            void banks.refetch()
          }}
        >
          {t`Повторить`}
        </Button>
      </section>
    )
  }
  if (order.data.payment.status === 'paid') {
    if (isFinancing(order.data.payment.method)) return <Completed orderId={orderId} />
    return <ToOrder orderId={orderId} title={t`Заказ оплачен`} />
  }
  // Paid another way since (card or QR): the order's own page follows that payment.
  if (!isFinancing(order.data.payment.method))
    return <ToOrder orderId={orderId} title={t`Заказ оплачивается другим способом`} />

  if (referenceId)
    return (
      <div className={checkout.main} data-testid="broker-flow" data-step="BANK_CHOICE">
        <Application
          referenceId={referenceId}
          order={order.data}
          onLost={forget}
          onApplyAgain={() => {
            forget()
            // a new application needs the agreement signed again: each signing serves one
            setVerification(null)
          }}
        />
      </div>
    )

  const handbook = statementBanks.data ?? []
  function verified(answer: AgreementVerified) {
    setVerification(answer)
    if (needsStatement(banks.data ?? [], handbook, choice)) setModal('statement')
    else {
      setModal(null)
      apply.mutate(null)
    }
  }
  function statementDone(statement: AttachedStatement | null) {
    setModal(null)
    apply.mutate(statement)
  }

  return (
    <div
      className={checkout.main}
      data-testid="broker-flow"
      data-step={modal === 'statement' ? 'UPLOAD' : 'CHOICE'}
    >
      <section className={checkout.card}>
        <h2 className={checkout.cardTitle}>{t`Рассрочка и кредит`}</h2>
        <p className={checkout.muted}>
          {t`Заказ ${order.data.number} ждёт оплату; заявку рассмотрят сразу несколько банков.`}
        </p>
        <ChoiceStep
          banks={banks.data}
          amount={order.data.calculation.sumToPay}
          initial={choice}
          busy={apply.isPending}
          onApply={(chosen) => {
            setChoice(chosen)
            apply.reset()
            // A verification already given covers the next try too (the application failed, not the code).
            if (verification) verified(verification)
            else setModal('agreement')
          }}
        />
        {apply.isPending ? (
          <p role="status" data-testid="broker-applying">
            {t`Отправляем заявку в банки…`}
          </p>
        ) : null}
        {apply.isError ? (
          <p className={checkout.error} role="alert" data-testid="broker-apply-error">
            {brokerFailure(i18n, apply.error)}
          </p>
        ) : null}
      </section>
      <AgreementModal open={modal === 'agreement'} onClose={() => setModal(null)} onVerified={verified} />
      <StatementModal
        open={modal === 'statement'}
        banks={handbook}
        onDone={statementDone}
        onClose={() => setModal(null)}
      />
    </div>
  )
}
