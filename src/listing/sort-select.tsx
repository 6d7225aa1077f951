import { useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useId, useOptimistic, useTransition } from 'react'
import styles from './listing.module.css'

/**
 * The orders a listing offers (spec 2.3, 2.5), by what they mean: the catalogue calls popularity
 * `score`, search `popularity`, and both show it the same way.
 */
export const SORT_LABELS = {
  popularity: msg`По популярности`,
  discount: msg`По размеру скидки`,
  new: msg`Сначала новинки`,
  price_asc: msg`Сначала дешевле`,
  price_desc: msg`Сначала дороже`,
  rating: msg`По рейтингу`,
} satisfies Record<string, MessageDescriptor>

export interface SortOption<S extends string> {
  /** What the page's URL writes. */
  value: S
  label: MessageDescriptor
}

/** A native select: keyboard, screen readers and the phone's own picker work without any script of ours. */
export function SortSelect<S extends string>({
  value,
  options,
  onChange,
}: {
  value: S
  options: readonly SortOption<S>[]
  /** Goes to the listing in that order; settles when it is on screen. */
  onChange: (sorting: S) => Promise<void>
}) {
  const { t, i18n } = useLingui()
  const id = useId()
  // the new choice stays in the box while the re-sorted listing loads
  const [shown, setShown] = useOptimistic(value)
  const [, startTransition] = useTransition()
  return (
    <div className={styles.sort}>
      <label htmlFor={id} className={styles.sortLabel}>
        {t`Сортировка`}
      </label>
      <select
        id={id}
        className={styles.sortSelect}
        value={shown}
        onChange={(event) => {
          const next = event.currentTarget.value as S
          startTransition(async () => {
            setShown(next)
            await onChange(next)
          })
        }}
        data-testid="sort-select"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {i18n._(option.label)}
          </option>
        ))}
      </select>
    </div>
  )
}
