import type { Filter, FiltersResponse } from '../../../contract/catalog'
import type { SearchResult } from './queries'
import { CATEGORY_FILTER } from './search-url'

/**
 * A facet's options among the matches: the answer counts every option of the category, and the ones
 * no match has (every other brand of televisions, for "samsung tv") would bury the few that matter.
 */
function amongMatches(filter: Filter): Filter {
  if (filter.type === 'range') return filter
  return { ...filter, options: filter.options.filter((o) => o.count > 0 || o.isActive) }
}

/**
 * What the shared filter panel shows for a search answer: the categories of the matches as a link
 * filter (choosing one narrows the results and brings that category's facets), then the answer's own
 * facets with the options the matches have, and its price bounds.
 */
export function searchFacets(
  result: SearchResult,
  categoryTitle: string,
  chosenCategory: string | undefined,
): Pick<FiltersResponse, 'filters' | 'price_range'> {
  const categories: Filter = {
    code: CATEGORY_FILTER,
    title: categoryTitle,
    type: 'link',
    unit: null,
    options: result.categories.map((category) => ({
      code: category.path,
      title: category.title,
      isActive: category.path === chosenCategory,
      isEnabled: true,
      count: category.count,
    })),
    min: null,
    max: null,
    chosen_min: null,
    chosen_max: null,
  }
  const facets = result.filters.map(amongMatches)
  return {
    filters: categories.options.length > 0 ? [categories, ...facets] : facets,
    price_range: result.price_range,
  }
}

/** Whether the panel has anything to offer: a filter with choices, or a price span to narrow. */
export function hasFacets(facets: Pick<FiltersResponse, 'filters' | 'price_range'>): boolean {
  return (
    facets.price_range.max > facets.price_range.min ||
    facets.filters.some(
      (f) =>
        f.code !== 'price' &&
        (f.type === 'range' ? f.min !== null && f.max !== null && f.min < f.max : f.options.length > 0),
    )
  )
}
