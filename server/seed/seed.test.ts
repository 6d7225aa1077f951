import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../db/connection'
import { rows } from '../db/rows'
import { PRODUCT_TYPES } from '../db/schema/catalog'
import { testDatabase } from '../test/app'
import { CATEGORY_SLUGS, CONFIGURATOR_CATEGORY_SLUGS } from './categories'
import { CITY_IDS } from './cities'
import { seedCatalog, seedIfEmpty } from './seed-if-empty'

const count = async (database: Database, query: ReturnType<typeof sql>) =>
  Number((await rows<{ n: number }>(database.db, query))[0]?.n ?? -1)

describe('seeding an empty database', () => {
  let database: Database

  beforeAll(async () => {
    database = await openDatabase({ memory: true })
    await database.migrate()
  })
  afterAll(() => database.close())

  it('seeds once, even when two starts race, and leaves a seeded catalogue alone afterwards', async () => {
    const results = await Promise.all([
      seedIfEmpty(database, { products: 300 }),
      seedIfEmpty(database, { products: 300 }),
    ])
    expect(results.sort()).toEqual([false, true])
    expect(await count(database, sql`select count(*)::int as n from products`)).toBe(300)
    expect(await seedIfEmpty(database, { products: 500 })).toBe(false)
    expect(await count(database, sql`select count(*)::int as n from products`)).toBe(300)
  })

  it('leaves the planner statistics of the catalogue behind, and gathers them for a catalogue without', async () => {
    const statistics = sql`select count(*)::int as n from pg_stats
      where schemaname = current_schema() and tablename in ('products', 'stocks', 'search_documents')`
    expect(await count(database, statistics)).toBeGreaterThan(0)
    // a catalogue seeded before the seed analysed its tables
    for (const table of ['products', 'stocks', 'search_documents']) {
      await database.db.execute(sql`delete from pg_statistic where starelid = ${table}::regclass`)
    }
    expect(await count(database, statistics)).toBe(0)
    expect(await seedIfEmpty(database, { products: 300 })).toBe(false)
    expect(await count(database, statistics)).toBeGreaterThan(0)
  })

  it('replaces the catalogue on reset and moves id sequences past the seeded rows', async () => {
    const messages: string[] = []
    expect(await seedCatalog(database, { products: 250, reset: true, log: (m) => messages.push(m) })).toBe(
      true,
    )
    expect(await count(database, sql`select count(*)::int as n from products`)).toBe(250)
    expect(await count(database, sql`select count(*)::int as n from cities`)).toBe(4)
    expect(messages.some((m) => m.includes('250 products'))).toBe(true)
    const [next] = await rows<{ id: number }>(
      database.db,
      sql`insert into brands (slug, name, color) values ('test-brand', 'Test', '#000000') returning id`,
    )
    expect(next?.id).toBeGreaterThan(60)
  })
})

