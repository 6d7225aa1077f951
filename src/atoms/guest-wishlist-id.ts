import { atomWithStorage } from 'jotai/utils'
import { z } from 'zod'
import { idbStorage } from './storage'

/** A guest gets a wishlist id on first use; sign-in merges the list and clears it (browsing 4). */
export const guestWishlistIdAtom = atomWithStorage<string | null>(
  'guestWishlistId',
  null,
  idbStorage({ schema: z.string().nullable() }),
  { getOnInit: true },
)
