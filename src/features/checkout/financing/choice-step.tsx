import { useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import type { BrokerBank } from '../../../../contract/broker'
import { BROKER_PRODUCT_TYPES, type BrokerProductType } from '../../../../contract/values/broker'
import { formatMoney } from '../../../i18n/format'
import { Button } from '../../../ui/button'
import { Input } from '../../../ui/input'
import { choiceProblems, termsFor, termWithin, type LoanChoice } from './flow'
import { monthsText, PRODUCT_NAMES, PRODUCT_NOTES } from './messages'
import checkout from '../checkout.module.css'

export interface ChoiceStepProps {
  banks: readonly BrokerBank[]
  /** What the order finances: the monthly sum is shown as the term changes. */
  amount: number
  initial: LoanChoice
  busy: boolean
  onApply: (choice: LoanChoice) => void
}

/**
 * CHOICE (purchase flow 2): installment or loan, the term, and what the banks need to know of the
 * applicant. Installment for 12 months unless the shopper changes it.
 */
export function ChoiceStep({ banks, amount, initial, busy, onApply }: ChoiceStepProps) {
  const { t, i18n } = useLingui()
  const [choice, setChoice] = useState(initial)
  const [tried, setTried] = useState(false)
  const products = BROKER_PRODUCT_TYPES.filter((type) => termsFor(banks, type).length > 0)
  const terms = termsFor(banks, choice.productType)
  const problems = choiceProblems(choice)

  const chooseProduct = (productType: BrokerProductType) =>
    setChoice((current) => ({
      ...current,
      productType,
      loanLength: termWithin(termsFor(banks, productType), current.loanLength),
    }))

  function submit(event: FormEvent) {
    event.preventDefault()
    setTried(true)
    if (problems.length === 0) onApply(choice)
  }

  return (
    <form className={checkout.main} onSubmit={submit} noValidate data-testid="broker-choice">
      <fieldset className={checkout.segmented}>
        <legend className={checkout.subTitle}>{t`Что оформить`}</legend>
        {products.map((type) => (
          <label key={type} className={checkout.segment}>
            <input
              type="radio"
              name="broker-product"
              checked={choice.productType === type}
              onChange={() => chooseProduct(type)}
              data-testid={`broker-product-${type}`}
            />
            <span className={checkout.segmentTitle}>{i18n._(PRODUCT_NAMES[type])}</span>
            <span className={checkout.segmentNote}>{i18n._(PRODUCT_NOTES[type])}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className={checkout.chips}>
        <legend className={checkout.subTitle}>{t`Срок`}</legend>
        {terms.map((months) => (
          <label key={months} className={checkout.chip}>
            <input
              type="radio"
              name="broker-term"
              checked={choice.loanLength === months}
              onChange={() => setChoice((current) => ({ ...current, loanLength: months }))}
              data-testid={`broker-term-${months}`}
            />
            {monthsText(i18n, months)}
          </label>
        ))}
      </fieldset>
      {choice.productType === 'installment' && amount > 0 ? (
        <p className={checkout.muted} data-testid="broker-monthly">
          {t`Примерно ${formatMoney(Math.ceil(amount / choice.loanLength))} в месяц; точный платёж назовёт банк`}
        </p>
      ) : null}
      <div className={checkout.form}>
        <Input
          label={t`ИИН`}
          inputMode="numeric"
          autoComplete="off"
          maxLength={12}
          value={choice.taxCode}
          onChange={(event) =>
            setChoice((current) => ({
              ...current,
              taxCode: event.target.value.replace(/\D/g, '').slice(0, 12),
            }))
          }
          error={tried && problems.includes('taxCode') ? t`Введите 12 цифр ИИН` : undefined}
          data-testid="broker-tax-code"
        />
        <Input
          label={t`Доход в месяц, ₸`}
          hint={t`Необязательно; помогает банкам решить быстрее`}
          inputMode="numeric"
          maxLength={11}
          value={choice.income}
          onChange={(event) =>
            setChoice((current) => ({ ...current, income: event.target.value.replace(/[^\d\s]/g, '') }))
          }
          error={tried && problems.includes('income') ? t`Введите сумму цифрами` : undefined}
          data-testid="broker-income"
        />
      </div>
      <p className={checkout.muted}>
        {t`Заявку получат банки-партнёры. Перед отправкой подпишите согласие кодом из SMS.`}
      </p>
      <div className={checkout.actions}>
        <Button type="submit" disabled={busy || terms.length === 0} data-testid="broker-apply">
          {t`Продолжить`}
        </Button>
      </div>
    </form>
  )
}
