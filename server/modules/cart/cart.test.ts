import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { Cart, CART_ERROR_KEYS, CART_V2, CART_V3, MAX_ORDER_SUM } from '../../../contract/cart'
import { ErrorBody } from '../../../contract/common'
import type { Database } from '../../db/connection'
import { rows } from '../../db/rows'
import type { App } from '../../http/types'
import { SEED_PROMOTION_IDS } from '../../seed/benefits'
import { testApp } from '../../test/app'
import { signInTestUser } from '../../test/auth'
import { createProductSource } from './product-source'
import { createCartPricing } from '../pricing/pricing'
import { createBenefitTablesCache } from '../pricing/repo'
import { createCartRepo } from './repo'
import { createCartService } from './service'
import { makeProduct, type TestProduct } from '../../test/products'

let app: App
let database: Database

beforeAll(async () => {
  ;({ app, database } = await testApp())
})

type Headers = Record<string, string>

async function newCart(cityId = 1): Promise<Cart> {
  const res = await app.inject({ method: 'POST', url: `${CART_V2}/carts`, payload: { city_id: cityId } })
  expect(res.statusCode).toBe(201)
  return Cart.parse(res.json())
}

const getCart = (id: string, cityId = 1, headers: Headers = {}) =>
  app.inject({ url: `${CART_V3}/carts/${id}?city_id=${cityId}`, headers })

const add = (id: string, products: object[], cityId = 1, headers: Headers = {}) =>
  app.inject({
    method: 'POST',
    url: `${CART_V3}/carts/${id}/products`,
    payload: { city_id: cityId, products },
    headers,
  })

const set = (id: string, products: object[], cityId = 1, headers: Headers = {}) =>
  app.inject({
    method: 'PUT',
    url: `${CART_V2}/carts/${id}/products`,
    payload: { city_id: cityId, products },
    headers,
  })

/** The shopper's choice in one promotion: a product sku per rule. */
const choose = (id: string, promotionId: number, referenceProductSku: string, rules: [number, string][]) =>
  app.inject({
    method: 'PUT',
    url: `${CART_V3}/carts/${id}/promotions`,
    payload: {
      city_id: 1,
      promotions: [
        {
          id: promotionId,
          referenceProductSku,
          rules: rules.map(([rule, sku]) => ({ id: rule, chosenProducts: [{ sku }] })),
        },
      ],
    },
  })

function ok(res: { statusCode: number; body: string }): Cart {
  expect(res.statusCode, res.body).toBe(200)
  return Cart.parse(JSON.parse(res.body))
}

function refused(res: { statusCode: number; body: string }, status: number) {
  expect(res.statusCode, res.body).toBe(status)
  return ErrorBody.parse(JSON.parse(res.body)).error
}

const product = (opts?: Parameters<typeof makeProduct>[1]) => makeProduct(database.db, opts)

/** A cart service of its own, as another store process over the same database has. */
function cartServiceOf(db: Database['db']) {
  const repo = createCartRepo(db, createProductSource({ cache: false, reader: db }))
  const sources = { categories: () => app.catalog.categories(), tables: createBenefitTablesCache() }
  return createCartService({
    db,
    repo,
    pricingFor: (tx) => createCartPricing(tx, sources),
    categories: sources.categories,
  })
}
const line = (cart: Cart, p: TestProduct) => cart.products.find((l) => l.sku === p.sku)

describe('creating and reading carts', () => {
  it('creates an anonymous cart and answers it on both versions', async () => {
    const cart = await newCart(2)
    expect(cart).toMatchObject({
      cityId: 2,
      cartType: 'anonymous',
      products: [],
      productCount: 0,
      grandTotalSum: 0,
    })
    const v2 = ok(await app.inject({ url: `${CART_V2}/carts/${cart.id}?city_id=2` }))
    const v3 = ok(await getCart(cart.id, 2))
    expect(v2.id).toBe(cart.id)
    expect(v3.id).toBe(cart.id)
  })

  it('answers 404 for an unknown cart and 400 for an id that is not a cart id', async () => {
    expect(refused(await getCart(randomUUID()), 404).message).toBe(CART_ERROR_KEYS.notFound)
    refused(await getCart('not-a-uuid'), 400)
  })

  it('gives a guest 401 for the named cart, and a shopper one named cart that others cannot reach (403)', async () => {
    refused(await app.inject({ url: `${CART_V3}/carts?city_id=1` }), 401)
    const owner = await signInTestUser(app)
    const named = ok(await app.inject({ url: `${CART_V3}/carts?city_id=1`, headers: owner.headers }))
    expect(named.cartType).toBe('named')
    expect(ok(await app.inject({ url: `${CART_V2}/carts?city_id=1`, headers: owner.headers })).id).toBe(
      named.id,
    )
    expect(ok(await getCart(named.id, 1, owner.headers)).id).toBe(named.id)
    expect(refused(await getCart(named.id), 403).message).toBe(CART_ERROR_KEYS.forbidden)
    const stranger = await signInTestUser(app)
    refused(await getCart(named.id, 1, stranger.headers), 403)
    const p = await product()
    refused(await add(named.id, [{ sku: p.sku, quantity: 1 }], 1, stranger.headers), 403)
    expect(ok(await getCart(named.id, 1, owner.headers)).products).toEqual([])
  })

  it('closes a cart on delete, which then answers 404', async () => {
    const cart = await newCart()
    const res = await app.inject({ method: 'DELETE', url: `${CART_V3}/carts/${cart.id}` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ deleted: true })
    refused(await getCart(cart.id), 404)
    refused(await add(cart.id, [{ sku: (await product()).sku, quantity: 1 }]), 404)
  })

  it("deletes the signed-in shopper's named cart; the next read opens a new one", async () => {
    const user = await signInTestUser(app)
    const first = ok(await app.inject({ url: `${CART_V3}/carts?city_id=1`, headers: user.headers }))
    const res = await app.inject({ method: 'DELETE', url: `${CART_V3}/carts`, headers: user.headers })
    expect(res.json()).toEqual({ deleted: true })
    const second = ok(await app.inject({ url: `${CART_V3}/carts?city_id=1`, headers: user.headers }))
    expect(second.id).not.toBe(first.id)
  })
})

