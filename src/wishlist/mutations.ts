import type { QueryClient } from '@tanstack/react-query'
import type { ProductListItem } from '../../contract/catalog'
import type { Wishlist } from '../../contract/wishlist'
import type { CityId } from '../../contract/values/common'
import type { Enqueued } from '../data/outbox-item'
import { outbox as defaultOutbox, type Outbox } from '../data/outbox'
import { outboxMutation } from '../data/outbox-mutation'
import { applyChange, changeOf, WISHLIST_KINDS, type WishlistChangeInput } from './optimistic'
import { itemPath, listPath, type WishlistOwner } from './paths'
import { listRootKey, previewLookup, rememberPreview } from './queries'

/**
 * Every change to a list goes through the outbox (DESIGN: the client): shown at once on every cached read
 * of the list (each city and sort), stored with an idempotency key, sent now or when the network returns,
 * and applied once. Once it settles the list is read again.
 */

export interface WishlistTarget {
  queryClient: QueryClient
  owner: WishlistOwner
  cityId: CityId
  outbox?: Outbox
}

function enqueue(
  target: WishlistTarget,
  input: {
    kind: string
    method: 'POST' | 'DELETE'
    path: string
    body?: unknown
    query?: Record<string, number>
  },
  change: WishlistChangeInput,
): Enqueued {
  const { queryClient, owner } = target
  const key = listRootKey(owner)
  const preview = previewLookup(queryClient)
  return outboxMutation(
    queryClient,
    {
      ...input,
      invalidate: [key],
      apply: (client) => {
        client.setQueriesData<Wishlist>({ queryKey: key }, (list) =>
          list ? applyChange(list, change, preview) : list,
        )
      },
      // The refetch the outbox starts after a refusal brings the server's list back.
      rollback: (client) => void client.invalidateQueries({ queryKey: key }),
    },
    target.outbox ?? defaultOutbox,
  )
}

/** A change to the same product still waiting to be sent, which a new change would only undo. */
function waitingOpposite(target: WishlistTarget, kind: string, sku: string) {
  const queue = target.outbox ?? defaultOutbox
  return queue
    .getItems()
    .find(
      (item) => item.status === 'pending' && item.kind === kind && changeOf(item, target.owner)?.sku === sku,
    )
}

export type WishlistMutation = { enqueued: Enqueued } | { cancelled: true }

/**
 * Drops the waiting opposite change rather than queueing a second one; the list shows the new state at
 * once, also offline, where the refetch the discarded change asks for cannot run.
 */
function cancelOpposite(target: WishlistTarget, kind: string, change: WishlistChangeInput): boolean {
  const waiting = waitingOpposite(target, kind, change.sku)
  if (!waiting || !(target.outbox ?? defaultOutbox).discard(waiting.id)) return false
  const preview = previewLookup(target.queryClient)
  target.queryClient.setQueriesData<Wishlist>({ queryKey: listRootKey(target.owner) }, (list) =>
    list ? applyChange(list, change, preview) : list,
  )
  return true
}

/** Spec 7.4: `POST /products {sku, city_id}` (or a guest's list). Undoes a removal still waiting instead. */
export function addToWishlist(target: WishlistTarget, product: ProductListItem): WishlistMutation {
  rememberPreview(target.queryClient, product)
  const change: WishlistChangeInput = { kind: WISHLIST_KINDS.add, sku: product.sku, addedAt: Date.now() }
  if (cancelOpposite(target, WISHLIST_KINDS.remove, change)) return { cancelled: true }
  return {
    enqueued: enqueue(
      target,
      {
        kind: WISHLIST_KINDS.add,
        method: 'POST',
        path: listPath(target.owner),
        body: { sku: product.sku, city_id: target.cityId },
      },
      change,
    ),
  }
}

/** Spec 7.4: `DELETE /products/{sku}` (or a guest's list). Undoes an add still waiting instead. */
export function removeFromWishlist(target: WishlistTarget, sku: string): WishlistMutation {
  const change: WishlistChangeInput = { kind: WISHLIST_KINDS.remove, sku }
  if (cancelOpposite(target, WISHLIST_KINDS.add, change)) return { cancelled: true }
  return {
    enqueued: enqueue(
      target,
      {
        kind: WISHLIST_KINDS.remove,
        method: 'DELETE',
        path: itemPath(target.owner, sku),
        query: { city_id: target.cityId },
      },
      change,
    ),
  }
}

export { settled } from '../data/outbox-mutation'
