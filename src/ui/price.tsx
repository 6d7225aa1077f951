import { useLingui } from '@lingui/react/macro'
import { formatMoney, type Currency } from '../i18n/format'
import styles from './price.module.css'

export interface PriceProps {
  amount: number
  /** The price before a discount; shown struck through when higher than `amount`. */
  oldAmount?: number | null
  currency?: Currency
  className?: string
}

/** A price in tenge as the spec formats it, with the old price when there is a discount. */
export function Price({ amount, oldAmount, currency = 'KZT', className }: PriceProps) {
  const { t } = useLingui()
  const discounted = oldAmount != null && oldAmount > amount
  return (
    <span className={className ? `${styles.price} ${className}` : styles.price}>
      <data value={amount} className={discounted ? `${styles.current} ${styles.discounted}` : styles.current}>
        {formatMoney(amount, currency)}
      </data>
      {discounted ? (
        <s className={styles.old}>
          <span className="visually-hidden">{t`Цена без скидки:`} </span>
          {formatMoney(oldAmount, currency)}
        </s>
      ) : null}
    </span>
  )
}
