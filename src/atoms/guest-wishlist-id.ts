import { atomWithStorage } from 'jotai/utils'
import { idbStorage } from './storage'
import { isStringOrNull } from './stored-value'

/** A guest gets a wishlist id on first use; sign-in merges the list and clears it (browsing 4). */
export const guestWishlistIdAtom = atomWithStorage<string | null>(
  'guestWishlistId',
  null,
  idbStorage({ accepts: isStringOrNull }),
  { getOnInit: true },
)
