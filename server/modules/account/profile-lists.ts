import type { FullProfile, Profile } from '../../../contract/account'
import type { Db } from '../../db/connection'
import { createAddressRepo } from '../addresses/repo'
import { createCardRepo } from '../payment-cards/repo'
import { createReceiverRepo } from '../receivers/repo'

/** Adds what the spec's profile carries beside the shopper: card ids, the default card, addresses, receivers. */
export function createProfileLists(db: Db) {
  const addresses = createAddressRepo(db)
  const receivers = createReceiverRepo(db)
  const cards = createCardRepo(db)
  return async (profile: Profile): Promise<FullProfile> => {
    const [addressList, receiverList, cardList] = await Promise.all([
      addresses.list(profile.id),
      receivers.list(profile.id),
      cards.list(profile.id),
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
