import { describe, expect, it } from 'vitest'
import { formatDate, formatMoney, formatNumber } from './format'

const NBSP = '\u00a0'

describe('formatMoney', () => {
  it('groups thousands and puts the tenge sign after the amount, with no-break spaces', () => {
    expect(formatMoney(1299990)).toBe(`1${NBSP}299${NBSP}990${NBSP}₸`)
    expect(formatMoney(0)).toBe(`0${NBSP}₸`)
    expect(formatMoney(999)).toBe(`999${NBSP}₸`)
  })

  it('shows no fraction digits for whole tenge but keeps real fractions', () => {
    expect(formatMoney(15000)).not.toContain(',')
    expect(formatMoney(1500.5)).toBe(`1${NBSP}500,5${NBSP}₸`)
  })

  it('never contains a breaking or narrow space, so a price does not wrap', () => {
    expect(formatMoney(123456789)).not.toMatch(/[ \u202f]/)
  })

  it('writes negative amounts with a plain minus', () => {
    expect(formatMoney(-5000)).toBe(`-5${NBSP}000${NBSP}₸`)
  })

  it('keeps the som for Kyrgyz amounts', () => {
    const som = formatMoney(1500, 'KGS')
    expect(som).toMatch(/^1\u00a0500\u00a0/)
    expect(som).not.toContain('₸')
  })

  it('gives an empty string for a value that is not a number', () => {
    expect(formatMoney(Number.NaN)).toBe('')
  })
})

describe('formatDate', () => {
  it('writes dd.MM.yyyy', () => {
    expect(formatDate('2024-05-09T12:00:00+05:00')).toBe('09.05.2024')
    expect(formatDate(new Date('2023-12-31T10:00:00Z'))).toBe('31.12.2023')
  })

  it('uses the calendar day in Kazakhstan, whatever zone the device has', () => {
    // 22:30 UTC on 1 May is already 2 May in Almaty (UTC+5)
    expect(formatDate('2024-05-01T22:30:00Z')).toBe('02.05.2024')
    expect(formatDate('2024-05-01T22:30:00Z', 'UTC')).toBe('01.05.2024')
  })

  it('gives an empty string for an invalid date', () => {
    expect(formatDate('not a date')).toBe('')
  })
})

describe('formatNumber', () => {
  it('prints numbers as ru-RU does: grouped thousands, a decimal comma, a plain minus', () => {
    for (const value of [0, 7, 999, 1234, 12345, 1299990, -1500, 1299.5, 0.25, 4.45, 123456789.125]) {
      const intl = value.toLocaleString('ru-RU').replace(/[\s\u202f]/g, NBSP)
      expect(formatNumber(value)).toBe(intl)
    }
  })

  it('honours the fraction digits and grouping it is given', () => {
    expect(formatNumber(4, { minimumFractionDigits: 1, maximumFractionDigits: 1 })).toBe('4,0')
    expect(formatNumber(4.46, { minimumFractionDigits: 1, maximumFractionDigits: 1 })).toBe('4,5')
    expect(formatNumber(15000.25, { maximumFractionDigits: 2, useGrouping: false })).toBe('15000,25')
    expect(formatNumber(-0.0001, { maximumFractionDigits: 2 })).toBe('0')
  })

  it('gives an empty string for a value that is not a number', () => {
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('')
  })
})
