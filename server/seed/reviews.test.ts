import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../db/connection'
import { rows } from '../db/rows'
import { testDatabase } from '../test/app'
import { TEST_SEED_PRODUCTS } from '../test/database'

let db: Db

beforeAll(async () => {
  db = (await testDatabase()).db
})

describe('seeded reviews', () => {
  it('are as many as the products, in Russian and Kazakh, mostly approved, some with photos and reactions', async () => {
    const [row] = await rows<{ n: number; kk: number; approved: number; photos: number; reacted: number }>(
      db,
      sql`select count(*)::int as n, count(*) filter (where lang = 'kk')::int as kk,
                 count(*) filter (where status = 'APPROVED')::int as approved,
                 count(*) filter (where has_media)::int as photos,
                 count(*) filter (where likes + dislikes > 0)::int as reacted
          from reviews r join users u on u.id = r.user_id where u.tdid like 'seed-reviewer-%'`,
    )
    expect(row!.n).toBe(TEST_SEED_PRODUCTS)
    expect(row!.kk).toBeGreaterThan(row!.n * 0.1)
    expect(row!.approved).toBeGreaterThan(row!.n * 0.85)
    expect(row!.photos).toBeGreaterThan(0)
    expect(row!.reacted).toBeGreaterThan(0)
  })

  it('keep their counts consistent: reactions with the rows, the summary with the reviews, products with the summary', async () => {
    const [off] = await rows<{ reactions: number; stats: number; products: number }>(
      db,
      sql`select
            (select count(*)::int from reviews r where r.id <= (select max(id) from reviews) and
               (r.likes, r.dislikes) <> ((select count(*) from review_reactions x where x.review_id = r.id and x.type = 'LIKE'),
                                         (select count(*) from review_reactions x where x.review_id = r.id and x.type = 'DISLIKE'))) as reactions,
            (select count(*)::int from review_product_stats s where s.count <>
               (select count(*) from reviews r where r.product_id = s.product_id and r.status = 'APPROVED')) as stats,
            (select count(*)::int from products p join review_product_stats s on s.product_id = p.id
               where s.synced and p.review_count <> s.count) as products`,
    )
    expect(off).toEqual({ reactions: 0, stats: 0, products: 0 })
  })
})
