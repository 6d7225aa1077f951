import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { Cart } from '../../../contract/cart'
import { CalculationOrder, CreatedOrder } from '../../../contract/checkout'
import { OrderDeliverables } from '../../../contract/deliverables'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'
import { signInTestUser, type TestUser } from '../../test/auth'
import { makeProduct } from '../../test/products'

let app: App
let db: Db

beforeAll(async () => {
  const built = await testApp()
  app = built.app
  db = built.database.db
})

const receiver = {
  firstname: 'Айгерим',
  lastname: 'Сапарова',
  phone: '77011234567',
  email: 'aigerim@example.kz',
  isOrganization: false,
}

async function pickupPoint(): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`select id from service_points where city_id = 1 order by id limit 1`,
  )
  return row!.id
}

async function addToCart(user: TestUser, items: { sku: string; quantity: number }[]) {
  const res = await app.inject({
    method: 'POST',
    url: '/cart/api/v3/carts/products',
    headers: user.headers,
    payload: { city_id: 1, products: items },
  })
  expect(res.statusCode, res.body).toBe(200)
  return Cart.parse(res.json())
}

/** Orders the named cart for pickup, paying by card, and pays on the acquirer's page. */
async function orderAndPay(user: TestUser) {
  const body = {
    city_id: 1,
    receiver,
    shipping: { type: 'PICKUP', service_point_id: await pickupPoint() },
    payment_method: 'card_payment',
  }
  const calc = await app.inject({
    method: 'POST',
    url: '/oms/api/v1/orders',
    headers: user.headers,
    payload: body,
  })
  expect(calc.statusCode, calc.body).toBe(200)
  const sum = CalculationOrder.parse(calc.json()).calculation.sumToPay
  const placed = await app.inject({
    method: 'POST',
    url: '/oms/api/v1/orders/checkout',
    headers: { ...user.headers, 'idempotency-key': randomUUID() },
    payload: { ...body, expected_sum_to_pay: sum },
  })
  expect(placed.statusCode, placed.body).toBe(201)
  const created = CreatedOrder.parse(placed.json())
  const before = await deliverables(user, created.order_id)
  expect(before).toEqual({ gift_cards: [], esd_keys: [] })
  const paid = await app.inject({
    method: 'POST',
    url: created.payment.redirect_url!,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ pan: '4111111111111111', expiry: '12/30', cvc: '123' }).toString(),
  })
  expect(paid.statusCode).toBe(303)
  expect((await app.inject({ url: paid.headers.location as string })).statusCode).toBe(303)
  return created.order_id
}

async function deliverables(user: TestUser, orderId: string) {
  const res = await app.inject({ url: `/oms/api/v1/orders/${orderId}/deliverables`, headers: user.headers })
  expect(res.statusCode, res.body).toBe(200)
  return OrderDeliverables.parse(res.json())
}

describe('gift certificates and keys issued by a paid order', () => {
  it('a paid certificate becomes a gift card with its own code that pays in another shopper’s cart; a key comes with a digital product', async () => {
    const certificate = await makeProduct(db, { type: 'certificate', prices: { 1: 20_000 }, stock: {} })
    const key = await makeProduct(db, { type: 'digital', prices: { 1: 9_990 }, stock: {} })
    const buyer = await signInTestUser(app)
    await addToCart(buyer, [
      { sku: certificate.sku, quantity: 2 },
      { sku: key.sku, quantity: 1 },
    ])
    const orderId = await orderAndPay(buyer)

    const issued = await deliverables(buyer, orderId)
    expect(issued.gift_cards).toHaveLength(2)
    expect(issued.esd_keys).toEqual([expect.objectContaining({ sku: key.sku })])
    expect(issued.esd_keys[0]!.key).toMatch(/^[A-Z0-9]{5}(-[A-Z0-9]{5}){4}$/)
    const [first, second] = issued.gift_cards
    expect(first).toMatchObject({ sku: certificate.sku, amount: 20_000, balance: 20_000 })
    expect(first!.code).toMatch(/^GC-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/)
    expect(first!.code).not.toBe(second!.code)
    expect(new Date(first!.valid_to!).getTime()).toBeGreaterThan(Date.now() + 300 * 86_400_000)

    // the code is a gift card like any: its balance, and it pays in someone else's cart
    const check = await app.inject({
      method: 'POST',
      url: `/marketing/api/v1/giftCards/${first!.code}`,
      payload: {},
    })
    expect(check.statusCode, check.body).toBe(200)
    expect(check.json()).toMatchObject({ balance: 20_000 })
    const friend = await signInTestUser(app)
    const goods = await makeProduct(db, { prices: { 1: 50_000 } })
    await addToCart(friend, [{ sku: goods.sku, quantity: 1 }])
    const applied = await app.inject({
      method: 'POST',
      url: '/cart/api/v2/carts/marketingUnits',
      headers: friend.headers,
      payload: { city_id: 1, unitType: 'gift_card', code: first!.code },
    })
    expect(applied.statusCode, applied.body).toBe(200)
    expect(Cart.parse(applied.json())).toMatchObject({ giftCardSum: 20_000, grandTotalSum: 30_000 })

    // the order's codes are its owner's only
    const stranger = await app.inject({
      url: `/oms/api/v1/orders/${orderId}/deliverables`,
      headers: friend.headers,
    })
    expect(stranger.statusCode).toBe(404)
    expect((await app.inject({ url: `/oms/api/v1/orders/${orderId}/deliverables` })).statusCode).toBe(401)
    expect(
      (await app.inject({ url: '/oms/api/v1/orders/not-an-id/deliverables', headers: buyer.headers }))
        .statusCode,
    ).toBe(400)
  })
})
