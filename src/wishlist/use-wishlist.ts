import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { unwrap } from 'jotai/utils'
import { useMemo, useState } from 'react'
import type { ProductListItem } from '../../contract/catalog'
import type { Wishlist } from '../../contract/wishlist'
import type { CityId } from '../../contract/values/common'
import { DEFAULT_WISHLIST_SORT, WISHLIST_ERROR_KEYS, type WishlistSort } from '../../contract/values/wishlist'
import { guestWishlistIdAtom } from '../atoms/guest-wishlist-id'
import { sessionAtom } from '../atoms/session'
import { isApiError } from '../data/api-error'
import type { OutboxItem } from '../data/outbox-item'
import { useOutboxItems } from '../data/use-outbox-items'
import { maybeSignedIn, profileQuery } from '../session/session'
import { toast } from '../ui/toast/toast-store'
import { useStoreLocation } from '../url/store-location'
import { addErrorText, WISHLIST_MESSAGES } from './messages'
import { addToWishlist, removeFromWishlist, settled, type WishlistTarget } from './mutations'
import { emptyWishlist, pendingChanges } from './optimistic'
import { guestList, NAMED_LIST, type WishlistOwner } from './paths'
import { createGuestWishlist, storedGuestWishlistId, wishlistQuery } from './queries'

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

/** The header's badge: products in the list, 0 without one, null while it is not known. */
export function useWishlistCount(): number | null {
  const { list, owner, isLoading } = useWishlist()
  if (owner === null) return 0
  return isLoading ? null : list.favoritesCount
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false

export interface WishlistActions {
  add: (product: ProductListItem) => Promise<void>
  remove: (sku: string) => Promise<void>
  /** A guest's first list is being made: the hearts wait, so two taps never make two lists. */
  creating: boolean
}

/**
 * Adding and removing, with the spec's messages (browsing 5, 8): a guest's first add makes the list
 * (which needs the network); a refused add says why; a guest list that is gone (merged at a sign-in
 * elsewhere) is replaced by a new one that takes the product.
 */
export function useWishlistActions(owner: WishlistOwner | null | undefined, cityId: CityId): WishlistActions {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const signedIn = useAtomValue(sessionAtom).signedIn
  const [creating, setCreating] = useState(false)

  /** A tap before the session or the stored id are known waits for them rather than making a list. */
  async function known(): Promise<WishlistOwner | null> {
    if (owner) return owner
    if (maybeSignedIn() && (await queryClient.fetchQuery(profileQuery()))) return NAMED_LIST
    const id = await storedGuestWishlistId()
    return id ? guestList(id) : null
  }

  async function newGuestList(): Promise<WishlistTarget | null> {
    if (isOffline()) {
      toast.error(i18n._(WISHLIST_MESSAGES.noConnection))
      return null
    }
    setCreating(true)
    try {
      return { queryClient, owner: guestList(await createGuestWishlist()), cityId }
    } catch {
      toast.error(i18n._(WISHLIST_MESSAGES.tryLater))
      return null
    } finally {
      setCreating(false)
    }
  }

  async function ensure(): Promise<WishlistTarget | null> {
    const found = await known()
    return found ? { queryClient, owner: found, cityId } : newGuestList()
  }

  async function addTo(target: WishlistTarget, product: ProductListItem, again: boolean): Promise<void> {
    const change = addToWishlist(target, product)
    if (!('enqueued' in change)) return
    if (isOffline()) toast.warning(i18n._(WISHLIST_MESSAGES.queued), { id: 'wishlist-queued' })
    const outcome = await settled(change.enqueued)
    if (outcome.status !== 'failed') return
    const gone =
      target.owner.kind === 'guest' && outcome.error.messageKey === WISHLIST_ERROR_KEYS.listNotFound
    if (gone && again) {
      const fresh = await newGuestList()
      if (fresh) await addTo(fresh, product, false)
      return
    }
    toast.error(addErrorText(i18n, outcome.error, signedIn || target.owner.kind === 'named'))
  }

  async function add(product: ProductListItem): Promise<void> {
    const target = await ensure()
    if (target) await addTo(target, product, true)
  }

  async function remove(sku: string): Promise<void> {
    const found = await known()
    if (!found) return
    const change = removeFromWishlist({ queryClient, owner: found, cityId }, sku)
    if (!('enqueued' in change)) return
    if (isOffline()) toast.warning(i18n._(WISHLIST_MESSAGES.queued), { id: 'wishlist-queued' })
    const outcome = await settled(change.enqueued)
    // a product already gone from the list (another tab removed it) is what the shopper wanted
    if (outcome.status === 'failed' && !isApiError(outcome.error, 404))
      toast.error(i18n._(WISHLIST_MESSAGES.tryLater))
  }

  return { add, remove, creating }
}
