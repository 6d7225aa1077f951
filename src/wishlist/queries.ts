import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { getDefaultStore } from 'jotai'
import type { ProductListItem } from '../../contract/catalog'
import type { Wishlist, WishlistCreated } from '../../contract/wishlist'
import type { CityId } from '../../contract/values/common'
import { DEFAULT_WISHLIST_SORT, type WishlistSort } from '../../contract/values/wishlist'
import { guestWishlistIdAtom } from '../atoms/guest-wishlist-id'
import { api } from '../data/api'
import { isApiError } from '../data/api-error'
import { outbox as defaultOutbox, type Outbox } from '../data/outbox'
import { withPendingChanges, emptyWishlist, type PreviewLookup } from './optimistic'
import { createPath, guestList, listPath, ownerKey, type WishlistOwner } from './paths'

/*
 * The wishlist's server state. A guest's list is keyed by its id and persisted with the query cache, so
 * it opens offline; the named list is the signed-in shopper's own data (`meta.user`): dropped on
 * sign-out and never written to disk.
 */

export const WISHLIST_ROOT = 'wishlist'

/** Every cached read of one list (each city and sort): what a change edits and refreshes. */
export const listRootKey = (owner: WishlistOwner | null) => [WISHLIST_ROOT, ownerKey(owner)] as const
export const wishlistKey = (owner: WishlistOwner | null, cityId: CityId, sorting: WishlistSort) =>
  [WISHLIST_ROOT, ownerKey(owner), cityId, sorting] as const

// ── What a card knew of a product, for the item drawn before the server answers ──────────────────────

const previewKey = (sku: string) => [WISHLIST_ROOT, 'preview', sku] as const

export function rememberPreview(queryClient: QueryClient, product: ProductListItem): void {
  queryClient.setQueryData(previewKey(product.sku), product)
}

export const previewLookup =
  (queryClient: QueryClient): PreviewLookup =>
  (sku) =>
    queryClient.getQueryData<ProductListItem>(previewKey(sku))

// ── The guest list's id on this device ───────────────────────────────────────────────────────────────

/** Keeps the guest list's id on this device (IndexedDB), so the next visit finds the same list. */
export async function storeGuestWishlistId(id: string | null): Promise<void> {
  await getDefaultStore().set(guestWishlistIdAtom, id)
}

/** The id this device keeps, once IndexedDB has answered. */
export async function storedGuestWishlistId(): Promise<string | null> {
  return getDefaultStore().get(guestWishlistIdAtom)
}

/**
 * Spec 7.4: `POST /products/create`; the new id is kept on the device at once. A new list is known to be
 * empty, and the page's read of it starts from that: a first heart's change is drawn onto it at once, and
 * a read cut by a lost network leaves it there instead of a list with no data, on which neither that
 * heart nor one tapped offline after it would show.
 */
export async function createGuestWishlist(queryClient: QueryClient, cityId: CityId): Promise<string> {
  const { wishlistId } = await api.post<WishlistCreated>(createPath(), undefined)
  const key = wishlistKey(guestList(wishlistId), cityId, DEFAULT_WISHLIST_SORT)
  queryClient.setQueryData(key, emptyWishlist(guestList(wishlistId), DEFAULT_WISHLIST_SORT))
  await storeGuestWishlistId(wishlistId)
  return wishlistId
}

// ── Reading ──────────────────────────────────────────────────────────────────────────────────────────

export interface WishlistQueryDeps {
  outbox?: Outbox
}

export function wishlistQuery(
  owner: WishlistOwner | null,
  cityId: CityId,
  sorting: WishlistSort = DEFAULT_WISHLIST_SORT,
  deps: WishlistQueryDeps = {},
) {
  const queue = deps.outbox ?? defaultOutbox
  return queryOptions({
    queryKey: wishlistKey(owner, cityId, sorting),
    meta: owner?.kind === 'named' ? { user: true } : undefined,
    // A shopper without a list has an empty one; the network has nothing to add to that. A list is read
    // again at every page load: the copy restored from IndexedDB may predate changes sent since.
    staleTime: owner === null ? Infinity : 0,
    // ...and it is there from the first render, not a fetch changing the cache as the page starts
    // (src/session/session.ts, profileQuery).
    initialData: owner === null ? emptyWishlist(null, sorting) : undefined,
    queryFn: async ({ signal, client }): Promise<Wishlist> => {
      if (owner === null) return emptyWishlist(null, sorting)
      let list: Wishlist
      try {
        list = await api.get<Wishlist>(listPath(owner), { query: { cityId, sorting }, signal })
      } catch (error) {
        // Spec browsing 4: a 404 on the guest list (merged at a sign-in elsewhere, or gone) starts a new one.
        if (owner.kind === 'guest' && isApiError(error, 404)) {
          const id = await createGuestWishlist(client, cityId)
          return emptyWishlist(guestList(id), sorting)
        }
        throw error
      }
      // After a reload the stored queue is read first, so changes still waiting are laid over the list.
      await queue.ready()
      return withPendingChanges(list, owner, queue.getItems(), previewLookup(client))
    },
  })
}
