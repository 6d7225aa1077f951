import { useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { formatMoney } from '../../i18n/format'
import { Button } from '../../ui/button'
import { Input } from '../../ui/input'
import styles from './cart.module.css'

export interface BonusFieldProps {
  /** Bonuses spent on this cart now. */
  spent: number
  onChange: (amount: number) => void
}

/**
 * A signed-in shopper spends techno_bonus on the cart; the server caps the amount and says why. Keyed by
 * the amount spent, so the field starts over from what the server settled on.
 */
export function BonusField({ spent, onChange }: BonusFieldProps) {
  const { t } = useLingui()
  const [value, setValue] = useState(spent > 0 ? String(spent) : '')
  const amount = Number.parseInt(value, 10)
  const valid = value === '' || (Number.isInteger(amount) && amount >= 0)

  function submit(event: FormEvent) {
    event.preventDefault()
    if (valid) onChange(value === '' ? 0 : amount)
  }

  return (
    <section className={styles.card} aria-label={t`Бонусы`} data-testid="bonus">
      <h2 className={styles.cardTitle}>{t`Бонусы`}</h2>
      {spent > 0 ? <p className={styles.muted}>{t`Списано ${formatMoney(spent)}`}</p> : null}
      <form className={styles.codeForm} onSubmit={submit}>
        <Input
          label={t`Сколько бонусов списать`}
          inputMode="numeric"
          pattern="[0-9]*"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value.replace(/\D/g, ''))}
          error={valid ? undefined : t`Введите целое число`}
          data-testid="bonus-input"
        />
        <Button type="submit" variant="secondary" data-testid="bonus-apply">
          {t`Списать`}
        </Button>
        {spent > 0 ? (
          <Button variant="ghost" onClick={() => onChange(0)} data-testid="bonus-clear">
            {t`Не списывать`}
          </Button>
        ) : null}
      </form>
    </section>
  )
}
