import { CART_V2, CART_V3 } from '../../contract/values/cart'

/**
 * Whose cart: a signed-in shopper's named cart is found by the session, a guest's by the id this device
 * keeps (purchase flow 4, 6). The paths differ only by that id.
 */
export type CartOwner = { kind: 'named' } | { kind: 'guest'; id: string }

export const NAMED_CART: CartOwner = { kind: 'named' }
export const guestCart = (id: string): CartOwner => ({ kind: 'guest', id })

/** `/cart/api/v2/carts` for the named cart, `/cart/api/v2/carts/{id}` for a guest's. */
export function cartPath(owner: CartOwner, version: 'v2' | 'v3' = 'v2'): string {
  const base = `${version === 'v2' ? CART_V2 : CART_V3}/carts`
  return owner.kind === 'named' ? base : `${base}/${owner.id}`
}

export const productsPath = (owner: CartOwner, version: 'v2' | 'v3') => `${cartPath(owner, version)}/products`

/** Spec 7: `PUT /carts/{id}/cart` for a guest's cart, `PUT /carts` for the named one. */
export const settingsPath = (owner: CartOwner) =>
  owner.kind === 'named' ? cartPath(owner) : `${cartPath(owner)}/cart`

export const createCartPath = () => `${CART_V2}/carts`
export const mergePath = (guestId: string) => `${CART_V2}/carts/merge/${guestId}`
export const sharedCartsPath = () => `${CART_V3}/carts/shared`
export const sharedCartPath = (sharedId: string) => `${CART_V3}/carts/shared/${encodeURIComponent(sharedId)}`

const CART_ITEM_PATH = /^\/cart\/api\/v[23]\/carts(?:\/([0-9a-f-]{36}))?(?:\/|$)/i

/** The cart a queued change is for, read back from its path (the queue outlives the page). */
export function ownerOfPath(path: string): CartOwner | null {
  const match = CART_ITEM_PATH.exec(path)
  if (!match) return null
  return match[1] ? guestCart(match[1]) : NAMED_CART
}

export const sameOwner = (a: CartOwner, b: CartOwner) =>
  a.kind === b.kind && (a.kind === 'named' || (b.kind === 'guest' && a.id === b.id))
