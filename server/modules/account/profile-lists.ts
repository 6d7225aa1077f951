import type { FullProfile, Profile } from '../../../contract/account'
import type { App } from '../../http/types'

/**
 * Adds what the spec's profile carries beside the shopper: card ids, the default card, addresses,
 * receivers, each from the module that keeps it.
 */
export function createProfileLists(app: Pick<App, 'deliveryAddresses' | 'receivers' | 'paymentCards'>) {
  return async (profile: Profile): Promise<FullProfile> => {
    const [addressList, receiverList, cardList] = await Promise.all([
      app.deliveryAddresses.list(profile.id),
      app.receivers.list(profile.id),
      app.paymentCards.list(profile.id),
    ])
    return {
      ...profile,
      cards: cardList.cards.map(({ id, isDefault }) => ({ id, isDefault })),
      defaultCard: cardList.defaultCard,
      addresses: addressList,
      receivers: receiverList,
    }
  }
}
