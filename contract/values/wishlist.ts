/** The wishlist's base path, sorts and message keys (see contract/wishlist.ts for the schemas built from them). */

export const WISHLIST_V1 = '/wishlist/api/v1'

/**
 * Spec browsing 3 and 9: added descending (the default), added ascending, newest product first, price
 * ascending, price descending. The price is the asked city's shelf price.
 */
export const WISHLIST_SORTS = ['added_desc', 'added_asc', 'newest', 'price_asc', 'price_desc'] as const
export type WishlistSort = (typeof WISHLIST_SORTS)[number]
export const DEFAULT_WISHLIST_SORT: WishlistSort = 'added_desc'

/** A list holds at most this many products: a wishlist, not a second catalogue. */
export const MAX_WISHLIST_ITEMS = 500

/** Spec browsing 9: a removed item stays on screen this long before it goes. */
export const WISHLIST_REMOVAL_DELAY_MS = 200

/** The spec's message keys (browsing 5 and 8) and the store's own. */
export const WISHLIST_ERROR_KEYS = {
  /** 422 on add: the product is in the list already. */
  alreadyInList: 'common:productAlmostInFavoriteList',
  /** Any other failure of an add by a signed-out shopper. */
  haveToBeAuth: 'errors:haveToBeAuthForWishes',
  /** A remove or a create that failed. */
  tryLater: 'errors:tryLater',
  /** 404: no such guest list (merged, or never made); the client starts a new one. */
  listNotFound: 'wishlist:notFound',
  /** 404: no product with that sku, or not in the list. */
  productNotFound: 'wishlist:productNotFound',
  /** 422: the list is full. */
  tooManyItems: 'wishlist:tooManyItems',
} as const
