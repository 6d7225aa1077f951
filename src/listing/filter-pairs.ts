import { buildCategoryPath, parseCategoryPath, type CategoryFilter } from '../url/catalog-path'

/**
 * Chosen filters as `code`/`value` pairs, whatever address a page writes them in (the catalogue's
 * `/f/` path pairs, the search page's `f` parameter), and how choosing an option changes them.
 */

function samePair(a: CategoryFilter, b: CategoryFilter): boolean {
  return a.code === b.code && a.value === b.value
}

/** Drops repeated pairs, so `/f/brand/lg/brand/lg` is the same listing as `/f/brand/lg`. */
export function uniqueFilters(filters: readonly CategoryFilter[]): CategoryFilter[] {
  const out: CategoryFilter[] = []
  for (const filter of filters) if (!out.some((f) => samePair(f, filter))) out.push(filter)
  return out
}

export function hasFilter(filters: readonly CategoryFilter[], code: string, value: string): boolean {
  return filters.some((f) => f.code === code && f.value === value)
}

export function valuesOf(filters: readonly CategoryFilter[], code: string): string[] {
  return filters.filter((f) => f.code === code).map((f) => f.value)
}

/** Multiselect: adds the option, or takes it away when it is already chosen. */
export function toggleFilter(
  filters: readonly CategoryFilter[],
  code: string,
  value: string,
): CategoryFilter[] {
  return hasFilter(filters, code, value)
    ? filters.filter((f) => !(f.code === code && f.value === value))
    : [...filters, { code, value }]
}

/** Link, checkbox and range filters hold one value: it replaces the code's value (`undefined` clears it). */
export function replaceFilter(
  filters: readonly CategoryFilter[],
  code: string,
  value: string | undefined,
): CategoryFilter[] {
  const rest = filters.filter((f) => f.code !== code)
  return value === undefined ? rest : [...rest, { code, value }]
}

export function removeFilter(
  filters: readonly CategoryFilter[],
  code: string,
  value: string,
): CategoryFilter[] {
  return filters.filter((f) => !(f.code === code && f.value === value))
}

/** The pairs in the order the catalogue's URL writes them (by value), repeats dropped. */
export function sortedFilters(filters: readonly CategoryFilter[]): CategoryFilter[] {
  const unique = uniqueFilters(filters)
  if (unique.length === 0) return []
  return parseCategoryPath(buildCategoryPath({ segments: ['_'], filters: unique }))?.filters ?? unique
}

/**
 * A range filter's value in the URL: `6-7`, `-55` (up to 55), `40-` (from 40), decimals with a comma
 * (`6,1-6,7`): a dot would make the last segment look like a file extension to static servers.
 */
export function rangeValue(min: number | undefined, max: number | undefined): string | undefined {
  if (min === undefined && max === undefined) return undefined
  const write = (n: number | undefined) => (n === undefined ? '' : String(n).replace('.', ','))
  return `${write(min)}-${write(max)}`
}

/** The API writes decimals with a dot (`diagonal:6.1-6.7`); the URL with a comma. */
export function apiFilterValue(value: string): string {
  return value.replace(/,/g, '.')
}

/** Reads `6,1-6,7` (or `6.1-6.7`), `-55` or `40-`; `null` when it is not a range (`abc`, `-`, `7-6`). */
export function parseRangeValue(value: string): { min?: number; max?: number } | null {
  const match = /^(\d+(?:[.,]\d+)?)?-(\d+(?:[.,]\d+)?)?$/.exec(value)
  if (!match || (match[1] === undefined && match[2] === undefined)) return null
  const min = match[1] === undefined ? undefined : Number(apiFilterValue(match[1]))
  const max = match[2] === undefined ? undefined : Number(apiFilterValue(match[2]))
  if (min !== undefined && max !== undefined && min > max) return null
  return { ...(min !== undefined && { min }), ...(max !== undefined && { max }) }
}
