import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { ErrorBody } from '../../../contract/common'
import {
  Wishlist,
  WishlistChange,
  WishlistCreated,
  WISHLIST_ERROR_KEYS,
  WISHLIST_V1,
  type WishlistSort,
} from '../../../contract/wishlist'
import type { Database } from '../../db/connection'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'
import { signInTestUser, type TestUser } from '../../test/auth'
import { makeProduct, type TestProduct, type TestProductOptions } from '../../test/products'
import { wishlistHolders } from '.'

let app: App
let database: Database

const BASE = `${WISHLIST_V1}/products`
type Headers = Record<string, string>
type Reply = { statusCode: number; body: string }

beforeAll(async () => {
  ;({ app, database } = await testApp())
})

/** Test products, then the catalogue index rebuilt so the wishlist (which reads it) knows them. */
async function products(...options: TestProductOptions[]): Promise<TestProduct[]> {
  const made: TestProduct[] = []
  for (const opts of options) made.push(await makeProduct(database.db, opts))
  await app.catalog.refresh()
  return made
}

async function newGuestList(): Promise<string> {
  const res = await app.inject({ method: 'POST', url: `${BASE}/create` })
  expect(res.statusCode, res.body).toBe(201)
  return WishlistCreated.parse(res.json()).wishlistId
}

const addGuest = (id: string, sku: string, cityId = 1, headers: Headers = {}) =>
  app.inject({ method: 'POST', url: `${BASE}/guest/${id}`, payload: { sku, city_id: cityId }, headers })
const readGuest = (id: string, query = '') => app.inject({ url: `${BASE}/guest/${id}${query}` })
const removeGuest = (id: string, sku: string) =>
  app.inject({ method: 'DELETE', url: `${BASE}/guest/${id}/${sku}` })

const addNamed = (user: TestUser | null, sku: string, cityId = 1, headers: Headers = {}) =>
  app.inject({
    method: 'POST',
    url: BASE,
    payload: { sku, city_id: cityId },
    headers: { ...user?.headers, ...headers },
  })
const readNamed = (user: TestUser | null, query = '') =>
  app.inject({ url: `${BASE}${query}`, headers: user?.headers })
const removeNamed = (user: TestUser | null, sku: string) =>
  app.inject({ method: 'DELETE', url: `${BASE}/${sku}?city_id=1`, headers: user?.headers })

function list(res: Reply): Wishlist {
  expect(res.statusCode, res.body).toBe(200)
  return Wishlist.parse(JSON.parse(res.body))
}
function change(res: Reply): WishlistChange {
  expect(res.statusCode, res.body).toBe(200)
  return WishlistChange.parse(JSON.parse(res.body))
}
function refused(res: Reply, status: number) {
  expect(res.statusCode, res.body).toBe(status)
  return ErrorBody.parse(JSON.parse(res.body)).error
}
const skus = (l: Wishlist) => l.items.map((item) => item.sku)

/** Dates the list's items as given (oldest first), so the added orders are certain. */
async function dateItems(productIds: number[]) {
  for (const [i, id] of productIds.entries())
    await database.db.execute(
      sql`update wishlist_items set added_at = now() - make_interval(days => ${100 - i}) where product_id = ${id}`,
    )
}