describe('products in the cart', () => {
  it('adds quantities with POST v3, sets them with PUT v2, and removes a line by sku or id', async () => {
    const cart = await newCart()
    const a = await product({ prices: { 1: 1_000 }, stock: { 1: 10 } })
    const b = await product({ prices: { 1: 2_500 }, stock: { 1: 10 } })
    ok(await add(cart.id, [{ sku: a.sku, quantity: 2 }]))
    let answer = ok(
      await add(cart.id, [
        { sku: a.sku, quantity: 1 },
        { sku: b.sku, quantity: 2 },
      ]),
    )
    expect(line(answer, a)).toMatchObject({ quantity: 3, price: 1_000, totalPrice: 3_000, isActive: true })
    expect(answer).toMatchObject({
      subTotalSum: 8_000,
      grandTotalSum: 8_000,
      // units, not lines
      productCount: 5,
      activeProductsCount: 5,
    })
    expect(answer.version).toBeGreaterThan(cart.version)

    answer = ok(await set(cart.id, [{ sku: a.sku, quantity: 1 }]))
    expect(line(answer, a)?.quantity).toBe(1)
    expect(answer.subTotalSum).toBe(6_000)

    answer = ok(
      await app.inject({
        method: 'DELETE',
        url: `${CART_V3}/carts/${cart.id}/products?city_id=1&product_id=${a.sku}`,
      }),
    )
    expect(line(answer, a)).toBeUndefined()
    answer = ok(
      await app.inject({
        method: 'DELETE',
        url: `${CART_V2}/carts/${cart.id}/products?city_id=1&product_id=${b.id}`,
      }),
    )
    expect(answer.products).toEqual([])
    refused(
      await app.inject({
        method: 'DELETE',
        url: `${CART_V3}/carts/${cart.id}/products?city_id=1&product_id=${b.id}`,
      }),
      404,
    )
  })

  it('fills every field of a line from the product, its city price, stock and images', async () => {
    const cart = await newCart()
    const p = await product({ prices: { 1: 9_000 }, oldPrice: 10_000, stock: { 1: 0 }, showcase: { 1: 1 } })
    const answer = ok(await add(cart.id, [{ sku: p.sku, quantity: 1 }]))
    expect(line(answer, p)).toMatchObject({
      id: p.id,
      uri: `test-product-${p.sku}`,
      oldPrice: 10_000,
      totalOldPrice: 10_000,
      discount: 10,
      availableQuantity: 1,
      showcase: true,
      merchant: 'Technodom',
      type: 'regular',
      esdKeys: false,
      isGiftcard: false,
      images: [`p${p.id}-0`],
    })
    expect(line(answer, p)?.categories.length).toBeGreaterThan(0)
    expect(answer.economySum).toBe(1_000)
  })

  it('refuses a quantity above the stock of the city with 409 and the available count, leaving the cart as it was', async () => {
    const cart = await newCart()
    const p = await product({ stock: { 1: 3 } })
    const before = ok(await add(cart.id, [{ sku: p.sku, quantity: 2 }]))
    const error = refused(await add(cart.id, [{ sku: p.sku, quantity: 2 }]), 409)
    expect(error).toMatchObject({ message: CART_ERROR_KEYS.availableInTotal, details: { count: 3 } })
    refused(await set(cart.id, [{ sku: p.sku, quantity: 4 }]), 409)
    const after = ok(await getCart(cart.id))
    expect(line(after, p)?.quantity).toBe(2)
    expect(after.version).toBe(before.version)
  })

  it('refuses an unknown sku with 404 and adds nothing of the same request', async () => {
    const cart = await newCart()
    const p = await product()
    const error = refused(
      await add(cart.id, [
        { sku: p.sku, quantity: 1 },
        { sku: '99999999999999', quantity: 1 },
      ]),
      404,
    )
    expect(error).toMatchObject({
      message: CART_ERROR_KEYS.productNotFound,
      details: { sku: '99999999999999' },
    })
    expect(ok(await getCart(cart.id)).products).toEqual([])
  })

  it('refuses a zero, negative, fractional or huge quantity with 400', async () => {
    const cart = await newCart()
    const p = await product()
    for (const quantity of [0, -1, 1.5, 100, 1e9])
      refused(await add(cart.id, [{ sku: p.sku, quantity }]), 400)
    refused(await add(cart.id, [{ sku: 'abc', quantity: 1 }]), 400)
    expect(ok(await getCart(cart.id)).products).toEqual([])
  })

  it('takes a service only with a product line of the cart, and removes it with that product', async () => {
    const cart = await newCart()
    const machine = await product()
    const installation = await product({ type: 'service', stock: {} })
    const warranty = await product({ type: 'guaranty', stock: {} })
    const alone = refused(await add(cart.id, [{ sku: installation.sku, quantity: 1 }]), 422)
    expect(alone).toMatchObject({
      message: CART_ERROR_KEYS.serviceWithoutProduct,
      details: { sku: installation.sku },
    })
    refused(
      await add(cart.id, [{ sku: installation.sku, quantity: 1, reference_product_sku: machine.sku }]),
      422,
    )

    const answer = ok(
      await add(cart.id, [
        { sku: machine.sku, quantity: 1 },
        { sku: installation.sku, quantity: 1, reference_product_sku: machine.sku },
        { sku: warranty.sku, quantity: 1, reference_product_sku: machine.sku },
      ]),
    )
    expect(answer.productCount).toBe(1)
    expect(answer.services.map((s) => s.sku).sort()).toEqual([installation.sku, warranty.sku].sort())
    expect(answer.services[0]).toMatchObject({
      referenceProductSku: machine.sku,
      referenceProductId: machine.id,
      isAvailable: true,
    })
    expect(line(answer, machine)?.hasGuaranty).toBe(true)

    // one installation and one warranty per machine: the services' quantity follows the product's
    const two = ok(
      await app.inject({
        method: 'PUT',
        url: `${CART_V2}/carts/${cart.id}/products`,
        payload: { city_id: 1, products: [{ sku: machine.sku, quantity: 2 }] },
      }),
    )
    expect(line(two, machine)?.quantity).toBe(2)
    expect(two.services.map((s) => s.quantity)).toEqual([2, 2])
    expect(two.subTotalSum).toBe(
      2 * (line(two, machine)!.price + two.services.reduce((sum, s) => sum + s.price, 0)),
    )
    // a service asked for in another quantity still follows its product
    const asked = ok(
      await add(cart.id, [{ sku: installation.sku, quantity: 5, reference_product_sku: machine.sku }]),
    )
    expect(asked.services.find((s) => s.sku === installation.sku)?.quantity).toBe(2)

    const removed = ok(
      await app.inject({
        method: 'DELETE',
        url: `${CART_V3}/carts/${cart.id}/products?city_id=1&product_id=${machine.sku}`,
      }),
    )
    expect(removed.services).toEqual([])
  })

  it(`refuses a change that takes the active lines above ${MAX_ORDER_SUM} tenge with 422`, async () => {
    const cart = await newCart()
    const tv = await product({ prices: { 1: 1_500_000 }, stock: { 1: 5 } })
    ok(await add(cart.id, [{ sku: tv.sku, quantity: 1 }]))
    const error = refused(await add(cart.id, [{ sku: tv.sku, quantity: 1 }]), 422)
    expect(error).toMatchObject({ message: CART_ERROR_KEYS.maxOrderSum, details: { max: MAX_ORDER_SUM } })
    expect(line(ok(await getCart(cart.id)), tv)?.quantity).toBe(1)
  })

  it('adds a whole batch or nothing', async () => {
    const cart = await newCart()
    const a = await product()
    const scarce = await product({ stock: { 1: 1 } })
    const batch = (products: object[]) =>
      app.inject({
        method: 'POST',
        url: `${CART_V3}/carts/${cart.id}/productsBatch`,
        payload: { city_id: 1, assembly_pc: true, products },
      })
    refused(
      await batch([
        { sku: a.sku, quantity: 1 },
        { sku: scarce.sku, quantity: 2 },
      ]),
      409,
    )
    expect(ok(await getCart(cart.id)).products).toEqual([])
    const answer = ok(
      await batch([
        { sku: a.sku, quantity: 1 },
        { sku: scarce.sku, quantity: 1 },
      ]),
    )
    expect(answer.productCount).toBe(2)
  })

  it("keeps the configurator's products marked for assembly while an active one stays in the cart", async () => {
    const cart = await newCart()
    const [cpu, board, mouse] = await Promise.all([product(), product(), product()])
    const remove = (sku: string) =>
      app.inject({
        method: 'DELETE',
        url: `${CART_V3}/carts/${cart.id}/products?city_id=1&product_id=${sku}`,
      })
    expect(ok(await add(cart.id, [{ sku: mouse.sku, quantity: 1 }])).assemblyPc).toBe(false)
    const assembled = ok(
      await app.inject({
        method: 'POST',
        url: `${CART_V3}/carts/${cart.id}/productsBatch`,
        payload: {
          city_id: 1,
          assembly_pc: true,
          products: [cpu, board].map((p) => ({ sku: p.sku, quantity: 1 })),
        },
      }),
    )
    expect(assembled.assemblyPc).toBe(true)
    // a later plain add of a part keeps it for assembly; the mark survives a read from the database
    ok(await add(cart.id, [{ sku: cpu.sku, quantity: 1 }]))
    expect(ok(await getCart(cart.id)).assemblyPc).toBe(true)
    ok(await remove(cpu.sku))
    const unticked = ok(await set(cart.id, [{ sku: board.sku, quantity: 1, is_active: false }]))
    expect(unticked.assemblyPc).toBe(false)
    const ticked = ok(await set(cart.id, [{ sku: board.sku, quantity: 1, is_active: true }]))
    expect(ticked.assemblyPc).toBe(true)
    ok(await remove(board.sku))
    expect(ok(await getCart(cart.id)).assemblyPc).toBe(false)
    // a batch without the flag marks nothing
    const plain = ok(
      await app.inject({
        method: 'POST',
        url: `${CART_V3}/carts/${cart.id}/productsBatch`,
        payload: { city_id: 1, products: [{ sku: cpu.sku, quantity: 1 }] },
      }),
    )
    expect(plain.assemblyPc).toBe(false)
  })
})

