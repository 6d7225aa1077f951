import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { products } from './catalog'
import { cities } from './geo'

/*
 * The wishlist (spec browsing 3, 4, 7.4). `user_id` is the account module's user id as text, as in
 * cart.ts: a named list is its user's (at most one), a guest list has none and is reached by its id.
 */

/** One list: a guest's (no user) or a signed-in shopper's named one. */
export const wishlists = pgTable(
  'wishlists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wishlists_user_idx')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
  ],
)

/**
 * A product in a list. `city_id` is the city the shopper added it in: the information centre tells them
 * about a price drop or a return to stock there.
 */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    wishlistId: uuid('wishlist_id')
      .notNull()
      .references(() => wishlists.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The price and availability in that city the shopper last knew of (the wishlist's watch sets them
     * and compares): a lower price or a return to stock is told once. Null until the watch first sees it.
     */
    seenPrice: integer('seen_price'),
    seenInStock: boolean('seen_in_stock'),
  },
  (t) => [
    primaryKey({ columns: [t.wishlistId, t.productId] }),
    // who holds a product: the information centre's question
    index('wishlist_items_product_idx').on(t.productId),
  ],
)
