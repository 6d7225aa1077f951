import { sql } from 'drizzle-orm'
import pg from 'pg'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/connection'
import { testDatabase } from '../../test/app'
import { testDatabaseUrl, testEngine } from '../../test/database'
import { makeProduct, type TestProduct } from '../../test/products'
import { IndexHolder } from './index-holder'
import { createCatalogRepo, type CatalogRepo } from './repo'

const silent = { error() {}, info() {}, debug() {}, warn() {} } as never

let database: Database
let products: TestProduct[]

/** A holder over a repo that counts how often all stock was read. */
async function holderOf(repo: CatalogRepo) {
  const reads = { all: 0, some: 0 }
  const counted: CatalogRepo = {
    ...repo,
    stocks: () => (reads.all++, repo.stocks()),
    stocksOf: (ids) => (reads.some++, repo.stocksOf(ids)),
  }
  const holder = new IndexHolder(counted, silent)
  await holder.start()
  holder.stop()
  reads.all = 0
  return { holder, reads }
}

async function setStock(product: TestProduct, quantity: number) {
  await database.db.execute(
    sql`update stocks set quantity = ${quantity} where product_id = ${product.id} and city_id = 1`,
  )
}

beforeAll(async () => {
  database = await testDatabase()
  // products of this file's own, made before any index here is built, so the index knows them
  products = await Promise.all([1, 2].map(() => makeProduct(database.db, { stock: { 1: 5 } })))
})

describe('the catalogue index follows stock changes', () => {
  it('reloads only the products whose stock changed', async () => {
    const { holder, reads } = await holderOf(createCatalogRepo(database.db))
    const [a, b] = products as [TestProduct, TestProduct]
    expect((await holder.get()).unitsIn(a.id, 1)).toBe(5)
    await setStock(a, 2)
    await holder.refresh(true)
    const index = await holder.get()
    expect(index.unitsIn(a.id, 1)).toBe(2)
    expect(index.unitsIn(b.id, 1)).toBe(5)
    expect(reads).toEqual({ all: 0, some: 1 })
    // the changed product's cards are rendered again, the other's kept (seen with no other write in
    // between: on PostgreSQL the test files share the database)
    const rows = await createCatalogRepo(database.db).stocksOf([a.id])
    const before = [a, b].map((p) => index.cardStamps[index.productById(p.id)!.pos])
    index.applyStockOf([a.id], rows, index.stock.version)
    const after = [a, b].map((p) => index.cardStamps[index.productById(p.id)!.pos])
    expect([after[0] !== before[0], after[1] !== before[1]]).toEqual([true, false])
    // nothing new: nothing read again
    await holder.refresh(true)
    expect(reads.some).toBe(1)
    await setStock(a, 0)
    await holder.refresh(true)
    expect((await holder.get()).unitsIn(a.id, 1)).toBe(0)
    await setStock(a, 5)
    await holder.refresh(true)
    expect((await holder.get()).unitsIn(a.id, 1)).toBe(5)
    expect(reads.all).toBe(0)
  })

  it("reads only the changed products' stock after a statement that changed a chunk of an import", async () => {
    const { holder, reads } = await holderOf(createCatalogRepo(database.db))
    const [a] = products as [TestProduct]
    await database.db.execute(
      sql`update stocks set quantity = quantity + (product_id = ${a.id})::int
          where product_id in (select distinct product_id from stocks order by product_id limit 201)
             or product_id = ${a.id}`,
    )
    try {
      await holder.refresh(true)
      expect(reads).toEqual({ all: 0, some: 1 })
      expect((await holder.get()).unitsIn(a.id, 1)).toBe(6)
    } finally {
      await setStock(a, 5)
    }
  })

  it('reads all stock again after a truncate', async () => {
    const { holder, reads } = await holderOf(createCatalogRepo(database.db))
    const [a] = products as [TestProduct]
    try {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`create temporary table saved_stocks on commit drop as select * from stocks`)
        await tx.execute(sql`truncate stocks`)
        await tx.execute(sql`insert into stocks select * from saved_stocks`)
        await tx.execute(sql`update stocks set quantity = 7 where product_id = ${a.id} and city_id = 1`)
      })
      await holder.refresh(true)
      expect(reads.all).toBe(1)
      expect((await holder.get()).unitsIn(a.id, 1)).toBe(7)
    } finally {
      await setStock(a, 5)
    }
  })
})

describe.runIf(testEngine() === 'postgres')('a writer committing late, on PostgreSQL', () => {
  it('is read on a later look, though its change was counted before it committed', async () => {
    const { holder } = await holderOf(createCatalogRepo(database.db))
    const [, b] = products as [TestProduct, TestProduct]
    const writer = new pg.Client({ connectionString: testDatabaseUrl() })
    await writer.connect()
    try {
      await writer.query('begin')
      await writer.query('update stocks set quantity = 1 where product_id = $1 and city_id = 1', [b.id])
      await holder.refresh(true)
      expect((await holder.get()).unitsIn(b.id, 1)).toBe(5)
      await writer.query('commit')
      await holder.refresh(true)
      expect((await holder.get()).unitsIn(b.id, 1)).toBe(1)
    } finally {
      await writer.query('rollback').catch(() => undefined)
      await writer.end()
      await setStock(b, 5)
    }
  })
})
