import { sql } from 'drizzle-orm'
import pg from 'pg'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/connection'
import { testApp } from '../../test/app'
import { testDatabaseUrl, testEngine } from '../../test/database'
import { createProductSource } from './product-source'
import { makeProduct } from '../../test/products'

let database: Database

beforeAll(async () => {
  ;({ database } = await testApp())
})

const setStock = (productId: number, quantity: number) =>
  database.db.execute(
    sql`update stocks set quantity = ${quantity} where product_id = ${productId} and city_id = 1`,
  )

/**
 * A cache whose catalogue version stays put: on PostgreSQL other test files make products in the same
 * database meanwhile, and each new product moves the version, which forgets everything.
 */
const steady = { cache: true, checkEveryMs: 1000, catalogVersion: async () => 1 }

type Source = ReturnType<typeof createProductSource>

/** A look at the change logs (a cart's read past the interval), once its products have been read again. */
async function look(source: Source) {
  await source.get(database.db, 1, [0])
  await source.settled()
}

describe('cart product source', () => {
  it('reads products by id and by sku with their city price and stock by condition', async () => {
    const p = await makeProduct(database.db, {
      prices: { 1: 15_000, 2: 16_000 },
      stock: { 1: 4 },
      showcase: { 1: 1 },
    })
    const source = createProductSource({ cache: false, reader: database.db })
    const [bySku] = await source.get(database.db, 2, [], [p.sku])
    expect(bySku).toMatchObject({ id: p.id, sku: p.sku, price: 16_000, stock_new: 0, stock_showcase: 0 })
    const [byId] = await source.get(database.db, 1, [p.id])
    expect(byId).toMatchObject({ price: 15_000, stock_new: 4, stock_showcase: 1, images: [`p${p.id}-0`] })
    expect(await source.get(database.db, 1, [], ['no-such-sku'])).toEqual([])
  })

  it('without the cache sees a stock change at once', async () => {
    const p = await makeProduct(database.db, { stock: { 1: 5 } })
    const source = createProductSource({ cache: false, reader: database.db })
    expect((await source.get(database.db, 1, [p.id]))[0]!.stock_new).toBe(5)
    await setStock(p.id, 2)
    expect((await source.get(database.db, 1, [p.id]))[0]!.stock_new).toBe(2)
  })

  it('with the cache keeps what it read until its stock changes, and reads it again then and on the next look', async () => {
    let clock = 0
    const source = createProductSource({ ...steady, reader: database.db, clock: () => clock })
    const p = await makeProduct(database.db, { stock: { 1: 5 } })
    expect((await source.get(database.db, 1, [p.id]))[0]!.stock_new).toBe(5)

    // within the check interval the cached product answers, even for a change already made
    await setStock(p.id, 3)
    clock = 500
    expect((await source.get(database.db, 1, [], [p.sku]))[0]!.stock_new).toBe(5)

    // the look finds the change in the log and reads the product again
    clock = 1500
    await look(source)
    expect((await source.get(database.db, 1, [p.id]))[0]!.stock_new).toBe(3)

    // a read under way at the look may keep what it read before the change: the next look reads the
    // product once more (here a write the log does not see stands for that read)
    await setStockUnlogged(p.id, 1)
    clock = 2600
    await look(source)
    expect((await source.get(database.db, 1, [p.id]))[0]!.stock_new).toBe(1)

    // after that, a write the log does not see is not seen: the cache answers until the next change
    await setStockUnlogged(p.id, 2)
    clock = 3700
    await look(source)
    expect((await source.get(database.db, 1, [p.id]))[0]!.stock_new).toBe(1)
  })

  it('with the cache reads a product whose stock changed again at the look, while carts go on', async () => {
    let clock = 0
    const source = createProductSource({ ...steady, reader: database.db, clock: () => clock })
    const ordered = await makeProduct(database.db, { stock: { 1: 5 } })
    const other = await makeProduct(database.db, { stock: { 1: 5 } })
    // the first two looks forget everything (the first has no cursor yet)
    await source.get(database.db, 1, [ordered.id])
    clock = 1100
    await source.get(database.db, 1, [ordered.id])
    await setStock(ordered.id, 3)

    // a look made for another cart's product reads the changed one again
    clock = 2200
    await source.get(database.db, 1, [other.id])
    await source.settled()
    // so a write after the look, which the log does not see, is not read by the next cart
    await setStockUnlogged(ordered.id, 9)
    clock = 2300
    expect((await source.get(database.db, 1, [ordered.id]))[0]!.stock_new).toBe(3)
  })

  it('with the cache keeps the products whose stock did not change', async () => {
    let clock = 0
    const source = createProductSource({ ...steady, reader: database.db, clock: () => clock })
    const kept = await makeProduct(database.db, { stock: { 1: 5 } })
    const sold = await makeProduct(database.db, { stock: { 1: 5 } })
    await source.get(database.db, 1, [kept.id, sold.id])
    clock = 1500
    await source.get(database.db, 1, [kept.id])

    // an order takes a unit of one product; the other's stock is changed where the log does not see it,
    // which the cache only shows if it read that product again
    await setStock(sold.id, 4)
    await setStockUnlogged(kept.id, 2)
    clock = 3000
    await look(source)
    const read = new Map((await source.get(database.db, 1, [kept.id, sold.id])).map((p) => [p.id, p]))
    expect(read.get(sold.id)!.stock_new).toBe(4)
    expect(read.get(kept.id)!.stock_new).toBe(5)
  })

  it('with the cache sees a price change in the price log', async () => {
    let clock = 0
    const source = createProductSource({
      cache: true,
      reader: database.db,
      checkEveryMs: 1000,
      clock: () => clock,
    })
    const p = await makeProduct(database.db, { prices: { 1: 10_000 } })
    expect((await source.get(database.db, 1, [p.id]))[0]!.price).toBe(10_000)
    await database.db.execute(
      sql`update product_prices set price = 9000 where product_id = ${p.id} and city_id = 1`,
    )
    clock = 1500
    expect((await source.get(database.db, 1, [p.id]))[0]!.price).toBe(9_000)
  })

  it('with the cache forgets everything when the catalogue version moves', async () => {
    let clock = 0
    const source = createProductSource({
      cache: true,
      reader: database.db,
      checkEveryMs: 1000,
      clock: () => clock,
    })
    const p = await makeProduct(database.db, { stock: { 1: 5 } })
    expect((await source.get(database.db, 1, [p.id]))[0]!.stock_new).toBe(5)
    await setStockUnlogged(p.id, 2)
    await database.db.execute(sql`update catalog_version set version = version + 1 where id = 1`)
    clock = 1500
    expect((await source.get(database.db, 1, [p.id]))[0]!.stock_new).toBe(2)
  })
})

