import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../db/connection'
import { rows } from '../db/rows'
import { testDatabase } from '../test/app'
import { SEED_GIFT_CARDS, SEED_PROMO_CODES, SEED_PROMOTION_IDS, writeBenefits } from './benefits'
import { MIN_SEED_PRODUCTS } from './generate'
import { seedCatalog, seedIfEmpty } from './seed-if-empty'

let database: Database

beforeAll(async () => {
  database = await testDatabase()
})

const snapshot = async () => ({
  promotions: await rows(database.db, sql`select * from promotions where id <= 3 order by id`),
  codes: await rows(database.db, sql`select code, value from promo_code_rules order by code`),
  redemptions: await rows(
    database.db,
    sql`select id from promo_code_redemptions where code = 'SOLDOUT' order by id`,
  ),
  cards: await rows(
    database.db,
    sql`select code, balance from gift_cards where code like 'GIFT%' order by code`,
  ),
  cashback: await rows(database.db, sql`select id, percent from cashback_rules where id = 1`),
})

describe('the seed of the benefits', () => {
  it('writes the promotions on products that are in stock in Almaty', async () => {
    const promotions = await rows<{
      id: number
      type: string
      main_entity_ids: number[]
      rules: { productIds: number[] }[]
    }>(
      database.db,
      sql`select id, type, main_entity_ids, rules from promotions where id in (1, 2, 3) order by id`,
    )
    expect(promotions.map((p) => [p.id, p.type])).toEqual([
      [SEED_PROMOTION_IDS.smartphoneGift, 'gift'],
      [SEED_PROMOTION_IDS.laptopKit, 'kit'],
      [SEED_PROMOTION_IDS.brandGift, 'gift'],
    ])
    expect(promotions[0]?.rules[0]?.productIds).toHaveLength(2)
    expect(promotions[1]?.rules).toHaveLength(2)
    const offered = promotions.flatMap((p) => p.rules.flatMap((r) => r.productIds))
    const [stocked] = await rows<{ n: number }>(
      database.db,
      sql`select count(distinct product_id)::int as n from stocks
          where city_id = 1 and quantity > 0 and product_id in (${sql.join(
            offered.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    )
    expect(stocked?.n).toBe(new Set(offered).size)
  })

  it('writes the promo codes, gift cards, cashback and bonus cap of spec 9', async () => {
    const codes = await rows<{ code: string }>(database.db, sql`select code from promo_code_rules`)
    expect(codes.map((c) => c.code)).toEqual(expect.arrayContaining(Object.values(SEED_PROMO_CODES)))
    const cards = await rows<{ code: string }>(database.db, sql`select code from gift_cards`)
    expect(cards.map((c) => c.code)).toEqual(expect.arrayContaining(Object.values(SEED_GIFT_CARDS)))
    const [setting] = await rows<{ value: number }>(
      database.db,
      sql`select value from benefit_settings where key = 'bonus_max_percent'`,
    )
    expect(setting?.value).toBe(30)
  })

  it('changes nothing when written again', async () => {
    const before = await snapshot()
    await database.db.transaction((tx) => writeBenefits(tx))
    expect(await snapshot()).toEqual(before)
  })
})

describe('the benefits of the smallest catalogue, and of one seeded before them', () => {
  it('seeds them with a catalogue of the minimum size, and once into a catalogue that lacks them', async () => {
    const small = await openDatabase({ memory: true })
    try {
      await small.migrate()
      await seedCatalog(small, { products: MIN_SEED_PRODUCTS })
      const count = async (table: string) =>
        (await rows<{ n: number }>(small.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]
          ?.n
      expect(await count('promo_code_rules')).toBe(Object.keys(SEED_PROMO_CODES).length)
      expect(await count('promotions')).toBeGreaterThan(0)
      await small.db.execute(sql`delete from benefit_settings`)
      await small.db.execute(sql`delete from promotions`)
      expect(await seedIfEmpty(small, { products: MIN_SEED_PRODUCTS })).toBe(false)
      expect(await count('benefit_settings')).toBe(1)
      expect(await count('promotions')).toBeGreaterThan(0)
    } finally {
      await small.close()
    }
  })
})
