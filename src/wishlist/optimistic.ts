import type { ProductListItem } from '../../contract/catalog'
import type { Wishlist, WishlistItem } from '../../contract/wishlist'
import type { WishlistSort } from '../../contract/values/wishlist'
import type { OutboxItem } from '../data/outbox-item'
import { ownerOfPath, sameOwner, type WishlistOwner } from './paths'

/** The outbox kinds of the wishlist's changes. */
export const WISHLIST_KINDS = { add: 'wishlist.add', remove: 'wishlist.remove' } as const

/** What a card knew of a product, for the item drawn before the server answers. */
export type PreviewLookup = (sku: string) => ProductListItem | undefined

export type WishlistChangeInput =
  | { kind: typeof WISHLIST_KINDS.add; sku: string; addedAt: number }
  | { kind: typeof WISHLIST_KINDS.remove; sku: string }

export function emptyWishlist(owner: WishlistOwner | null, sorting: WishlistSort): Wishlist {
  return {
    wishlistId: owner?.kind === 'guest' ? owner.id : null,
    items: [],
    favoritesCount: 0,
    sorting,
  }
}

/** Where a new item goes in a list of this order; an order the client cannot know puts it first. */
function insert(items: WishlistItem[], item: WishlistItem, sorting: WishlistSort): WishlistItem[] {
  if (sorting === 'added_asc') return [...items, item]
  if (sorting === 'price_asc' || sorting === 'price_desc') {
    const direction = sorting === 'price_asc' ? 1 : -1
    const at = items.findIndex((other) => direction * (other.product.price - item.product.price) > 0)
    return at < 0 ? [...items, item] : [...items.slice(0, at), item, ...items.slice(at)]
  }
  return [item, ...items]
}

/** One change laid over a list, as the server will make it. */
export function applyChange(list: Wishlist, change: WishlistChangeInput, preview: PreviewLookup): Wishlist {
  const listed = list.items.some((item) => item.sku === change.sku)
  if (change.kind === WISHLIST_KINDS.remove) {
    if (!listed) return list
    return {
      ...list,
      items: list.items.filter((item) => item.sku !== change.sku),
      favoritesCount: Math.max(0, list.favoritesCount - 1),
    }
  }
  const product = preview(change.sku)
  if (listed || !product) return list
  const item: WishlistItem = {
    sku: product.sku,
    uri: product.uri,
    isAvailable: product.availability === 'InStock',
    addedAt: new Date(change.addedAt).toISOString(),
    product,
  }
  return {
    ...list,
    items: insert(list.items, item, list.sorting),
    favoritesCount: list.favoritesCount + 1,
  }
}

/** The change a queued item makes, or null for anything else (another list, another feature). */
export function changeOf(item: OutboxItem, owner: WishlistOwner): WishlistChangeInput | null {
  const of = ownerOfPath(item.path)
  if (!of || !sameOwner(of, owner)) return null
  if (item.kind === WISHLIST_KINDS.add) {
    const sku = (item.body as { sku?: unknown } | undefined)?.sku
    return typeof sku === 'string' ? { kind: item.kind, sku, addedAt: item.createdAt } : null
  }
  if (item.kind === WISHLIST_KINDS.remove) {
    const sku = decodeURIComponent(item.path.slice(item.path.lastIndexOf('/') + 1))
    return { kind: item.kind, sku }
  }
  return null
}

/** The changes still waiting (or on their way) for this list, oldest first. */
export const pendingChanges = (owner: WishlistOwner, items: readonly OutboxItem[]) =>
  items.filter((item) => item.status !== 'failed' && changeOf(item, owner) !== null)

/** A list the server answered, with the changes it has not seen yet laid over it again. */
export function withPendingChanges(
  list: Wishlist,
  owner: WishlistOwner,
  items: readonly OutboxItem[],
  preview: PreviewLookup,
): Wishlist {
  let result = list
  for (const item of pendingChanges(owner, items)) {
    const change = changeOf(item, owner)
    if (change) result = applyChange(result, change, preview)
  }
  return result
}
