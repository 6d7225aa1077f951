import { sql } from 'drizzle-orm'
import type { Db } from '../db/connection'
import { seedServicePoints } from './cities'
import { clearContent, writeContent } from './content'
import { insertRows } from './insert-rows'
import {
  brandRows,
  CatalogGenerator,
  categoryRows,
  cityRows,
  contentImageRows,
  FilterCollector,
  planCatalog,
  type GeneratedProduct,
} from './generate'
import { writeSearchData } from './search'

/** A database handle or an open transaction: everything here only needs `execute`. */
type Executor = Pick<Db, 'execute'>

export interface WriteOptions {
  products: number
  seed?: number
  log?: (msg: string) => void
}

/** The catalogue's tables, children first; `--reset` empties these (and what references them). */
export const CATALOG_TABLES = [
  'stocks',
  'product_prices',
  'category_filters',
  'products',
  'categories',
  'brands',
  'service_points',
  'cities',
] as const

/** Products per generated chunk: big enough for few round trips, small enough to keep memory flat. */
const CHUNK = 2000

async function writeChunk(db: Executor, chunk: GeneratedProduct[]): Promise<void> {
  await insertRows(
    db,
    'products',
    chunk.map((p) => p.product),
  )
  await insertRows(
    db,
    'product_prices',
    chunk.flatMap((p) => p.prices),
  )
  await insertRows(
    db,
    'stocks',
    chunk.flatMap((p) => p.stocks),
  )
  await insertRows(
    db,
    'images',
    chunk.flatMap((p) => p.images),
  )
}

/** Empties the catalogue. CASCADE also empties tables of other modules that reference it (carts, wishlists). */
export async function clearCatalog(db: Executor): Promise<void> {
  await clearContent(db)
  await db.execute(sql.raw(`truncate table ${CATALOG_TABLES.join(', ')} restart identity cascade`))
  await db.execute(
    sql`delete from images where product_id is not null or id like 'banner-%' or id like 'category-%'`,
  )
}

/**
 * Writes a whole catalogue into empty tables. Callers run it inside one transaction, so a crash
 * half-way leaves nothing behind and the next start seeds again.
 */
export async function writeCatalog(db: Executor, options: WriteOptions): Promise<void> {
  const plan = planCatalog(options.products, options.seed)
  const log = options.log ?? (() => {})
  const started = Date.now()
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`

  await insertRows(db, 'cities', cityRows())
  await insertRows(db, 'service_points', seedServicePoints(plan.seed))
  await insertRows(db, 'brands', brandRows())
  const categories = categoryRows()
  await insertRows(db, 'categories', categories)
  await insertRows(db, 'images', contentImageRows())
  log(`seed: cities, service points, brands and ${categories.length} categories written (${elapsed()})`)

  const generator = new CatalogGenerator(plan)
  const filters = new FilterCollector()
  let pending: Promise<void> = Promise.resolve()
  let lastLogged = 0
  for (let first = 1; first <= plan.products; first += CHUNK) {
    const last = Math.min(plan.products, first + CHUNK - 1)
    const chunk: GeneratedProduct[] = []
    for (let id = first; id <= last; id++) {
      const generated = generator.product(id)
      filters.add(generated.product)
      chunk.push(generated)
    }
    // the next chunk is generated while the database stores this one
    await pending
    pending = writeChunk(db, chunk)
    if (last - lastLogged >= plan.products / 10 || last === plan.products) {
      lastLogged = last
      log(`seed: ${last}/${plan.products} products (${elapsed()})`)
    }
  }
  await pending

  await insertRows(db, 'category_filters', filters.rows())
  // rows came with explicit ids: move the identity sequences past them for rows added later
  for (const table of ['service_points', 'brands', 'categories', 'products']) {
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.identifier(table)}))`,
    )
  }
  log(`seed: catalogue of ${plan.products} products written (${elapsed()})`)
  await writeContent(db, plan.seed)
  await writeSearchData(db)
  log(`seed: content and delivery rules written (${elapsed()})`)
}
