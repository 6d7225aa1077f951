import { select } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { formatNumber } from '../../i18n/format'
import { pluralForm } from '../../i18n/plural-form'
import styles from './rating-summary.module.css'
import { ratingStars } from './rating'

export interface RatingSummaryProps {
  rating: number
  reviewCount: number
}

/** '4,6': numbers in the Russian manner on both languages' pages, as the store writes its prices. */
function ratingText(rating: number): string {
  return formatNumber(rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
}

function Stars({ rating }: { rating: number }) {
  return (
    <span className={styles.stars} aria-hidden="true">
      {ratingStars(rating).map((fill, i) => (
        <span key={i} className={styles.star} data-fill={fill}>
          ★
        </span>
      ))}
    </span>
  )
}

/** The line under the product's title: the average rating as stars and a number, and how many reviews. */
export function RatingSummary({ rating, reviewCount }: RatingSummaryProps) {
  const { t } = useLingui()
  const rounded = ratingText(rating)
  const n = formatNumber(reviewCount)
  const form = pluralForm(reviewCount)
  const reviews = t`${select(form, { one: `${n} отзыв`, few: `${n} отзыва`, many: `${n} отзывов`, other: `${n} отзыва` })}`
  if (reviewCount === 0 || rating <= 0) {
    return (
      <p className={styles.inline} data-testid="rating-summary">
        {t`Нет отзывов`}
      </p>
    )
  }
  return (
    <p className={styles.inline} data-testid="rating-summary">
      <Stars rating={rating} />
      <span className="visually-hidden">{t`Рейтинг ${rounded} из 5`}</span>
      <b aria-hidden="true">{ratingText(rating)}</b>
      <span className={styles.count}>{reviews}</span>
    </p>
  )
}
