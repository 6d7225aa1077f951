import { SORTINGS, type Sorting } from '../../../contract/values/catalog'
import { SORT_LABELS, type SortOption } from '../../listing/sort-select'

/** Spec 2.3: popularity (score, the default), discount, newest first, price up, price down, rating. */
export const CATALOG_SORT_OPTIONS: readonly SortOption<Sorting>[] = SORTINGS.map((value) => ({
  value,
  label: SORT_LABELS[value === 'score' ? 'popularity' : value],
}))
