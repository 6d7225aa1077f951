import type { Filter } from '../../../contract/catalog'
import type { Lang } from '../../../contract/common'
import type { FacetResult, Selection } from './catalog-index'

/**
 * The filters of a facet result as the API answers them (spec 3): titles in the shopper's language,
 * each option's count, active and enabled flags, and a range's bounds with what the shopper chose.
 * Category listings and search answer with the same shape.
 */
export function facetFilters(facets: FacetResult, sel: Selection, lang: Lang): Filter[] {
  const kk = lang === 'kk'
  return facets.filters.map(({ def, counts, min, max, active }) => {
    const chosen =
      def.code === 'price' && sel.price
        ? sel.price
        : active?.kind === 'range'
          ? { min: active.min, max: active.max }
          : null
    return {
      code: def.code,
      title: kk ? def.titleKk : def.titleRu,
      type: def.type,
      unit: def.unit,
      options: def.options.map((o, i) => {
        const isActive = active?.kind === 'options' && active.options.includes(o)
        const n = counts[i] ?? 0
        return {
          code: o.value,
          title: kk ? o.titleKk : o.titleRu,
          isActive,
          isEnabled: n > 0 || isActive,
          count: n,
        }
      }),
      min,
      max,
      chosen_min: def.type === 'range' ? (chosen?.min ?? min) : null,
      chosen_max: def.type === 'range' ? (chosen?.max ?? max) : null,
    }
  })
}
