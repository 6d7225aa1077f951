import type { I18n } from '@lingui/core'
import type { QueryClient } from '@tanstack/react-query'
import type { ProductListItem } from '../../contract/catalog'
import type { CityId } from '../../contract/values/common'
import { WISHLIST_ERROR_KEYS } from '../../contract/values/wishlist'
import { isApiError } from '../data/api-error'
import { maybeSignedIn, profileQuery } from '../session/session'
import { toast } from '../ui/toast/toast-store'
import { addErrorText, WISHLIST_MESSAGES } from './messages'
import { addToWishlist, removeFromWishlist, settled, type WishlistTarget } from './mutations'
import { guestList, NAMED_LIST, type WishlistOwner } from './paths'
import { createGuestWishlist, storedGuestWishlistId } from './queries'

/*
 * Adding and removing, with the spec's messages (browsing 5, 8). Loaded at a heart's first tap: a page
 * of cards needs only the list's SKUs to draw its hearts, and this is kept out of its first JavaScript.
 */

export interface ActionContext {
  queryClient: QueryClient
  i18n: I18n
  /** Whose list the page knows of; `undefined` while that is not known yet. */
  owner: WishlistOwner | null | undefined
  cityId: CityId
  signedIn: boolean
  /** A guest's first list is being made: the hearts wait, so two taps never make two lists. */
  setCreating: (creating: boolean) => void
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false

/** A tap before the session or the stored id are known waits for them rather than making a list. */
async function known(ctx: ActionContext): Promise<WishlistOwner | null> {
  if (ctx.owner) return ctx.owner
  if (maybeSignedIn() && (await ctx.queryClient.fetchQuery(profileQuery()))) return NAMED_LIST
  const id = await storedGuestWishlistId()
  return id ? guestList(id) : null
}

/** A guest's first list (spec browsing 4); its making needs the network, and a failure says try later. */
async function newGuestList(ctx: ActionContext): Promise<WishlistTarget | null> {
  if (isOffline()) {
    toast.error(ctx.i18n._(WISHLIST_MESSAGES.noConnection))
    return null
  }
  ctx.setCreating(true)
  try {
    return {
      queryClient: ctx.queryClient,
      owner: guestList(await createGuestWishlist(ctx.queryClient, ctx.cityId)),
      cityId: ctx.cityId,
    }
  } catch {
    toast.error(ctx.i18n._(WISHLIST_MESSAGES.tryLater))
    return null
  } finally {
    ctx.setCreating(false)
  }
}

async function addTo(
  ctx: ActionContext,
  target: WishlistTarget,
  product: ProductListItem,
  again: boolean,
): Promise<void> {
  const change = addToWishlist(target, product)
  if (!('enqueued' in change)) return
  if (isOffline()) toast.warning(ctx.i18n._(WISHLIST_MESSAGES.queued), { id: 'wishlist-queued' })
  const outcome = await settled(change.enqueued)
  if (outcome.status !== 'failed') return
  // a guest list that is gone (merged at a sign-in elsewhere) is replaced by a new one taking the product
  const gone = target.owner.kind === 'guest' && outcome.error.messageKey === WISHLIST_ERROR_KEYS.listNotFound
  if (gone && again) {
    const fresh = await newGuestList(ctx)
    if (fresh) await addTo(ctx, fresh, product, false)
    return
  }
  toast.error(addErrorText(ctx.i18n, outcome.error, ctx.signedIn || target.owner.kind === 'named'))
}

export async function addProduct(ctx: ActionContext, product: ProductListItem): Promise<void> {
  const found = await known(ctx)
  const target = found
    ? { queryClient: ctx.queryClient, owner: found, cityId: ctx.cityId }
    : await newGuestList(ctx)
  if (target) await addTo(ctx, target, product, true)
}

export async function removeProduct(ctx: ActionContext, sku: string): Promise<void> {
  const found = await known(ctx)
  if (!found) return
  const change = removeFromWishlist({ queryClient: ctx.queryClient, owner: found, cityId: ctx.cityId }, sku)
  if (!('enqueued' in change)) return
  if (isOffline()) toast.warning(ctx.i18n._(WISHLIST_MESSAGES.queued), { id: 'wishlist-queued' })
  const outcome = await settled(change.enqueued)
  // a product already gone from the list (another tab removed it) is what the shopper wanted
  if (outcome.status === 'failed' && !isApiError(outcome.error, 404))
    toast.error(ctx.i18n._(WISHLIST_MESSAGES.tryLater))
}
