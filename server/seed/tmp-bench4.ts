import { sql } from 'drizzle-orm'
import { openDatabase } from '../db/connection'
import { rows as q } from '../db/rows'
import { CatalogGenerator, planCatalog, type GeneratedProduct } from './generate'
import { clearCatalog, insertRows, writeCatalog } from './write'
const database = await openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { memory: true })
await database.migrate()
await clearCatalog(database.db)
await writeCatalog(database.db, { products: 100 })
await database.db.execute(sql`delete from images where product_id is not null`)
await database.db.execute(sql`truncate products cascade`)
const g = new CatalogGenerator(planCatalog(20000))
const chunk: GeneratedProduct[] = []
for (let id = 1; id <= 4000; id++) chunk.push(g.product(id))
const mode = process.argv[2]
await database.db.transaction(async (tx) => {
  if (mode === 'noidx') {
    const idx = await q<{ indexname: string }>(tx, sql`select indexname from pg_indexes i where schemaname='public' and tablename in ('products','stocks','product_prices','images') and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`)
    for (const i of idx) await tx.execute(sql`drop index ${sql.identifier(i.indexname)}`)
  }
  if (mode === 'nofk') {
    await tx.execute(sql`alter table stocks drop constraint stocks_product_id_products_id_fk, drop constraint stocks_city_id_cities_id_fk, drop constraint stocks_service_point_id_service_points_id_fk`)
    await tx.execute(sql`alter table product_prices drop constraint product_prices_product_id_products_id_fk, drop constraint product_prices_city_id_cities_id_fk`)
    await tx.execute(sql`alter table products drop constraint products_category_id_categories_id_fk, drop constraint products_brand_id_brands_id_fk, drop constraint products_service_category_id_categories_id_fk, drop constraint products_reference_product_id_products_id_fk`)
  }
  for (const [table, rows] of [['products', chunk.map((p) => p.product)], ['product_prices', chunk.flatMap((p) => p.prices)], ['stocks', chunk.flatMap((p) => p.stocks)], ['images', chunk.flatMap((p) => p.images)]] as const) {
    const t = Date.now()
    await insertRows(tx, table, rows)
    console.log(mode, table, rows.length, Date.now() - t, 'ms')
  }
  throw new Error('rollback')
}).catch(() => {})
await database.close()
