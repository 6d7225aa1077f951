import { describe, expect, it } from 'vitest'
import {
  booleanParam,
  integerParam,
  isoDateParam,
  oneOfParam,
  optionalKeys,
  stringParam,
  uuidParam,
} from './search-params'

describe('query value readers', () => {
  it('reads whole numbers within bounds, from numbers or their spelling', () => {
    expect(integerParam(3, 1)).toBe(3)
    expect(integerParam('3', 1)).toBe(3)
    expect(integerParam(undefined, 1)).toBeUndefined()
    expect(integerParam(0, 1)).toBeUndefined()
    expect(integerParam('2.5', 1)).toBeUndefined()
    expect(integerParam('abc', 0)).toBeUndefined()
    expect(integerParam(1e12, 0, 999_999_999)).toBeUndefined()
    expect(integerParam(['2', '3'], 1)).toBeUndefined()
  })

  it('reads a word only when it is one of the list', () => {
    expect(oneOfParam('price_asc', ['score', 'price_asc'])).toBe('price_asc')
    expect(oneOfParam('cheapest', ['score', 'price_asc'])).toBeUndefined()
    expect(oneOfParam(1, ['1'])).toBeUndefined()
  })

  it('reads texts within the limits, numbers only when asked to', () => {
    expect(stringParam('  phone ', { max: 10, trim: true, fromAny: true })).toBe('phone')
    expect(stringParam(123, { max: 10, fromAny: true })).toBe('123')
    expect(stringParam(123, { max: 10 })).toBeUndefined()
    expect(stringParam('', { min: 1, max: 10 })).toBeUndefined()
    expect(stringParam('x'.repeat(11), { max: 10 })).toBeUndefined()
    expect(stringParam('/cart', { max: 100, pattern: /^\/(?![/\\])/ })).toBe('/cart')
    expect(stringParam('//evil.example', { max: 100, pattern: /^\/(?![/\\])/ })).toBeUndefined()
  })

  it('reads a switch as on unless its value is false, 0 or empty', () => {
    expect(booleanParam(true)).toBe(true)
    expect(booleanParam('yes')).toBe(true)
    expect(booleanParam(false)).toBe(false)
    expect(booleanParam(undefined)).toBeUndefined()
  })

  it('reads dates that exist and ids of the uuid form', () => {
    expect(isoDateParam('2026-02-28')).toBe('2026-02-28')
    expect(isoDateParam('2026-02-30')).toBeUndefined()
    expect(isoDateParam('28.02.2026')).toBeUndefined()
    expect(uuidParam('6f1c2a4e-8b0d-4c3e-9a57-2d1e0f3b4c5a')).toBe('6f1c2a4e-8b0d-4c3e-9a57-2d1e0f3b4c5a')
    expect(uuidParam('6f1c2a4e')).toBeUndefined()
  })

  it('keeps a value that did not fit as undefined, so it hides the raw one', () => {
    const search = optionalKeys({ page: undefined, sorting: 'score' })
    expect(search).toEqual({ sorting: 'score' })
    expect('page' in search).toBe(true)
  })
})
