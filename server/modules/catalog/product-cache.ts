import type { Db } from '../../db/connection'
import { readCatalogVersions, readChangeCursor, readChanges, type ChangeLog } from './repo'

/** As often as the catalogue's own index asks whether the catalogue or its stock changed. */
const CHECK_EVERY_MS = 2000
/** Products × cities held at most; past it the cache starts over rather than grow with the catalogue. */
const MAX_ENTRIES = 50_000

/** What a module keeps of a product in one city; its own reader decides the rest. */
export interface CachedProduct {
  id: number
  sku: string
}

export interface ProductCacheOptions<T extends CachedProduct> {
  /** The products of these ids or skus that exist in the city, read from the database. */
  load: (db: Db, cityId: number, ids: number[], skus: string[]) => Promise<T[]>
  /** Off in tests, which change prices and stock and read at once. */
  cache: boolean
  checkEveryMs?: number
  clock?: () => number
  /** The catalogue's version (tests that share a database with others making products hold it still). */
  catalogVersion?: (db: Db) => Promise<number | null>
  /**
   * The store's own connection, for reading changed products again after a look without holding up the
   * reader that made it (a caller's may be a transaction that ends first).
   */
  reader: Db
}

/**
 * Products as a module reads them in one city (the cart's price and stock by condition, the delivery's
 * stock at every point), by id and by sku. They change with the catalogue and its stock, not with the
 * carts and deliveries that ask for them, and reading them was most of what those cost the database.
 *
 * With the cache on, what was read is kept, and the change logs `stock_changes` and `price_changes` are
 * looked at most every two seconds through the caller's connection, from a cursor, as the catalogue's
 * index follows them; a move of the catalogue's version forgets everything. A product whose price
 * changed is forgotten on the look that sees the change and once more on the next, for a read that was
 * under way while it was forgotten. A product whose stock changed is read again on those two looks, the
 * products of every look in one statement per city, while readers go on reading it from memory. A
 * reader may so see a price or a stock up to a few seconds old, as the catalogue's listings do; checkout
 * reserves against the database itself.
 *
 * Forgetting only the products a change names keeps the rest: forgetting everything on any move of the
 * stock emptied the cache every few seconds in a store taking orders (every order moves the stock), so
 * nearly every cart read its products from the database (issue 20's checkout bench: one `cart_products`
 * statement an order). Reading a changed product's stock again at the look rather than forgetting it
 * does the same for the products being ordered: in that bench every product was ordered every few
 * seconds, and each order's cart still read its products (0.71 `cart_products` statements an order, of
 * 0.5 ms each), where one statement for 1,400 products takes 20 ms.
 */
export function createProductCache<T extends CachedProduct>({
  load,
  cache,
  checkEveryMs = CHECK_EVERY_MS,
  clock = Date.now,
  catalogVersion = async (db) => (await readCatalogVersions(db)).catalog,
  reader,
}: ProductCacheOptions<T>) {
  /** By city, then by id: a lookup per line and change makes no key string. */
  const byCity = new Map<number, Map<number, T>>()
  let entries = 0
  const idBySku = new Map<string, number>()
  let catalog: number | null = null
  /** Where each change log is read from next; null until the first look. */
  let cursors: Record<ChangeLog, string> | null = null
  /** What the last look forgot (null: everything), forgotten again on the next. */
  let forgotten: number[] | null = []
  /** Products whose stock the last look saw change, read again on the next. */
  let restocked: number[] = []
  let rereading: Promise<void> = Promise.resolve()
  let checkedAt = -Infinity
  let checking: Promise<void> | null = null

  function forgetAll() {
    byCity.clear()
    idBySku.clear()
    entries = 0
  }

  function forget(ids: number[] | null) {
    if (ids === null) return forgetAll()
    for (const id of ids)
      for (const city of byCity.values()) {
        const product = city.get(id)
        if (!product) continue
        city.delete(id)
        entries--
        if (idBySku.get(product.sku) === id) idBySku.delete(product.sku)
      }
  }

  /** The products whose stock and whose price changed since the last look, or null for all of them. */
  async function changed(db: Db): Promise<{ stock: number[]; price: number[] } | null> {
    const now = await catalogVersion(db)
    if (cursors === null || now !== catalog) {
      const cursor = await readChangeCursor(db)
      catalog = now
      cursors = { stock_changes: cursor, price_changes: cursor }
      return null
    }
    const ids = { stock_changes: [] as number[], price_changes: [] as number[] }
    for (const log of ['stock_changes', 'price_changes'] as const) {
      const changes = await readChanges(db, log, cursors[log])
      cursors[log] = changes.cursor
      if (changes.productIds === null) return null
      ids[log] = changes.productIds
    }
    return { stock: ids.stock_changes, price: ids.price_changes }
  }

  /** Reads again the kept products among these, in each city that keeps any. */
  async function reread(db: Db, ids: number[]) {
    if (ids.length === 0) return
    await Promise.all(
      [...byCity].map(async ([cityId, city]) => {
        const kept = ids.filter((id) => city.has(id))
        if (kept.length === 0) return
        const read = new Set<number>()
        for (const p of await load(db, cityId, kept, [])) {
          read.add(p.id)
          // forgotten meanwhile (a price change, a new catalogue): left for the next reader to read
          if (!city.has(p.id)) continue
          city.set(p.id, Object.freeze(p))
          idBySku.set(p.sku, p.id)
        }
        forget(kept.filter((id) => !read.has(id)))
      }),
    )
  }

  async function check(db: Db) {
    const now = await changed(db)
    forget(forgotten)
    forget(now && now.price)
    forgotten = now && now.price
    const stock = now ? [...new Set([...restocked, ...now.stock])] : []
    restocked = now ? now.stock : []
    checkedAt = clock()
    // readers go on reading what they have while the changed products are read again
    rereading = reread(reader, stock).catch(() => forget(stock))
  }

  function fresh(db: Db): Promise<void> | void {
    if (clock() - checkedAt < checkEveryMs) return
    checking ??= check(db).finally(() => {
      checking = null
    })
    return checking
  }

  return {
    /** Once the products the last look saw change have been read again. */
    settled: () => rereading,

    /** The products with these ids or skus that exist, in no particular order. */
    async get(db: Db, cityId: number, ids: number[], skus: string[] = []): Promise<T[]> {
      if (ids.length === 0 && skus.length === 0) return []
      if (!cache) return load(db, cityId, ids, skus)
      await fresh(db)
      const found = new Map<number, T>()
      const missingIds: number[] = []
      const missingSkus: string[] = []
      const city = byCity.get(cityId)
      for (const id of ids) {
        const hit = city?.get(id)
        if (hit) found.set(id, hit)
        else missingIds.push(id)
      }
      for (const sku of skus) {
        const id = idBySku.get(sku)
        const hit = id === undefined ? undefined : city?.get(id)
        if (hit) found.set(hit.id, hit)
        else missingSkus.push(sku)
      }
      if (missingIds.length > 0 || missingSkus.length > 0) {
        const loaded = await load(db, cityId, missingIds, missingSkus)
        if (entries + loaded.length > MAX_ENTRIES) forgetAll()
        let kept = byCity.get(cityId)
        if (!kept) byCity.set(cityId, (kept = new Map()))
        for (const p of loaded) {
          // shared by every reader that asks for it from now on
          Object.freeze(p)
          if (!kept.has(p.id)) entries++
          kept.set(p.id, p)
          idBySku.set(p.sku, p.id)
          found.set(p.id, p)
        }
      }
      return [...found.values()]
    },
  }
}
export type ProductCache<T extends CachedProduct> = ReturnType<typeof createProductCache<T>>
