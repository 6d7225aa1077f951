/**
 * Money and dates as the spec shows them (section 1, 9): Russian locale, KZT, no minimum fraction digits,
 * the tenge sign in place of the currency code; dates dd.MM.yyyy.
 *
 * Engines disagree on the details: Node's ICU prints `KZT`, Chromium prints `₸`, and some ICU versions
 * separate groups with a narrow no-break space (U+202F). The output is normalised so it is the same
 * everywhere: every space is a no-break space (U+00A0), so an amount never wraps between its digits.
 */
export type Currency = 'KZT' | 'KGS'

const NBSP = '\u00a0'
const TENGE = '₸'
const SPACES = /[\s\u00a0\u202f\u2009]/g

const moneyFormats = new Map<Currency, Intl.NumberFormat>()

function moneyFormat(currency: Currency): Intl.NumberFormat {
  let format = moneyFormats.get(currency)
  if (!format) {
    format = new Intl.NumberFormat('ru-RU', { style: 'currency', currency, minimumFractionDigits: 0 })
    moneyFormats.set(currency, format)
  }
  return format
}

/** `formatMoney(1299990)` → `1 299 990 ₸` (with no-break spaces). */
export function formatMoney(amount: number, currency: Currency = 'KZT'): string {
  if (!Number.isFinite(amount)) return ''
  return moneyFormat(currency)
    .formatToParts(amount)
    .map((part) => {
      if (part.type === 'currency' && currency === 'KZT') return TENGE
      if (part.type === 'minusSign') return '-'
      return part.value.replace(SPACES, NBSP)
    })
    .join('')
}

/** The store is in Kazakhstan: a date is the calendar day there, whatever zone the device is set to. */
export const STORE_TIME_ZONE = 'Asia/Almaty'

const dateFormats = new Map<string, Intl.DateTimeFormat>()

/** `formatDate('2024-05-01T10:00:00+05:00')` → `01.05.2024`; an invalid date gives an empty string. */
export function formatDate(value: Date | string | number, timeZone: string = STORE_TIME_ZONE): string {
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  let format = dateFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone })
    dateFormats.set(timeZone, format)
  }
  const parts = format.formatToParts(date)
  const pick = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return `${pick('day')}.${pick('month')}.${pick('year')}`
}
