import { randomInt, randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { PromotionRegistration } from '../../../contract/cart'
import { CalculationOrder, CreatedOrder } from '../../../contract/checkout'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import { promotions } from '../../db/schema'
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

const receiver = { firstname: 'Ерлан', lastname: 'Ахметов', phone: '77017654321', isOrganization: false }

/** A shopper's order of one product of the test's own, placed with the method given. */
async function order(user: TestUser, sku: string, method: 'card_payment' | 'cash_payment') {
  const added = await app.inject({
    method: 'POST',
    url: '/cart/api/v3/carts/products',
    headers: user.headers,
    payload: { city_id: 1, products: [{ sku, quantity: 1 }] },
  })
  expect(added.statusCode, added.body).toBe(200)
  const [point] = await rows<{ id: number }>(
    db,
    sql`select id from service_points where city_id = 1 order by id limit 1`,
  )
  const body = {
    city_id: 1,
    receiver,
    shipping: { type: 'PICKUP', service_point_id: point!.id },
    payment_method: method,
  }
  const calc = await app.inject({
    method: 'POST',
    url: '/oms/api/v1/orders',
    headers: user.headers,
    payload: body,
  })
  expect(calc.statusCode, calc.body).toBe(200)
  const placed = await app.inject({
    method: 'POST',
    url: '/oms/api/v1/orders/checkout',
    headers: { ...user.headers, 'idempotency-key': randomUUID() },
    payload: { ...body, expected_sum_to_pay: CalculationOrder.parse(calc.json()).calculation.sumToPay },
  })
  expect(placed.statusCode, placed.body).toBe(201)
  return CreatedOrder.parse(placed.json())
}

const register = (user: TestUser | null, orderId: unknown) =>
  app.inject({
    method: 'POST',
    url: '/marketing/api/v1/promotions/register',
    headers: user?.headers ?? {},
    payload: { orderId },
  })

describe('POST /marketing/api/v1/promotions/register', () => {
  it('a paid order takes part in the promotions its goods qualify for, once; others are refused', async () => {
    const product = await makeProduct(db, { prices: { 1: 40_000 } })
    const gift = await makeProduct(db, { prices: { 1: 3_000 } })
    const promotionId = 100_000 + randomInt(0, 1_000_000)
    await db.insert(promotions).values({
      id: promotionId,
      type: 'gift',
      titleRu: 'Подарок к тестовому товару',
      titleKk: 'Сынақ тауарына сыйлық',
      mainEntityType: 'product',
      mainEntityIds: [product.id],
      rules: [
        {
          id: 1,
          titleRu: 'Подарок',
          titleKk: 'Сыйлық',
          productIds: [gift.id],
          discountKind: 'fix',
          discountValue: 0,
        },
      ],
      validFrom: new Date('2020-01-01'),
    })
    const user = await signInTestUser(app)
    const created = await order(user, product.sku, 'card_payment')

    // not paid yet
    const early = await register(user, created.order_id)
    expect(early.statusCode).toBe(409)
    expect(early.json().error.message).toBe('promotions:orderNotPaid')

    const paid = await app.inject({
      method: 'POST',
      url: created.payment.redirect_url!,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ pan: '4111111111111111', expiry: '12/30', cvc: '123' }).toString(),
    })
    expect(paid.statusCode).toBe(303)
    expect((await app.inject({ url: paid.headers.location as string })).statusCode).toBe(303)

    const first = await register(user, created.order_id)
    expect(first.statusCode, first.body).toBe(200)
    const answer = PromotionRegistration.parse(first.json())
    expect(answer.promotions).toEqual([
      { promoId: promotionId, title: 'Подарок к тестовому товару', type: 'gift' },
    ])
    const again = await register(user, created.order_id)
    expect(PromotionRegistration.parse(again.json())).toEqual(answer)
    const [count] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from promotion_registrations where order_id = ${created.order_id}`,
    )
    expect(count!.n).toBe(1)

    // another shopper's order, an unknown one, a guest, a malformed id
    const other = await signInTestUser(app)
    expect((await register(other, created.order_id)).statusCode).toBe(404)
    expect((await register(user, randomUUID())).statusCode).toBe(404)
    expect((await register(null, created.order_id)).statusCode).toBe(401)
    expect((await register(user, 'not-an-id')).statusCode).toBe(400)
  })

  it('a cash order is paid only when received: it takes part in nothing before', async () => {
    const product = await makeProduct(db, { prices: { 1: 20_000 } })
    const user = await signInTestUser(app)
    const created = await order(user, product.sku, 'cash_payment')
    expect((await register(user, created.order_id)).statusCode).toBe(409)
  })
})
