import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import { cityIndex, type CatalogIndex } from '../catalog'
import type { Notify } from '../notifications'

interface WatchedRow extends Record<string, unknown> {
  wishlist_id: string
  product_id: number
  city_id: number
  user_id: string
  seen_price: number | null
  seen_in_stock: boolean | null
}

interface Seen {
  wishlist_id: string
  product_id: number
  /** What the row held when read: the update claims the change only if it still does. */
  old_price: number | null
  old_in_stock: boolean | null
  price: number | null
  in_stock: boolean
}

/** A product's shelf price and availability in a city, as the shopper sees them; null when not indexed. */
export function shelfState(
  index: CatalogIndex,
  productId: number,
  cityId: number,
): { price: number | null; inStock: boolean } | null {
  const record = index.productById(productId)
  if (!record) return null
  const city = cityIndex(cityId)
  const prices = index.prices[city]
  const price = prices?.has[record.pos] ? prices.price[record.pos]! : null
  return { price, inStock: price !== null && (index.stock.quantity[city]?.[record.pos] ?? 0) > 0 }
}

export interface WishlistWatchDeps {
  db: Db
  catalog: () => Promise<CatalogIndex>
  notify: Notify
  log: FastifyBaseLogger
}

/**
 * Tells signed-in shoppers when a product in their list got cheaper or came back to stock in the city
 * they added it in (browsing 3, "Notification"). Each item keeps the price and availability the shopper
 * last knew of; a run compares them with the catalogue's index and moves them on. The move is made by
 * one conditional update that answers the rows it changed, and only those are told, in the same
 * transaction: two processes running the watch at once tell each shopper once. A run does nothing while
 * neither the catalogue, its prices nor the stock has moved since the last one.
 */
export function createWishlistWatch({ db, catalog, notify, log }: WishlistWatchDeps) {
  let lastSeen = ''

  async function run(): Promise<number> {
    const index = await catalog()
    const version = `${index.version}:${index.priceState.generation}:${index.stock.generation}`
    if (version === lastSeen) return 0
    const watched = await rows<WatchedRow>(
      db,
      sql`select i.wishlist_id, i.product_id, i.city_id, w.user_id, i.seen_price, i.seen_in_stock
          from wishlist_items i join wishlists w on w.id = i.wishlist_id
          where w.user_id is not null`,
    )
    const changed: Seen[] = []
    for (const row of watched) {
      const shelf = shelfState(index, row.product_id, row.city_id)
      if (!shelf) continue
      const { price, inStock } = shelf
      if (price === row.seen_price && inStock === row.seen_in_stock) continue
      changed.push({
        wishlist_id: row.wishlist_id,
        product_id: row.product_id,
        old_price: row.seen_price,
        old_in_stock: row.seen_in_stock,
        price,
        in_stock: inStock,
      })
    }
    let told = 0
    if (changed.length > 0)
      told = await db.transaction(async (tx) => {
        const claimed = await rows<WatchedRow & { old_price: number | null; old_in_stock: boolean | null }>(
          tx,
          sql`update wishlist_items i set seen_price = c.price, seen_in_stock = c.in_stock
              from json_to_recordset(${JSON.stringify(changed)}::json) as c(
                     wishlist_id uuid, product_id int, old_price int, old_in_stock boolean,
                     price int, in_stock boolean),
                   wishlists w
              where i.wishlist_id = c.wishlist_id and i.product_id = c.product_id and w.id = i.wishlist_id
                and i.seen_price is not distinct from c.old_price
                and i.seen_in_stock is not distinct from c.old_in_stock
              returning i.wishlist_id, i.product_id, i.city_id, w.user_id, c.old_price, c.old_in_stock,
                        i.seen_price, i.seen_in_stock`,
        )
        let count = 0
        for (const row of claimed) {
          const record = index.productById(row.product_id)
          if (!record || row.user_id === null) continue
          const product = {
            sku: record.sku,
            productTitle: record.titleRu,
            productTitleKk: record.titleKk || undefined,
            uri: record.uri,
            cityId: row.city_id,
          }
          // a price first seen, or availability first seen, is where the shopper starts: nothing to tell
          if (row.old_price !== null && row.seen_price !== null && row.seen_price < row.old_price) {
            await notify(
              row.user_id,
              'wishlist_price_drop',
              { ...product, oldPrice: row.old_price, price: row.seen_price },
              { tx },
            )
            count++
          }
          if (row.old_in_stock === false && row.seen_in_stock === true) {
            await notify(row.user_id, 'wishlist_back_in_stock', product, { tx })
            count++
          }
        }
        return count
      })
    lastSeen = version
    if (told > 0) log.info({ told }, 'wishlist watch told shoppers of price drops and returns to stock')
    return told
  }

  return { run }
}
export type WishlistWatch = ReturnType<typeof createWishlistWatch>
