export type PluralForm = 'one' | 'few' | 'many' | 'other'

/**
 * The Russian plural form of a count, for messages written as a `select` over it
 * (`{form, select, one {…} few {…} many {…} other {…}}`). Lingui's own `plural` formats its number
 * with Intl.NumberFormat on every call, even with no `#` in the message, and the first
 * Intl.NumberFormat of a page holds a slow phone's main thread for 60-100 ms. The forms are the
 * source language's: a translation with fewer forms gives `other` and whichever others it needs.
 */
export function pluralForm(count: number): PluralForm {
  if (!Number.isInteger(count)) return 'other'
  const n = Math.abs(count)
  const last = n % 10
  const lastTwo = n % 100
  if (last === 1 && lastTwo !== 11) return 'one'
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return 'few'
  return 'many'
}