describe('a guest list', () => {
  it('starts empty, takes products, answers them with their cards and counts them', async () => {
    const [a, b] = await products({ prices: { 1: 5000 } }, { prices: { 1: 7000 }, stock: { 2: 3 } })
    const id = await newGuestList()
    expect(list(await readGuest(id))).toMatchObject({ wishlistId: id, items: [], favoritesCount: 0 })

    expect(change(await addGuest(id, a!.sku))).toEqual({ sku: a!.sku, favoritesCount: 1 })
    expect(change(await addGuest(id, b!.sku))).toEqual({ sku: b!.sku, favoritesCount: 2 })

    const read = list(await readGuest(id, '?cityId=1'))
    expect(read.favoritesCount).toBe(2)
    const byS = new Map(read.items.map((item) => [item.sku, item]))
    expect(byS.get(a!.sku)).toMatchObject({ isAvailable: true, uri: `test-product-${a!.sku}` })
    expect(byS.get(a!.sku)!.product).toMatchObject({ sku: a!.sku, price: 5000, availability: 'InStock' })
    // b has stock in Astana only: not available in Almaty, available there
    expect(byS.get(b!.sku)!.isAvailable).toBe(false)
    const inAstana = list(await readGuest(id, '?cityId=2'))
    expect(inAstana.items.find((item) => item.sku === b!.sku)!.isAvailable).toBe(true)
  })

  it('refuses a product already in the list with 422 and the spec key, and keeps one copy', async () => {
    const [a] = await products({})
    const id = await newGuestList()
    change(await addGuest(id, a!.sku))
    expect(refused(await addGuest(id, a!.sku), 422).message).toBe(WISHLIST_ERROR_KEYS.alreadyInList)
    expect(list(await readGuest(id)).favoritesCount).toBe(1)
  })

  it('removes a product; a product not in the list, an unknown sku or list answer 404', async () => {
    const [a, b] = await products({}, {})
    const id = await newGuestList()
    change(await addGuest(id, a!.sku))
    change(await addGuest(id, b!.sku))
    expect(change(await removeGuest(id, a!.sku))).toEqual({ sku: a!.sku, favoritesCount: 1 })
    expect(skus(list(await readGuest(id)))).toEqual([b!.sku])
    expect(refused(await removeGuest(id, a!.sku), 404).message).toBe(WISHLIST_ERROR_KEYS.productNotFound)
    expect(refused(await removeGuest(id, '123456789012345'), 404).message).toBe(
      WISHLIST_ERROR_KEYS.productNotFound,
    )
    const unknown = randomUUID()
    expect(refused(await readGuest(unknown), 404).message).toBe(WISHLIST_ERROR_KEYS.listNotFound)
    expect(refused(await addGuest(unknown, a!.sku), 404).message).toBe(WISHLIST_ERROR_KEYS.listNotFound)
    expect(refused(await removeGuest(unknown, b!.sku), 404).message).toBe(WISHLIST_ERROR_KEYS.listNotFound)
  })

  it('refuses an unknown sku with 404 and stores nothing', async () => {
    const id = await newGuestList()
    expect(refused(await addGuest(id, '99999999999999999'), 404).message).toBe(
      WISHLIST_ERROR_KEYS.productNotFound,
    )
    expect(list(await readGuest(id)).favoritesCount).toBe(0)
  })

  it('answers bad input with 400 and stores nothing', async () => {
    const [a] = await products({})
    const id = await newGuestList()
    const bad: [string, Reply][] = [
      ['list id not a uuid', await readGuest('not-a-uuid')],
      ['sku not digits', await addGuest(id, 'abc')],
      ['sku with a NUL', await addGuest(id, '12\u00003')],
      ['unknown city', await addGuest(id, a!.sku, 9)],
      ['no body', await app.inject({ method: 'POST', url: `${BASE}/guest/${id}` })],
      [
        'sku missing',
        await app.inject({ method: 'POST', url: `${BASE}/guest/${id}`, payload: { city_id: 1 } }),
      ],
      ['unknown sort', await readGuest(id, '?sorting=cheapest')],
      ['city not a number', await readGuest(id, '?cityId=almaty')],
      ['remove with a bad sku', await removeGuest(id, 'x1')],
    ]
    for (const [what, res] of bad) expect(res.statusCode, what).toBe(400)
    expect(list(await readGuest(id)).favoritesCount).toBe(0)
  })

  it('applies a retried add once: the same idempotency key answers the first answer, not 422', async () => {
    const [a] = await products({})
    const id = await newGuestList()
    const key = { 'idempotency-key': randomUUID() }
    const first = change(await addGuest(id, a!.sku, 1, key))
    const again = await addGuest(id, a!.sku, 1, key)
    expect(change(again)).toEqual(first)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(list(await readGuest(id)).favoritesCount).toBe(1)
  })

  it("applies a device's numbered changes once and in order: a replay or an overtaken add changes nothing", async () => {
    const id = await newGuestList()
    const [p] = await products({})
    const device = randomUUID()
    const numbered = (seq: number, key = randomUUID()) => ({
      'x-device-id': device,
      'x-mutation-seq': String(seq),
      'idempotency-key': key,
    })
    expect(change(await addGuest(id, p!.sku, 1, numbered(1))).favoritesCount).toBe(1)
    const removed = await app.inject({
      method: 'DELETE',
      url: `${BASE}/guest/${id}/${p!.sku}`,
      headers: numbered(2),
    })
    expect(change(removed).favoritesCount).toBe(0)
    // the add again under another key (a retry that lost its key) is behind the device's last number
    expect(change(await addGuest(id, p!.sku, 1, numbered(1))).favoritesCount).toBe(0)
    expect(skus(list(await readGuest(id)))).toEqual([])
    // the device's next change applies
    expect(change(await addGuest(id, p!.sku, 1, numbered(3))).favoritesCount).toBe(1)
    // a number without a device, or a device without a number, is refused
    refused(await addGuest(id, p!.sku, 1, { 'x-mutation-seq': '4' }), 400)
    refused(await addGuest(id, p!.sku, 1, { 'x-device-id': device }), 400)
    refused(await addGuest(id, p!.sku, 1, { 'x-device-id': device, 'x-mutation-seq': 'abc' }), 400)
  })

  it('is not reachable as a named list, and a named list is not reachable by its id', async () => {
    const [a] = await products({})
    const user = await signInTestUser(app)
    change(await addNamed(user, a!.sku))
    const [named] = await database.db
      .execute(sql`select id from wishlists where user_id = ${user.userId}`)
      .then((r) => (r as unknown as { rows: { id: string }[] }).rows)
    expect(refused(await readGuest(named!.id), 404).message).toBe(WISHLIST_ERROR_KEYS.listNotFound)
    expect(refused(await addGuest(named!.id, a!.sku), 404).message).toBe(WISHLIST_ERROR_KEYS.listNotFound)
  })
})

