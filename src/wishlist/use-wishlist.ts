import { useQuery } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { unwrap } from 'jotai/utils'
import { useMemo } from 'react'
import type { Wishlist } from '../../contract/wishlist'
import type { CityId } from '../../contract/values/common'
import { DEFAULT_WISHLIST_SORT, type WishlistSort } from '../../contract/values/wishlist'
import { guestWishlistIdAtom } from '../atoms/guest-wishlist-id'
import { sessionAtom } from '../atoms/session'
import type { OutboxItem } from '../data/outbox-item'
import { useOutboxItems } from '../data/use-outbox-items'
import { maybeSignedIn, profileQuery } from '../session/session'
import { useStoreLocation } from '../url/store-location'
import { emptyWishlist, pendingChanges } from './optimistic'
import { guestList, NAMED_LIST, type WishlistOwner } from './paths'
import { wishlistQuery } from './queries'

// IndexedDB answers asynchronously: `undefined` until it has (a tap then must not make a second list).
const guestIdValueAtom = unwrap(guestWishlistIdAtom, () => undefined)

/**
 * Whose list the shopper has now: the named one when signed in, the device's guest list, or none yet.
 * `undefined` while that is not known (the profile or the stored id still loading).
 */
export function useWishlistOwner(): WishlistOwner | null | undefined {
  const signedIn = useAtomValue(sessionAtom).signedIn
  const profile = useQuery(profileQuery())
  const sessionUnknown = profile.isPending && maybeSignedIn()
  const named = signedIn || Boolean(profile.data)
  const id = useAtomValue(guestIdValueAtom)
  return useMemo(() => {
    if (named) return NAMED_LIST
    if (sessionUnknown || id === undefined) return undefined
    return id === null ? null : guestList(id)
  }, [named, sessionUnknown, id])
}

const isWishlistItem = (item: OutboxItem) => item.kind.startsWith('wishlist.')

export interface WishlistState {
  owner: WishlistOwner | null | undefined
  cityId: CityId
  /** The list to show: the loaded one, or an empty one while there is none (or it failed to load). */
  list: Wishlist
  isLoading: boolean
  isError: boolean
  refetch: () => void
  /** Some change to this list is still waiting for the network. */
  hasPending: boolean
}

/** The shopper's list in the page's city, in one of the spec's sorts, with what is still queued for it. */
export function useWishlist(sorting: WishlistSort = DEFAULT_WISHLIST_SORT): WishlistState {
  const { cityId } = useStoreLocation()
  const owner = useWishlistOwner()
  const query = useQuery({ ...wishlistQuery(owner ?? null, cityId, sorting), enabled: owner !== undefined })
  const items = useOutboxItems(isWishlistItem)
  return {
    owner,
    cityId,
    list: query.data ?? emptyWishlist(owner ?? null, sorting),
    isLoading: owner === undefined || query.isPending,
    isError: query.isError && query.data === undefined,
    refetch: () => void query.refetch(),
    hasPending: owner ? pendingChanges(owner, items).length > 0 : false,
  }
}
