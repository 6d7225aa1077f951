/*
 * What the banks answered, as the bank choice shows it (purchase flow 4, Broker offer states): a
 * preapproval shows as an approval, a bank that rejected or cancelled is one rejected entry however many
 * offers it had, and a bank that has no offers yet and did not reject is still calculating.
 */

export const BROKER_STATES = [
  'APPROVED',
  'CALCULATION',
  'INIT',
  'NOT_READY_YET',
  'PARTNER_CANCELLED',
  'PREAPPROVED',
  'REJECTED',
] as const
export type BrokerState = (typeof BROKER_STATES)[number]

/** What the shopper sees of a bank. */
export type ShownState = 'APPROVED' | 'CALCULATION' | 'REJECTED'

export interface OfferLike {
  state?: BrokerState | null
}

export interface PartnerLike<O extends OfferLike> {
  code: string
  state?: BrokerState | null
  offers: readonly O[]
}

export interface Entry<P, O> {
  partner: P
  /** Null for a bank's placeholder: calculating, or rejected. */
  offer: O | null
  state: ShownState
}

const REJECTING: readonly BrokerState[] = ['REJECTED', 'PARTNER_CANCELLED']

/** An offer's own state, or its bank's when the offer has none; null when neither says. */
export function shownState(state: BrokerState | null | undefined): ShownState | null {
  switch (state) {
    case 'APPROVED':
    case 'PREAPPROVED':
      return 'APPROVED'
    case 'REJECTED':
    case 'PARTNER_CANCELLED':
      return 'REJECTED'
    case 'CALCULATION':
    case 'INIT':
    case 'NOT_READY_YET':
      return 'CALCULATION'
    default:
      return null
  }
}

/**
 * One entry per offer, one placeholder per rejecting or calculating bank. With `dropStateless`, offers
 * whose state nobody gives are left out (the spec's "entries without a state may be dropped").
 */
export function offerEntries<O extends OfferLike, P extends PartnerLike<O>>(
  partners: readonly P[],
  { dropStateless = false }: { dropStateless?: boolean } = {},
): Entry<P, O>[] {
  const entries: Entry<P, O>[] = []
  for (const partner of partners) {
    const rejected =
      (partner.state != null && REJECTING.includes(partner.state)) ||
      (partner.offers.length > 0 && partner.offers.every((o) => o.state != null && REJECTING.includes(o.state)))
    if (rejected) {
      entries.push({ partner, offer: null, state: 'REJECTED' })
      continue
    }
    if (partner.offers.length === 0) {
      entries.push({ partner, offer: null, state: 'CALCULATION' })
      continue
    }
    for (const offer of partner.offers) {
      if (offer.state != null && REJECTING.includes(offer.state)) continue
      const state = shownState(offer.state ?? partner.state)
      if (state === null && dropStateless) continue
      entries.push({ partner, offer, state: state ?? 'CALCULATION' })
    }
  }
  return entries
}

/** Banks still working on the application: the list is asked again while any is. */
export const anyCalculating = (entries: readonly Entry<unknown, unknown>[]) =>
  entries.some((e) => e.state === 'CALCULATION')

/** Every bank said no: the shopper sees the reasons and the other ways to pay. */
export const allRejected = (entries: readonly Entry<unknown, unknown>[]) =>
  entries.length > 0 && entries.every((e) => e.state === 'REJECTED')
