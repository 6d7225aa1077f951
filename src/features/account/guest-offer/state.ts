import { z } from 'zod'
import { PromoCode } from '../../../../contract/account-area'

/**
 * Spec 4 (Guest promo offer): everything about the offer lives in sessionStorage, so it starts afresh
 * in a new browser session and never follows the shopper to another tab's session.
 */
export const OFFER_KEY = 'guestPromoOffer'
export const DISMISSED_KEY = 'guestPromoOfferDismissed'
export const RECEIVED_KEY = 'guestPromoCode'
/** The cart feature dispatches this on window when the cart loses an item (spec 4: dismisses the offer). */
export const CART_ITEM_REMOVED_EVENT = 'storefront:cart-item-removed'

export type DismissReason = 'signin' | 'cart' | 'closed' | 'received'

const Progress = z.object({ seen: z.boolean(), elapsedMs: z.number().int().min(0) })
export type Progress = z.infer<typeof Progress>

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage
  } catch {
    return null // storage disabled: the offer simply never shows
  }
}

export function readProgress(): Progress {
  try {
    const parsed = Progress.safeParse(JSON.parse(storage()?.getItem(OFFER_KEY) ?? 'null'))
    return parsed.success ? parsed.data : { seen: false, elapsedMs: 0 }
  } catch {
    return { seen: false, elapsedMs: 0 }
  }
}

export function writeProgress(progress: Progress): void {
  storage()?.setItem(OFFER_KEY, JSON.stringify(progress))
}

export function isDismissed(): boolean {
  const s = storage()
  return !s || s.getItem(DISMISSED_KEY) !== null
}

const listeners = new Set<() => void>()

export function dismissGuestOffer(reason: DismissReason): void {
  storage()?.setItem(DISMISSED_KEY, reason)
  for (const listener of [...listeners]) listener()
}

export function onDismissed(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function saveReceivedCode(promo: PromoCode): void {
  storage()?.setItem(RECEIVED_KEY, JSON.stringify(promo))
}

export function readReceivedCode(): PromoCode | null {
  try {
    const parsed = PromoCode.safeParse(JSON.parse(storage()?.getItem(RECEIVED_KEY) ?? 'null'))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
