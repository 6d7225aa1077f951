import { select } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { formatNumber } from '../../i18n/format'
import { pluralForm } from '../../i18n/plural-form'
import styles from './rating-summary.module.css'
import { ratingStars } from './rating'

export interface RatingSummaryProps {
  rating: number
  reviewCount: number
  /** `inline` is the line under the title; `panel` is the reviews tab until the reviews issue fills it. */
  variant?: 'inline' | 'panel'
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

/** The average rating as stars and a number, with how many reviews it comes from. */
export function RatingSummary({ rating, reviewCount, variant = 'inline' }: RatingSummaryProps) {
  const { t } = useLingui()
  const rounded = ratingText(rating)
  const n = formatNumber(reviewCount)
  const form = pluralForm(reviewCount)
  const reviews = t`${select(form, { one: `${n} отзыв`, few: `${n} отзыва`, many: `${n} отзывов`, other: `${n} отзыва` })}`
  if (reviewCount === 0 || rating <= 0) {
    return (
      <p className={variant === 'panel' ? styles.panelEmpty : styles.inline} data-testid="rating-summary">
        {variant === 'panel' ? t`У этого товара пока нет отзывов.` : t`Нет отзывов`}
      </p>
    )
  }
  if (variant === 'inline') {
    return (
      <p className={styles.inline} data-testid="rating-summary">
        <Stars rating={rating} />
        <span className="visually-hidden">{t`Рейтинг ${rounded} из 5`}</span>
        <b aria-hidden="true">{ratingText(rating)}</b>
        <span className={styles.count}>{reviews}</span>
      </p>
    )
  }
  return (
    <div className={styles.panel} data-testid="rating-summary">
      <p className={styles.big}>
        <b>{ratingText(rating)}</b>
        <span className={styles.outOf}>/ 5</span>
      </p>
      <Stars rating={rating} />
      <p className={styles.count}>
        {t`${select(form, { one: `По ${n} отзыву`, other: `По ${n} отзывам` })}`}
      </p>
    </div>
  )
}
