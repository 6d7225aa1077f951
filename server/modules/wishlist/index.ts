/**
 * The wishlist module's public face. Besides its routes (`/wishlist/api/v1`), it answers one question
 * for other modules: which signed-in shoppers hold given products in their list, and in which city
 * (`app.wishlist.holders`, or `wishlistHolders` with a connection of one's own), so the information
 * centre can tell them about a price drop or a return to stock. Other modules import this file only.
 */
import type { Db } from '../../db/connection'
import { createWishlistRepo, type WishlistHolder } from './repo'

export type { WishlistHolder } from './repo'
export { wishlistModule, type WishlistFace } from './routes'

const repo = createWishlistRepo()

/** The signed-in shoppers holding any of these products (catalogue ids), with the city each added it in. */
export const wishlistHolders = (db: Db, productIds: readonly number[]): Promise<WishlistHolder[]> =>
  repo.holders(db, productIds)
