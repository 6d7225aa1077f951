import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { CreatedOrder, OrderDetail } from '../../../contract/checkout'
import { PreorderCalculation, PreorderCallback, PreorderProduct } from '../../../contract/preorders'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'
import { randomPhone, signInTestUser, type TestUser } from '../../test/auth'
import { makeProduct, type TestProduct } from '../../test/products'

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

/** A product of the test's own that is not on the shelves yet. */
async function preorderProduct(price: number): Promise<TestProduct> {
  const p = await makeProduct(db, { prices: { 1: price }, stock: {} })
  await db.execute(sql`update products set is_preorder = true where id = ${p.id}`)
  return p
}

async function pointOf(cityId: number): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`select id from service_points where city_id = ${cityId} and is_active order by id limit 1`,
  )
  return row!.id
}

async function bodyFor(p: TestProduct, extra: object = {}) {
  return {
    city_id: 1,
    sku: p.sku,
    quantity: 1,
    receiver,
    service_point_id: await pointOf(1),
    payment_method: 'card_payment',
    ...extra,
  }
}

const calculate = (user: TestUser | null, body: object) =>
  app.inject({
    method: 'POST',
    url: '/oms/api/v2/preorders/orders',
    headers: user?.headers ?? {},
    payload: body,
  })

const place = (user: TestUser | null, body: object, key: string = randomUUID()) =>
  app.inject({
    method: 'POST',
    url: '/oms/api/v2/preorders/checkout',
    headers: { ...(user?.headers ?? {}), 'idempotency-key': key },
    payload: body,
  })

describe('pre-order terms (GET /oms/api/v2/preorders/products/{sku})', () => {
  it('answers the price, the expected date and the prepayment by the rules: in full below 150,000, 30% above', async () => {
    const cheap = await preorderProduct(99_990)
    const dear = await preorderProduct(600_000)
    const a = await app.inject({ url: `/oms/api/v2/preorders/products/${cheap.sku}?city_id=1` })
    expect(a.statusCode, a.body).toBe(200)
    const terms = PreorderProduct.parse(a.json())
    expect(terms).toMatchObject({
      sku: cheap.sku,
      price: 99_990,
      prepayment_percent: 100,
      prepayment: 99_990,
    })
    expect(terms.is_available).toBe(true)
    expect(new Date(terms.expected_date).getTime()).toBeGreaterThan(Date.now())
    const b = PreorderProduct.parse(
      (await app.inject({ url: `/oms/api/v2/preorders/products/${dear.sku}?city_id=1` })).json(),
    )
    expect(b).toMatchObject({ prepayment_percent: 30, prepayment: 180_000 })
  })

  it('a seeded pre-order product has terms from the start', async () => {
    const [seeded] = await rows<{ sku: string }>(
      db,
      sql`select p.sku from products p join preorder_terms t on t.product_id = p.id where p.is_preorder limit 1`,
    )
    expect(seeded).toBeDefined()
    const res = await app.inject({ url: `/oms/api/v2/preorders/products/${seeded!.sku}?city_id=1` })
    expect(res.statusCode, res.body).toBe(200)
  })

  it('an unknown sku, or a product on the shelves, is 404; a bad sku 400', async () => {
    const regular = await makeProduct(db)
    for (const sku of ['99999999999999999', regular.sku]) {
      const res = await app.inject({ url: `/oms/api/v2/preorders/products/${sku}?city_id=1` })
      expect(res.statusCode).toBe(404)
      expect(res.json().error.message).toBe('preorder:notFound')
    }
    expect((await app.inject({ url: '/oms/api/v2/preorders/products/abc' })).statusCode).toBe(400)
  })
})

