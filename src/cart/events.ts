/** Dispatched on window when the shopper takes an item out of the cart (spec 4: it dismisses the guest offer). */
export const CART_ITEM_REMOVED_EVENT = 'storefront:cart-item-removed'

export function announceCartItemRemoved(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CART_ITEM_REMOVED_EVENT))
}