describe('the named list of a signed-in shopper', () => {
  it('needs sign-in: 401 for a read, an add, a remove and a merge', async () => {
    const [a] = await products({})
    const guest = await newGuestList()
    for (const res of [
      await readNamed(null),
      await addNamed(null, a!.sku),
      await removeNamed(null, a!.sku),
      await app.inject({ method: 'POST', url: `${BASE}/merge/${guest}` }),
    ])
      refused(res, 401)
    const bad = await app.inject({ url: BASE, headers: { authorization: 'Bearer not-a-real-token-at-all' } })
    refused(bad, 401)
  })

  it('is empty before the first add, then adds, reads and removes', async () => {
    const [a, b] = await products({}, {})
    const user = await signInTestUser(app)
    expect(list(await readNamed(user))).toMatchObject({ wishlistId: null, items: [], favoritesCount: 0 })
    expect(change(await addNamed(user, a!.sku))).toEqual({ sku: a!.sku, favoritesCount: 1 })
    expect(change(await addNamed(user, b!.sku, 2))).toEqual({ sku: b!.sku, favoritesCount: 2 })
    expect(refused(await addNamed(user, b!.sku), 422).message).toBe(WISHLIST_ERROR_KEYS.alreadyInList)
    expect(new Set(skus(list(await readNamed(user))))).toEqual(new Set([a!.sku, b!.sku]))
    expect(change(await removeNamed(user, a!.sku))).toEqual({ sku: a!.sku, favoritesCount: 1 })
    expect(skus(list(await readNamed(user)))).toEqual([b!.sku])
    expect(refused(await removeNamed(user, a!.sku), 404).message).toBe(WISHLIST_ERROR_KEYS.productNotFound)
  })

  it("is the shopper's own: another shopper neither sees it nor removes from it", async () => {
    const [a] = await products({})
    const owner = await signInTestUser(app)
    const other = await signInTestUser(app)
    change(await addNamed(owner, a!.sku))
    expect(list(await readNamed(other)).favoritesCount).toBe(0)
    expect(refused(await removeNamed(other, a!.sku), 404).message).toBe(WISHLIST_ERROR_KEYS.productNotFound)
    expect(skus(list(await readNamed(owner)))).toEqual([a!.sku])
  })

  it("sorts by the spec's five orders: added (newest first by default, or oldest), newest product, price", async () => {
    // created: cheap oldest, dear newest; added: mid, dear, cheap
    const [cheap, mid, dear] = await products(
      { prices: { 1: 1000 } },
      { prices: { 1: 5000 } },
      { prices: { 1: 9000 } },
    )
    for (const [i, p] of [cheap!, mid!, dear!].entries())
      await database.db.execute(
        sql`update products set created_at = now() - make_interval(days => ${30 - i * 10}) where id = ${p.id}`,
      )
    await app.catalog.refresh()
    const user = await signInTestUser(app)
    for (const p of [mid!, dear!, cheap!]) change(await addNamed(user, p.sku))
    await dateItems([mid!.id, dear!.id, cheap!.id])

    const expected: [WishlistSort | null, TestProduct[]][] = [
      [null, [cheap!, dear!, mid!]],
      ['added_desc', [cheap!, dear!, mid!]],
      ['added_asc', [mid!, dear!, cheap!]],
      ['newest', [dear!, mid!, cheap!]],
      ['price_asc', [cheap!, mid!, dear!]],
      ['price_desc', [dear!, mid!, cheap!]],
    ]
    for (const [sort, order] of expected) {
      const read = list(await readNamed(user, sort ? `?cityId=1&sorting=${sort}` : '?cityId=1'))
      expect(skus(read), sort ?? 'default').toEqual(order.map((p) => p.sku))
      expect(read.sorting).toBe(sort ?? 'added_desc')
    }
  })

  it('prices its cards in the asked city', async () => {
    const [a] = await products({ prices: { 1: 10_000, 3: 12_345 } })
    const user = await signInTestUser(app)
    change(await addNamed(user, a!.sku))
    expect(list(await readNamed(user, '?cityId=3')).items[0]!.product.price).toBe(12_345)
  })
})