describe('the seeded catalogue', () => {
  let database: Database
  beforeAll(async () => {
    database = await testDatabase()
  })

  it('has the four cities with their fixed ids and names in three languages', async () => {
    const cities = await rows<{
      id: number
      slug: string
      name_ru: string
      name_kz: string
      name_en: string
    }>(database.db, sql`select id, slug, name_ru, name_kz, name_en from cities order by id`)
    expect(cities.map((c) => [c.id, c.slug])).toEqual(
      Object.entries(CITY_IDS).map(([slug, id]) => [id, slug]),
    )
    expect(cities.find((c) => c.slug === 'aktobe')).toMatchObject({
      name_ru: 'Актобе',
      name_kz: 'Ақтөбе',
      name_en: 'Aktobe',
    })
  })

  it('has at least eight open service points per city with addresses and opening hours', async () => {
    const points = await rows<{ city_id: number; n: number }>(
      database.db,
      sql`select city_id, count(*)::int as n from service_points where is_active group by city_id order by city_id`,
    )
    expect(points.map((p) => p.city_id)).toEqual([1, 2, 3, 4])
    expect(points.every((p) => p.n >= 8)).toBe(true)
    const [sample] = await rows<{
      address_ru: string
      address_kk: string
      work_hours: string
      weekly_work_hours: object
    }>(
      database.db,
      sql`select address_ru, address_kk, work_hours, weekly_work_hours from service_points where city_id = 2 and type = 'shop' limit 1`,
    )
    expect(sample?.address_ru).toMatch(/^г\. Астана, /)
    expect(sample?.address_kk).toMatch(/^Астана қ\., /)
    expect(sample?.work_hours).toMatch(/^\d\d:\d\d-\d\d:\d\d$/)
    expect(Object.keys(sample?.weekly_work_hours ?? {})).toHaveLength(7)
  })

  it('has the category tree the store links to, three levels deep, named in Russian and Kazakh', async () => {
    const categories = await rows<{
      slug: string
      path: string
      name_ru: string
      name_kk: string
      level: number
      is_service: boolean
    }>(database.db, sql`select slug, path, name_ru, name_kk, level, is_service from categories`)
    const bySlug = new Map(categories.map((c) => [c.slug, c]))
    for (const slug of [...Object.values(CATEGORY_SLUGS), ...Object.values(CONFIGURATOR_CATEGORY_SLUGS)]) {
      expect(bySlug.get(slug)?.name_ru, slug).toBeTruthy()
      expect(bySlug.get(slug)?.name_kk, slug).toBeTruthy()
    }
    expect(bySlug.get('holodilniki')?.name_kk).toBe('Тоңазытқыштар')
    expect(bySlug.get('smartfony')?.path).toBe('smartfony-i-gadzhety/smartfony')
    expect(bySlug.get('videokarty')?.path).toBe('noutbuki-i-kompyutery/komplektuyushchie-dlya-pk/videokarty')
    expect(Math.max(...categories.map((c) => c.level))).toBeGreaterThanOrEqual(3)
    expect(bySlug.get('rasshirennaya-garantiya')?.is_service).toBe(true)
  })

  it('prices every product in every city and draws it at least once', async () => {
    // On PostgreSQL the test files share this database: leave out the products other tests make and import.
    const seeded = sql`p.uri not like 'test-product-%' and p.uri not like '%-import-%'`
    expect(
      await count(
        database,
        sql`select count(*)::int as n from products p where ${seeded} and (select count(*) from product_prices pp where pp.product_id = p.id) <> 4`,
      ),
    ).toBe(0)
    expect(
      await count(
        database,
        sql`select count(*)::int as n from products p where ${seeded} and not exists (select 1 from images i where i.product_id = p.id)`,
      ),
    ).toBe(0)
    expect(
      await count(database, sql`select count(*)::int as n from images where kind = 'banner'`),
    ).toBeGreaterThan(0)
    expect(
      await count(database, sql`select count(*)::int as n from images where kind = 'category'`),
    ).toBeGreaterThan(0)
  })

  it('offers filters whose options are values the category products carry', async () => {
    const filters = await rows<{
      code: string
      type: string
      options: { value: string; title_ru: string }[] | null
    }>(
      database.db,
      sql`select f.code, f.type, f.options from category_filters f join categories c on c.id = f.category_id where c.slug = 'smartfony' order by f.sort`,
    )
    expect(filters.map((f) => f.code)).toEqual(
      expect.arrayContaining(['brand', 'price', 'memory', 'ram', 'diagonal']),
    )
    const brand = filters.find((f) => f.code === 'brand')
    expect(brand?.options?.length).toBeGreaterThan(0)
    const value = brand?.options?.[0]?.value ?? ''
    expect(
      await count(
        database,
        sql`select count(*)::int as n from products p join categories c on c.id = p.category_id where c.slug = 'smartfony' and p.attributes->>'brand' = ${value}`,
      ),
    ).toBeGreaterThan(0)
  })

  it('has every product type and stock in every state a product page shows', async () => {
    const types = await rows<{ type: string }>(
      database.db,
      sql`select distinct type from products order by type`,
    )
    expect(types.map((t) => t.type)).toEqual([...PRODUCT_TYPES].sort())
    const states = await rows<{ state: string }>(
      database.db,
      sql`
        select distinct case
          when s.rows is null then 'out'
          when s.rows = 1 and s.quantity = 1 and s.showcase = 0 then 'last'
          when s.showcase = s.rows then 'showcase'
          else 'stock' end as state
        from products p cross join cities c
        left join (
          select product_id, city_id, count(*) as rows, sum(quantity) as quantity,
                 count(*) filter (where condition = 'V') as showcase
          from stocks group by product_id, city_id
        ) s on s.product_id = p.id and s.city_id = c.id
        where p.type = 'regular' and not p.is_preorder`,
    )
    expect(states.map((s) => s.state).sort()).toEqual(['last', 'out', 'showcase', 'stock'])
  })

  it('finds the models people search for by their numbers', async () => {
    for (const pattern of ['%RTX 4070%', '%S24 Ultra%', '%Ryzen 7%AM5%']) {
      expect(
        await count(database, sql`select count(*)::int as n from products where title_ru like ${pattern}`),
        pattern,
      ).toBeGreaterThan(0)
    }
  })
})
