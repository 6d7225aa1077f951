import type { WeeklyWorkHours } from '../../../contract/menu'
import { WEEKDAYS } from '../../../contract/values/menu'
import { clockText, STORE_TIME_ZONE, storeTime } from '../../i18n/store-clock'

export type Weekday = (typeof WEEKDAYS)[number]

/** `Date#getDay` order: Sunday first (the spec's week starts on Monday). */
const DAY_BY_INDEX: readonly Weekday[] = [WEEKDAYS[6], ...WEEKDAYS.slice(0, 6)]

/** The weekday and minutes since midnight in Kazakhstan at `now`. */
export function storeClock(now: Date, timeZone: string = STORE_TIME_ZONE): { day: Weekday; minutes: number } {
  const { weekday, hour, minute } = storeTime(now, timeZone)
  return { day: DAY_BY_INDEX[weekday] ?? 'monday', minutes: hour * 60 + minute }
}

/** '10:00-22:00' → [600, 1320]; null when the text is not a range of two times. */
export function parseHours(hours: string | null): [number, number] | null {
  const match = hours?.match(/^\s*(\d{1,2}):(\d{2})\s*[-–—]\s*(\d{1,2}):(\d{2})\s*$/)
  if (!match) return null
  const [, h1, m1, h2, m2] = match.map(Number) as [number, number, number, number, number]
  return [h1 * 60 + m1, h2 * 60 + m2]
}

/** '10:00-22:00' → '10:00–22:00' (an en dash, as the store prints ranges). */
export function displayHours(hours: string): string {
  return hours.replace(/\s*[-–—]\s*/, '–')
}

export interface OpenState {
  open: boolean
  /** Today's hours as printed, or null on a day off. */
  today: string | null
  /** When open: the closing time ('21:00'). */
  closesAt: string | null
  /** When closed but opening later today: the opening time ('10:00'). */
  opensAt: string | null
}

function clock(minutes: number): string {
  return clockText({ hour: Math.floor(minutes / 60) % 24, minute: minutes % 60 })
}

/** Whether the point is open at `now` (store time), its hours today, and when it closes or opens. */
export function openState(weekly: WeeklyWorkHours, now: Date, timeZone?: string): OpenState {
  const { day, minutes } = storeClock(now, timeZone)
  const today = weekly[day]
  const range = parseHours(today)
  if (!range) return { open: false, today: today ? displayHours(today) : null, closesAt: null, opensAt: null }
  const [from, to] = range
  // A range past midnight ('20:00-02:00') is open in the evening and after midnight of the same row.
  const open = to > from ? minutes >= from && minutes < to : minutes >= from || minutes < to
  return {
    open,
    today: displayHours(today as string),
    closesAt: open ? clock(to) : null,
    opensAt: !open && minutes < from ? clock(from) : null,
  }
}

export interface HoursRun {
  /** First and last weekday of a run of days with the same hours (equal for a single day). */
  from: Weekday
  to: Weekday
  /** The hours, or null for days off. */
  hours: string | null
}

/** The week as runs of consecutive days with the same hours: Mon–Fri 10–22, Sat 10–19, Sun off. */
export function weeklyRuns(weekly: WeeklyWorkHours): HoursRun[] {
  const runs: HoursRun[] = []
  for (const day of WEEKDAYS) {
    const hours = weekly[day] ? displayHours(weekly[day]) : null
    const last = runs[runs.length - 1]
    if (last && last.hours === hours) last.to = day
    else runs.push({ from: day, to: day, hours })
  }
  return runs
}
