import { sql } from 'drizzle-orm'
import type { Db } from '../../db/connection'
import { arrayLiteral, preparedRows, rows } from '../../db/rows'

/** A product of a list as stored: what it is, in which city it was added, and when. */
export interface StoredItem {
  productId: number
  addedAt: Date
}

/** A list as one read finds it: its id and its products (none for an empty list). */
export interface StoredList {
  id: string
  items: StoredItem[]
}

/** A signed-in shopper holding a product in the named list, and the city they added it in. */
export interface WishlistHolder {
  userId: string
  productId: number
  cityId: number
}

interface ListRow extends Record<string, unknown> {
  id: string
  product_id: number | null
  added_at: string | Date | null
}

function listOf(found: ListRow[]): StoredList | null {
  const first = found[0]
  if (!first) return null
  const items: StoredItem[] = []
  for (const row of found) {
    if (row.product_id === null || row.added_at === null) continue
    items.push({ productId: row.product_id, addedAt: new Date(row.added_at) })
  }
  return { id: first.id, items }
}

/**
 * The wishlist's SQL. A list and its products are read in one statement (the list's row left-joined to
 * its items, so an empty list is told apart from none); every change of a list runs under its row's
 * lock, so the count it answers and the limit it checks hold under concurrent changes.
 */
export function createWishlistRepo() {
  return {
    async createGuest(db: Db): Promise<string> {
      const [row] = await rows<{ id: string }>(
        db,
        sql`insert into wishlists (user_id) values (null) returning id`,
      )
      return row!.id
    },

    /** A guest list with its products; null when there is none with that id (or it is a named list). */
    async guestList(db: Db, id: string): Promise<StoredList | null> {
      return listOf(
        await preparedRows<ListRow>(
          db,
          'wishlist_guest_list',
          sql`select w.id, i.product_id, i.added_at
              from wishlists w left join wishlist_items i on i.wishlist_id = w.id
              where w.id = ${id} and w.user_id is null`,
        ),
      )
    },

    /** A shopper's named list with its products; null while they have never added anything. */
    async namedList(db: Db, userId: string): Promise<StoredList | null> {
      return listOf(
        await preparedRows<ListRow>(
          db,
          'wishlist_named_list',
          sql`select w.id, i.product_id, i.added_at
              from wishlists w left join wishlist_items i on i.wishlist_id = w.id
              where w.user_id = ${userId}`,
        ),
      )
    },

    /** The shopper's named list's id, made on first use; safe when two first adds race. */
    async namedListId(db: Db, userId: string): Promise<string> {
      const [made] = await rows<{ id: string }>(
        db,
        sql`insert into wishlists (user_id) values (${userId})
            on conflict (user_id) where user_id is not null do nothing
            returning id`,
      )
      if (made) return made.id
      const [found] = await rows<{ id: string }>(db, sql`select id from wishlists where user_id = ${userId}`)
      return found!.id
    },

    /** Takes a guest list's row lock; false when there is no such guest list. */
    async lockGuest(tx: Db, id: string): Promise<boolean> {
      const found = await rows(
        tx,
        sql`select 1 from wishlists where id = ${id} and user_id is null for update`,
      )
      return found.length > 0
    },

    async lock(tx: Db, id: string): Promise<void> {
      await tx.execute(sql`select 1 from wishlists where id = ${id} for update`)
    },

    async count(tx: Db, id: string): Promise<number> {
      const [row] = await rows<{ count: number }>(
        tx,
        sql`select count(*)::int as count from wishlist_items where wishlist_id = ${id}`,
      )
      return row!.count
    },

    async has(tx: Db, id: string, productId: number): Promise<boolean> {
      const found = await rows(
        tx,
        sql`select 1 from wishlist_items where wishlist_id = ${id} and product_id = ${productId}`,
      )
      return found.length > 0
    },

    /** `seen`: the price and availability the shopper sees as they add it, what the watch compares with. */
    async add(
      tx: Db,
      id: string,
      productId: number,
      cityId: number,
      seen: { price: number | null; inStock: boolean } | null,
    ): Promise<void> {
      await tx.execute(
        sql`insert into wishlist_items (wishlist_id, product_id, city_id, seen_price, seen_in_stock)
            values (${id}, ${productId}, ${cityId}, ${seen?.price ?? null}, ${seen?.inStock ?? null})`,
      )
    },

    /** False when the product was not in the list. */
    async remove(tx: Db, id: string, productId: number): Promise<boolean> {
      const removed = await rows(
        tx,
        sql`delete from wishlist_items where wishlist_id = ${id} and product_id = ${productId} returning 1`,
      )
      return removed.length > 0
    },

    /**
     * Moves a guest list's products into a named list (a product already there keeps its own date), up
     * to `limit` products in all, the guest's newest first; then the guest list is gone.
     */
    async merge(tx: Db, guestId: string, namedId: string, limit: number): Promise<void> {
      await tx.execute(
        sql`insert into wishlist_items (wishlist_id, product_id, city_id, added_at, seen_price, seen_in_stock)
            select ${namedId}, g.product_id, g.city_id, g.added_at, g.seen_price, g.seen_in_stock
            from wishlist_items g
            where g.wishlist_id = ${guestId}
              and not exists (select 1 from wishlist_items n
                              where n.wishlist_id = ${namedId} and n.product_id = g.product_id)
            order by g.added_at desc, g.product_id
            limit greatest(0, ${limit} - (select count(*) from wishlist_items where wishlist_id = ${namedId}))`,
      )
      await tx.execute(sql`delete from wishlists where id = ${guestId}`)
    },

    /** The signed-in shoppers holding any of these products in their named list (the information centre). */
    async holders(db: Db, productIds: readonly number[]): Promise<WishlistHolder[]> {
      if (productIds.length === 0) return []
      const found = await rows<{ user_id: string; product_id: number; city_id: number }>(
        db,
        sql`select w.user_id, i.product_id, i.city_id
            from wishlist_items i join wishlists w on w.id = i.wishlist_id
            where i.product_id = any(${arrayLiteral(productIds)}::int[]) and w.user_id is not null
            order by i.product_id, w.user_id`,
      )
      return found.map((row) => ({ userId: row.user_id, productId: row.product_id, cityId: row.city_id }))
    },
  }
}

export type WishlistRepo = ReturnType<typeof createWishlistRepo>
