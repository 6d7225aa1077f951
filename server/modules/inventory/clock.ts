import { WEEKDAYS, type Weekday, type WeeklyWorkHours } from '../../db/schema/geo'

/** Kazakhstan keeps one zone, UTC+05:00, all year: every date and hour of delivery is in it. */
export const STORE_UTC_OFFSET_MINUTES = 5 * 60
const OFFSET = '+05:00'
const DAY_MS = 86_400_000

export interface LocalTime {
  /** 'YYYY-MM-DD' */
  date: string
  hour: number
  /** Minutes since local midnight. */
  minutes: number
}

export function localTime(instant: number): LocalTime {
  const shifted = new Date(instant + STORE_UTC_OFFSET_MINUTES * 60_000)
  return {
    date: shifted.toISOString().slice(0, 10),
    hour: shifted.getUTCHours(),
    minutes: shifted.getUTCHours() * 60 + shifted.getUTCMinutes(),
  }
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

/** Whole days from `from` to `to` (both ISO dates). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS)
}

export function weekdayOf(date: string): Weekday {
  // 1970-01-01 was a Thursday; WEEKDAYS starts on Monday
  const days = Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS)
  return WEEKDAYS[(((days + 3) % 7) + 7) % 7] as Weekday
}

/** The instant of a local wall-clock time, ISO 8601 with the store's zone: '2026-11-02T18:00:00+05:00'. */
export function localInstant(date: string, hour: number, minute = 0): string {
  return `${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00${OFFSET}`
}

/** '10:00-22:00' → [600, 1320] minutes; null for a day off or an unreadable value. */
export function parseHours(hours: string | null | undefined): [open: number, close: number] | null {
  const m = hours ? /^(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})$/.exec(hours) : null
  if (!m) return null
  return [Number(m[1]) * 60 + Number(m[2]), Number(m[3]) * 60 + Number(m[4])]
}

/** The first day from `date` on (at most two weeks ahead) the point is open; `date` itself when unknown. */
export function firstOpenDay(weekly: WeeklyWorkHours, date: string): string {
  for (let d = 0; d < 14; d++) {
    const day = addDays(date, d)
    if (parseHours(weekly[weekdayOf(day)])) return day
  }
  return date
}

/**
 * When goods ready `hours` after `instant` can be collected at a point: the day they are ready if the
 * point is open then and has not closed yet, otherwise the next day it opens.
 */
export function readyDay(weekly: WeeklyWorkHours, instant: number, hours: number): string {
  const ready = localTime(instant + hours * 3_600_000)
  const today = parseHours(weekly[weekdayOf(ready.date)])
  if (today && ready.minutes < today[1]) return ready.date
  return firstOpenDay(weekly, addDays(ready.date, 1))
}
