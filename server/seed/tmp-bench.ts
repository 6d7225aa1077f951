import { sql } from 'drizzle-orm'
import { openDatabase } from '../db/connection'
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
for (const [table, rows] of [['products', chunk.map((p) => p.product)], ['product_prices', chunk.flatMap((p) => p.prices)], ['stocks', chunk.flatMap((p) => p.stocks)], ['images', chunk.flatMap((p) => p.images)]] as const) {
  const t = Date.now()
  await insertRows(database.db, table, rows)
  console.log(table, rows.length, Date.now() - t, 'ms')
}
await database.close()
