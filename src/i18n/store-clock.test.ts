import { describe, expect, it } from 'vitest'
import { storeTime, STORE_TIME_ZONE } from './store-clock'

/** What Intl says the clock in Almaty shows, read from its parts. */
function intlClock(date: Date) {
  const parts = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    weekday: 'short',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
    timeZone: STORE_TIME_ZONE,
  }).formatToParts(date)
  const pick = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return {
    year: Number(pick('year')),
    month: Number(pick('month')),
    day: Number(pick('day')),
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(pick('weekday')),
    hour: Number(pick('hour')),
    minute: Number(pick('minute')),
  }
}

describe('storeTime', () => {
  it('agrees with Intl for Almaty every 97 minutes from 2023 to 2028, across the 2024 zone change', () => {
    const step = 97 * 60_000
    for (let at = Date.UTC(2023, 0, 1); at < Date.UTC(2028, 0, 1); at += step) {
      const date = new Date(at)
      expect(storeTime(date), date.toISOString()).toEqual(intlClock(date))
    }
  })

  it('reads midnight in Kazakhstan as the next day, whatever zone the device is in', () => {
    expect(storeTime(new Date('2026-11-21T19:30:00Z'))).toMatchObject({
      year: 2026,
      month: 11,
      day: 22,
      hour: 0,
      minute: 30,
      weekday: 0,
    })
  })

  it('asks Intl for another zone', () => {
    expect(storeTime(new Date('2026-11-21T19:30:00Z'), 'Europe/Moscow')).toMatchObject({ day: 21, hour: 22 })
  })
})