describe.runIf(testEngine() === 'postgres')(
  'the cached cart products and a writer committing late, on PostgreSQL',
  () => {
    it('sees the change on a look after the commit, though the writer was running at the look before', async () => {
      let clock = 0
      const source = createProductSource({
        cache: true,
        reader: database.db,
        checkEveryMs: 1000,
        clock: () => clock,
      })
      const p = await makeProduct(database.db, { stock: { 1: 5 } })
      expect((await source.get(database.db, 1, [p.id]))[0]!.stock_new).toBe(5)
      const writer = new pg.Client({ connectionString: testDatabaseUrl() })
      await writer.connect()
      try {
        await writer.query('begin')
        await writer.query('update stocks set quantity = 1 where product_id = $1 and city_id = 1', [p.id])
        clock = 1500
        expect((await source.get(database.db, 1, [p.id]))[0]!.stock_new).toBe(5)
        await writer.query('commit')
        // the running writer held the look's cursor back: its change is read on the next look
        clock = 2600
        await look(source)
        expect((await source.get(database.db, 1, [p.id]))[0]!.stock_new).toBe(1)
      } finally {
        await writer.query('rollback').catch(() => undefined)
        await writer.end()
      }
    })
  },
)

/**
 * A stock write the change log does not see: stands for what a cache may hold for a product it read
 * while a change was committing.
 */
async function setStockUnlogged(productId: number, quantity: number) {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`alter table stocks disable trigger stocks_changes_update`)
    await tx.execute(
      sql`update stocks set quantity = ${quantity} where product_id = ${productId} and city_id = 1`,
    )
    await tx.execute(sql`alter table stocks enable trigger stocks_changes_update`)
  })
}
