import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { FiltersResponse, Product, ProductListResponse } from '../../../contract/catalog'
import { SearchResponse } from '../../../contract/search'
import type { Database } from '../../db/connection'
import { rows } from '../../db/rows'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'
import { makeProduct, type TestProduct } from '../../test/products'
import { createProductSource } from '../cart/product-source'
import { IndexHolder } from './index-holder'
import { createCatalogRepo, type CatalogRepo } from './repo'

const silent = { error() {}, info() {}, debug() {}, warn() {} } as never

/** The leaf category `makeProduct` puts its products in. */
const CATEGORY = 'igrovye-pristavki'
const LISTING = `/katalog/api/v2/products/category/${CATEGORY}`
const PRODUCT = '/katalog/api/v1/products'
const SEARCH = '/katalog/api/v1/products/search'

let app: App
let database: Database
let products: TestProduct[]
/** One model in two memory sizes, the larger twice: the second 256 is not the one shown for its label. */
let variants: [TestProduct, TestProduct, TestProduct]

beforeAll(async () => {
  ;({ app, database } = await testApp())
  // this file's own products, in every index built from here on
  products = await Promise.all(
    [1, 2].map(() => makeProduct(database.db, { prices: { 1: 20_000, 2: 21_000 }, stock: { 1: 3 } })),
  )
  const made: TestProduct[] = []
  for (const memory of [128, 256, 256]) {
    const product = await makeProduct(database.db, { prices: { 1: 30_000 + memory } })
    await database.db.execute(
      sql`update products set variant_group = ${`test-variants-${products[0]!.sku}`},
                              attributes = ${JSON.stringify({ memory })}::jsonb
          where id = ${product.id}`,
    )
    made.push(product)
  }
  variants = made as typeof variants
  await app.catalog.refresh()
})

