import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { NOTIFICATIONS_V1, NotificationList } from '../../../contract/notifications'
import { WISHLIST_V1 } from '../../../contract/wishlist'
import type { Database } from '../../db/connection'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'
import { signInTestUser, type TestUser } from '../../test/auth'
import { makeProduct, type TestProduct } from '../../test/products'

let app: App
let database: Database

beforeAll(async () => {
  ;({ app, database } = await testApp())
})

async function wishing(stock: number): Promise<{ user: TestUser; product: TestProduct }> {
  const product = await makeProduct(database.db, { prices: { 1: 50_000 }, stock: { 1: stock } })
  await app.catalog.refresh()
  const user = await signInTestUser(app, { kind: 'fast' })
  const res = await app.inject({
    method: 'POST',
    url: `${WISHLIST_V1}/products`,
    payload: { sku: product.sku, city_id: 1 },
    headers: user.headers,
  })
  expect(res.statusCode, res.body).toBe(200)
  return { user, product }
}

async function notes(user: TestUser, lang: 'ru' | 'kk' = 'ru') {
  const res = await app.inject({
    url: `${NOTIFICATIONS_V1}/notes`,
    headers: { ...user.headers, 'accept-language': lang },
  })
  expect(res.statusCode, res.body).toBe(200)
  return NotificationList.parse(res.json()).notes
}

async function setPrice(product: TestProduct, price: number) {
  await database.db.execute(
    sql`update product_prices set price = ${price} where product_id = ${product.id} and city_id = 1`,
  )
  await app.catalog.refresh()
}

async function setStock(product: TestProduct, quantity: number) {
  await database.db.execute(
    sql`update stocks set quantity = ${quantity} where product_id = ${product.id} and city_id = 1`,
  )
  await app.catalog.refresh()
}

describe('the wishlist watch', () => {
  it('tells the shopper once that a product in their list got cheaper in their city, not that it got dearer', async () => {
    const { user, product } = await wishing(3)
    await app.wishlist.watch()
    expect(await notes(user)).toEqual([])
    const index = await app.catalog.index()
    await setPrice(product, 45_000)
    // the price is written into the index in place: the watch sees it without a rebuild
    expect(await app.catalog.index()).toBe(index)
    await app.wishlist.watch()
    await app.wishlist.watch()
    const told = await notes(user)
    expect(told).toHaveLength(1)
    expect(told[0]).toMatchObject({
      kind: 'wishlist_price_drop',
      payload: { sku: product.sku, oldPrice: 50_000, price: 45_000, cityId: 1 },
    })
    // told in the shopper's language, the product named as the catalogue names it there
    expect((await notes(user, 'kk'))[0]!.text).toContain(`Сынақ тауары ${product.sku}`)
    expect(told[0]!.text).toContain(`Тестовый товар ${product.sku}`)
    await setPrice(product, 47_000)
    await app.wishlist.watch()
    expect(await notes(user)).toHaveLength(1)
    // the next drop is measured from the price the shopper last saw
    await setPrice(product, 46_000)
    await app.wishlist.watch()
    const again = await notes(user)
    expect(again).toHaveLength(2)
    expect(again[0]).toMatchObject({ payload: { oldPrice: 47_000, price: 46_000 } })
  })

  it('tells the shopper once that a product they wished while it was sold out is back in stock', async () => {
    const { user, product } = await wishing(0)
    await app.wishlist.watch()
    expect(await notes(user)).toEqual([])
    await setStock(product, 2)
    await app.wishlist.watch()
    await app.wishlist.watch()
    const told = await notes(user)
    expect(told).toHaveLength(1)
    expect(told[0]).toMatchObject({ kind: 'wishlist_back_in_stock', payload: { sku: product.sku } })
  })

  it('tells each shopper once when two watches run at once', async () => {
    const { user, product } = await wishing(1)
    await setPrice(product, 40_000)
    await Promise.all([app.wishlist.watch(), app.wishlist.watch()])
    expect((await notes(user)).filter((n) => n.kind === 'wishlist_price_drop')).toHaveLength(1)
  })
})