describe('the merge at sign-in', () => {
  it("moves the guest's products into the named list, keeps one of each, and ends the guest list", async () => {
    const [a, b, c] = await products({}, {}, {})
    const user = await signInTestUser(app)
    change(await addNamed(user, a!.sku))
    const guest = await newGuestList()
    change(await addGuest(guest, a!.sku))
    change(await addGuest(guest, b!.sku))
    change(await addGuest(guest, c!.sku, 2))

    const merged = list(
      await app.inject({ method: 'POST', url: `${BASE}/merge/${guest}?cityId=1`, headers: user.headers }),
    )
    expect(merged.wishlistId).toBeNull()
    expect(new Set(skus(merged))).toEqual(new Set([a!.sku, b!.sku, c!.sku]))
    expect(merged.favoritesCount).toBe(3)
    expect(list(await readNamed(user)).favoritesCount).toBe(3)
    // the device's id now answers 404, so it starts a new list
    refused(await readGuest(guest), 404)
    const again = await app.inject({ method: 'POST', url: `${BASE}/merge/${guest}`, headers: user.headers })
    expect(refused(again, 404).message).toBe(WISHLIST_ERROR_KEYS.listNotFound)
    // the city each product was added in travels with it
    const holders = await wishlistHolders(database.db, [c!.id])
    expect(holders).toContainEqual({ userId: user.userId, productId: c!.id, cityId: 2 })
  })

  it('refuses an unknown guest list with 404 and a malformed id with 400, changing nothing', async () => {
    const [a] = await products({})
    const user = await signInTestUser(app)
    change(await addNamed(user, a!.sku))
    const unknown = await app.inject({
      method: 'POST',
      url: `${BASE}/merge/${randomUUID()}`,
      headers: user.headers,
    })
    refused(unknown, 404)
    refused(await app.inject({ method: 'POST', url: `${BASE}/merge/xyz`, headers: user.headers }), 400)
    expect(list(await readNamed(user)).favoritesCount).toBe(1)
  })
})

describe('who holds a product (for the information centre)', () => {
  it('answers the signed-in shoppers holding given products with their cities; guests do not count', async () => {
    const [a, b, lone] = await products({}, {}, {})
    const first = await signInTestUser(app)
    const second = await signInTestUser(app)
    change(await addNamed(first, a!.sku, 1))
    change(await addNamed(first, b!.sku, 3))
    change(await addNamed(second, a!.sku, 2))
    const guest = await newGuestList()
    change(await addGuest(guest, lone!.sku))

    const holders = await app.wishlist.holders([a!.id, b!.id, lone!.id])
    expect(holders).toHaveLength(3)
    expect(holders).toEqual(
      expect.arrayContaining([
        { userId: first.userId, productId: a!.id, cityId: 1 },
        { userId: first.userId, productId: b!.id, cityId: 3 },
        { userId: second.userId, productId: a!.id, cityId: 2 },
      ]),
    )
    expect(await app.wishlist.holders([])).toEqual([])
    // a removed product is nobody's concern any more
    change(await removeNamed(first, b!.sku))
    expect(await wishlistHolders(database.db, [b!.id])).toEqual([])
  })
})

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('concurrency on PostgreSQL', () => {
  it("applies one of ten racing duplicates of a device's numbered add, each under its own key", async () => {
    const id = await newGuestList()
    const [p] = await products({})
    const device = randomUUID()
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        addGuest(id, p!.sku, 1, {
          'x-device-id': device,
          'x-mutation-seq': '7',
          'idempotency-key': randomUUID(),
        }),
      ),
    )
    // the duplicates wait for the first on the device's row, then answer the list as it is
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200))
    expect(answers.map((a) => change(a).favoritesCount)).toEqual(Array(10).fill(1))
    expect(skus(list(await readGuest(id)))).toEqual([p!.sku])
  })
  it('counts right under concurrent adds: one of twenty racing adds of one product wins, the rest get 422', async () => {
    const [a] = await products({})
    const user = await signInTestUser(app)
    const answers = await Promise.all(Array.from({ length: 20 }, () => addNamed(user, a!.sku)))
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1)
    expect(answers.filter((r) => r.statusCode === 422)).toHaveLength(19)
    expect(list(await readNamed(user)).favoritesCount).toBe(1)
  })

  it('gives each of ten racing adds of different products its own count, and a first add makes one list', async () => {
    const made = await products(...Array.from({ length: 10 }, () => ({})))
    const user = await signInTestUser(app)
    const answers = await Promise.all(made.map((p) => addNamed(user, p.sku)))
    const counts = answers.map((r) => change(r).favoritesCount).sort((x, y) => x - y)
    expect(counts).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    const lists = await database.db.execute(
      sql`select count(*)::int as n from wishlists where user_id = ${user.userId}`,
    )
    expect((lists as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1)
  })
})
