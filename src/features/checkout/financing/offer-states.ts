import type { BrokerOffer, PaymentPartner } from '../../../../contract/broker'
import type { BrokerOfferState } from '../../../../contract/values/broker'

/*
 * What the banks answered, as the bank choice shows it (purchase flow 4, Broker offer states): a
 * preapproval shows as an approval, a bank that rejected or cancelled is one rejected entry however many
 * offers it had, and a bank that has no offers yet and did not reject is still calculating.
 */

/** What the shopper sees of a bank. */
export type ShownState = 'APPROVED' | 'CALCULATION' | 'REJECTED'

/** The fields the mapping reads: an offer's `status`, a bank's `state`, both optional in old answers. */
export type OfferLike = Partial<Pick<BrokerOffer, 'status'>>
export interface PartnerLike<O extends OfferLike> {
  code: string
  state?: PaymentPartner['state'] | null
  offers: readonly O[]
}

export interface Entry<P, O> {
  partner: P
  /** Null for a bank's placeholder: calculating, or rejected. */
  offer: O | null
  state: ShownState
}

export type PartnerEntry = Entry<PaymentPartner, BrokerOffer>

const REJECTING: readonly BrokerOfferState[] = ['REJECTED', 'PARTNER_CANCELLED']
const rejecting = (state: BrokerOfferState | null | undefined) => state != null && REJECTING.includes(state)

/** An offer's own state, or its bank's when the offer has none; null when neither says. */
export function shownState(state: BrokerOfferState | null | undefined): ShownState | null {
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
      rejecting(partner.state) ||
      (partner.offers.length > 0 && partner.offers.every((o) => rejecting(o.status)))
    if (rejected) {
      entries.push({ partner, offer: null, state: 'REJECTED' })
      continue
    }
    if (partner.offers.length === 0) {
      entries.push({ partner, offer: null, state: 'CALCULATION' })
      continue
    }
    for (const offer of partner.offers) {
      if (rejecting(offer.status)) continue
      const state = shownState(offer.status ?? partner.state)
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