describe('active lines and the city', () => {
  it('counts only ticked and available lines as active, and removes the others on request', async () => {
    const cart = await newCart(2)
    const kept = await product({ stock: { 1: 5, 2: 5 } })
    const unticked = await product({ stock: { 1: 5, 2: 5 } })
    const astanaOnly = await product({ stock: { 2: 5 } })
    ok(
      await add(
        cart.id,
        [kept, unticked, astanaOnly].map((p) => ({ sku: p.sku, quantity: 1 })),
        2,
      ),
    )
    let answer = ok(await set(cart.id, [{ sku: unticked.sku, quantity: 1, is_active: false }], 2))
    expect(answer).toMatchObject({ productCount: 3, activeProductsCount: 2 })
    expect(line(answer, unticked)).toMatchObject({ isActive: false, isAvailable: true })

    // the shopper moves to Almaty, where one product has no stock
    answer = ok(await getCart(cart.id, 1))
    expect(answer.cityId).toBe(1)
    expect(line(answer, astanaOnly)).toMatchObject({
      isActive: false,
      isAvailable: false,
      availableQuantity: 0,
    })
    expect(answer).toMatchObject({ productCount: 3, activeProductsCount: 1 })

    answer = ok(
      await app.inject({
        method: 'DELETE',
        url: `${CART_V3}/carts/${cart.id}/products/activeProducts?city_id=1`,
      }),
    )
    expect(answer.products.map((p) => p.sku)).toEqual([kept.sku])
  })

  it("counts the parts of an added kit among the cart's units, and not once the kit is taken out", async () => {
    const [kit] = await rows<{ laptop: string; parts: string[]; rules: number[] }>(
      database.db,
      sql`select (select sku from products where id = (pr.main_entity_ids->>0)::int) as laptop,
                 array(select p.sku from jsonb_array_elements(pr.rules) r
                       join products p on p.id = (r->'productIds'->>0)::int) as parts,
                 array(select (r->>'id')::int from jsonb_array_elements(pr.rules) r) as rules
          from promotions pr where pr.id = ${SEED_PROMOTION_IDS.laptopKit}`,
    )
    const { laptop, parts, rules } = kit!
    const cart = await newCart()
    expect(ok(await add(cart.id, [{ sku: laptop, quantity: 2 }]))).toMatchObject({
      productCount: 2,
      activeProductsCount: 2,
    })
    const withKit = ok(
      await choose(
        cart.id,
        SEED_PROMOTION_IDS.laptopKit,
        laptop,
        rules.map((id, i): [number, string] => [id, parts[i] ?? '']),
      ),
    )
    expect(parts.length).toBeGreaterThan(0)
    expect(withKit).toMatchObject({
      productCount: 2 + parts.length,
      activeProductsCount: 2 + parts.length,
    })
    const without = ok(
      await app.inject({
        method: 'DELETE',
        url: `${CART_V3}/carts/${cart.id}/promotions?city_id=1&promotion_id=${SEED_PROMOTION_IDS.laptopKit}&reference_product_sku=${laptop}`,
      }),
    )
    expect(without).toMatchObject({ productCount: 2, activeProductsCount: 2 })
  })

  it('reprices the cart in the city the shopper switched to and keeps that city', async () => {
    const cart = await newCart(1)
    const p = await product({ prices: { 1: 1_000, 3: 1_300 }, stock: { 1: 5, 3: 5 } })
    expect(ok(await add(cart.id, [{ sku: p.sku, quantity: 2 }])).subTotalSum).toBe(2_000)
    const moved = ok(await getCart(cart.id, 3))
    expect(moved).toMatchObject({ cityId: 3, subTotalSum: 2_600 })
    expect(line(moved, p)?.price).toBe(1_300)
    expect(ok(await app.inject({ url: `${CART_V2}/carts/${cart.id}` })).cityId).toBe(1)
  })
})

