/**
 * Checks for values read back from IndexedDB, which outlive the code that wrote them. Small hand-written
 * guards instead of schemas keep zod out of the browser bundle.
 */
export type Guard<T> = (value: unknown) => value is T

export const isString: Guard<string> = (value): value is string => typeof value === 'string'

export const isStringOrNull: Guard<string | null> = (value): value is string | null =>
  value === null || typeof value === 'string'

export const arrayOf =
  <T>(item: Guard<T>): Guard<T[]> =>
  (value): value is T[] =>
    Array.isArray(value) && value.every(item)
