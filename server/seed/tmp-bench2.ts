import { sql, type SQL } from 'drizzle-orm'
import { openDatabase, type Db } from '../db/connection'
import { clearCatalog, writeCatalog } from './write'
const database = await openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { memory: true })
await database.migrate()
const n = Number(process.argv[2] ?? 20000)
const times = new Map<string, number>()
const t0 = Date.now()
await database.db.transaction(async (tx) => {
  if (process.env.NOJIT) await tx.execute(sql.raw('set local jit = off'))
  await clearCatalog(tx)
  console.log('clear', Date.now() - t0)
  const timed = { execute: async (q: SQL) => { const t = Date.now(); const r = await tx.execute(q); const key = JSON.stringify(q.queryChunks.slice(0, 3)).slice(0, 80); times.set(key, (times.get(key) ?? 0) + Date.now() - t); return r } } as unknown as Db
  await writeCatalog(timed, { products: n })
})
console.log('total', Date.now() - t0)
for (const [k, v] of [...times].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(v, k)
await database.close()
