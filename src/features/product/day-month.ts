import type { Lang } from '../../../contract/common'
import { STORE_TIME_ZONE, storeTime, twoDigits } from '../../i18n/store-clock'

/**
 * Month names as a date is written with its day: Russian in the genitive ('05 мая'), Kazakh in the
 * nominative ('05 мамыр'). Kept here rather than asked of Intl, whose Kazakh data is missing from some
 * browsers' builds (Chromium prints '05 M05').
 */
const MONTHS: Record<Lang, readonly string[]> = {
  ru: [
    'января',
    'февраля',
    'марта',
    'апреля',
    'мая',
    'июня',
    'июля',
    'августа',
    'сентября',
    'октября',
    'ноября',
    'декабря',
  ],
  kk: [
    'қаңтар',
    'ақпан',
    'наурыз',
    'сәуір',
    'мамыр',
    'маусым',
    'шілде',
    'тамыз',
    'қыркүйек',
    'қазан',
    'қараша',
    'желтоқсан',
  ],
}

/** Day (two digits) and month (1-12) of a moment in the given zone. */
function dayAndMonth(date: Date, timeZone: string): [string, number] {
  const { day, month } = storeTime(date, timeZone)
  return [twoDigits(day), month]
}

/**
 * A delivery date the way the spec writes it (section 9, 'dd MMMM'): `05 мая` in Russian, `05 мамыр` in
 * Kazakh, the calendar day in Kazakhstan. An invalid date gives an empty string.
 */
export function formatDayMonth(
  value: Date | string | number,
  lang: Lang,
  timeZone: string = STORE_TIME_ZONE,
): string {
  const date =
    value instanceof Date ? value : typeof value === 'string' ? fromIsoDate(value) : new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  const [day, month] = dayAndMonth(date, timeZone)
  return `${day}\u00a0${MONTHS[lang][month - 1] ?? ''}`
}

/** An ISO date ('2026-11-02') as a moment in the middle of that day in Kazakhstan; other values as they are. */
export function fromIsoDate(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00+05:00`) : new Date(value)
}

/** Today's date in Kazakhstan as an ISO date. */
export function storeToday(now: Date, timeZone: string = STORE_TIME_ZONE): string {
  const { year, month, day } = storeTime(now, timeZone)
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`
}

/** Days from one ISO date to another: 0 the same day, 1 the next. */
export function dayDiff(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

/**
 * A single day as shoppers say it: "сегодня", "завтра", else 'dd MMMM'. A range of days is two dates,
 * the month written once when it is the same: "24–26 ноября", "30 ноября – 02 декабря".
 */
export function formatDays(
  from: string,
  to: string,
  lang: Lang,
  today: string,
  words: { today: string; tomorrow: string },
): string {
  if (to <= from) {
    const diff = dayDiff(today, from)
    if (diff <= 0) return words.today
    if (diff === 1) return words.tomorrow
    return formatDayMonth(from, lang)
  }
  const first = formatDayMonth(from, lang)
  const last = formatDayMonth(to, lang)
  if (from.slice(0, 7) === to.slice(0, 7)) return `${first.split('\u00a0')[0]}–${last}`
  return `${first} – ${last}`
}