describe('merging a guest cart on sign-in', () => {
  it('combines quantities capped by stock, says what was capped or left out, and closes the guest cart', async () => {
    const user = await signInTestUser(app)
    const shared = await product({ stock: { 1: 10, 2: 10 } })
    // the guest's Astana stock does not count: the named cart is in Almaty
    const scarce = await product({ stock: { 1: 3, 2: 5 } })
    const gone = await product({ stock: { 2: 5 } })
    ok(
      await app.inject({
        method: 'POST',
        url: `${CART_V3}/carts/products`,
        headers: user.headers,
        payload: { city_id: 1, products: [{ sku: shared.sku, quantity: 1 }] },
      }),
    )
    const guest = await newCart(2)
    ok(
      await add(
        guest.id,
        [
          { sku: shared.sku, quantity: 2 },
          { sku: scarce.sku, quantity: 5 },
          { sku: gone.sku, quantity: 1 },
        ],
        2,
      ),
    )

    const merge = () =>
      app.inject({
        method: 'POST',
        url: `${CART_V3}/carts/merge/${guest.id}?city_id=1`,
        headers: user.headers,
      })
    const merged = ok(await merge())
    expect(merged.cartType).toBe('named')
    expect(line(merged, shared)?.quantity).toBe(3)
    expect(line(merged, scarce)?.quantity).toBe(3)
    expect(line(merged, gone)).toBeUndefined()
    expect(merged.notices).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          code: 'quantityCapped',
          sku: scarce.sku,
          details: { requested: 5, count: 3 },
        }),
        expect.objectContaining({ code: 'productUnavailable', sku: gone.sku }),
      ]),
    )
    refused(await getCart(guest.id), 404)

    refused(await merge(), 404)
    const after = ok(await app.inject({ url: `${CART_V3}/carts?city_id=1`, headers: user.headers }))
    expect(line(after, shared)?.quantity).toBe(3)
    expect(after.notices).toEqual([])
  })

  it('merges a guest cart that holds a gift promotion and a promo code', async () => {
    const user = await signInTestUser(app)
    const [gift] = await rows<{ sku: string }>(
      database.db,
      sql`select p.sku from promotions pr join products p on p.id = (pr.main_entity_ids->>0)::int
          where pr.type = 'gift' and pr.main_entity_type = 'product' order by pr.id limit 1`,
    )
    const p = await product({ prices: { 1: 30_000 }, stock: { 1: 20 } })
    ok(
      await app.inject({
        method: 'POST',
        url: `${CART_V3}/carts/products`,
        headers: user.headers,
        payload: { city_id: 1, products: [{ sku: p.sku, quantity: 1 }] },
      }),
    )
    const guest = await newCart()
    ok(
      await add(guest.id, [
        { sku: p.sku, quantity: 1 },
        { sku: gift!.sku, quantity: 1 },
      ]),
    )
    const withCode = ok(
      await app.inject({
        method: 'POST',
        url: `${CART_V3}/carts/${guest.id}/marketingUnits`,
        payload: { city_id: 1, unitType: 'promo_code', code: 'EUPROMO' },
      }),
    )
    expect(withCode.promoCodeSum).toBeGreaterThan(0)
    const merged = ok(
      await app.inject({
        method: 'POST',
        url: `${CART_V3}/carts/merge/${guest.id}?city_id=1`,
        headers: user.headers,
      }),
    )
    expect(line(merged, p)?.quantity).toBe(2)
    expect(merged.products.map((l) => l.sku)).toContain(gift!.sku)
    expect(merged.promotions.some((pr) => pr.type === 'gift' && pr.isApplied)).toBe(true)
  })

  it("brings the guest's own gift choice and gift card along to the named cart", async () => {
    const user = await signInTestUser(app)
    const [promotion] = await rows<{ phone: string; gifts: string[]; rule: number }>(
      database.db,
      sql`select (select sku from products where id = (pr.main_entity_ids->>0)::int) as phone,
                 array(select p.sku from jsonb_array_elements_text(pr.rules->0->'productIds')
                         with ordinality as g(id, n)
                       join products p on p.id = g.id::int order by g.n) as gifts,
                 (pr.rules->0->>'id')::int as rule
          from promotions pr
          where pr.id = ${SEED_PROMOTION_IDS.smartphoneGift}`,
    )
    const { phone, gifts, rule } = promotion!
    expect(gifts.length).toBeGreaterThan(1)
    const guest = await newCart()
    ok(await add(guest.id, [{ sku: phone, quantity: 1 }]))
    const chosen = ok(
      await choose(guest.id, SEED_PROMOTION_IDS.smartphoneGift, phone, [[rule, gifts[1] ?? '']]),
    )
    const giftOf = (cart: Cart) =>
      cart.promotions
        .find((pr) => pr.promoId === SEED_PROMOTION_IDS.smartphoneGift)
        ?.result.products.filter((p) => p.isChosen)
        .map((p) => p.sku)
    expect(giftOf(chosen)).toEqual([gifts[1]])
    ok(
      await app.inject({
        method: 'POST',
        url: `${CART_V3}/carts/${guest.id}/marketingUnits`,
        payload: { city_id: 1, unitType: 'gift_card', code: 'GIFT10000' },
      }),
    )
    const merged = ok(
      await app.inject({
        method: 'POST',
        url: `${CART_V3}/carts/merge/${guest.id}?city_id=1`,
        headers: user.headers,
      }),
    )
    expect(giftOf(merged)).toEqual([gifts[1]])
    expect(merged.marketingUnits.map((u) => [u.type, u.code])).toContainEqual(['gift_card', 'GIFT10000'])
    expect(merged.giftCardSum).toBeGreaterThan(0)
  })

  it('answers a retried merge with the same key with the first answer, without doubling anything', async () => {
    const user = await signInTestUser(app)
    const p = await product({ stock: { 1: 20 } })
    const guest = await newCart()
    ok(await add(guest.id, [{ sku: p.sku, quantity: 2 }]))
    const headers = { ...user.headers, 'idempotency-key': randomUUID() }
    const merge = () =>
      app.inject({ method: 'POST', url: `${CART_V3}/carts/merge/${guest.id}?city_id=1`, headers })
    const first = ok(await merge())
    const again = ok(await merge())
    expect(again).toEqual(first)
    expect(
      line(ok(await app.inject({ url: `${CART_V3}/carts?city_id=1`, headers: user.headers })), p)?.quantity,
    ).toBe(2)
  })

  it("refuses to merge another shopper's cart (403) and needs a signed-in shopper (401)", async () => {
    const owner = await signInTestUser(app)
    const named = ok(await app.inject({ url: `${CART_V3}/carts?city_id=1`, headers: owner.headers }))
    const thief = await signInTestUser(app)
    refused(
      await app.inject({ method: 'POST', url: `${CART_V3}/carts/merge/${named.id}`, headers: thief.headers }),
      403,
    )
    refused(await app.inject({ method: 'POST', url: `${CART_V3}/carts/merge/${(await newCart()).id}` }), 401)
    expect(ok(await getCart(named.id, 1, owner.headers)).id).toBe(named.id)
  })
})

