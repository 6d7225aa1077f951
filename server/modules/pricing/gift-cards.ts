import type { MarketingUnit } from '../../../contract/cart'
import { CART_ERROR_KEYS } from '../../../contract/values/cart'
import { type HttpError, notFound, unprocessable } from '../../http/errors'
import type { StoredMarketingUnit } from '../../db/schema/cart'
import type { GiftCardRow } from './benefit-data'

/** Why a gift card cannot pay now: unknown or switched off, past its date, or empty. Null when it can. */
export function giftCardRefusal(card: GiftCardRow | undefined, now: Date): HttpError | null {
  if (!card || !card.isActive) return notFound(CART_ERROR_KEYS.giftCardNotFound)
  if (card.validTo && now >= card.validTo) return unprocessable(CART_ERROR_KEYS.giftCardExpired)
  if (card.balance <= 0) return unprocessable(CART_ERROR_KEYS.giftCardNoBalance)
  return null
}

export interface GiftCardsOutcome {
  units: MarketingUnit[]
  total: number
  /** Cards that can no longer pay, with the reason, to leave the cart. */
  refused: { unit: StoredMarketingUnit; reason: string }[]
}

/**
 * Cards pay in the order they were added, each min(its balance, what is left to pay); a card added twice
 * counts once. `balance` in the answer is what stays on the card after this cart.
 */
export function applyGiftCards(
  units: StoredMarketingUnit[],
  cards: ReadonlyMap<string, GiftCardRow>,
  toPay: number,
  now: Date,
): GiftCardsOutcome {
  const out: GiftCardsOutcome = { units: [], total: 0, refused: [] }
  const seen = new Set<string>()
  let left = toPay
  for (const unit of units) {
    const card = cards.get(unit.code)
    const refusal = giftCardRefusal(card, now)
    if (refusal || !card) {
      out.refused.push({ unit, reason: refusal?.message ?? CART_ERROR_KEYS.giftCardNotFound })
      continue
    }
    if (seen.has(card.code)) continue
    seen.add(card.code)
    const amount = Math.min(card.balance, left)
    left -= amount
    out.total += amount
    out.units.push({
      code: card.code,
      type: 'gift_card',
      operationId: unit.operationId,
      amount,
      balance: card.balance - amount,
    })
  }
  return out
}
