import type { QueryClient } from '@tanstack/react-query'
import type { Wishlist } from '../../contract/wishlist'
import type { CityId } from '../../contract/values/common'
import { DEFAULT_WISHLIST_SORT } from '../../contract/values/wishlist'
import { api } from '../data/api'
import { isApiError } from '../data/api-error'
import { outbox, type Outbox } from '../data/outbox'
import { guestList, mergePath, NAMED_LIST } from './paths'
import { listRootKey, storedGuestWishlistId, storeGuestWishlistId, wishlistKey } from './queries'

/**
 * Spec browsing 4: sign-in merges the guest list into the named one, then forgets the guest id. A list
 * the server no longer has (404) has nothing to merge, so its id goes too. Any other failure keeps the
 * id, so nothing the guest chose is lost and the next sign-in tries again; the shopper is not bothered
 * with it (their named list is whole either way).
 */
export async function mergeGuestWishlist(
  queryClient: QueryClient,
  cityId: CityId,
  queue: Outbox = outbox,
): Promise<void> {
  const guestId = await storedGuestWishlistId()
  if (!guestId) return
  // Changes still queued for the guest list must reach it before it is merged away.
  await queue.replay()
  try {
    const merged = await api.post<Wishlist>(mergePath(guestId), undefined, { query: { cityId } })
    queryClient.setQueryData(wishlistKey(NAMED_LIST, cityId, DEFAULT_WISHLIST_SORT), merged)
  } catch (error) {
    if (!isApiError(error, 404)) return
  }
  await storeGuestWishlistId(null)
  queryClient.removeQueries({ queryKey: listRootKey(guestList(guestId)) })
  void queryClient.invalidateQueries({ queryKey: listRootKey(NAMED_LIST) })
}
