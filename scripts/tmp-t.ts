import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { openDatabase } from '../server/db/connection'
import { seedIfEmpty } from '../server/seed/seed-if-empty'
let t0 = Date.now()
const d = await openDatabase({ memory: true })
await d.migrate()
await seedIfEmpty(d, { products: 400 })
console.log('full', Date.now() - t0)
const client = (d.db as any).$client as PGlite
t0 = Date.now()
const dump = await client.dumpDataDir('none')
console.log('dump', Date.now() - t0, dump.size)
for (let i = 0; i < 3; i++) {
  t0 = Date.now()
  const c2 = await PGlite.create({ loadDataDir: dump, extensions: { pg_trgm } })
  const r = await c2.query('select count(*) from products')
  console.log('load', Date.now() - t0, r.rows)
  t0 = Date.now()
  const c3 = await PGlite.create({ extensions: { pg_trgm } })
  await c3.query('select 1')
  console.log('fresh', Date.now() - t0)
}
