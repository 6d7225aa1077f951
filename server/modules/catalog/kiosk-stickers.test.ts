import { randomInt } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Product, ProductListResponse } from '../../../contract/catalog'
import type { Database } from '../../db/connection'
import { products, promotions } from '../../db/schema'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'
import { makeProduct, type TestProduct } from '../../test/products'

let app: App
let database: Database
const promotionIds: number[] = []

beforeAll(async () => {
  ;({ app, database } = await testApp())
})

afterAll(async () => {
  if (promotionIds.length > 0)
    await database.db.delete(promotions).where(inArray(promotions.id, promotionIds))
})

/** A promotion of this test's own on one product, on an id no other test takes. */
async function promote(
  product: TestProduct,
  over: Partial<typeof promotions.$inferInsert> = {},
): Promise<number> {
  const id = 2_000_000 + randomInt(0, 1_000_000)
  promotionIds.push(id)
  await database.db.insert(promotions).values({
    id,
    type: 'gift',
    titleRu: 'Тест',
    titleKk: 'Тест',
    mainEntityType: 'product',
    mainEntityIds: [product.id],
    rules: [],
    validFrom: new Date('2020-01-01'),
    ...over,
  })
  return id
}

async function stickers(product: TestProduct, city = 1, lang: 'ru' | 'kk' = 'ru') {
  const res = await app.inject({
    url: `/katalog/api/v1/products/${product.sku}?city_id=${city}`,
    headers: { 'accept-language': lang },
  })
  expect(res.statusCode, res.body).toBe(200)
  return Product.parse(res.json()).stickers
}

const codes = async (product: TestProduct, city = 1) => (await stickers(product, city)).map((s) => s.code)

describe('kiosk stickers on cards', () => {
  it('gives each product the stickers its data says, in the shopper’s city', async () => {
    const plain = await makeProduct(database.db, { stock: { 1: 5 } })
    const gift = await makeProduct(database.db, { stock: { 1: 5, 2: 5 } })
    const kit = await makeProduct(database.db, { stock: { 1: 5 } })
    const both = await makeProduct(database.db, { stock: { 1: 5 } })
    const prepay = await makeProduct(database.db, { stock: { 1: 5 } })
    const preorder = await makeProduct(database.db, { stock: {} })
    const showcase = await makeProduct(database.db, { stock: { 1: 1 }, showcase: { 1: 1 } })
    const out = await makeProduct(database.db, { stock: { 2: 3 } })
    const ended = await makeProduct(database.db, { stock: { 1: 5 } })

    await promote(gift, { cityIds: [1] })
    await promote(kit, { type: 'kit', isRequired: false })
    // the lower priority wins the line, so its sticker is the one shown
    await promote(both, { type: 'gift', priority: 50 })
    await promote(both, { type: 'kit', priority: 10 })
    await promote(ended, { validTo: new Date('2021-01-01') })
    await promote(out)
    await database.db.update(products).set({ onlyPrepayment: true }).where(eq(products.id, prepay.id))
    await database.db.update(products).set({ isPreorder: true }).where(eq(products.id, preorder.id))
    await app.catalog.refresh()

    expect(await codes(plain)).toEqual([])
    expect(await codes(gift)).toEqual(['gift'])
    // the promotion runs in Almaty only
    expect(await codes(gift, 2)).toEqual([])
    expect(await codes(kit)).toEqual(['kit'])
    expect(await codes(both)).toEqual(['kit'])
    expect(await codes(ended)).toEqual([])
    expect(await codes(prepay)).toEqual(['prepay'])
    expect(await codes(preorder)).toEqual(['preorder'])
    expect(await codes(showcase)).toEqual(['showcase'])
    // no gift with what cannot be bought in the city
    expect(await codes(out)).toEqual(['out_of_stock'])
    expect(await codes(out, 2)).toEqual(['gift'])

    const [kk] = await stickers(gift, 1, 'kk')
    expect(kk).toMatchObject({ code: 'gift', text: 'Сыйлық' })
    expect(kk?.background_color).toMatch(/^#[0-9a-f]{6}$/)
  })

  it('shows them in the category listing, from the index', async () => {
    const gift = await makeProduct(database.db, { stock: { 1: 5 } })
    await promote(gift)
    await app.catalog.refresh()
    const res = await app.inject({
      url: '/katalog/api/v2/products/category/igrovye-pristavki?city_id=1&sorting=new&limit=100',
    })
    expect(res.statusCode).toBe(200)
    const card = ProductListResponse.parse(res.json()).payload.find((p) => p.id === gift.id)
    expect(card?.stickers.map((s) => s.code)).toEqual(['gift'])
    expect(card?.promotion_types).toContain('gift')
    expect(card?.has_promotions).toBe(true)
  })

  it('follows a promotion switched off: its change rebuilds the index', async () => {
    const product = await makeProduct(database.db, { stock: { 1: 5 } })
    const id = await promote(product)
    await app.catalog.refresh()
    expect(await codes(product)).toEqual(['gift'])
    await database.db.update(promotions).set({ isActive: false }).where(eq(promotions.id, id))
    await app.catalog.refresh()
    expect(await codes(product)).toEqual([])
  })
})
