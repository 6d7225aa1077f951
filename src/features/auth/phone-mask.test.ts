import { describe, expect, it } from 'vitest'
import {
  digitIndexAt,
  digitsFromInput,
  formatPhone,
  mergePaste,
  nationalDigits,
  toServerPhone,
} from './phone-mask'

describe('the phone mask', () => {
  it('shows eleven digits as +7 XXX XXX XX XX, and a partial number as far as it goes', () => {
    expect(formatPhone('7011234567')).toBe('+7 701 123 45 67')
    expect(formatPhone('701')).toBe('+7 701')
    expect(formatPhone('70112')).toBe('+7 701 12')
    expect(formatPhone('')).toBe('')
    expect(toServerPhone('7011234567')).toBe('77011234567')
  })

  it('strips non-word characters and the +7 the mask wrote', () => {
    expect(digitsFromInput('+7 701 123 45 67')).toBe('7011234567')
    expect(digitsFromInput('+7 701-12')).toBe('70112')
    expect(digitsFromInput('701')).toBe('701')
    expect(digitsFromInput('+7 701 123 45 678')).toBe('7011234567')
  })

  it('reads a whole pasted number in any usual form', () => {
    expect(nationalDigits('+7 (701) 123-45-67')).toBe('7011234567')
    expect(nationalDigits('87011234567')).toBe('7011234567')
    expect(nationalDigits('7011234567')).toBe('7011234567')
  })

  it('merges a paste into the current number at the selection and keeps ten digits', () => {
    expect(mergePaste('', '+7 701 123 45 67', 0, 0)).toBe('7011234567')
    expect(mergePaste('701', '1234567', 3, 3)).toBe('7011234567')
    expect(mergePaste('7019999999', '123', 3, 6)).toBe('7011239999')
    expect(mergePaste('70112', '999999999', 5, 5)).toBe('7011299999')
  })

  it('counts digits before a caret position, the +7 not included', () => {
    expect(digitIndexAt('+7 701 123 45 67', 6)).toBe(3)
    expect(digitIndexAt('+7 701', 0)).toBe(0)
  })
})
