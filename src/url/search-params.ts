/**
 * Readers for the values of a page's query, for the routes' `validateSearch`. The query is typed by
 * hand or comes from old links and other sites, so a value that does not fit reads as `undefined`
 * (the page then uses its default) and never fails the page. Hand-written rather than schemas so the
 * router, which every page loads, carries no validation library.
 */

/**
 * An integer from `min` to `max`. The router has already turned `?page=2` into the number 2; a string
 * such as `"2"` counts too (as `Number` reads it), while `2.5`, `abc` or `1e12` above `max` do not.
 */
export function integerParam(value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined
}

/** One of the listed words, exactly. */
export function oneOfParam<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : undefined
}

export interface StringParamRules {
  max: number
  min?: number
  pattern?: RegExp
  /** Numbers and booleans the router parsed (`?q=123`) are read as the text they were written as. */
  fromAny?: boolean
  trim?: boolean
}

/** A text within the length limits (after trimming, when asked) that matches `pattern`. */
export function stringParam(value: unknown, rules: StringParamRules): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string' && !rules.fromAny) return undefined
  const text = rules.trim ? String(value).trim() : String(value)
  if (text.length < (rules.min ?? 0) || text.length > rules.max) return undefined
  if (rules.pattern && !rules.pattern.test(text)) return undefined
  return text
}

/** A yes/no switch: any value present but false, 0 or '' is yes. */
export function booleanParam(value: unknown): boolean | undefined {
  return value === undefined ? undefined : Boolean(value)
}

/** A calendar date `yyyy-MM-dd` that exists (no 2026-02-30). */
export function isoDateParam(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : undefined
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i

/** An id such as the server gives saved cards and orders. */
export function uuidParam(value: unknown): string | undefined {
  return typeof value === 'string' && UUID.test(value) ? value : undefined
}

/**
 * The search with every key optional, for links to the page. The keys whose value did not fit stay in the
 * object as `undefined`: the router lays the validated search over the raw one, so a dropped key would
 * let the raw `?sorting=cheapest` through.
 */
export function optionalKeys<T extends object>(search: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return search as { [K in keyof T]?: Exclude<T[K], undefined> }
}
