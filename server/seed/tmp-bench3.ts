import { sql } from 'drizzle-orm'
import { openDatabase, type Db } from '../db/connection'
import { rows as q } from '../db/rows'
import { CatalogGenerator, planCatalog, type GeneratedProduct } from './generate'
import { clearCatalog, insertRows, writeCatalog } from './write'

const typeCache = new Map<string, Map<string, string>>()
async function columnTypes(db: Db, table: string) {
  let m = typeCache.get(table)
  if (!m) {
    const r = await q<{ name: string; type: string }>(db, sql`select attname as name, format_type(atttypid, null) as type from pg_attribute where attrelid = ${table}::regclass and attnum > 0 and not attisdropped`)
    m = new Map(r.map((x) => [x.name, x.type]))
    typeCache.set(table, m)
  }
  return m
}
async function insertUnnest(db: Db, table: string, rows: readonly Record<string, unknown>[]) {
  const types = await columnTypes(db, table)
  const cols = Object.keys(rows[0]!)
  for (let i = 0; i < rows.length; i += 5000) {
    const part = rows.slice(i, i + 5000)
    const arrays = cols.map((c) => {
      const t = types.get(c)!
      const json = t === 'jsonb' || t === 'json'
      return sql`${sql.param(part.map((r) => (json ? JSON.stringify(r[c]) : r[c])))}::${sql.raw(t)}[]`
    })
    await db.execute(sql`insert into ${sql.identifier(table)} (${sql.join(cols.map((c) => sql.identifier(c)), sql`, `)}) select * from unnest(${sql.join(arrays, sql`, `)})`)
  }
}

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
for (const [table, rows] of [['products', chunk.map((p) => p.product)], ['product_prices', chunk.flatMap((p) => p.prices)], ['stocks', chunk.flatMap((p) => p.stocks)], ['images', chunk.flatMap((p) => p.images)]] as const) {
  const t = Date.now()
  if (mode === 'unnest') await insertUnnest(database.db, table, rows as unknown as Record<string, unknown>[])
  else await insertRows(database.db, table, rows)
  console.log(mode, table, rows.length, Date.now() - t, 'ms')
}
const check = await q(database.db, sql`select id, attributes->'brand' b, spec_groups->0->'items'->0 s, created_at, rating from products order by id limit 2`)
console.log(JSON.stringify(check))
await database.close()