describe('shared carts', () => {
  it('shares products by a 12-character link and shows only the products, in the asked city', async () => {
    const tv = await product({ prices: { 1: 100_000, 2: 110_000 }, stock: { 1: 3, 2: 3 } })
    const installation = await product({ type: 'service', stock: {} })
    const madeForTv = await product({ referenceProductId: tv.id })
    const created = await app.inject({
      method: 'POST',
      url: `${CART_V3}/carts/shared`,
      payload: {
        city_id: 1,
        items: [
          { sku: tv.sku, quantity: 2 },
          { sku: installation.sku, quantity: 1 },
          { sku: madeForTv.sku, quantity: 1 },
        ],
      },
    })
    expect(created.statusCode).toBe(201)
    const id = (created.json() as { shared_cart_id: string }).shared_cart_id
    expect(id).toMatch(/^[0-9A-Za-z]{12}$/)
    const res = await app.inject({ url: `${CART_V3}/carts/shared/${id}?city_id=2` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      shared_cart_id: id,
      cityId: 2,
      items: [
        {
          sku: tv.sku,
          price: 110_000,
          quantity: 2,
          isActive: true,
          image: `/f3/api/v1/images/272/272/p${tv.id}-0.webp`,
        },
      ],
    })
    refused(await app.inject({ url: `${CART_V3}/carts/shared/Nope12345678?city_id=1` }), 404)
  })
})

