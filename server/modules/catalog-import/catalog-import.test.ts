import { randomInt } from 'node:crypto'
import { Readable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN_CATALOG_V1,
  AdminProduct,
  AdminProductHits,
  ImportView,
  type ImportFormat,
} from '../../../contract/catalog-import'
import { ProductListResponse } from '../../../contract/catalog'
import { SearchResponse } from '../../../contract/search'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import { HttpError } from '../../http/errors'
import { listAudit } from '../audit'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'
import { signInTestUser } from '../../test/auth'
import { signInTestStaff } from '../../test/staff'
import { makeProduct, type TestProduct } from '../../test/products'

let app: App
let db: Db
/** An active shop of each city (the test products keep their stock at the first one). */
const shops = new Map<number, number[]>()

beforeAll(async () => {
  const built = await testApp()
  app = built.app
  db = built.database.db
  const points = await rows<{ id: number; city_id: number }>(
    db,
    sql`select id, city_id from service_points where is_active and type = 'shop' order by id`,
  )
  for (const p of points) shops.set(p.city_id, [...(shops.get(p.city_id) ?? []), p.id])
})

const actor = { kind: 'system' as const, id: 'catalog-import.test' }
const shop = (city: number, n = 0) => shops.get(city)![n]!

/** Sends a file as the back office would and waits for it to be applied. */
async function importFile(text: string, format: ImportFormat = 'csv'): Promise<ImportView> {
  const staged = await app.catalogImports.receive(Readable.from([Buffer.from(text)]), format, actor)
  await app.catalogImports.drain()
  return app.catalogImports.view(staged.id, 0, 500)
}

async function priceOf(product: TestProduct, city: number) {
  const [row] = await rows<{ price: number; old_price: number | null; discount: number }>(
    db,
    sql`select price, old_price, discount from product_prices where product_id = ${product.id} and city_id = ${city}`,
  )
  return row
}

async function stockAt(product: TestProduct, point: number, condition = 'N') {
  const [row] = await rows<{ quantity: number }>(
    db,
    sql`select quantity from stocks where product_id = ${product.id} and service_point_id = ${point}
        and condition = ${condition}`,
  )
  return row?.quantity ?? null
}

/** An order that holds `units` of the product at the point, as a checkout leaves it. */
async function holdUnits(product: TestProduct, point: number, units: number, status = 'ASSEMBLING') {
  const buyer = await signInTestUser(app)
  const [order] = await rows<{ id: string }>(
    db,
    sql`insert into orders (number, user_id, city_id, status, total, delivery_type)
        values (${`CI-${product.sku}-${randomInt(1e6)}`}, ${buyer.userId}, 1, ${status}, 10000, 'PICKUP')
        returning id`,
  )
  await db.execute(
    sql`insert into order_reservations (order_id, product_id, city_id, service_point_id, condition, quantity)
        values (${order!.id}, ${product.id}, 1, ${point}, 'N', ${units})`,
  )
  await db.execute(
    sql`update stocks set quantity = quantity - ${units}
        where product_id = ${product.id} and service_point_id = ${point} and condition = 'N'`,
  )
  return order!.id
}

