import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../db/connection'
import { rows } from '../db/rows'
import { clearContent, CONTENT_TABLES, ensureContent, SEED_DELIVERY_RULES } from './content'
import { seedCatalog } from './seed-if-empty'

const count = async (database: Database, table: string) =>
  Number((await rows<{ n: number }>(database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n)

describe('the content seed', () => {
  let database: Database
  beforeAll(async () => {
    database = await openDatabase({ memory: true })
    await database.migrate()
    await seedCatalog(database, { products: 150 })
  })
  afterAll(() => database.close())

  it('writes every content table with the catalogue, and the delivery rules of every city', async () => {
    for (const table of CONTENT_TABLES) expect(await count(database, table), table).toBeGreaterThan(0)
    const cities = await rows<{ city_id: number; kinds: string }>(
      database.db,
      sql`select city_id, string_agg(kind, ',' order by kind) as kinds from delivery_rules group by city_id order by city_id`,
    )
    expect(cities).toEqual([
      { city_id: 1, kinds: 'courier,express,fast,pickup,store' },
      { city_id: 2, kinds: 'courier,express,fast,pickup,store' },
      { city_id: 3, kinds: 'courier,pickup,store' },
      { city_id: 4, kinds: 'courier,pickup,store' },
    ])
    expect(await count(database, 'delivery_rules')).toBe(SEED_DELIVERY_RULES.length)
  })

  it('backfills a catalogue seeded without content once, and leaves it alone afterwards', async () => {
    await clearContent(database.db)
    for (const table of CONTENT_TABLES) expect(await count(database, table), table).toBe(0)
    const [images] = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from images where id like 'fastlink-%' or id like 'promo-%'`,
    )
    expect(images?.n).toBe(0)
    const results = await Promise.all([ensureContent(database.db), ensureContent(database.db)])
    expect(results.sort()).toEqual([false, true])
    expect(await count(database, 'cms_blocks')).toBeGreaterThan(0)
    expect(await ensureContent(database.db)).toBe(false)
  })

  it('is emptied with the catalogue on reset and written again', async () => {
    const before = await rows(database.db, sql`select from_link, url from seo_anchors order by id`)
    expect(await seedCatalog(database, { products: 150, reset: true })).toBe(true)
    const after = await rows(database.db, sql`select from_link, url from seo_anchors order by id`)
    expect(after).toEqual(before)
  })
})
