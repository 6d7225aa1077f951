import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/connection'
import { testApp } from '../../test/app'
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

describe('cart product source', () => {
  it('reads products by id and by sku with their city price and stock by condition', async () => {
    const p = await makeProduct(database.db, {
      prices: { 1: 15_000, 2: 16_000 },
      stock: { 1: 4 },
      showcase: { 1: 1 },
    })
    const source = createProductSource({ cache: false })
    const [bySku] = await source.get(database.db, 2, [], [p.sku])
    expect(bySku).toMatchObject({ id: p.id, sku: p.sku, price: 16_000, stock_new: 0, stock_showcase: 0 })
    const [byId] = await source.get(database.db, 1, [p.id])
    expect(byId).toMatchObject({ price: 15_000, stock_new: 4, stock_showcase: 1, images: [`p${p.id}-0`] })
    expect(await source.get(database.db, 1, [], ['no-such-sku'])).toEqual([])
  })

  it('without the cache sees a stock change at once', async () => {
    const p = await makeProduct(database.db, { stock: { 1: 5 } })
    const source = createProductSource({ cache: false })
    expect((await source.get(database.db, 1, [p.id]))[0]!.stock_new).toBe(5)
    await setStock(p.id, 2)
    expect((await source.get(database.db, 1, [p.id]))[0]!.stock_new).toBe(2)
  })

  it('with the cache keeps what it read until the stock moves, then on the check after the move once more', async () => {
    let clock = 0
    const source = createProductSource({ cache: true, checkEveryMs: 1000, clock: () => clock })
    const p = await makeProduct(database.db, { stock: { 1: 5 } })
    expect((await source.get(database.db, 1, [p.id]))[0]!.stock_new).toBe(5)

    // within the check interval the cached product answers, even for a change already made
    await setStock(p.id, 3)
    clock = 500
    expect((await source.get(database.db, 1, [], [p.sku]))[0]!.stock_new).toBe(5)

    // the check sees the stock sequence moved and reads again
    clock = 1500
    expect((await source.get(database.db, 1, [p.id]))[0]!.stock_new).toBe(3)

    // a writer's trigger moves the sequence before the writer commits: the check that sees the move
    // reads the old stock again, and the check after it catches the commit
    await database.db.execute(sql`select nextval('stock_changes_id_seq')`)
    clock = 2600
    expect((await source.get(database.db, 1, [p.id]))[0]!.stock_new).toBe(3)
    await setStockWithoutMovingTheSequence(p.id, 1)
    clock = 3700
    expect((await source.get(database.db, 1, [p.id]))[0]!.stock_new).toBe(1)
  })

  it('with the cache sees a price change once the price sequence moves, then on the check after the move once more', async () => {
    let clock = 0
    const source = createProductSource({ cache: true, checkEveryMs: 1000, clock: () => clock })
    const p = await makeProduct(database.db, { prices: { 1: 10_000 } })
    expect((await source.get(database.db, 1, [p.id]))[0]!.price).toBe(10_000)
    await database.db.execute(
      sql`update product_prices set price = 9000 where product_id = ${p.id} and city_id = 1`,
    )
    clock = 1500
    expect((await source.get(database.db, 1, [p.id]))[0]!.price).toBe(9_000)

    // a price write moves no catalogue version: the price sequence alone tells, also for a writer that
    // commits after the check that saw its move
    await database.db.execute(sql`select nextval('price_changes_id_seq')`)
    clock = 2600
    expect((await source.get(database.db, 1, [p.id]))[0]!.price).toBe(9_000)
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table product_prices disable trigger product_prices_changes_update`)
      await tx.execute(sql`update product_prices set price = 8000 where product_id = ${p.id} and city_id = 1`)
      await tx.execute(sql`alter table product_prices enable trigger product_prices_changes_update`)
    })
    clock = 3700
    expect((await source.get(database.db, 1, [p.id]))[0]!.price).toBe(8_000)
  })
})

/**
 * A stock write the sequence does not see: what a writer that moved the sequence but committed after
 * the check looks like to a reader.
 */
async function setStockWithoutMovingTheSequence(productId: number, quantity: number) {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`alter table stocks disable trigger stocks_changes_update`)
    await tx.execute(
      sql`update stocks set quantity = ${quantity} where product_id = ${productId} and city_id = 1`,
    )
    await tx.execute(sql`alter table stocks enable trigger stocks_changes_update`)
  })
}
