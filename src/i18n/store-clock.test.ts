import { describe, expect, it } from 'vitest'
import { intlTime, storeTime, STORE_TIME_ZONE } from './store-clock'

describe('storeTime', () => {
  it('agrees with Intl for Almaty every 97 minutes from 2023 to 2028, across the 2024 zone change', () => {
    const step = 97 * 60_000
    for (let at = Date.UTC(2023, 0, 1); at < Date.UTC(2028, 0, 1); at += step) {
      const date = new Date(at)
      expect(storeTime(date), date.toISOString()).toEqual(intlTime(date, STORE_TIME_ZONE))
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

  it('reads Intl as a clock does', () => {
    expect(intlTime(new Date('2026-03-08T23:59:00Z'), 'Asia/Almaty')).toEqual({
      year: 2026,
      month: 3,
      day: 9,
      weekday: 1,
      hour: 4,
      minute: 59,
    })
    expect(intlTime(new Date('2026-03-08T19:05:00Z'), 'Asia/Almaty')).toMatchObject({
      day: 9,
      hour: 0,
      minute: 5,
    })
  })

  it('asks Intl for another zone', () => {
    expect(storeTime(new Date('2026-11-21T19:30:00Z'), 'Europe/Moscow')).toMatchObject({ day: 21, hour: 22 })
  })
})
