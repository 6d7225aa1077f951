import { sql } from 'drizzle-orm'
import type { Db } from '../db/connection'
import type { BenefitConditions, PromotionRuleData } from '../db/schema/cart'
import { CATEGORY_SLUGS } from './categories'
import { insertRows } from './insert-rows'

type Executor = Pick<Db, 'execute'>

/**
 * The benefits a store starts with: promotions, promo codes (spec 9: EUPROMO, TDGIFT), gift cards,
 * cashback, the bonus cap and the partner banks' loan terms. Products are chosen by query (the most
 * popular in stock in Almaty, the cheapest accessories), so any catalogue size the seed makes gets the
 * same kind of offers, and the same catalogue always gets the same ones. Written over its own rows, so
 * running it again changes nothing.
 */

const ALMATY = 1
const SINCE = '2024-01-01T00:00:00+05:00'

/** The codes and cards a journey or a test can rely on. */
export const SEED_PROMO_CODES = {
  percent: 'EUPROMO',
  categoryGift: 'TDGIFT',
  oncePerShopper: 'ONCEPERUSER',
  expired: 'EXPIRED2024',
  notStarted: 'FUTURE2030',
  exhausted: 'SOLDOUT',
} as const
export const SEED_GIFT_CARDS = { ten: 'GIFT10000', empty: 'GIFTEMPTY', expired: 'GIFTEXPIRED' } as const
export const SEED_PROMOTION_IDS = { smartphoneGift: 1, laptopKit: 2, brandGift: 3 } as const

async function ids(db: Executor, query: ReturnType<typeof sql>): Promise<number[]> {
  const result = (await db.execute(query)) as unknown as { rows: { id: number }[] }
  return result.rows.map((r) => Number(r.id))
}

const inStock = sql`exists (select 1 from stocks s where s.product_id = p.id and s.city_id = ${ALMATY} and s.quantity > 0)`

/** The most popular regular products of a category in stock in Almaty. */
const popular = (db: Executor, slug: string, n: number) =>
  ids(
    db,
    sql`select p.id from products p join categories c on c.id = p.category_id
        where c.slug = ${slug} and p.type = 'regular' and ${inStock}
        order by p.popularity desc, p.id limit ${n}`,
  )

/** The cheapest regular products of a category in stock in Almaty: what a shop gives away. */
const cheapest = (db: Executor, slug: string, n: number) =>
  ids(
    db,
    sql`select p.id from products p join categories c on c.id = p.category_id
        join product_prices pp on pp.product_id = p.id and pp.city_id = ${ALMATY}
        where c.slug = ${slug} and p.type = 'regular' and ${inStock}
        order by pp.price, p.id limit ${n}`,
  )

const rule = (
  id: number,
  titleRu: string,
  titleKk: string,
  productIds: number[],
  discount: Pick<PromotionRuleData, 'discountKind' | 'discountValue'> = {
    discountKind: 'percent',
    discountValue: 100,
  },
): PromotionRuleData => ({ id, titleRu, titleKk, productIds, ...discount })

async function promotionRows(db: Executor) {
  // one after another: the seed runs in one transaction, one connection
  const phones = await popular(db, CATEGORY_SLUGS.smartphones, 3)
  const headphones = await cheapest(db, CATEGORY_SLUGS.headphones, 2)
  const laptops = await popular(db, CATEGORY_SLUGS.laptops, 1)
  const storage = await cheapest(db, 'nakopiteli', 1)
  const speakers = await cheapest(db, CATEGORY_SLUGS.speakers, 1)
  const [brand] = await ids(
    db,
    sql`select p.brand_id as id from products p join categories c on c.id = p.category_id
        where c.slug = ${CATEGORY_SLUGS.televisions} and p.brand_id is not null
        group by p.brand_id order by count(*) desc, p.brand_id limit 1`,
  )
  const common = { description_kk: '', city_ids: [], valid_from: SINCE, valid_to: null, is_active: true }
  return [
    ...(phones.length && headphones.length
      ? [
          {
            ...common,
            id: SEED_PROMOTION_IDS.smartphoneGift,
            type: 'gift',
            title_ru: 'Наушники в подарок к смартфону',
            title_kk: 'Смартфонға сыйлыққа құлаққап',
            description_ru: 'Выберите наушники в подарок',
            main_entity_type: 'product',
            main_entity_ids: phones,
            rules: [rule(11, 'Наушники на выбор', 'Таңдау бойынша құлаққап', headphones)],
            is_required: true,
            priority: 10,
          },
        ]
      : []),
    ...(laptops.length && headphones.length && storage.length
      ? [
          {
            ...common,
            id: SEED_PROMOTION_IDS.laptopKit,
            type: 'kit',
            title_ru: 'Комплект к ноутбуку −10%',
            title_kk: 'Ноутбукке жиынтық −10%',
            description_ru: 'Наушники и накопитель к ноутбуку со скидкой 10%',
            main_entity_type: 'product',
            main_entity_ids: laptops,
            rules: [
              rule(21, 'Наушники', 'Құлаққап', headphones.slice(0, 1), {
                discountKind: 'percent',
                discountValue: 10,
              }),
              rule(22, 'Накопитель', 'Жинақтағыш', storage, { discountKind: 'percent', discountValue: 10 }),
            ],
            is_required: false,
            priority: 20,
          },
        ]
      : []),
    ...(brand !== undefined && speakers.length
      ? [
          {
            ...common,
            id: SEED_PROMOTION_IDS.brandGift,
            type: 'gift',
            title_ru: 'Колонка в подарок к технике бренда',
            title_kk: 'Бренд техникасына сыйлыққа колонка',
            description_ru: 'Портативная колонка в подарок',
            main_entity_type: 'brand',
            main_entity_ids: [brand],
            rules: [rule(31, 'Колонка', 'Колонка', speakers)],
            is_required: true,
            priority: 50,
          },
        ]
      : []),
  ]
}

