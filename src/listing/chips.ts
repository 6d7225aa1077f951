import type { FiltersResponse } from '../../contract/catalog'
import type { CategoryFilter } from '../url/catalog-path'
import { parseRangeValue, removeFilter, sortedFilters } from './filter-pairs'
import { isPriceRangeActive, type PriceChoice } from './price-state'

/**
 * The chips above the products, one per applied filter, each taking its filter away. Titles come from
 * the filter panel's data; a pair it does not know (still loading, or failed) shows its raw code and
 * value rather than nothing.
 */
export type AppliedChip =
  | {
      kind: 'option'
      code: string
      value: string
      filterTitle: string
      optionTitle: string
      /** The filters left when this chip is removed. */
      rest: CategoryFilter[]
    }
  | {
      kind: 'range'
      code: string
      value: string
      filterTitle: string
      min?: number
      max?: number
      unit: string | null
      rest: CategoryFilter[]
    }
  | { kind: 'price'; priceMin?: number; priceMax?: number }

export function appliedChips(
  filters: readonly CategoryFilter[],
  price: PriceChoice,
  panel: Pick<FiltersResponse, 'filters' | 'price_range'> | undefined,
): AppliedChip[] {
  const chips: AppliedChip[] = sortedFilters(filters).map((pair) => {
    const filter = panel?.filters.find((f) => f.code === pair.code)
    const rest = removeFilter(filters, pair.code, pair.value)
    const range = filter?.type === 'range' ? parseRangeValue(pair.value) : null
    if (filter && range) {
      return {
        kind: 'range',
        code: pair.code,
        value: pair.value,
        filterTitle: filter.title,
        ...range,
        unit: filter.unit,
        rest,
      }
    }
    const option = filter?.options.find((o) => o.code === pair.value)
    return {
      kind: 'option',
      code: pair.code,
      value: pair.value,
      filterTitle: filter?.title ?? pair.code,
      optionTitle: option?.title ?? pair.value,
      rest,
    }
  })
  const { priceMin, priceMax } = price
  const bounds = panel?.price_range
  const priceActive = bounds
    ? isPriceRangeActive(bounds, price)
    : priceMin !== undefined || priceMax !== undefined
  if (priceActive) chips.push({ kind: 'price', priceMin, priceMax })
  return chips
}
