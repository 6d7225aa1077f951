import type { PromoCodeSent } from '../../../../contract/account-area'

/**
 * Spec 4 (Guest promo offer): everything about the offer lives in sessionStorage, so it starts afresh
 * in a new browser session and never follows the shopper to another tab's session.
 */
export const OFFER_KEY = 'guestPromoOffer'
export const DISMISSED_KEY = 'guestPromoOfferDismissed'
export const RECEIVED_KEY = 'guestPromoSent'

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

/** What this tab itself saved: where the code was sent. */
const isSentNotice = (value: unknown): value is PromoCodeSent =>
  isRecord(value) && typeof value.sentTo === 'string'

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

export function saveSentNotice(sent: PromoCodeSent): void {
  storage()?.setItem(RECEIVED_KEY, JSON.stringify(sent))
}

export function readSentNotice(): PromoCodeSent | null {
  try {
    const stored: unknown = JSON.parse(storage()?.getItem(RECEIVED_KEY) ?? 'null')
    return isSentNotice(stored) ? stored : null
  } catch {
    return null
  }
}