describe('tell me when it arrives (POST /oms/api/v1/preorders/{sku}/callbacks)', () => {
  it('keeps one request per product and phone; a signed-in shopper’s own phone when none is given', async () => {
    const p = await preorderProduct(50_000)
    const url = `/oms/api/v1/preorders/${p.sku}/callbacks`
    const guest = await app.inject({ method: 'POST', url, payload: { city_id: 1 } })
    expect(guest.statusCode).toBe(400)
    expect(guest.json().error.message).toBe('preorder:phoneRequired')
    const phone = randomPhone()
    const first = await app.inject({ method: 'POST', url, payload: { city_id: 1, phone } })
    expect(first.statusCode, first.body).toBe(201)
    expect(PreorderCallback.parse(first.json())).toMatchObject({
      created: true,
      phone: expect.stringContaining('•••'),
    })
    const again = await app.inject({ method: 'POST', url, payload: { city_id: 1, phone } })
    expect(again.statusCode).toBe(200)
    expect(again.json().created).toBe(false)

    const user = await signInTestUser(app)
    const own = await app.inject({ method: 'POST', url, headers: user.headers, payload: { city_id: 1 } })
    expect(own.statusCode, own.body).toBe(201)
    const [row] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from preorder_callbacks where product_id = ${p.id}`,
    )
    expect(row!.n).toBe(2)
    const unknown = await app.inject({
      method: 'POST',
      url: '/oms/api/v1/preorders/99999999999999999/callbacks',
      payload: { city_id: 1, phone },
    })
    expect(unknown.statusCode).toBe(404)
  })
})

describe('a pre-order (POST /oms/api/v2/preorders/orders and /checkout)', () => {
  it('calculates the prepayment now and the rest at pickup', async () => {
    const p = await preorderProduct(400_000)
    const res = await calculate(null, await bodyFor(p, { quantity: 2 }))
    expect(res.statusCode, res.body).toBe(200)
    const calc = PreorderCalculation.parse(res.json())
    expect(calc.calculation).toMatchObject({ grandTotal: 800_000, sumToPay: 240_000, prepayment: 240_000 })
    expect(calc.rest_to_pay).toBe(560_000)
    expect(calc.products).toEqual([expect.objectContaining({ sku: p.sku, quantity: 2, price: 400_000 })])
  })

  it('refuses bad input with 4xx: cash, too many, a store of another city, goods in stock, an unknown sku', async () => {
    const p = await preorderProduct(50_000)
    expect((await calculate(null, await bodyFor(p, { payment_method: 'cash_payment' }))).statusCode).toBe(400)
    const many = await calculate(null, await bodyFor(p, { quantity: 3 }))
    expect(many.statusCode).toBe(422)
    expect(many.json().error).toMatchObject({ message: 'preorder:tooMany', details: { max: 2 } })
    const elsewhere = await calculate(null, await bodyFor(p, { service_point_id: await pointOf(2) }))
    expect(elsewhere.statusCode).toBe(422)
    expect(elsewhere.json().error.message).toBe('preorder:servicePointUnavailable')
    const arrived = await preorderProduct(50_000)
    await db.execute(
      sql`insert into stocks (product_id, city_id, service_point_id, condition, quantity, pickup_time)
          values (${arrived.id}, 1, ${await pointOf(1)}, 'N', 3, 24)`,
    )
    const inStock = await calculate(null, await bodyFor(arrived))
    expect(inStock.statusCode).toBe(422)
    expect(inStock.json().error.message).toBe('preorder:inStock')
    const unknown = await calculate(null, { ...(await bodyFor(p)), sku: '99999999999999999' })
    expect(unknown.statusCode).toBe(404)
  })

  it('places the pre-order for a signed-in shopper, takes the prepayment by card, and shows it as a paid pre-order', async () => {
    const p = await preorderProduct(300_000)
    const user = await signInTestUser(app)
    const body = { ...(await bodyFor(p)), expected_sum_to_pay: 90_000 }
    expect((await place(null, body)).statusCode).toBe(401)
    const changed = await place(user, { ...body, expected_sum_to_pay: 1 })
    expect(changed.statusCode).toBe(409)
    expect(changed.json().error.details).toEqual({ sumToPay: 90_000 })

    const key = randomUUID()
    const res = await place(user, body, key)
    expect(res.statusCode, res.body).toBe(201)
    const created = CreatedOrder.parse(res.json())
    expect(created.payment.redirect_url).toMatch(/^\/acquirer\/api\/v1\/sessions\//)
    const replay = await place(user, body, key)
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(replay.json().order_id).toBe(created.order_id)

    const redirect = created.payment.redirect_url!
    const paid = await app.inject({
      method: 'POST',
      url: redirect,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ pan: '4111111111111111', expiry: '12/30', cvc: '123' }).toString(),
    })
    expect(paid.statusCode).toBe(303)
    const back = await app.inject({ url: paid.headers.location as string })
    expect(back.statusCode).toBe(303)
    expect(back.headers.location).toContain(`orderId=${created.order_id}`)

    const detail = await app.inject({ url: `/oms/api/v1/orders/${created.order_id}`, headers: user.headers })
    expect(detail.statusCode).toBe(200)
    const order = OrderDetail.parse(detail.json())
    expect(order).toMatchObject({
      is_preorder: true,
      status: 'PROCESSING',
      payment: { status: 'paid', method: 'card_payment' },
      calculation: { grandTotal: 300_000, prepayment: 90_000, sumToPay: 90_000 },
      shipping: { type: 'PICKUP' },
    })
    expect(order.items).toEqual([expect.objectContaining({ sku: p.sku, quantity: 1 })])

    // another shopper's order id is 404, nothing told
    const other = await signInTestUser(app)
    expect(
      (await app.inject({ url: `/oms/api/v1/orders/${created.order_id}`, headers: other.headers }))
        .statusCode,
    ).toBe(404)
  })
})