async function getJson(url: string): Promise<unknown> {
  const res = await app.inject({ url })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

const listing = async (query: string) => ProductListResponse.parse(await getJson(`${LISTING}?${query}`))

/** Every product of the category a city lists, in the order of a sorting. */
async function allListed(city: number, sorting: string): Promise<{ id: number; price: number | null }[]> {
  const out: { id: number; price: number | null }[] = []
  for (let page = 1; ; page++) {
    const body = await listing(`city_id=${city}&sorting=${sorting}&limit=100&page=${page}`)
    out.push(...body.payload.map((p) => ({ id: p.id, price: p.price })))
    if (page * 100 >= body.total) return out
  }
}

/** The category's products a city prices, by price (or discount) then id, as the database holds them now. */
async function pricedInSql(
  city: number,
  by: 'price' | 'discount' = 'price',
): Promise<{ id: number; price: number }[]> {
  return rows<{ id: number; price: number }>(
    database.db,
    sql`select p.id, pp.price from products p
        join product_prices pp on pp.product_id = p.id and pp.city_id = ${city}
        where p.category_id = (select id from categories where slug = ${CATEGORY})
        order by ${by === 'price' ? sql`pp.price` : sql`pp.discount desc`}, p.id`,
  )
}

async function setPrice(product: TestProduct, city: number, price: number, oldPrice: number | null = null) {
  const discount = oldPrice === null ? 0 : Math.round((1 - price / oldPrice) * 100)
  await database.db.execute(
    sql`update product_prices set price = ${price}, old_price = ${oldPrice}, discount = ${discount}
        where product_id = ${product.id} and city_id = ${city}`,
  )
}

describe('a price written is applied to the catalogue index in place', () => {
  it('shows in the listing, its price sort, the facets, the product page and search, without a rebuild', async () => {
    const [a] = products as [TestProduct]
    // every answer asked once on the old prices, so a kept answer would show
    const before = await app.catalog.index()
    await allListed(1, 'price_asc')
    await allListed(1, 'discount')
    await getJson(`${PRODUCT}/${a.sku}?city_id=1`)

    const cheapest = (await pricedInSql(1))[0]!.price
    const lowest = Math.max(1, cheapest - 7)
    // 99 % off: first of the discount sort
    await setPrice(a, 1, lowest, lowest * 100)
    await app.catalog.refresh()
    const after = await app.catalog.index()
    expect(after).toBe(before)

    const listed = await allListed(1, 'price_asc')
    expect(listed).toEqual((await pricedInSql(1)).map((p) => ({ id: p.id, price: p.price })))
    expect(listed[0]).toEqual({ id: a.id, price: lowest })
    expect((await allListed(1, 'price_desc')).at(-1)).toEqual({ id: a.id, price: lowest })
    const byDiscount = await allListed(1, 'discount')
    expect(byDiscount.map((p) => p.id)).toEqual((await pricedInSql(1, 'discount')).map((p) => p.id))
    expect(byDiscount[0]!.id).toBe(a.id)

    const product = Product.parse(await getJson(`${PRODUCT}/${a.sku}?city_id=1`))
    expect([product.price, product.old_price]).toEqual([lowest, lowest * 100])

    const body = await app.inject({
      method: 'POST',
      url: SEARCH,
      payload: { query: a.sku, city_id: 1 },
    })
    expect(body.statusCode, body.body).toBe(200)
    const found = SearchResponse.parse(body.json()).products.find((p) => p.sku === a.sku)
    expect(found?.price).toBe(lowest)
    expect(await app.catalog.index()).toBe(before)
  })

  it("re-renders the cards a write touches, also those listing the product as a variant, and keeps the others'", async () => {
    const [small, , secondLarge] = variants
    const [, other] = products as [TestProduct, TestProduct]
    const index = await app.catalog.index()
    const stampOf = (p: TestProduct) => index.cardStamps[index.productById(p.id)!.pos]
    const cardOf = async (p: TestProduct) => {
      for (let page = 1; ; page++) {
        const body = await listing(`city_id=1&sorting=score&limit=100&page=${page}`)
        const card = body.payload.find((c) => c.id === p.id)
        if (card || page * 100 >= body.total) return card
      }
    }
    const smallOn = (variantList: { sku: string; price: number | null }[] | undefined) =>
      variantList?.find((v) => v.sku === small.sku)?.price
    // asked once before the write, so a kept card or page would show the old price
    expect(smallOn((await cardOf(secondLarge))?.variants)).toBe(30_128)
    const page = async () => Product.parse(await getJson(`${PRODUCT}/${secondLarge.sku}?city_id=1`))
    expect(smallOn((await page()).variants)).toBe(30_128)

    await setPrice(small, 1, 29_990)
    await app.catalog.refresh()
    expect(await app.catalog.index()).toBe(index)
    expect(smallOn((await cardOf(secondLarge))?.variants)).toBe(29_990)
    expect(smallOn((await page()).variants)).toBe(29_990)

    // which cards a write marks for rendering again, seen with no other write in between (on
    // PostgreSQL the test files share the database, and a truncate elsewhere reloads all prices)
    const rows = await createCatalogRepo(database.db).pricesOf([small.id])
    const cards = [...variants, other]
    const before = cards.map(stampOf)
    index.applyPricesOf([small.id], rows, index.priceState.version)
    const changed = cards.map((p, i) => stampOf(p) !== before[i])
    expect(changed).toEqual([true, true, true, false])
  })

  it('mends the price and discount orders it had sorted, as sorting them again would order them', async () => {
    const [a, b] = products as [TestProduct, TestProduct]
    const index = await app.catalog.index()
    const scopes = [index.categoryScope(index.category(CATEGORY)!), index.wholeScope(null, 'all')]
    const sorts = ['price_asc', 'price_desc', 'discount'] as const
    for (const scope of scopes) for (const sort of sorts) index.permutation(scope, sort, 0)
    // a moves from the cheapest to the dearest, b gets a discount, a product of the seed stays
    const rows = (await createCatalogRepo(database.db).pricesOf([a.id, b.id])).map((row) =>
      row.city_id !== 1
        ? row
        : row.product_id === a.id
          ? { ...row, price: 9_000_000 }
          : { ...row, old_price: row.price * 2, discount: 50 },
    )
    index.applyPricesOf([a.id, b.id], rows, index.priceState.version)
    for (const scope of scopes)
      for (const sort of sorts) {
        const fresh = Int32Array.from({ length: scope.end - scope.start }, (_, i) => scope.start + i)
        expect(index.permutation(scope, sort, 0), `${scope.key} ${sort}`).toEqual(
          fresh.sort(index.comparator(sort, 0)),
        )
      }
    // the database's prices again
    index.applyPricesOf(
      [a.id, b.id],
      await createCatalogRepo(database.db).pricesOf([a.id, b.id]),
      index.priceState.version,
    )
  })

  it('gives the facets the new price bounds', async () => {
    const [, b] = products as [TestProduct, TestProduct]
    const url = `/katalog/api/v1/products/filters?category=${CATEGORY}&city_id=2`
    const facets = async () => {
      const res = await app.inject({ url })
      expect(res.statusCode, res.body).toBe(200)
      return FiltersResponse.parse(res.json()).price_range
    }
    await facets()
    const before = await app.catalog.index()
    const highest = Math.max(...(await pricedInSql(2)).map((p) => p.price)) + 11
    await setPrice(b, 2, highest)
    await app.catalog.refresh()
    expect(await app.catalog.index()).toBe(before)
    const prices = (await pricedInSql(2)).map((p) => p.price)
    expect(await facets()).toMatchObject({ min: Math.min(...prices), max: highest })
  })

  it('takes a product that lost its price in a city out of that city only, and back when priced again', async () => {
    const [a] = products as [TestProduct]
    const before = await app.catalog.index()
    await database.db.execute(sql`delete from product_prices where product_id = ${a.id} and city_id = 2`)
    await app.catalog.refresh()
    expect(await app.catalog.index()).toBe(before)
    expect((await allListed(2, 'score')).map((p) => p.id)).not.toContain(a.id)
    expect((await allListed(1, 'score')).map((p) => p.id)).toContain(a.id)
    expect((await allListed(2, 'price_asc')).map((p) => p.id)).toEqual(
      (await pricedInSql(2)).map((p) => p.id),
    )
    const product = Product.parse(await getJson(`${PRODUCT}/${a.sku}?city_id=2`))
    // as a product without a price in the city shows after a build
    expect([product.price, product.old_price, product.discount]).toEqual([0, null, 0])

    await database.db.execute(
      sql`insert into product_prices (product_id, city_id, price, price_usd) values (${a.id}, 2, 30000, 60)`,
    )
    await app.catalog.refresh()
    expect(await allListed(2, 'score')).toContainEqual({ id: a.id, price: 30_000 })
  })

  it('gives the cart the new price', async () => {
    const [, b] = products as [TestProduct, TestProduct]
    let clock = 0
    const source = createProductSource({
      cache: true,
      reader: database.db,
      checkEveryMs: 1000,
      clock: () => clock,
    })
    const price = async () => (await source.get(database.db, 1, [b.id]))[0]!.price
    await setPrice(b, 1, 20_000)
    clock = 1500
    expect(await price()).toBe(20_000)
    await setPrice(b, 1, 19_000)
    clock = 3000
    expect(await price()).toBe(19_000)
  })
})

/** A holder of this file's own over a repo that counts builds and reads of all prices. */
async function countingHolder(repo: CatalogRepo) {
  const reads = { builds: 0, allPrices: 0, somePrices: 0 }
  const counted: CatalogRepo = {
    ...repo,
    eachProductBatch: (each) => (reads.builds++, repo.eachProductBatch(each)),
    eachPriceBatch: (each) => (reads.allPrices++, repo.eachPriceBatch(each)),
    pricesOf: (ids) => (reads.somePrices++, repo.pricesOf(ids)),
  }
  const holder = new IndexHolder(counted, silent)
  await holder.start()
  holder.stop()
  Object.assign(reads, { builds: 0, allPrices: 0, somePrices: 0 })
  return { holder, reads }
}

describe('the index holder follows price_changes', () => {
  it('reads only the changed products’ prices, once, and moves no catalogue version', async () => {
    const [a, b] = products as [TestProduct, TestProduct]
    const { holder, reads } = await countingHolder(createCatalogRepo(database.db))
    const repo = createCatalogRepo(database.db)
    const versions = await repo.versions()
    await setPrice(b, 1, 18_500)
    const moved = await repo.versions()
    expect(moved.catalog).toBe(versions.catalog)
    expect(moved.price).toBeGreaterThan(versions.price)
    await holder.refresh(true)
    const index = await holder.get()
    const pos = index.productById(b.id)!.pos
    expect(index.prices[0]!.price[pos]).toBe(18_500)
    expect(index.priceState.version).toBe(moved.price)
    expect(reads).toEqual({ builds: 0, allPrices: 0, somePrices: 1 })
    // nothing new: nothing read again, and the prices' state stays (the caches keyed on it with it)
    const state = index.priceState
    await holder.refresh(true)
    expect(reads.somePrices).toBe(1)
    expect(index.priceState).toBe(state)
    expect(index.productById(a.id)).not.toBeNull()
  })

  it('reads all prices again after a truncate, and lists the prices written after it', async () => {
    const { holder, reads } = await countingHolder(createCatalogRepo(database.db))
    const [a] = products as [TestProduct]
    try {
      await database.db.transaction(async (tx) => {
        await tx.execute(
          sql`create temporary table saved_prices on commit drop as select * from product_prices`,
        )
        await tx.execute(sql`truncate product_prices`)
        await tx.execute(sql`insert into product_prices select * from saved_prices`)
        await tx.execute(
          sql`update product_prices set price = 12345 where product_id = ${a.id} and city_id = 1`,
        )
      })
      await holder.refresh(true)
      const index = await holder.get()
      expect(reads.builds).toBe(0)
      expect(reads.allPrices).toBe(1)
      expect(index.prices[0]!.price[index.productById(a.id)!.pos]).toBe(12_345)
      // every price of every product the index holds, and none else
      const held = await rows<{ product_id: number; city_id: number }>(
        database.db,
        sql`select product_id, city_id from product_prices`,
      )
      const known = held.filter((r) => index.productById(r.product_id) !== null)
      expect(index.prices.reduce((n, t) => n + t.has.reduce((s, x) => s + x, 0), 0)).toBe(known.length)
    } finally {
      await setPrice(a, 1, 20_000)
    }
  })
})
