import { WISHLIST_V1 } from '../../contract/values/wishlist'

/**
 * Whose list: a signed-in shopper's named list is found by the session, a guest's by the id this device
 * keeps (spec browsing 4). The paths differ only by that id.
 */
export type WishlistOwner = { kind: 'named' } | { kind: 'guest'; id: string }

export const NAMED_LIST: WishlistOwner = { kind: 'named' }
export const guestList = (id: string): WishlistOwner => ({ kind: 'guest', id })

const PRODUCTS = `${WISHLIST_V1}/products`

/** `GET`/`POST /products` for the named list, `/products/guest/{id}` for a guest's. */
export const listPath = (owner: WishlistOwner) =>
  owner.kind === 'named' ? PRODUCTS : `${PRODUCTS}/guest/${owner.id}`

/** `DELETE /products/{sku}`, or `/products/guest/{id}/{sku}`. */
export const itemPath = (owner: WishlistOwner, sku: string) => `${listPath(owner)}/${encodeURIComponent(sku)}`

export const createPath = () => `${PRODUCTS}/create`
export const mergePath = (guestId: string) => `${PRODUCTS}/merge/${guestId}`

const LIST_PATH = /^\/wishlist\/api\/v1\/products(?:\/guest\/([0-9a-f-]{36}))?(?:\/|$)/i

/** The list a queued change is for, read back from its path (the queue outlives the page). */
export function ownerOfPath(path: string): WishlistOwner | null {
  const match = LIST_PATH.exec(path)
  if (!match || path.startsWith(createPath()) || path.startsWith(`${PRODUCTS}/merge/`)) return null
  return match[1] ? guestList(match[1]) : NAMED_LIST
}

export const ownerKey = (owner: WishlistOwner | null) =>
  owner === null ? 'none' : owner.kind === 'named' ? 'named' : owner.id

export const sameOwner = (a: WishlistOwner, b: WishlistOwner) => ownerKey(a) === ownerKey(b)
