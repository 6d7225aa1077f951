import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** `2026-05-01` → `01.05.2026` (DESIGN: dates dd.MM.yyyy), written from the text, no clock involved. */
export function isoDateText(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split('-')
  return year && month && day ? `${day}.${month}.${year}` : iso
}

/** `2026-05-01` → `01.05` for a date chip. */
export const dayMonthText = (iso: string) => isoDateText(iso).slice(0, 5)

const WEEKDAYS: readonly MessageDescriptor[] = [msg`вс`, msg`пн`, msg`вт`, msg`ср`, msg`чт`, msg`пт`, msg`сб`]

/** The short weekday of a calendar date (the date is the store's, so no time zone applies). */
export function weekday(iso: string): MessageDescriptor {
  const day = new Date(`${iso.slice(0, 10)}T00:00:00Z`).getUTCDay()
  return WEEKDAYS[Number.isNaN(day) ? 0 : day] as MessageDescriptor
}

export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}
