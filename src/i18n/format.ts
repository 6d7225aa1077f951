import { STORE_TIME_ZONE, storeTime, twoDigits } from './store-clock'

export { STORE_TIME_ZONE }

/**
 * Money and dates as the spec shows them (section 1, 9): Russian locale, KZT, no minimum fraction digits,
 * the tenge sign in place of the currency code; dates dd.MM.yyyy.
 *
 * The same everywhere: Node's ICU would print `KZT` where Chromium prints `₸`, and some ICU versions
 * separate groups with a narrow no-break space (U+202F); these print U+00A0 and the sign in every engine.
 */
export type Currency = 'KZT' | 'KGS'

const NBSP = '\u00a0'
const CURRENCY_SIGNS: Record<Currency, string> = { KZT: '₸', KGS: 'сом' }

/**
 * Digits grouped by three with no-break spaces, a decimal comma and a plain minus: what `ru-RU` prints.
 * Written out rather than asked of Intl: the first Intl number format a page creates costs a phone tens
 * of milliseconds (its locale and currency data), and a page of prices needs nothing more than this.
 */
function russianNumber(value: number, minFraction: number, maxFraction: number, grouping: boolean) {
  const fixed = Math.abs(value).toFixed(maxFraction)
  let [whole = '0', fraction = ''] = fixed.split('.')
  while (fraction.length > minFraction && fraction.endsWith('0')) fraction = fraction.slice(0, -1)
  if (grouping) whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP)
  const negative = value < 0 && /[1-9]/.test(fixed)
  return `${negative ? '-' : ''}${whole}${fraction ? `,${fraction}` : ''}`
}

/** `formatMoney(1299990)` → `1 299 990 ₸` (with no-break spaces, so an amount never wraps). */
export function formatMoney(amount: number, currency: Currency = 'KZT'): string {
  if (!Number.isFinite(amount)) return ''
  return `${russianNumber(amount, 0, 2, true)}${NBSP}${CURRENCY_SIGNS[currency]}`
}

export interface NumberOptions {
  minimumFractionDigits?: number
  /** 3 unless given, as Intl's default. */
  maximumFractionDigits?: number
  useGrouping?: boolean
}

/** `formatNumber(1299990)` → `1 299 990`, `formatNumber(4.5, { minimumFractionDigits: 1 })` → `4,5`. */
export function formatNumber(value: number, options: NumberOptions = {}): string {
  if (!Number.isFinite(value)) return ''
  const min = options.minimumFractionDigits ?? 0
  const max = Math.max(min, options.maximumFractionDigits ?? 3)
  return russianNumber(value, min, max, options.useGrouping ?? true)
}

/** `formatDate('2024-05-01T10:00:00+05:00')` → `01.05.2024`; an invalid date gives an empty string. */
export function formatDate(value: Date | string | number, timeZone: string = STORE_TIME_ZONE): string {
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  const { day, month, year } = storeTime(date, timeZone)
  return `${twoDigits(day)}.${twoDigits(month)}.${year}`
}
