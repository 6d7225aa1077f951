import type { PromoCode } from '../../../../contract/account-area'

/**
 * Spec 4 (Guest promo offer): everything about the offer lives in sessionStorage, so it starts afresh
 * in a new browser session and never follows the shopper to another tab's session.
 */
export const OFFER_KEY = 'guestPromoOffer'
export const DISMISSED_KEY = 'guestPromoOfferDismissed'
export const RECEIVED_KEY = 'guestPromoCode'

export type DismissReason = 'signin' | 'cart' | 'closed' | 'received'

export interface Progress {
  seen: boolean
  elapsedMs: number
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function isProgress(value: unknown): value is Progress {
  return (
    isRecord(value) &&
    typeof value.seen === 'boolean' &&
    Number.isInteger(value.elapsedMs) &&
    (value.elapsedMs as number) >= 0
  )
}

/** What this tab itself saved: the code, campaign and discount the offer shows. */
function isPromoCode(value: unknown): value is PromoCode {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.code === 'string' &&
    typeof value.campaign === 'string' &&
    Number.isInteger(value.discount) &&
    (value.discountType === 'percent' || value.discountType === 'amount') &&
    Number.isInteger(value.minOrderSum) &&
    typeof value.validTo === 'string' &&
    (value.usedAt === null || typeof value.usedAt === 'string')
  )
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage
  } catch {
    return null // storage disabled: the offer simply never shows
  }
}

export function readProgress(): Progress {
  try {
    const stored: unknown = JSON.parse(storage()?.getItem(OFFER_KEY) ?? 'null')
    return isProgress(stored) ? stored : { seen: false, elapsedMs: 0 }
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
    const stored: unknown = JSON.parse(storage()?.getItem(RECEIVED_KEY) ?? 'null')
    return isPromoCode(stored) ? stored : null
  } catch {
    return null
  }
}
