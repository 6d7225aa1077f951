/** The store is in Kazakhstan: a date is the calendar day there, whatever zone the device is set to. */
export const STORE_TIME_ZONE = 'Asia/Almaty'

/** A moment as a clock in Kazakhstan shows it. */
export interface StoreTime {
  year: number
  /** 1-12 */
  month: number
  day: number
  /** 0 Sunday … 6 Saturday, as `Date#getDay` */
  weekday: number
  hour: number
  minute: number
}

/**
 * Kazakhstan has kept one zone, UTC+5 with no summer time, since 1 March 2024 (Almaty was at +6
 * until then): from that moment the store's clock is plain arithmetic. The first Intl.DateTimeFormat
 * of a page costs a slow phone 50-60 ms of main thread, so Intl is asked only for other zones and
 * earlier dates.
 */
const SINGLE_ZONE_SINCE = Date.UTC(2024, 1, 29, 18)
const STORE_OFFSET_MS = 5 * 3_600_000

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const formats = new Map<string, Intl.DateTimeFormat>()

/** The clock in `timeZone` as Intl reads it. */
export function intlTime(date: Date, timeZone: string): StoreTime {
  let format = formats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
      timeZone,
    })
    formats.set(timeZone, format)
  }
  const parts = format.formatToParts(date)
  const pick = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return {
    year: Number(pick('year')),
    month: Number(pick('month')),
    day: Number(pick('day')),
    weekday: WEEKDAYS.indexOf(pick('weekday')),
    hour: Number(pick('hour')),
    minute: Number(pick('minute')),
  }
}

/** The clock in `timeZone` (Kazakhstan's by default) at `date`; the date must be valid. */
export function storeTime(date: Date, timeZone: string = STORE_TIME_ZONE): StoreTime {
  const at = date.getTime()
  if (timeZone !== STORE_TIME_ZONE || at < SINGLE_ZONE_SINCE) return intlTime(date, timeZone)
  const local = new Date(at + STORE_OFFSET_MS)
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    weekday: local.getUTCDay(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  }
}

/** Two digits: `5` → `05`. */
export function twoDigits(n: number): string {
  return n < 10 ? `0${n}` : String(n)
}

/** A time of day as the store writes it: `09:05`. */
export function clockText({ hour, minute }: Pick<StoreTime, 'hour' | 'minute'>): string {
  return `${twoDigits(hour)}:${twoDigits(minute)}`
}