describe('catalogue import: rows checked one by one', () => {
  it('applies the good rows and reports each rejected one with its row, field and reason', async () => {
    const a = await makeProduct(db, { prices: { 1: 10_000 } })
    const csv = [
      'sku,city_id,price,old_price,point_id,stock',
      `${a.sku},1,12990,15990,,`,
      `${a.sku},7,12990,,,`,
      `${a.sku},2,abc,,,`,
      `${a.sku},3,20000,19000,,`,
      `,1,1000,,,`,
      `999999999999999,1,1000,,,`,
      `${a.sku},1,,,${shop(2)},5`,
      `${a.sku},1,,,,5`,
      `${a.sku},,,,,`,
      `${a.sku},4,14990,,,`,
    ].join('\n')
    const report = await importFile(csv)
    expect(report.status).toBe('done')
    expect(report.rows).toEqual({ total: 10, rejected: 8 })
    expect(report.changes.prices).toBe(2)
    const reasons = report.rejections.map((r) => [r.row, r.field, r.reason])
    expect(reasons).toEqual([
      [3, 'city_id', 'bad_value'],
      [4, 'price', 'not_integer'],
      [5, 'old_price', 'old_price_not_above_price'],
      [6, 'sku', 'required'],
      [7, 'sku', 'unknown_product'],
      [8, 'point_id', 'unknown_point'],
      [9, 'point_id', 'required'],
      [10, 'row', 'nothing_to_import'],
    ])
    expect(report.rejections[1]!.value).toBe('abc')
    expect(await priceOf(a, 1)).toEqual({ price: 12_990, old_price: 15_990, discount: 19 })
    expect((await priceOf(a, 4))!.price).toBe(14_990)
    expect((await priceOf(a, 2))!.price).toBe(10_000)
  })

  it('reads JSON, an array of row objects, with the same checks', async () => {
    const a = await makeProduct(db)
    const report = await importFile(
      JSON.stringify([
        { sku: a.sku, city_id: 1, price: 9990 },
        { sku: a.sku, city_id: 1, price: -5 },
        { sku: a.sku, city_id: 1, prise: 100 },
        'not a row',
        { sku: a.sku, city_id: 1, point_id: shop(1), stock: 7 },
      ]),
      'json',
    )
    expect(report.rejections.map((r) => [r.row, r.field, r.reason])).toEqual([
      [2, 'price', 'out_of_range'],
      [3, 'row', 'unknown_column'],
      [4, 'row', 'unreadable'],
    ])
    expect((await priceOf(a, 1))!.price).toBe(9990)
    expect(await stockAt(a, shop(1))).toBe(7)
  })

  it('refuses a file it cannot read with 422 and applies nothing of it', async () => {
    const a = await makeProduct(db, { prices: { 1: 10_000 } })
    await expect(importFile(`sku,city_id,prise\n${a.sku},1,500\n`)).rejects.toMatchObject({
      statusCode: 422,
      details: { columns: ['prise'] },
    })
    await expect(importFile(`[{"sku":"${a.sku}","city_id":1,"price":500},{`, 'json')).rejects.toBeInstanceOf(
      HttpError,
    )
    await expect(importFile('')).rejects.toMatchObject({ statusCode: 422 })
    expect((await priceOf(a, 1))!.price).toBe(10_000)
  })

  it('creates a product from a row with a title and a category, and updates named fields of one', async () => {
    const sku = `8${randomInt(1e9, 9e9)}`
    const existing = await makeProduct(db)
    const report = await importFile(
      [
        'sku,title_ru,title_kk,category,brand,city_id,price,point_id,stock',
        `${sku},Игровая приставка Импорт ${sku},Ойын приставкасы ${sku},igrovye-pristavki,,1,25990,${shop(1)},3`,
        `${existing.sku},Новое имя ${existing.sku},,,,,,,`,
        `${existing.sku},,,no-such-category,,,,,`,
        `${existing.sku},,,,no-such-brand,,,,`,
      ].join('\n'),
    )
    expect(report.changes).toMatchObject({ products_created: 1, products_updated: 1, prices: 1, stocks: 1 })
    expect(report.rejections.map((r) => [r.row, r.field, r.reason])).toEqual([
      [4, 'category', 'unknown_category'],
      [5, 'brand', 'unknown_brand'],
    ])
    const [made] = await rows<{ uri: string; title_kk: string }>(
      db,
      sql`select uri, title_kk from products where sku = ${sku}`,
    )
    expect(made).toEqual({
      uri: `igrovaya-pristavka-import-${sku}-${sku}`,
      title_kk: `Ойын приставкасы ${sku}`,
    })
    const [renamed] = await rows<{ title_ru: string }>(
      db,
      sql`select title_ru from products where id = ${existing.id}`,
    )
    expect(renamed!.title_ru).toBe(`Новое имя ${existing.sku}`)
  })
})

describe('catalogue import: the same file twice', () => {
  it('changes nothing the second time and names the first import', async () => {
    const a = await makeProduct(db, { stock: { 1: 2 } })
    const csv = `sku,city_id,price,point_id,stock\n${a.sku},1,31990,${shop(1)},9\n${a.sku},2,32990,,\n`
    const first = await importFile(csv)
    expect(first.changes).toMatchObject({ prices: 2, stocks: 1 })
    const versions = await rows<{ v: number }>(db, sql`select version::int as v from catalog_version`)
    const priceChangesOf = () =>
      rows<{ n: number }>(db, sql`select count(*)::int as n from price_changes where product_id = ${a.id}`)
    const recorded = await priceChangesOf()
    const second = await importFile(csv)
    expect(second.same_as).toBe(first.id)
    expect(second.content_hash).toBe(first.content_hash)
    expect(second.changes).toEqual({ products_created: 0, products_updated: 0, prices: 0, stocks: 0 })
    // not even the catalogue's version moved, nor a price recorded as changed: no index does anything for it
    expect(await rows<{ v: number }>(db, sql`select version::int as v from catalog_version`)).toEqual(
      versions,
    )
    expect(await priceChangesOf()).toEqual(recorded)
    expect(await stockAt(a, shop(1))).toBe(9)
  })
})

