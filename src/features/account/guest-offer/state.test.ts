import { beforeEach, describe, expect, it } from 'vitest'
import type { PromoCode } from '../../../../contract/account-area'
import { readProgress, readReceivedCode, RECEIVED_KEY, OFFER_KEY, saveReceivedCode } from './state'

const promo: PromoCode = {
  id: '6f1c2a4e-8b0d-4c3e-9a57-2d1e0f3b4c5a',
  code: 'WELCOME-7K2',
  campaign: 'guest-welcome',
  discount: 5,
  discountType: 'percent',
  minOrderSum: 10_000,
  validTo: '2026-12-31T23:59:59+05:00',
  usedAt: null,
}

describe('stored guest offer values', () => {
  beforeEach(() => sessionStorage.clear())

  it('reads back the received promo code it saved', () => {
    saveReceivedCode(promo)
    expect(readReceivedCode()).toEqual(promo)
  })

  it('drops a stored code of another shape instead of showing it', () => {
    for (const stored of [
      { ...promo, discountType: 'gift' },
      { ...promo, discount: '5' },
      { code: 'X' },
      [promo],
      7,
    ]) {
      sessionStorage.setItem(RECEIVED_KEY, JSON.stringify(stored))
      expect(readReceivedCode()).toBeNull()
    }
  })

  it('reads progress that is not a whole, non-negative time as a fresh start', () => {
    for (const stored of [
      { seen: true, elapsedMs: -1 },
      { seen: true, elapsedMs: 1.5 },
      { seen: 'yes', elapsedMs: 0 },
    ]) {
      sessionStorage.setItem(OFFER_KEY, JSON.stringify(stored))
      expect(readProgress()).toEqual({ seen: false, elapsedMs: 0 })
    }
  })
})