describe('idempotency and concurrency', () => {
  it("scopes a creation's key by its sender: the same key from another caller makes that caller's own cart", async () => {
    const key = randomUUID()
    const create = (headers: Headers) =>
      app.inject({
        method: 'POST',
        url: `${CART_V2}/carts`,
        payload: { city_id: 1 },
        headers: { 'idempotency-key': key, ...headers },
      })
    const created = (res: { statusCode: number; body: string }) => {
      expect(res.statusCode, res.body).toBe(201)
      return Cart.parse(JSON.parse(res.body))
    }
    const first = created(await create({ 'x-session-id': `device-${randomUUID()}` }))
    const fromAnotherDevice = await create({ 'x-session-id': `device-${randomUUID()}` })
    expect(fromAnotherDevice.headers['idempotent-replayed']).toBeUndefined()
    expect(created(fromAnotherDevice).id).not.toBe(first.id)
    const shopper = await signInTestUser(app)
    expect(created(await create(shopper.headers)).id).not.toBe(first.id)
    // The sender's own retry still gets its first answer.
    const retried = await create(shopper.headers)
    expect(retried.headers['idempotent-replayed']).toBe('true')
  })

  it('answers a replay with the same key with the cart as it is and changes nothing; another body is 422', async () => {
    const cart = await newCart()
    const p = await product({ stock: { 1: 10 } })
    const headers = { 'idempotency-key': randomUUID() }
    const first = ok(await add(cart.id, [{ sku: p.sku, quantity: 2 }], 1, headers))
    const replay = await add(cart.id, [{ sku: p.sku, quantity: 2 }], 1, headers)
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(ok(replay)).toEqual(first)
    const after = ok(await getCart(cart.id))
    expect(line(after, p)?.quantity).toBe(2)
    expect(after.version).toBe(first.version)
    const mismatch = refused(await add(cart.id, [{ sku: p.sku, quantity: 3 }], 1, headers), 422)
    expect(mismatch.message).toBe(CART_ERROR_KEYS.idempotencyMismatch)
    refused(await add(cart.id, [{ sku: p.sku, quantity: 1 }], 1, { 'idempotency-key': 'bad key!' }), 400)
  })

  it("applies a device's numbered changes once and in order, whatever keys they come with", async () => {
    const cart = await newCart()
    const p = await product({ stock: { 1: 20 } })
    const device = randomUUID()
    const numbered = (seq: number) => ({
      'x-device-id': device,
      'x-mutation-seq': String(seq),
      'idempotency-key': randomUUID(),
    })
    expect(line(ok(await add(cart.id, [{ sku: p.sku, quantity: 2 }], 1, numbered(1))), p)?.quantity).toBe(2)
    expect(line(ok(await set(cart.id, [{ sku: p.sku, quantity: 5 }], 1, numbered(2))), p)?.quantity).toBe(5)
    // the add again (a duplicate under a fresh key) and an add overtaken by a later change answer the
    // cart as it is and change nothing
    const replayed = ok(await add(cart.id, [{ sku: p.sku, quantity: 2 }], 1, numbered(1)))
    expect(line(replayed, p)?.quantity).toBe(5)
    expect(line(ok(await add(cart.id, [{ sku: p.sku, quantity: 1 }], 1, numbered(2))), p)?.quantity).toBe(5)
    const after = ok(await getCart(cart.id))
    expect(after.version).toBe(cart.version + 2)
    // the device's next number applies, also when the process answered the cart from memory
    expect(line(ok(await add(cart.id, [{ sku: p.sku, quantity: 1 }], 1, numbered(9))), p)?.quantity).toBe(6)
    expect(line(ok(await add(cart.id, [{ sku: p.sku, quantity: 1 }], 1, numbered(8))), p)?.quantity).toBe(6)
    // a refused change records nothing: the same number applies once the change can be made
    refused(await add(cart.id, [{ sku: p.sku, quantity: 30 }], 1, numbered(10)), 409)
    expect(line(ok(await add(cart.id, [{ sku: p.sku, quantity: 1 }], 1, numbered(10))), p)?.quantity).toBe(7)
    // the headers are checked
    refused(await add(cart.id, [{ sku: p.sku, quantity: 1 }], 1, { 'x-device-id': device }), 400)
    refused(
      await add(cart.id, [{ sku: p.sku, quantity: 1 }], 1, { 'x-device-id': 'x', 'x-mutation-seq': '1' }),
      400,
    )
    refused(
      await add(cart.id, [{ sku: p.sku, quantity: 1 }], 1, { 'x-device-id': device, 'x-mutation-seq': '0' }),
      400,
    )
    expect(line(ok(await getCart(cart.id)), p)?.quantity).toBe(7)
  })

  it("applies one of twenty racing duplicates of a device's numbered add, each under its own key", async () => {
    const cart = await newCart()
    const p = await product({ stock: { 1: 60 } })
    const device = randomUUID()
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        add(cart.id, [{ sku: p.sku, quantity: 1 }], 1, {
          'x-device-id': device,
          'x-mutation-seq': '3',
          'idempotency-key': randomUUID(),
        }),
      ),
    )
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200))
    const after = ok(await getCart(cart.id))
    expect(line(after, p)?.quantity).toBe(1)
    expect(after.version).toBe(cart.version + 1)
  })

  it('applies one of racing duplicates when two store processes take them at once', async () => {
    const processes = [cartServiceOf(database.db), cartServiceOf(database.db)]
    const cart = await newCart()
    const p = await product({ stock: { 1: 60 } })
    const actor = { userId: null, lang: 'ru' as const }
    const device = { deviceId: randomUUID(), seq: 5 }
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        processes[i % 2]!.putProducts(
          { id: cart.id },
          actor,
          { city_id: 1, products: [{ sku: p.sku, quantity: 1 }] },
          'add',
          { scope: `cart:${cart.id}`, key: `dup-${i}-${device.deviceId}`, payload: { sku: p.sku }, device },
        ),
      ),
    )
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1)
    expect(line(ok(await getCart(cart.id)), p)?.quantity).toBe(1)
  })

  it('keeps every one of 50 concurrent adds of one unit to one cart', async () => {
    const cart = await newCart()
    const p = await product({ stock: { 1: 60 } })
    const q = await product({ stock: { 1: 60 } })
    // the one-line-per-product limit is 99, so the adds spread over two products: 25 each
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => add(cart.id, [{ sku: (i % 2 ? p : q).sku, quantity: 1 }])),
    )
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200))
    const after = ok(await getCart(cart.id))
    expect(line(after, p)?.quantity).toBe(25)
    expect(line(after, q)?.quantity).toBe(25)
    expect(after.version).toBe(cart.version + 50)
  })

  it('lists the lines in the same order whether the cart was read from the database or kept by the process', async () => {
    const cart = await newCart()
    const first = await product()
    const second = await product()
    const third = await product()
    ok(await add(cart.id, [{ sku: first.sku, quantity: 1 }]))
    // added together, so stored with one time: read back by product id
    ok(
      await add(cart.id, [
        { sku: third.sku, quantity: 1 },
        { sku: second.sku, quantity: 1 },
      ]),
    )
    const changed = ok(await add(cart.id, [{ sku: first.sku, quantity: 1 }]))
    const read = ok(await getCart(cart.id))
    expect(changed.products.map((l) => l.sku)).toEqual(read.products.map((l) => l.sku))
    expect(read.products.map((l) => l.sku)).toEqual([first.sku, second.sku, third.sku])
  })

  it('keeps every add when two store processes change one cart at once, and a replayed key changes nothing', async () => {
    // two services over one database stand for two processes: their changes of one cart do not take
    // turns in memory, so one's save finds the other's version and redoes its change on top of it
    const processes = [cartServiceOf(database.db), cartServiceOf(database.db)]
    const cart = await newCart()
    const p = await product({ stock: { 1: 60 } })
    const actor = { userId: null, lang: 'ru' as const }
    const addOne = (i: number, key: string | null) =>
      processes[i % 2]!.putProducts(
        { id: cart.id },
        actor,
        { city_id: 1, products: [{ sku: p.sku, quantity: 1 }] },
        'add',
        { scope: `cart:${cart.id}`, key, payload: { sku: p.sku } },
      )
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => addOne(i, `two-processes-${i}`)))
    expect(answers.every((a) => a.status === 200 && !a.replayed)).toBe(true)
    const replay = await addOne(1, 'two-processes-7')
    expect(replay.replayed).toBe(true)
    const after = ok(await getCart(cart.id))
    expect(line(after, p)?.quantity).toBe(30)
    expect(after.version).toBe(cart.version + 30)
    // a replay changes nothing and answers the cart as it is now
    expect(replay.body).toEqual(after)
  })

  it('saves the changes of many carts arriving at once in shared statements, and loses none', async () => {
    const repo = createCartRepo(database.db, createProductSource({ cache: false, reader: database.db }))
    const batches: number[] = []
    const counted = {
      ...repo,
      saveMany: (tx: Database['db'], saves: Parameters<typeof repo.saveMany>[1]) => {
        batches.push(saves.length)
        return repo.saveMany(tx, saves)
      },
    }
    const sources = { categories: () => app.catalog.categories(), tables: createBenefitTablesCache() }
    const service = createCartService({
      db: database.db,
      repo: counted,
      pricingFor: (tx) => createCartPricing(tx, sources),
      categories: sources.categories,
    })
    const carts = await Promise.all(Array.from({ length: 12 }, () => newCart()))
    const p = await product({ stock: { 1: 50 } })
    const actor = { userId: null, lang: 'ru' as const }
    const answers = await Promise.all(
      carts.flatMap((cart) =>
        [0, 1, 2].map((n) =>
          service.putProducts(
            { id: cart.id },
            actor,
            { city_id: 1, products: [{ sku: p.sku, quantity: 1 }] },
            'add',
            {
              scope: `cart:${cart.id}`,
              key: `many-carts-${n}`,
              payload: { sku: p.sku },
            },
          ),
        ),
      ),
    )
    expect(answers.every((a) => a.status === 200 && !a.replayed)).toBe(true)
    for (const cart of carts) expect(line(ok(await getCart(cart.id)), p)?.quantity).toBe(3)
    expect(batches.reduce((a, b) => a + b, 0)).toBe(36)
    expect(Math.max(...batches)).toBeGreaterThan(1)
  })

  it('writes each save of a batch on its own terms: a stale version or a used key leaves only that cart as it was', async () => {
    const repo = createCartRepo(database.db, createProductSource({ cache: false, reader: database.db }))
    const [fresh, stale, usedKey] = await Promise.all([newCart(), newCart(), newCart()])
    const p = await product()
    const scope = (id: string) => `cart:${id}`
    await database.db.execute(
      sql`insert into idempotency_keys (scope, key, request_hash, status) values (${scope(usedKey!.id)}, 'used', 'h', 200)`,
    )
    const save = (cart: Cart, expectedVersion: number, key: string) => ({
      id: cart.id,
      change: {
        upserts: [
          { product_id: p.id, quantity: 2, is_active: true, reference_product_id: null, for_assembly: false },
        ],
        removed: [],
      },
      patch: { bonusAmount: 0 },
      guard: { expectedVersion, updatedAt: new Date(), remember: { scope: scope(cart.id), key, hash: 'h2' } },
    })
    const written = await repo.saveMany(database.db, [
      save(fresh!, fresh!.version, 'k-fresh'),
      save(stale!, stale!.version - 1, 'k-stale'),
      save(usedKey!, usedKey!.version, 'used'),
    ])
    expect(written).toEqual([true, false, false])
    expect(line(ok(await getCart(fresh!.id)), p)?.quantity).toBe(2)
    expect(ok(await getCart(stale!.id)).products).toEqual([])
    expect(ok(await getCart(usedKey!.id)).products).toEqual([])
    const keys = await rows<{ key: string; request_hash: string }>(
      database.db,
      sql`select key, request_hash from idempotency_keys
          where scope in (${scope(fresh!.id)}, ${scope(stale!.id)}, ${scope(usedKey!.id)}) order by key`,
    )
    expect(keys).toEqual([
      { key: 'k-fresh', request_hash: 'h2' },
      { key: 'used', request_hash: 'h' },
    ])
  })

  it('sells no more than the stock when 50 shoppers add at once: the rest get 409', async () => {
    const cart = await newCart()
    const p = await product({ stock: { 1: 30 } })
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => add(cart.id, [{ sku: p.sku, quantity: 1 }])),
    )
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(30)
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(20)
    expect(line(ok(await getCart(cart.id)), p)?.quantity).toBe(30)
  })
})

