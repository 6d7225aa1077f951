import { buildCategoryPath, type CategoryFilter, type CategoryPath } from '../../url/catalog-path'
import { apiFilterValue, sortedFilters, uniqueFilters } from '../../listing/filter-pairs'
import { listingQueryString, withoutPage, type ListingSearch } from './listing-search'

/**
 * The filter half of a category URL (spec 2.3): `/catalog/{segments}/f/{code}/{value}...`, the pairs
 * sorted by value (src/url/catalog-path.ts). Every change of the filters goes back to page 1 and keeps
 * sorting and price; how a choice changes the pairs is src/listing/filter-pairs.ts.
 */

/**
 * The catalogue call's `filters` parameter: the `/f/` pairs as `code:value,code:value`, in the order of
 * the URL (sorted by value) so one filter set is one request and one cache entry.
 */
export function filtersParam(filters: readonly CategoryFilter[]): string | undefined {
  if (filters.length === 0) return undefined
  return sortedFilters(filters)
    .map((f) => `${f.code}:${apiFilterValue(f.value)}`)
    .join(',')
}

/** The page path of a category with these filters, without the city prefix: `/catalog/tv/f/brand/lg`. */
export function categoryPagePath(path: CategoryPath): string {
  return `/catalog/${buildCategoryPath({ segments: path.segments, filters: uniqueFilters(path.filters) })}`
}

/**
 * The address of the category with other filters: page back to 1, sorting and price kept, the pairs
 * sorted by value. Without the city prefix (add it with `useStoreLocation().href`).
 */
export function categoryHrefWithFilters(
  path: CategoryPath,
  filters: readonly CategoryFilter[],
  search: ListingSearch,
): string {
  return (
    categoryPagePath({ segments: path.segments, filters: [...filters] }) +
    listingQueryString(withoutPage(search))
  )
}

/** True when the URL's pairs are already in their one canonical order, without repeats. */
export function isCanonicalCategorySplat(splat: string | undefined, path: CategoryPath): boolean {
  const trimmed = (splat ?? '').replace(/^\/+|\/+$/g, '')
  return trimmed === buildCategoryPath({ segments: path.segments, filters: uniqueFilters(path.filters) })
}