describe('catalogue import: stock is what the point holds, less what open orders hold', () => {
  it('sells the units on hand less the held ones, and refuses stock below them', async () => {
    const a = await makeProduct(db, { stock: { 1: 10 } })
    const point = shop(1)
    await holdUnits(a, point, 3)
    // a received order's goods have left the point: they hold nothing
    await holdUnits(a, point, 2, 'COMPLETED')
    expect(await stockAt(a, point)).toBe(5)
    // 8 on hand: the 5 on sale and the 3 the open order holds, as the store already has it
    const report = await importFile(`sku,city_id,point_id,stock\n${a.sku},1,${point},8\n`)
    expect(report.changes.stocks).toBe(0)
    expect(await stockAt(a, point)).toBe(5)
    const more = await importFile(`sku,city_id,point_id,stock\n${a.sku},1,${point},12\n`)
    expect(more.changes.stocks).toBe(1)
    expect(await stockAt(a, point)).toBe(9)
    const below = await importFile(`sku,city_id,point_id,stock\n${a.sku},1,${point},2\n`)
    expect(below.rejections).toEqual([
      { row: 2, field: 'stock', reason: 'below_reserved', value: '2', held: 3 },
    ])
    expect(await stockAt(a, point)).toBe(9)
  })

  it('records the changed products in stock_changes, so every index reloads their stock', async () => {
    const a = await makeProduct(db, { stock: { 1: 1 } })
    const [before] = await rows<{ id: number }>(
      db,
      sql`select coalesce(max(id), 0)::int as id from stock_changes`,
    )
    await importFile(`sku,city_id,point_id,stock\n${a.sku},1,${shop(1, 1)},4\n`)
    const changed = await rows<{ product_id: number | null }>(
      db,
      sql`select product_id from stock_changes where id > ${before!.id}`,
    )
    expect(changed.map((c) => c.product_id)).toContain(a.id)
    await app.catalog.refresh()
    expect((await app.catalog.index()).unitsIn(a.id, 1)).toBe(5)
  })
})

describe('catalogue import: the indexes pick the change up', () => {
  it('shows the new price in the category listing and in search once the index refreshes', async () => {
    const a = await makeProduct(db, { prices: { 1: 10_000 }, stock: { 1: 4 } })
    await app.catalog.refresh()
    const listed = async () => {
      const res = await app.inject({
        url: `/katalog/api/v2/products/category/igrovye-pristavki?city_id=1&limit=100&sorting=new`,
      })
      expect(res.statusCode).toBe(200)
      return ProductListResponse.parse(res.json()).payload.find((p) => p.sku === a.sku)
    }
    expect((await listed())?.price).toBe(10_000)
    await importFile(`sku,city_id,price,old_price\n${a.sku},1,7990,9990\n`)
    await app.catalog.refresh()
    expect(await listed()).toMatchObject({ price: 7990, old_price: 9990 })
    const res = await app.inject({
      method: 'POST',
      url: '/katalog/api/v1/products/search',
      payload: { query: a.sku, city_id: 1 },
    })
    const hit = SearchResponse.parse(res.json()).products.find((p) => p.sku === a.sku)
    expect(hit?.price).toBe(7990)
  })
})

describe('one product in one city', () => {
  it('edits the price and the stock on hand, through the same rules', async () => {
    const a = await makeProduct(db, { prices: { 1: 20_000 }, stock: { 1: 6 } })
    const point = shop(1)
    const imports = async () =>
      (await rows<{ n: number }>(db, sql`select count(*)::int as n from catalog_imports`))[0]!.n
    const before = await imports()
    await holdUnits(a, point, 2)
    const edited = await app.catalogImports.editCity(
      a.sku,
      1,
      { price: 18_990, old_price: 21_990, stocks: [{ point_id: point, condition: 'N', on_hand: 10 }] },
      actor,
    )
    const almaty = edited.cities.find((c) => c.city_id === 1)!
    expect(almaty).toMatchObject({ price: 18_990, old_price: 21_990 })
    expect(almaty.stocks.find((s) => s.point_id === point && s.condition === 'N')).toMatchObject({
      available: 8,
      held: 2,
      on_hand: 10,
    })
    await expect(
      app.catalogImports.editCity(
        a.sku,
        1,
        { price: 1000, stocks: [{ point_id: point, condition: 'N', on_hand: 1 }] },
        actor,
      ),
    ).rejects.toMatchObject({ statusCode: 409, details: { point_id: point, held: 2 } })
    // all or nothing: the price of the refused edit did not stay either
    expect((await priceOf(a, 1))!.price).toBe(18_990)
    await expect(
      app.catalogImports.editCity(
        a.sku,
        1,
        { stocks: [{ point_id: shop(2), condition: 'N', on_hand: 1 }] },
        actor,
      ),
    ).rejects.toMatchObject({ statusCode: 422 })
    await expect(app.catalogImports.editCity('0000', 1, { price: 1000 }, actor)).rejects.toMatchObject({
      statusCode: 404,
    })
    // an edit leaves no import behind, and the audit log has the one that was made
    expect(await imports()).toBe(before)
    const audited = await listAudit(db, { subjectKind: 'product', subjectId: a.sku, limit: 10 })
    expect(audited.map((e) => [e.action, e.actorId, e.details.price])).toEqual([
      ['catalog.edit', actor.id, 18_990],
    ])
  })
})

