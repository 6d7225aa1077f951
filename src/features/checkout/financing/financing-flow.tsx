import { useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useCallback, useEffect, useState } from 'react'
import type { AgreementVerified, BrokerOffer } from '../../../../contract/broker'
import type { OrderDetail } from '../../../../contract/checkout'
import { BROKER_ERROR_KEYS } from '../../../../contract/values/broker'
import { clearBrokerId, readBrokerId, saveBrokerId } from './kept-application'
import { isApiError } from '../../../data/api-error'
import { Button, buttonClassName } from '../../../ui/button'
import { Skeleton } from '../../../ui/skeleton'
import { useStoreLocation } from '../../../url/store-location'
import { orderQuery } from '../api'
import { goToPayment } from '../navigation'
import { PayAgain } from '../pay-again'
import { AgreementModal } from './agreement-modal'
import { CART_ROOT } from '../../../cart/queries'
import {
  applyForFinancing,
  banksQuery,
  payOtherwise,
  PARTNERS_REFRESH_MS,
  partnersQuery,
  statementBanksQuery,
} from './api'
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
import styles from './financing.module.css'

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

/** Every bank refused: back to the payment step with the goods, to choose another way to pay. */
function PayOtherwise({ orderId }: { orderId: string }) {
  const { t, i18n } = useLingui()
  const { cityId, prefix } = useStoreLocation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const change = useMutation({
    mutationFn: () => payOtherwise(orderId, cityId),
    onSuccess: async () => {
      clearBrokerId()
      await queryClient.invalidateQueries({ queryKey: ['orders'] })
      await queryClient.invalidateQueries({ queryKey: [CART_ROOT] })
      void navigate({ to: '/{-$city}/checkout/$step', params: { city: prefix, step: 'review-and-payments' } })
    },
  })
  return (
    <section className={checkout.card} data-testid="broker-pay-otherwise">
      <h2 className={checkout.cardTitle}>{t`Другие способы оплаты`}</h2>
      <p className={checkout.muted}>
        {t`Заказ вернёт товары в корзину, и вы оформите его снова с другим способом оплаты.`}
      </p>
      {change.isError ? (
        <p className={checkout.error} role="alert">
          {brokerFailure(i18n, change.error)}
        </p>
      ) : null}
      <div className={checkout.actions}>
        <Button
          disabled={change.isPending}
          onClick={() => change.mutate()}
          data-testid="broker-pay-otherwise-submit"
        >
          {t`Выбрать другой способ оплаты`}
        </Button>
      </div>
    </section>
  )
}

/** BANK_CHOICE for an application made: asked again while a bank is still calculating. */
function Application({
  referenceId,
  order,
  onLost,
}: {
  referenceId: string
  order: OrderDetail
  onLost: () => void
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
  if (applicationStep(partners.data) === 'COMPLETED') return <Completed orderId={order.order_id} />

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
        order.can_pay ? (
          <PayAgain order={order} />
        ) : (
          <PayOtherwise orderId={order.order_id} />
        )
      ) : null}
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
  if (order.data.payment.status === 'paid') return <Completed orderId={orderId} />

  if (referenceId)
    return (
      <div className={styles.flow} data-testid="broker-flow" data-step="BANK_CHOICE">
        <Application referenceId={referenceId} order={order.data} onLost={forget} />
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
      className={styles.flow}
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
