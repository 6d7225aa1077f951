import { ERROR_KEYS } from '../../../contract/common'
import { HttpError } from '../../http/errors'
import type { ActiveFilter, CategoryNode, FilterDef } from './catalog-index'

/** A 400 in the one error shape, with `details.issues` naming the field and the problem. */
export function invalid(code: string, path: string, message: string, extra: Record<string, unknown> = {}) {
  return new HttpError(400, code, ERROR_KEYS.badRequest, { issues: [{ path, message }], ...extra })
}

const PAIR = /^([a-z0-9_]{1,40}):([A-Za-z0-9._+-]{1,60})$/
const RANGE = /^(\d{1,9}(?:\.\d{1,4})?)?-(\d{1,9}(?:\.\d{1,4})?)?$/

export interface FilterPair {
  code: string
  value: string
}

/** Splits `code:value,code:value`; a malformed pair is a 400. Duplicates are dropped. */
export function parsePairs(raw: string | undefined): FilterPair[] {
  if (raw === undefined || raw.trim() === '') return []
  const seen = new Set<string>()
  const pairs: FilterPair[] = []
  for (const part of raw.split(',')) {
    const match = PAIR.exec(part.trim())
    if (!match) {
      throw invalid(
        'invalid_filters',
        'querystring.filters',
        `"${part.slice(0, 80)}" is not a code:value pair`,
      )
    }
    const key = `${match[1]}:${match[2]}`
    if (seen.has(key)) continue
    seen.add(key)
    pairs.push({ code: match[1]!, value: match[2]! })
  }
  return pairs
}

/**
 * The active filters of a listing of `category`, in the category's filter order. Every code must be
 * a filter of the category, every option value one of its options, a range `min-max` with min ≤ max.
 * With no category (a brand page across categories) there is nothing to filter by but the price.
 */
export function resolveFilters(category: CategoryNode | null, pairs: FilterPair[]): ActiveFilter[] {
  const byCode = new Map<string, string[]>()
  for (const p of pairs) {
    const list = byCode.get(p.code)
    if (list) list.push(p.value)
    else byCode.set(p.code, [p.value])
  }
  for (const code of byCode.keys()) {
    if (code === 'price') {
      throw invalid('invalid_filters', 'querystring.filters', 'the price goes in the price parameter')
    }
    if (!category?.filterByCode.has(code)) {
      throw invalid(
        'invalid_filters',
        'querystring.filters',
        category
          ? `unknown filter "${code}" for category "${category.path}"`
          : `filter "${code}" needs a category`,
        { filter: code },
      )
    }
  }
  const active: ActiveFilter[] = []
  for (const def of category?.filters ?? []) {
    const values = byCode.get(def.code)
    if (!values) continue
    active.push(def.type === 'range' ? rangeFilter(def, values) : optionFilter(def, values))
  }
  return active
}

function optionFilter(def: FilterDef, values: string[]): ActiveFilter {
  const options = values.map((value) => {
    const option = def.optionByValue.get(value)
    if (!option) {
      throw invalid(
        'invalid_filters',
        'querystring.filters',
        `filter "${def.code}" has no value "${value}"`,
        { filter: def.code, value },
      )
    }
    return option
  })
  // in the category's option order, so equal selections read the same everywhere
  options.sort((a, b) => def.options.indexOf(a) - def.options.indexOf(b))
  return { kind: 'options', def, options }
}

function rangeFilter(def: FilterDef, values: string[]): ActiveFilter {
  if (values.length > 1) {
    throw invalid('invalid_filters', 'querystring.filters', `range filter "${def.code}" given twice`, {
      filter: def.code,
    })
  }
  const match = RANGE.exec(values[0]!)
  const min = match?.[1] === undefined ? null : Number(match[1])
  const max = match?.[2] === undefined ? null : Number(match[2])
  if (!match || (min === null && max === null)) {
    throw invalid(
      'invalid_filters',
      'querystring.filters',
      `range filter "${def.code}" takes min-max, got "${values[0]}"`,
      { filter: def.code },
    )
  }
  if (min !== null && max !== null && min > max) {
    throw invalid('invalid_filters', 'querystring.filters', `range filter "${def.code}" has min above max`, {
      filter: def.code,
    })
  }
  return { kind: 'range', def, min, max }
}

/**
 * A category reference as the page URL writes it: `path/of/slugs/f/code/value/code/value`. Returns
 * the category part and the `/f/` pairs as `code:value` text for `parsePairs`, joined to `filters`.
 */
export function splitCategoryRef(
  ref: string,
  filters: string | undefined,
): { path: string; filters?: string } {
  const at = ref.indexOf('/f/')
  if (at < 0) return { path: ref, filters }
  const parts = ref
    .slice(at + 3)
    .split('/')
    .filter((p) => p !== '')
  if (parts.length === 0 || parts.length % 2 !== 0) {
    throw invalid('invalid_filters', 'params.id', 'the /f/ part takes code/value pairs')
  }
  const pairs: string[] = []
  for (let i = 0; i < parts.length; i += 2) pairs.push(`${parts[i]}:${parts[i + 1]}`)
  const joined = [filters, ...pairs].filter((f) => f !== undefined && f !== '').join(',')
  return { path: ref.slice(0, at), filters: joined }
}

/** `min-max` in tenge; an empty side, or 0 as the maximum (the spec's default), is unbounded. */
export function parsePrice(raw: string | undefined): { min: number | null; max: number | null } | null {
  if (raw === undefined) return null
  const match = /^(\d{0,9})-(\d{0,9})$/.exec(raw)
  if (!match) throw invalid('invalid_price', 'querystring.price', 'price is min-max in whole tenge')
  const min = match[1] ? Number(match[1]) : null
  const max = match[2] && Number(match[2]) > 0 ? Number(match[2]) : null
  if ((min === null || min === 0) && max === null) return null
  if (min !== null && max !== null && min > max) {
    throw invalid('invalid_price', 'querystring.price', 'the minimum price is above the maximum')
  }
  return { min, max }
}

/** The value written in a `/f/` pair and in the `filters` parameter for an active filter. */
export function pairValues(f: ActiveFilter): string[] {
  if (f.kind === 'options') return f.options.map((o) => o.value)
  return [`${f.min ?? ''}-${f.max ?? ''}`]
}
