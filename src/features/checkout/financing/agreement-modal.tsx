import { useLingui } from '@lingui/react/macro'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { AgreementSigned, AgreementVerified } from '../../../../contract/broker'
import { Button } from '../../../ui/button'
import { Input } from '../../../ui/input'
import { Modal } from '../../../ui/modal'
import { Skeleton } from '../../../ui/skeleton'
import { useStoreLocation } from '../../../url/store-location'
import { agreementQuery, signAgreement, verifyAgreement } from './api'
import { brokerFailure } from './messages'
import checkout from '../checkout.module.css'
import styles from './financing.module.css'

export interface AgreementModalProps {
  open: boolean
  onClose: () => void
  onVerified: (verification: AgreementVerified) => void
}

/**
 * The broker agreement (purchase flow 2): its text and consents, signed with a code the store sends by
 * SMS. Verified, it gives the id the application carries; without it the broker takes no application.
 */
export function AgreementModal({ open, onClose, onVerified }: AgreementModalProps) {
  const { t, i18n } = useLingui()
  const { lang } = useStoreLocation()
  const specification = useQuery({ ...agreementQuery(lang), enabled: open })
  const [accepted, setAccepted] = useState<ReadonlySet<string>>(new Set())
  const [signed, setSigned] = useState<AgreementSigned | null>(null)
  const [code, setCode] = useState('')

  const sign = useMutation({
    mutationFn: () => signAgreement([...accepted]),
    onSuccess: (answer) => {
      setSigned(answer)
      setCode('')
    },
  })
  const verify = useMutation({
    mutationFn: () => verifyAgreement(signed?.signAgreementId ?? '', code),
    onSuccess: onVerified,
  })

  const consents = specification.data?.agreements ?? []
  const missing = consents.some((c) => c.required && !accepted.has(c.code))
  const toggle = (value: string) =>
    setAccepted((current) => {
      const next = new Set(current)
      if (next.has(value)) next.delete(value)
      else next.add(value)
      return next
    })

  function submitCode(event: FormEvent) {
    event.preventDefault()
    if (code.length >= 4) verify.mutate()
  }

  const failure = sign.error ?? verify.error
  return (
    <Modal open={open} onClose={onClose} title={t`Согласие на обработку данных банками`}>
      <div className={checkout.main} data-testid="broker-agreement">
        {specification.isPending ? (
          <Skeleton height={160} />
        ) : specification.isError ? (
          <>
            <p className={checkout.error} role="alert">
              {brokerFailure(i18n, specification.error)}
            </p>
            <Button variant="secondary" onClick={() => void specification.refetch()}>
              {t`Повторить`}
            </Button>
          </>
        ) : signed === null ? (
          <>
            <div className={styles.agreementText} data-testid="broker-agreement-text">
              <strong>{specification.data.title}</strong>
              {specification.data.paragraphs.map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </div>
            {consents.map((consent) => (
              <label key={consent.code} className={checkout.option}>
                <input
                  type="checkbox"
                  checked={accepted.has(consent.code)}
                  onChange={() => toggle(consent.code)}
                  data-testid="broker-consent"
                />
                <span>
                  {consent.title}
                  {consent.required ? '' : ` ${t`(необязательно)`}`}
                </span>
              </label>
            ))}
            {failure ? (
              <p className={checkout.error} role="alert" data-testid="broker-agreement-error">
                {brokerFailure(i18n, failure)}
              </p>
            ) : null}
            <div className={checkout.actions}>
              <Button
                disabled={missing || sign.isPending}
                onClick={() => sign.mutate()}
                data-testid="broker-agreement-sign"
              >
                {t`Подписать кодом из SMS`}
              </Button>
            </div>
          </>
        ) : (
          <form className={checkout.main} onSubmit={submitCode}>
            <p className={checkout.muted}>{t`Код отправлен на ${signed.phoneMasked}`}</p>
            <Input
              label={t`Код из SMS`}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
              error={failure ? brokerFailure(i18n, failure) : undefined}
              autoFocus
              data-testid="broker-agreement-code"
            />
            <div className={checkout.actions}>
              <Button
                type="submit"
                disabled={code.length < 4 || verify.isPending || verify.isSuccess}
                data-testid="broker-agreement-verify"
              >
                {t`Подтвердить`}
              </Button>
              <Button
                variant="ghost"
                disabled={sign.isPending}
                onClick={() => {
                  verify.reset()
                  sign.mutate()
                }}
                data-testid="broker-agreement-resend"
              >
                {t`Отправить код ещё раз`}
              </Button>
            </div>
          </form>
        )}
      </div>
    </Modal>
  )
}