async function promoCodeRows(db: Executor) {
  const [smartphonesRoot] = await ids(
    db,
    sql`select c.parent_id as id from categories c where c.slug = ${CATEGORY_SLUGS.smartphones}`,
  )
  const code = (over: { code: string; value: number } & Record<string, unknown>) => ({
    discount_kind: 'percent',
    rounding: 'floor',
    max_discount: null,
    min_order_sum: 0,
    conditions: {} satisfies BenefitConditions,
    limit_total: null,
    limit_per_user: null,
    valid_from: SINCE,
    valid_to: null,
    is_active: true,
    ...over,
  })
  return [
    code({ code: SEED_PROMO_CODES.percent, value: 10, max_discount: 50_000, min_order_sum: 20_000 }),
    code({
      code: SEED_PROMO_CODES.categoryGift,
      discount_kind: 'fix',
      value: 5_000,
      conditions: smartphonesRoot === undefined ? {} : { categoryIds: [smartphonesRoot] },
    }),
    code({ code: SEED_PROMO_CODES.oncePerShopper, value: 5, limit_per_user: 1 }),
    code({ code: SEED_PROMO_CODES.expired, value: 15, valid_to: '2024-12-31T23:59:59+05:00' }),
    code({ code: SEED_PROMO_CODES.notStarted, value: 15, valid_from: '2030-01-01T00:00:00+05:00' }),
    code({ code: SEED_PROMO_CODES.exhausted, discount_kind: 'fix', value: 3_000, limit_total: 2 }),
  ]
}

async function cashbackRows(db: Executor) {
  const [brand] = await ids(
    db,
    sql`select p.brand_id as id from products p join categories c on c.id = p.category_id
        where c.slug = ${CATEGORY_SLUGS.headphones} and p.brand_id is not null
        group by p.brand_id order by count(*) desc, p.brand_id limit 1`,
  )
  if (brand === undefined) return []
  return [
    {
      id: 1,
      percent: 5,
      conditions: { brandIds: [brand] },
      valid_from: SINCE,
      valid_to: null,
      is_active: true,
    },
  ]
}

/**
 * Whether the seed's benefits were written: the bonus cap is there once they were. (The loan terms are
 * the loan broker's banks' products, written by their migration.)
 */
export async function hasBenefits(db: Executor): Promise<boolean> {
  const result = (await db.execute(
    sql`select exists (select 1 from benefit_settings where key = 'bonus_max_percent') as found`,
  )) as unknown as {
    rows: { found: boolean }[]
  }
  return result.rows[0]?.found === true
}

/** Writes (or writes again) the seed's benefits; the catalogue must be written already. */
export async function writeBenefits(db: Executor): Promise<void> {
  const promotions = await promotionRows(db)
  const codes = await promoCodeRows(db)
  const cashback = await cashbackRows(db)
  const giftCards = [
    { code: SEED_GIFT_CARDS.ten, initial_amount: 10_000, balance: 10_000, valid_to: null, is_active: true },
    { code: SEED_GIFT_CARDS.empty, initial_amount: 5_000, balance: 0, valid_to: null, is_active: true },
    {
      code: SEED_GIFT_CARDS.expired,
      initial_amount: 5_000,
      balance: 5_000,
      valid_to: '2024-12-31T23:59:59+05:00',
      is_active: true,
    },
  ]
  const list = (values: (string | number)[]) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )
  const promotionIds = Object.values(SEED_PROMOTION_IDS)
  await db.execute(sql`delete from promotions where id in (${list(promotionIds)})`)
  await db.execute(sql`delete from promo_code_rules where code in (${list(codes.map((c) => c.code))})`)
  await db.execute(
    sql`delete from promo_code_redemptions where code = ${SEED_PROMO_CODES.exhausted} and order_id is null`,
  )
  await db.execute(sql`delete from gift_cards where code in (${list(giftCards.map((c) => c.code))})`)
  await db.execute(sql`delete from cashback_rules where id = 1`)
  await db.execute(sql`delete from benefit_settings where key = 'bonus_max_percent'`)

  await insertRows(db, 'promotions', promotions)
  await insertRows(db, 'promo_code_rules', codes)
  // the exhausted code's limit of 2 is already used up, by orders before the seed's time
  await insertRows(db, 'promo_code_redemptions', [
    {
      id: '00000000-0000-4000-8000-00000000a001',
      code: SEED_PROMO_CODES.exhausted,
      user_id: null,
      order_id: null,
      created_at: SINCE,
    },
    {
      id: '00000000-0000-4000-8000-00000000a002',
      code: SEED_PROMO_CODES.exhausted,
      user_id: null,
      order_id: null,
      created_at: SINCE,
    },
  ])
  await insertRows(
    db,
    'gift_cards',
    giftCards.map((c) => ({ ...c, created_at: SINCE })),
  )
  await insertRows(db, 'cashback_rules', cashback)
  await insertRows(db, 'benefit_settings', [{ key: 'bonus_max_percent', value: 30 }])
}
