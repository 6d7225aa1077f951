import { useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import type { Cart } from '../../../contract/cart'
import type { MarketingUnitType } from '../../../contract/values/cart'
import type { OutboxOutcome } from '../../data/outbox-item'
import { formatMoney } from '../../i18n/format'
import { Button } from '../../ui/button'
import { Input } from '../../ui/input'
import { cartErrorText } from '../../cart/messages'
import styles from './cart.module.css'

export interface CouponsProps {
  cart: Cart
  onAdd: (unitType: MarketingUnitType, code: string) => Promise<OutboxOutcome>
  onRemove: (unitType: MarketingUnitType, operationId: string) => void
}

function CodeForm({
  unitType,
  label,
  onAdd,
}: {
  unitType: MarketingUnitType
  label: string
  onAdd: CouponsProps['onAdd']
}) {
  const { t, i18n } = useLingui()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const testId = unitType === 'promo_code' ? 'promo-code' : 'gift-card'

  async function submit(event: FormEvent) {
    event.preventDefault()
    const trimmed = code.trim()
    if (!trimmed) return
    setBusy(true)
    setError(undefined)
    const outcome = await onAdd(unitType, trimmed)
    setBusy(false)
    if (outcome.status === 'failed') setError(cartErrorText(i18n, outcome.error))
    else if (outcome.status === 'done') setCode('')
  }

  return (
    <form className={styles.codeForm} onSubmit={(event) => void submit(event)} data-testid={`${testId}-form`}>
      <Input
        label={label}
        value={code}
        onChange={(event) => setCode(event.currentTarget.value)}
        error={error}
        autoComplete="off"
        maxLength={40}
        data-testid={`${testId}-input`}
      />
      <Button
        type="submit"
        variant="secondary"
        disabled={busy || code.trim() === ''}
        data-testid={`${testId}-apply`}
      >
        {t`Применить`}
      </Button>
    </form>
  )
}

/** The promo code and gift card fields, with what is applied and what each takes off. */
export function Coupons({ cart, onAdd, onRemove }: CouponsProps) {
  const { t } = useLingui()
  const promoCodes = cart.marketingUnits.filter((unit) => unit.type === 'promo_code')
  const giftCards = cart.marketingUnits.filter((unit) => unit.type === 'gift_card')
  return (
    <section className={styles.card} aria-label={t`Промокоды и подарочные карты`}>
      <h2 className={styles.cardTitle}>{t`Промокод`}</h2>
      {promoCodes.length > 0 ? (
        <ul className={styles.units} data-testid="promo-codes">
          {promoCodes.map((unit) => (
            <li
              key={unit.operationId}
              className={styles.unit}
              data-testid="promo-code-applied"
              data-code={unit.code}
            >
              <span className={styles.unitCode}>{unit.code}</span>
              <span>−{formatMoney(unit.amount)}</span>
              <Button variant="ghost" size="s" onClick={() => onRemove('promo_code', unit.operationId)}>
                {t`Убрать`}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <CodeForm unitType="promo_code" label={t`Введите промокод`} onAdd={onAdd} />
      )}
      <h2 className={styles.cardTitle}>{t`Подарочные карты`}</h2>
      {giftCards.length > 0 ? (
        <ul className={styles.units} data-testid="gift-cards">
          {giftCards.map((unit) => {
            const balance = formatMoney(unit.balance ?? 0)
            return (
              <li
                key={unit.operationId}
                className={styles.unit}
                data-testid="gift-card-applied"
                data-code={unit.code}
              >
                <span className={styles.unitCode}>{unit.code}</span>
                <span>−{formatMoney(unit.amount)}</span>
                <span className={styles.muted}>{t`Останется ${balance}`}</span>
                <Button variant="ghost" size="s" onClick={() => onRemove('gift_card', unit.operationId)}>
                  {t`Убрать`}
                </Button>
              </li>
            )
          })}
        </ul>
      ) : null}
      <CodeForm unitType="gift_card" label={t`Номер подарочной карты`} onAdd={onAdd} />
    </section>
  )
}
