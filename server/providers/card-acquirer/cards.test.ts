import { describe, expect, it } from 'vitest'
import { cardBrand, expiryValid, luhnValid, maskCard, TEST_CARDS } from './cards'

describe('card number rules', () => {
  it('passes the test cards through Luhn and refuses a changed digit', () => {
    for (const n of [...TEST_CARDS.approved, ...TEST_CARDS.challenge, ...Object.keys(TEST_CARDS.declined)])
      expect(luhnValid(n), n).toBe(true)
    expect(luhnValid('4111111111111112')).toBe(false)
    expect(luhnValid('4111 1111 1111 1111')).toBe(false)
    expect(luhnValid('41111')).toBe(false)
  })

  it('names the brand and keeps only six and four digits in the mask', () => {
    expect(cardBrand('4111111111111111')).toBe('VISA')
    expect(cardBrand('5555555555554444')).toBe('MASTERCARD')
    expect(cardBrand('2200000000000004')).toBe('MIR')
    expect(maskCard('4111111111111111')).toBe('411111******1111')
  })

  it('accepts an expiry through the end of its month and refuses a past or impossible one', () => {
    const now = new Date('2026-11-22T10:00:00Z')
    expect(expiryValid('11/26', now)).toBe(true)
    expect(expiryValid('10/26', now)).toBe(false)
    expect(expiryValid('13/27', now)).toBe(false)
    expect(expiryValid('1/27', now)).toBe(false)
    expect(expiryValid('12/60', now)).toBe(false)
  })
})
