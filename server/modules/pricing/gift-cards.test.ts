import { describe, expect, it } from 'vitest'
import { CART_ERROR_KEYS } from '../../../contract/values/cart'
import { giftCard, NOW, PAST } from './fixtures'
import { applyGiftCards, giftCardRefusal } from './gift-cards'

const unit = (code: string, operationId = code) => ({ type: 'gift_card' as const, code, operationId })

describe('gift cards', () => {
  it('refuses an unknown or switched-off card (404), an expired one and an empty one (422)', () => {
    const refusal = (card: Parameters<typeof giftCardRefusal>[0]) => {
      const error = giftCardRefusal(card, NOW)
      return error && [error.statusCode, error.message]
    }
    expect(refusal(undefined)).toEqual([404, CART_ERROR_KEYS.giftCardNotFound])
    expect(refusal(giftCard({ code: 'A', isActive: false }))).toEqual([404, CART_ERROR_KEYS.giftCardNotFound])
    expect(refusal(giftCard({ code: 'A', validTo: PAST }))).toEqual([422, CART_ERROR_KEYS.giftCardExpired])
    expect(refusal(giftCard({ code: 'A', balance: 0 }))).toEqual([422, CART_ERROR_KEYS.giftCardNoBalance])
    expect(refusal(giftCard({ code: 'A', validTo: null }))).toBeNull()
  })

  it('pays with each card in the order added, min(balance, what is left), and tells what stays on it', () => {
    const cards = new Map([
      ['A', giftCard({ code: 'A', balance: 10_000 })],
      ['B', giftCard({ code: 'B', balance: 8_000 })],
      ['C', giftCard({ code: 'C', balance: 5_000 })],
    ])
    const out = applyGiftCards([unit('A'), unit('B'), unit('C')], cards, 15_000, NOW)
    expect(out.total).toBe(15_000)
    expect(out.units.map((u) => [u.code, u.amount, u.balance])).toEqual([
      ['A', 10_000, 0],
      ['B', 5_000, 3_000],
      ['C', 0, 5_000],
    ])
    expect(out.refused).toEqual([])
  })

  it('sets aside cards that can no longer pay, with the reason, and counts a card added twice once', () => {
    const cards = new Map([
      ['A', giftCard({ code: 'A', balance: 1_000 })],
      ['E', giftCard({ code: 'E', validTo: PAST })],
    ])
    const out = applyGiftCards([unit('A'), unit('A', 'again'), unit('E'), unit('X')], cards, 5_000, NOW)
    expect(out.units.map((u) => [u.operationId, u.amount])).toEqual([['A', 1_000]])
    expect(out.refused.map((r) => [r.unit.code, r.reason])).toEqual([
      ['E', CART_ERROR_KEYS.giftCardExpired],
      ['X', CART_ERROR_KEYS.giftCardNotFound],
    ])
  })
})
