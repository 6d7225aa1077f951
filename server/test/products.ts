import { randomInt } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { ProductType } from '../../contract/catalog'
import type { Db } from '../db/connection'
import { rows } from '../db/rows'

/**
 * The test products join a small leaf category that no other test counts: on PostgreSQL every test file
 * shares one database, and the menu's and listings' counts of other categories must not move.
 */
const TEST_CATEGORY = 'igrovye-pristavki'

export interface TestProductOptions {
  type?: ProductType
  /** Price per city id; a city left out gets the first price given. */
  prices?: Partial<Record<number, number>>
  oldPrice?: number
  /** New ('N') stock per city id. */
  stock?: Partial<Record<number, number>>
  /** Showcase ('V') stock per city id. */
  showcase?: Partial<Record<number, number>>
  referenceProductId?: number
}

export interface TestProduct {
  id: number
  sku: string
}

/**
 * A product of the test's own, so a test owns its stock and prices and never races another test file
 * over the shared seed. Skus start with 9 and are longer than the seed's. No brand, so the seed's brand-wide
 * gifts and cashback leave its sums alone.
 */
export async function makeProduct(db: Db, opts: TestProductOptions = {}): Promise<TestProduct> {
  const sku = `9${String(randomInt(0, 1e9)).padStart(9, '0')}${randomInt(10, 99)}`
  // Every city gets a price, as every seeded product has: the seed's own checks run on the same database.
  const given = opts.prices ?? { 1: 10_000, 2: 11_000, 3: 12_000, 4: 13_000 }
  const fallback = Object.values(given)[0] ?? 10_000
  const prices = Object.fromEntries([1, 2, 3, 4].map((city) => [city, given[city] ?? fallback]))
  const [row] = await rows<{ id: number; category_id: number }>(
    db,
    sql`insert into products (sku, uri, type, category_id, brand_id, title_ru, title_kk, model, variant_group,
                              short_description, description_ru, description_kk, attributes, spec_groups,
                              reference_product_id, created_at)
        select ${sku}, ${`test-product-${sku}`}, ${opts.type ?? 'regular'}, category_id, null,
               ${`Тестовый товар ${sku}`}, ${`Сынақ тауары ${sku}`}, 'Test', ${`test-${sku}`},
               '[]'::jsonb, '', '', '{}'::jsonb, '[]'::jsonb, ${opts.referenceProductId ?? null}, now()
        from products
        where type = 'regular' and category_id = (select id from categories where slug = ${TEST_CATEGORY})
        order by id limit 1
        returning id, category_id`,
  )
  const id = row!.id
  for (const [city, price] of Object.entries(prices))
    await db.execute(
      sql`insert into product_prices (product_id, city_id, price, old_price, price_usd)
          values (${id}, ${Number(city)}, ${price}, ${opts.oldPrice ?? null}, ${(price! / 500).toFixed(2)})`,
    )
  for (const [condition, perCity] of [
    ['N', opts.stock ?? { 1: 10 }],
    ['V', opts.showcase ?? {}],
  ] as const)
    for (const [city, quantity] of Object.entries(perCity))
      await db.execute(
        sql`insert into stocks (product_id, city_id, service_point_id, condition, quantity, pickup_time)
            select ${id}, ${Number(city)}, id, ${condition}, ${quantity}, 24
            from service_points where city_id = ${Number(city)} order by id limit 1`,
      )
  await db.execute(
    sql`insert into images (id, product_id, position, kind, color, label)
        values (${`p${id}-0`}, ${id}, 0, 'smartphone', '#000000', 'test')`,
  )
  return { id, sku }
}
