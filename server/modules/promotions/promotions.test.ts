import { randomInt } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { ProductPromotions, PromotionDetail, PromotionSummary } from '../../../contract/cart'
import { ErrorBody } from '../../../contract/common'
import { CART_ERROR_KEYS } from '../../../contract/values/cart'
import type { Database } from '../../db/connection'
import { rows } from '../../db/rows'
import { promotions } from '../../db/schema/cart'
import type { App } from '../../http/types'
import { SEED_PROMOTION_IDS } from '../../seed/benefits'
import { testApp } from '../../test/app'

let app: App
let database: Database
let phoneSku: string
let giftSkus: string[]

const skuOf = async (id: number) =>
  (await rows<{ sku: string }>(database.db, sql`select sku from products where id = ${id}`))[0]?.sku ?? ''

beforeAll(async () => {
  ;({ app, database } = await testApp())
  const [gift] = await rows<{ main_entity_ids: number[]; rules: { productIds: number[] }[] }>(
    database.db,
    sql`select main_entity_ids, rules from promotions where id = ${SEED_PROMOTION_IDS.smartphoneGift}`,
  )
  phoneSku = await skuOf(gift?.main_entity_ids[0] ?? 0)
  giftSkus = await Promise.all((gift?.rules[0]?.productIds ?? []).map(skuOf))
})

/** A promotion of this test's own, on an id no other test takes. */
async function insertPromotion(over: Partial<typeof promotions.$inferInsert> = {}) {
  const id = 100_000 + randomInt(0, 1_000_000)
  await database.db.insert(promotions).values({
    id,
    type: 'gift',
    titleRu: 'Тест',
    titleKk: 'Тест',
    mainEntityType: 'product',
    mainEntityIds: [],
    rules: [],
    validFrom: new Date('2020-01-01'),
    ...over,
  })
  return id
}

describe('GET /pms/api/v1/promotions', () => {
  it('lists the promotions running in the city', async () => {
    const res = await app.inject({ url: '/pms/api/v1/promotions?city_id=1' })
    expect(res.statusCode).toBe(200)
    const list = PromotionSummary.array().parse(res.json())
    expect(list.map((p) => p.id)).toEqual(expect.arrayContaining(Object.values(SEED_PROMOTION_IDS)))
    expect(list.find((p) => p.id === SEED_PROMOTION_IDS.laptopKit)).toMatchObject({
      type: 'kit',
      mainEntityType: 'product',
      title: 'Комплект к ноутбуку −10%',
    })
  })

  it('leaves out promotions of other cities, ended, not started and switched off', async () => {
    const elsewhere = await insertPromotion({ cityIds: [2] })
    const ended = await insertPromotion({ validTo: new Date('2021-01-01') })
    const later = await insertPromotion({ validFrom: new Date('2099-01-01') })
    const off = await insertPromotion({ isActive: false })
    const ids = async (city: number) =>
      PromotionSummary.array()
        .parse((await app.inject({ url: `/pms/api/v1/promotions?city_id=${city}` })).json())
        .map((p) => p.id)
    const inAlmaty = await ids(1)
    for (const id of [elsewhere, ended, later, off]) expect(inAlmaty).not.toContain(id)
    expect(await ids(2)).toContain(elsewhere)
  })
})

describe('GET /pms/api/v1/promotions/{id}', () => {
  it('answers the rules with their products and the products it is for, in Kazakh when asked', async () => {
    const res = await app.inject({
      url: `/pms/api/v1/promotions/${SEED_PROMOTION_IDS.smartphoneGift}?city_id=1`,
      headers: { 'accept-language': 'kk' },
    })
    expect(res.statusCode).toBe(200)
    const detail = PromotionDetail.parse(res.json())
    expect(detail.title).toBe('Смартфонға сыйлыққа құлаққап')
    expect(detail.rules[0]?.products.map((p) => [p.sku, p.promoPrice, p.isAvailable])).toEqual(
      giftSkus.map((sku) => [sku, 0, true]),
    )
    expect(detail.products.map((p) => p.sku)).toContain(phoneSku)
    expect(detail.products.every((p) => p.promoPrice === p.price)).toBe(true)
    // image ids, as products carry everywhere: the client builds the address in the size it shows
    const images = [...detail.rules[0]!.products, ...detail.products].flatMap((p) => p.images)
    expect(images.length).toBeGreaterThan(0)
    expect(images.every((id) => /^[A-Za-z0-9_-]+$/.test(id))).toBe(true)
  })

  it('prices a kit part at its discount', async () => {
    const res = await app.inject({ url: `/pms/api/v1/promotions/${SEED_PROMOTION_IDS.laptopKit}?city_id=1` })
    const detail = PromotionDetail.parse(res.json())
    for (const product of detail.rules.flatMap((r) => r.products))
      expect(product.promoPrice).toBe(product.price - Math.floor(product.price / 10))
  })

  it('answers 404 for an unknown or switched-off promotion, and 400 for a malformed id', async () => {
    const off = await insertPromotion({ isActive: false })
    for (const id of [off, 999_999_999]) {
      const res = await app.inject({ url: `/pms/api/v1/promotions/${id}?city_id=1` })
      expect(res.statusCode).toBe(404)
      expect(ErrorBody.parse(res.json()).error.message).toBe(CART_ERROR_KEYS.promotionNotFound)
    }
    expect((await app.inject({ url: '/pms/api/v1/promotions/abc' })).statusCode).toBe(400)
  })
})

describe('POST /checkout/api/v1/promotions', () => {
  it('answers the promotions the products qualify for, with the first gift chosen', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/checkout/api/v1/promotions',
      payload: { city_id: 1, products: [{ sku: phoneSku, quantity: 2 }] },
    })
    expect(res.statusCode).toBe(200)
    const [promotion, ...others] = ProductPromotions.parse(res.json())
    expect(others).toEqual([])
    expect(promotion).toMatchObject({
      promoId: SEED_PROMOTION_IDS.smartphoneGift,
      type: 'gift',
      referenceProductSku: phoneSku,
      isApplied: true,
      hasBenefitProducts: true,
    })
    expect(promotion?.result.products.map((p) => [p.sku, p.promoPrice, p.isChosen])).toEqual([
      [giftSkus[0], 0, true],
    ])
    expect(promotion?.economy).toBe(promotion?.result.products[0]?.price)
  })

  it('answers an empty list for products without promotions', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/checkout/api/v1/promotions',
      payload: { city_id: 1, products: [{ sku: giftSkus[0] }] },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual([])
  })

  it('refuses an unknown sku (404) and a malformed request (400)', async () => {
    const unknown = await app.inject({
      method: 'POST',
      url: '/checkout/api/v1/promotions',
      payload: { city_id: 1, products: [{ sku: '99999999999' }] },
    })
    expect(unknown.statusCode).toBe(404)
    expect(ErrorBody.parse(unknown.json()).error.message).toBe(CART_ERROR_KEYS.productNotFound)
    const malformed = await app.inject({
      method: 'POST',
      url: '/checkout/api/v1/promotions',
      payload: { city_id: 1, products: [] },
    })
    expect(malformed.statusCode).toBe(400)
  })
})
