import { z } from 'zod'
import { ProductListItem } from './catalog'
import { CityId, text } from './common'
import { WISHLIST_SORTS } from './values/wishlist'

export {
  DEFAULT_WISHLIST_SORT,
  MAX_WISHLIST_ITEMS,
  WISHLIST_ERROR_KEYS,
  WISHLIST_REMOVAL_DELAY_MS,
  WISHLIST_SORTS,
  WISHLIST_V1,
  type WishlistSort,
} from './values/wishlist'

/**
 * The wishlist service (`/wishlist/api/v1`, spec browsing 3 "Wishlist", 4, 7.4): a signed-in shopper's
 * named list, a guest's list reached by its id alone, and the merge of the one into the other at sign-in.
 * Field names follow the spec (`sku`, `city_id` in bodies, `cityId` and `sorting` in queries,
 * `isAvailable`, `uri`, `favoritesCount`, `wishlistId`).
 */

const Sku = text()
  .trim()
  .regex(/^[0-9]{1,20}$/, 'a sku is digits')

export const WishlistSorting = z.enum(WISHLIST_SORTS)

/** A guest list's id is a UUID; anything else is refused before it reaches the database. */
export const WishlistId = z.uuid()

export const AddToWishlistRequest = z.object({ sku: Sku, city_id: CityId })
export type AddToWishlistRequest = z.infer<typeof AddToWishlistRequest>

export const WishlistQuery = z.object({
  cityId: CityId.default(1),
  sorting: WishlistSorting.default('added_desc'),
})
/** `DELETE /products/{sku}` takes the city too (spec 7.4); it changes nothing but is checked like any city. */
export const WishlistCityQuery = z.object({ city_id: CityId.optional() })

export const WishlistSkuParams = z.object({ sku: Sku })
export const GuestWishlistParams = z.object({ wishlistId: WishlistId })
export const GuestWishlistSkuParams = z.object({ wishlistId: WishlistId, sku: Sku })

/** One product of a list: the spec's sku, isAvailable (stock in the asked city) and uri, and its card. */
export const WishlistItem = z.object({
  sku: z.string(),
  uri: z.string(),
  /** In stock in the asked city now. */
  isAvailable: z.boolean(),
  /** When the shopper added it (ISO 8601). */
  addedAt: z.string(),
  /** The product's card as the catalogue renders it for the asked city and language. */
  product: ProductListItem,
})
export type WishlistItem = z.infer<typeof WishlistItem>

export const Wishlist = z.object({
  /** The guest list's id; null for a signed-in shopper's named list. */
  wishlistId: z.uuid().nullable(),
  items: z.array(WishlistItem),
  /** How many products the list holds (the header's counter). */
  favoritesCount: z.number().int().nonnegative(),
  sorting: WishlistSorting,
})
export type Wishlist = z.infer<typeof Wishlist>

export const WishlistCreated = z.object({ wishlistId: z.uuid() })
export type WishlistCreated = z.infer<typeof WishlistCreated>

/** What an add or a remove answers: the product it was about and how many the list holds now. */
export const WishlistChange = z.object({
  sku: z.string(),
  favoritesCount: z.number().int().nonnegative(),
})
export type WishlistChange = z.infer<typeof WishlistChange>
