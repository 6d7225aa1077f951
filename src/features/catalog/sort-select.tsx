import { useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useId } from 'react'
import { SORTINGS, type Sorting } from '../../../contract/values/catalog'
import { usePendingChoice } from '../../ui/use-pending-choice'
import styles from './listing.module.css'

/** Spec 2.3: popularity (score, the default), discount, newest first, price up, price down, rating. */
export const SORTING_LABELS: Record<Sorting, MessageDescriptor> = {
  score: msg`По популярности`,
  discount: msg`По размеру скидки`,
  new: msg`Сначала новинки`,
  price_asc: msg`Сначала дешевле`,
  price_desc: msg`Сначала дороже`,
  rating: msg`По рейтингу`,
}

/** A native select: keyboard, screen readers and the phone's own picker work without any script of ours. */
export function SortSelect({
  value,
  onChange,
}: {
  value: Sorting
  onChange: (sorting: Sorting) => Promise<void>
}) {
  const { t, i18n } = useLingui()
  const id = useId()
  // the new choice stays in the box while the re-sorted listing loads
  const [shown, choose] = usePendingChoice(value)
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
          const next = event.currentTarget.value as Sorting
          void choose(next, () => onChange(next))
        }}
        data-testid="sort-select"
      >
        {SORTINGS.map((sorting) => (
          <option key={sorting} value={sorting}>
            {i18n._(SORTING_LABELS[sorting])}
          </option>
        ))}
      </select>
    </div>
  )
}