describe('the back office routes', () => {
  it('take a CSV body from an admin or an operator, and refuse shoppers (403), strangers (401), moderators (403)', async () => {
    const a = await makeProduct(db, { prices: { 1: 10_000 } })
    const operator = await signInTestStaff(app, 'operator')
    const csv = `sku,city_id,price\n${a.sku},1,8990\n${a.sku},9,8990\n`
    const post = (headers: Record<string, string>, body = csv, type = 'text/csv') =>
      app.inject({
        method: 'POST',
        url: `${ADMIN_CATALOG_V1}/imports`,
        headers: { 'content-type': type, ...headers },
        payload: body,
      })
    const shopper = await signInTestUser(app)
    expect((await post(shopper.headers)).statusCode).toBe(403)
    expect((await post({})).statusCode).toBe(401)
    expect((await post((await signInTestStaff(app, 'moderator')).headers)).statusCode).toBe(403)
    expect((await post(operator.headers, 'x', 'application/pdf')).statusCode).toBe(415)
    const res = await post(operator.headers)
    expect(res.statusCode, res.body).toBe(202)
    const staged = ImportView.parse(res.json())
    await app.catalogImports.drain()
    const report = await app.inject({
      url: `${ADMIN_CATALOG_V1}/imports/${staged.id}`,
      headers: operator.headers,
    })
    expect(ImportView.parse(report.json())).toMatchObject({
      status: 'done',
      progress: 1,
      rows: { total: 2, rejected: 1 },
      rejections: [{ row: 3, field: 'city_id', reason: 'bad_value', value: '9' }],
    })
    expect((await priceOf(a, 1))!.price).toBe(8990)
    const audited = await listAudit(db, { subjectKind: 'catalog_import', subjectId: staged.id, limit: 5 })
    expect(audited.map((e) => [e.action, e.actorKind, e.actorId])).toEqual([
      ['catalog.import', 'staff', operator.id],
    ])
    const broken = await post(operator.headers, '{"sku": ', 'application/json')
    expect(broken.statusCode).toBe(422)
    expect(broken.json()).toMatchObject({ error: { message: 'catalogImport:importUnreadable' } })
  })

  it('finds a product and edits its price and stock in a city; bad values 400, an unknown city 404, shoppers 403', async () => {
    const a = await makeProduct(db, { prices: { 2: 50_000 }, stock: { 2: 3 } })
    const admin = await signInTestStaff(app, 'admin')
    const found = await app.inject({ url: `${ADMIN_CATALOG_V1}/products?q=${a.sku}`, headers: admin.headers })
    expect(AdminProductHits.parse(found.json()).products.map((p) => p.sku)).toEqual([a.sku])
    const point = shop(2)
    const patch = (body: object) =>
      app.inject({
        method: 'PATCH',
        url: `${ADMIN_CATALOG_V1}/products/${a.sku}/cities/2`,
        headers: admin.headers,
        payload: body,
      })
    const ok = await patch({ price: 45_990, stocks: [{ point_id: point, on_hand: 7 }] })
    expect(ok.statusCode, ok.body).toBe(200)
    const astana = AdminProduct.parse(ok.json()).cities.find((c) => c.city_id === 2)!
    expect(astana.price).toBe(45_990)
    expect(astana.stocks.find((s) => s.point_id === point && s.condition === 'N')!.available).toBe(7)
    expect((await patch({ price: 0 })).statusCode).toBe(400)
    expect((await patch({})).statusCode).toBe(400)
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `${ADMIN_CATALOG_V1}/products/${a.sku}/cities/9`,
          headers: admin.headers,
          payload: { price: 5 },
        })
      ).statusCode,
    ).toBe(404)
    const shopper = await signInTestUser(app)
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `${ADMIN_CATALOG_V1}/products/${a.sku}/cities/2`,
          headers: shopper.headers,
          payload: { price: 5 },
        })
      ).statusCode,
    ).toBe(403)
  })
})