describe('benefits kept by the cart', () => {
  it('removes an applied promo code when the products change and says so once', async () => {
    const cart = await newCart()
    const p = await product()
    ok(await add(cart.id, [{ sku: p.sku, quantity: 1 }]))
    const giftCard = { type: 'gift_card', code: 'GIFT10000', operationId: 'op-gc' }
    // as every writer of a cart does, the version moves: a store process keeps the cart it saved last
    await database.db.execute(
      sql`update carts set version = version + 1, marketing_units = ${JSON.stringify([
        { type: 'promo_code', code: 'EUPROMO', operationId: 'op-1' },
        giftCard,
      ])}::jsonb where id = ${cart.id}`,
    )
    const answer = ok(await add(cart.id, [{ sku: p.sku, quantity: 1 }]))
    expect(answer.notices).toEqual([
      expect.objectContaining({ code: 'promoCodeRemoved', details: { code: 'EUPROMO' } }),
    ])
    const [stored] = await rows<{ marketing_units: unknown }>(
      database.db,
      sql`select marketing_units from carts where id = ${cart.id}`,
    )
    expect(stored?.marketing_units).toEqual([giftCard])
    expect(ok(await getCart(cart.id)).notices).toEqual([])
  })

  it('leaves the cart unchanged when pricing refuses a promo code', async () => {
    const cart = await newCart()
    const before = ok(await getCart(cart.id))
    const res = await app.inject({
      method: 'POST',
      url: `${CART_V3}/carts/${cart.id}/marketingUnits`,
      payload: { city_id: 1, unitType: 'promo_code', code: 'NO-SUCH-CODE' },
    })
    expect(refused(res, 404).message).toBe(CART_ERROR_KEYS.promoCodeNotFound)
    expect(ok(await getCart(cart.id)).version).toBe(before.version)
  })

  it('refuses bonuses to a guest cart with 401', async () => {
    const cart = await newCart()
    refused(
      await app.inject({
        method: 'PUT',
        url: `${CART_V3}/carts/${cart.id}/cart`,
        payload: { city_id: 1, bonusAmount: 100 },
      }),
      401,
    )
  })
})
