import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { CreatedOrder, OrderDetail } from '../../../contract/checkout'
import type { OrderStatus } from '../../../contract/account-area'
import { RescheduleResponse } from '../../../contract/inventory'
import {
  OrderRescheduleState,
  PICKUP_CODE_REFRESH_MAX,
  PickupCode,
  RESCHEDULE_LIMIT,
  Warrant,
  isValidIin,
} from '../../../contract/order-pickup'
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
const address = { street: 'Абая', house: '10', apartment: '5' }
/** 1990-01-01, a man born in the 1900s, with his check digit. */
const IIN = '900101300126'

async function firstPoint(): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`select id from service_points where city_id = 1 order by id limit 1`,
  )
  return row!.id
}

async function stockOf(productId: number): Promise<number> {
  const [row] = await rows<{ q: number }>(
    db,
    sql`select coalesce(sum(quantity), 0)::int as q from stocks where product_id = ${productId} and city_id = 1`,
  )
  return row!.q
}

/** A shopper's cash order of a product of the test's own, through the real cart and checkout. */
async function placeOrder(
  kind: 'pickup' | 'courier',
  opts: { stock?: number; user?: TestUser; payment?: 'cash_payment' | 'card_payment' } = {},
) {
  const product = await makeProduct(db, { prices: { 1: 30_000 }, stock: { 1: opts.stock ?? 5 } })
  const user = opts.user ?? (await signInTestUser(app))
  const cart = await app.inject({
    method: 'POST',
    url: '/cart/api/v3/carts/products',
    headers: user.headers,
    payload: { city_id: 1, products: [{ sku: product.sku, quantity: 1 }] },
  })
  expect(cart.statusCode, cart.body).toBe(200)
  let shipping: object
  if (kind === 'pickup') shipping = { type: 'PICKUP', service_point_id: await firstPoint() }
  else {
    const delivery = await app.inject({
      method: 'POST',
      url: '/inventory/api/v3/delivery',
      payload: { city_id: 1, products: [{ sku: product.sku, quantity: 1 }] },
    })
    const slot = delivery.json().slots[0]
    shipping = { type: 'COURIER_DELIVERY', address, date: slot.date, slot_code: slot.code }
  }
  const body = { city_id: 1, receiver, shipping, payment_method: opts.payment ?? 'cash_payment' }
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
    payload: { ...body, expected_sum_to_pay: calc.json().calculation.sumToPay },
  })
  expect(placed.statusCode, placed.body).toBe(201)
  return { user, product, orderId: CreatedOrder.parse(placed.json()).order_id }
}

async function orderOf(user: TestUser, id: string) {
  const res = await app.inject({ url: `/oms/api/v1/orders/${id}`, headers: user.headers })
  expect(res.statusCode, res.body).toBe(200)
  return OrderDetail.parse(res.json())
}

/** The operator's moves from a new order to `status` (the status machine allows no jump). */
const PATHS: Record<'pickup' | 'courier', Record<string, OrderStatus[]>> = {
  pickup: {
    READY_FOR_PICKUP: ['ASSEMBLING', 'READY_FOR_PICKUP'],
    COMPLETED: ['ASSEMBLING', 'READY_FOR_PICKUP', 'COMPLETED'],
    CANCELLED: ['CANCELLED'],
  },
  courier: {
    COMPLETED: ['ASSEMBLING', 'DELIVERING', 'COMPLETED'],
    CANCELLED: ['CANCELLED'],
  },
}

async function setStatus(id: string, kind: 'pickup' | 'courier', status: string) {
  for (const to of PATHS[kind][status]!) await app.orderLifecycle.move(id, to, 'operator')
}

const rescheduleState = (user: TestUser, id: string) =>
  app.inject({ url: `/oms/api/v3/booking/delivery/reschedule_count/${id}`, headers: user.headers })

const reschedule = (user: TestUser, payload: object) =>
  app.inject({
    method: 'POST',
    url: '/oms/api/v3/booking/delivery/reschedule',
    headers: user.headers,
    payload,
  })

describe('moving a courier delivery (v3 /booking/delivery)', () => {
  it('offers later dates with slots, moves the delivery to one, records it on the order, and counts it', async () => {
    const { user, orderId } = await placeOrder('courier')
    const before = await orderOf(user, orderId)
    const res = await rescheduleState(user, orderId)
    expect(res.statusCode, res.body).toBe(200)
    const state = OrderRescheduleState.parse(res.json())
    expect(state).toMatchObject({ count: 0, limit: RESCHEDULE_LIMIT, left: RESCHEDULE_LIMIT, blocked: null })
    expect(state.date).toBe(before.shipping.date)
    expect(state.dates.length).toBeGreaterThan(0)
    expect(state.dates.every((d) => d.date > before.shipping.date!)).toBe(true)

    const target = state.dates[1]!.slots.at(-1)!
    const moved = await reschedule(user, {
      city_id: 1,
      order_id: orderId,
      date: target.date,
      slot_code: target.code,
      slot_time: `${target.time_from}-${target.time_to}`,
    })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(OrderRescheduleState.parse(moved.json())).toMatchObject({ count: 1, left: 1, date: target.date })
    const after = await orderOf(user, orderId)
    expect(after.shipping.date).toBe(target.date)
    expect(after.shipping.slot).toEqual(target)
    const [row] = await rows<{ n: number; from_date: string }>(
      db,
      sql`select count(*)::int as n, min(from_date) as from_date from order_reschedules where order_id = ${orderId}`,
    )
    expect(row).toEqual({ n: 1, from_date: before.shipping.date })

    // the same move sent again (a retry) changes nothing
    const again = await reschedule(user, {
      city_id: 1,
      order_id: orderId,
      date: target.date,
      slot_code: target.code,
    })
    expect(again.statusCode).toBe(200)
    expect(OrderRescheduleState.parse(again.json()).count).toBe(1)
  })

  it(`refuses a move beyond the limit of ${RESCHEDULE_LIMIT} with 422 and leaves the delivery as it was`, async () => {
    const { user, orderId } = await placeOrder('courier')
    for (let i = 0; i < RESCHEDULE_LIMIT; i++) {
      const state = OrderRescheduleState.parse((await rescheduleState(user, orderId)).json())
      const slot = state.dates[0]!.slots[0]!
      const res = await reschedule(user, {
        city_id: 1,
        order_id: orderId,
        date: slot.date,
        slot_code: slot.code,
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    const state = OrderRescheduleState.parse((await rescheduleState(user, orderId)).json())
    expect(state).toMatchObject({ count: RESCHEDULE_LIMIT, left: 0, blocked: 'limit', dates: [] })
    const where = (await orderOf(user, orderId)).shipping
    const offer = await app.inject({
      method: 'POST',
      url: '/inventory/api/v2/delivery/reschedule',
      payload: {
        city_id: 1,
        products: [{ sku: (await orderOf(user, orderId)).items[0]!.sku }],
        previous_delivery_date: where.date,
      },
    })
    const slot = RescheduleResponse.parse(offer.json()).dates[0]!.slots[0]!
    const refused = await reschedule(user, {
      city_id: 1,
      order_id: orderId,
      date: slot.date,
      slot_code: slot.code,
    })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().error).toMatchObject({
      message: 'orders:rescheduleLimit',
      details: { limit: RESCHEDULE_LIMIT },
    })
    expect((await orderOf(user, orderId)).shipping).toEqual(where)
  })

  it('lets only one of two concurrent last moves through', async () => {
    const { user, orderId } = await placeOrder('courier')
    const first = OrderRescheduleState.parse((await rescheduleState(user, orderId)).json()).dates[0]!
      .slots[0]!
    await reschedule(user, { city_id: 1, order_id: orderId, date: first.date, slot_code: first.code })
    const dates = OrderRescheduleState.parse((await rescheduleState(user, orderId)).json()).dates
    const [a, b] = [dates[0]!.slots[0]!, dates[1]!.slots[0]!]
    const answers = await Promise.all(
      [a, b].map((s) => reschedule(user, { city_id: 1, order_id: orderId, date: s.date, slot_code: s.code })),
    )
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422])
    const [row] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from order_reschedules where order_id = ${orderId}`,
    )
    expect(row!.n).toBe(RESCHEDULE_LIMIT)
  })

  it('offers dates for goods the order took the last unit of (the units it holds count)', async () => {
    const { user, product, orderId } = await placeOrder('courier', { stock: 1 })
    expect(await stockOf(product.id)).toBe(0)
    const state = OrderRescheduleState.parse((await rescheduleState(user, orderId)).json())
    expect(state.blocked).toBeNull()
    expect(state.dates.length).toBeGreaterThan(0)
  })

  it('refuses a slot not offered, another city, a slot time that is not the slot’s, with 422', async () => {
    const { user, orderId } = await placeOrder('courier')
    const state = OrderRescheduleState.parse((await rescheduleState(user, orderId)).json())
    const slot = state.dates[0]!.slots[0]!
    const cases = [
      { city_id: 1, order_id: orderId, date: slot.date, slot_code: 'nope' },
      { city_id: 1, order_id: orderId, date: state.date, slot_code: slot.code },
      { city_id: 2, order_id: orderId, date: slot.date, slot_code: slot.code },
      { city_id: 1, city_guid: randomUUID(), order_id: orderId, date: slot.date, slot_code: slot.code },
      { city_id: 1, order_id: orderId, date: slot.date, slot_code: slot.code, slot_time: '06:00-07:00' },
    ]
    for (const payload of cases)
      expect((await reschedule(user, payload)).statusCode, JSON.stringify(payload)).toBe(422)
    for (const bad of [
      { order_id: orderId },
      { city_id: 1, order_id: 'x', date: slot.date, slot_code: slot.code },
      { city_id: 1, order_id: orderId, date: '2026-13-40', slot_code: slot.code },
    ])
      expect((await reschedule(user, bad)).statusCode).toBe(400)
    expect(OrderRescheduleState.parse((await rescheduleState(user, orderId)).json()).count).toBe(0)
  })

  it('refuses pickup orders (422) and received or cancelled ones (409)', async () => {
    const pickup = await placeOrder('pickup')
    const state = OrderRescheduleState.parse((await rescheduleState(pickup.user, pickup.orderId)).json())
    expect(state).toMatchObject({ blocked: 'notCourier', dates: [] })
    const anyDate = {
      city_id: 1,
      order_id: pickup.orderId,
      date: '2030-01-10',
      slot_code: '2030-01-10T10:00',
    }
    expect((await reschedule(pickup.user, anyDate)).json().error.message).toBe('orders:notCourier')

    for (const status of ['COMPLETED', 'CANCELLED']) {
      const { user, orderId } = await placeOrder('courier')
      const slot = OrderRescheduleState.parse((await rescheduleState(user, orderId)).json()).dates[0]!
        .slots[0]!
      await setStatus(orderId, 'courier', status)
      expect(OrderRescheduleState.parse((await rescheduleState(user, orderId)).json()).blocked).toBe(
        'wrongStatus',
      )
      const res = await reschedule(user, {
        city_id: 1,
        order_id: orderId,
        date: slot.date,
        slot_code: slot.code,
      })
      expect(res.statusCode).toBe(409)
      expect(res.json().error.message).toBe('orders:wrongStatus')
    }
  })

  it("answers another shopper's order with 404 and changes nothing; a guest gets 401", async () => {
    const { user, orderId } = await placeOrder('courier')
    const stranger = await signInTestUser(app)
    const slot = OrderRescheduleState.parse((await rescheduleState(user, orderId)).json()).dates[0]!.slots[0]!
    expect((await rescheduleState(stranger, orderId)).statusCode).toBe(404)
    const res = await reschedule(stranger, {
      city_id: 1,
      order_id: orderId,
      date: slot.date,
      slot_code: slot.code,
    })
    expect(res.statusCode).toBe(404)
    expect(OrderRescheduleState.parse((await rescheduleState(user, orderId)).json()).count).toBe(0)
    expect(
      (await app.inject({ url: `/oms/api/v3/booking/delivery/reschedule_count/${orderId}` })).statusCode,
    ).toBe(401)
  })
})

const writeWarrant = (user: TestUser, id: string, payload: object) =>
  app.inject({ method: 'POST', url: `/oms/api/v1/orders/${id}/warrant`, headers: user.headers, payload })
const person = { firstname: 'Ерлан', lastname: 'Жумабаев', phone: '+7 (705) 123-45-67', iin: IIN }

describe('the warrant (POST /orders/{id}/warrant, GET /orders/warrant/{id})', () => {
  it('writes the other person of a pickup order, reads it back, and replaces it when written again', async () => {
    const { user, orderId } = await placeOrder('pickup')
    expect(
      (await app.inject({ url: `/oms/api/v1/orders/warrant/${orderId}`, headers: user.headers })).statusCode,
    ).toBe(404)
    const res = await writeWarrant(user, orderId, person)
    expect(res.statusCode, res.body).toBe(200)
    expect(Warrant.parse(res.json())).toMatchObject({ order_id: orderId, phone: '77051234567', iin: IIN })
    const changed = await writeWarrant(user, orderId, { ...person, firstname: 'Дана', iin: '850715401236' })
    expect(changed.statusCode).toBe(200)
    const read = await app.inject({ url: `/oms/api/v1/orders/warrant/${orderId}`, headers: user.headers })
    expect(Warrant.parse(read.json())).toMatchObject({ firstname: 'Дана', iin: '850715401236' })
  })

  it('refuses an invalid IIN with 422: a wrong check digit, a birth date that does not exist, a bad century digit, a wrong length', async () => {
    const { user, orderId } = await placeOrder('pickup')
    for (const iin of [
      '900101300127',
      '901301300120',
      '900230300121',
      '900101700126',
      '90010130012',
      'девятьсот',
    ]) {
      expect(isValidIin(iin), iin).toBe(false)
      const res = await writeWarrant(user, orderId, { ...person, iin })
      expect(res.statusCode, iin).toBe(422)
      expect(res.json().error.message).toBe('orders:iinInvalid')
    }
    expect((await writeWarrant(user, orderId, { ...person, phone: '123' })).statusCode).toBe(400)
    expect((await writeWarrant(user, orderId, { ...person, firstname: '' })).statusCode).toBe(400)
    expect(
      (await app.inject({ url: `/oms/api/v1/orders/warrant/${orderId}`, headers: user.headers })).statusCode,
    ).toBe(404)
  })

  it('refuses courier orders (422) and collected or cancelled ones (409)', async () => {
    const courier = await placeOrder('courier')
    const res = await writeWarrant(courier.user, courier.orderId, person)
    expect(res.statusCode).toBe(422)
    expect(res.json().error.message).toBe('orders:notPickup')
    const { user, orderId } = await placeOrder('pickup')
    await setStatus(orderId, 'pickup', 'COMPLETED')
    expect((await writeWarrant(user, orderId, person)).statusCode).toBe(409)
  })

  it("answers another shopper's order with 404 and writes nothing", async () => {
    const { user, orderId } = await placeOrder('pickup')
    const stranger = await signInTestUser(app)
    expect((await writeWarrant(stranger, orderId, person)).statusCode).toBe(404)
    await writeWarrant(user, orderId, person)
    expect(
      (await app.inject({ url: `/oms/api/v1/orders/warrant/${orderId}`, headers: stranger.headers }))
        .statusCode,
    ).toBe(404)
    expect(
      (await app.inject({ url: `/oms/api/v1/orders/warrant/${randomUUID()}`, headers: user.headers }))
        .statusCode,
    ).toBe(404)
  })
})

const code = (user: TestUser, id: string) =>
  app.inject({ url: `/oms/api/v1/orders/${id}/otp`, headers: user.headers })
const refresh = (user: TestUser, id: string, method: 'GET' | 'POST' = 'GET') =>
  app.inject({ method, url: `/oms/api/v1/orders/${id}/otp/refresh`, headers: user.headers })

describe('the pickup one-time code (GET /orders/{id}/otp, /otp/refresh)', () => {
  it('shows six digits and their QR code, the same until refreshed, then a new one', async () => {
    const { user, orderId } = await placeOrder('pickup')
    const res = await code(user, orderId)
    expect(res.statusCode, res.body).toBe(200)
    const first = PickupCode.parse(res.json())
    expect(first.code).toMatch(/^\d{6}$/)
    expect(first.svg).toMatch(/^<svg/)
    expect(first.payload).toBe(`PICKUP:${first.number}:${first.code}`)
    expect(Date.parse(first.expires_at)).toBeGreaterThan(Date.now())
    expect(PickupCode.parse((await code(user, orderId)).json()).code).toBe(first.code)
    const fresh = PickupCode.parse((await refresh(user, orderId, 'POST')).json())
    expect(PickupCode.parse((await code(user, orderId)).json()).code).toBe(fresh.code)
    const [row] = await rows<{ code: string }>(
      db,
      sql`select code from order_pickup_codes where order_id = ${orderId}`,
    )
    expect(row!.code).toBe(fresh.code)
  })

  it('makes a new code once the old one expired', async () => {
    const { user, orderId } = await placeOrder('pickup')
    const first = PickupCode.parse((await code(user, orderId)).json())
    await db.execute(
      sql`update order_pickup_codes set code = '000000', expires_at = now() - interval '1 second' where order_id = ${orderId}`,
    )
    const next = PickupCode.parse((await code(user, orderId)).json())
    expect(next.code).not.toBe('000000')
    expect(Date.parse(next.expires_at)).toBeGreaterThan(Date.now())
    expect(first.order_id).toBe(next.order_id)
  })

  it(`refuses a refresh storm with 429 after ${PICKUP_CODE_REFRESH_MAX} new codes, keeping the last code`, async () => {
    const { user, orderId } = await placeOrder('pickup')
    const answers = await Promise.all(Array.from({ length: 12 }, () => refresh(user, orderId)))
    const passed = answers.filter((r) => r.statusCode === 200)
    expect(passed.length).toBe(PICKUP_CODE_REFRESH_MAX)
    const refused = answers.filter((r) => r.statusCode === 429)
    expect(refused.length).toBe(12 - passed.length)
    expect(refused[0]!.json().error.details.penalty).toBeGreaterThan(0)
    expect(refused[0]!.headers['retry-after']).toBeTruthy()
    const kept = PickupCode.parse((await code(user, orderId)).json()).code
    expect(passed.map((r) => PickupCode.parse(r.json()).code)).toContain(kept)
    expect((await refresh(user, orderId)).statusCode).toBe(429)
  })

  it('refuses courier orders (422) and orders not waiting for pickup (409)', async () => {
    const courier = await placeOrder('courier')
    expect((await code(courier.user, courier.orderId)).json().error.message).toBe('orders:notPickup')
    const { user, orderId } = await placeOrder('pickup')
    await setStatus(orderId, 'pickup', 'READY_FOR_PICKUP')
    expect((await code(user, orderId)).statusCode).toBe(200)
    for (const status of ['COMPLETED', 'CANCELLED']) {
      const placed = await placeOrder('pickup')
      await setStatus(placed.orderId, 'pickup', status)
      expect((await code(placed.user, placed.orderId)).statusCode, status).toBe(409)
      expect((await refresh(placed.user, placed.orderId)).statusCode, status).toBe(409)
    }
    // a card order waits for its payment: nothing to collect yet
    const unpaid = await placeOrder('pickup', { payment: 'card_payment' })
    expect((await orderOf(unpaid.user, unpaid.orderId)).status).toBe('PAYMENT_PENDING')
    expect((await code(unpaid.user, unpaid.orderId)).statusCode).toBe(409)
    expect((await refresh(unpaid.user, unpaid.orderId)).statusCode).toBe(409)
  })

  it("answers another shopper's order with 404, without spending the owner's refreshes", async () => {
    const { user, orderId } = await placeOrder('pickup')
    const stranger = await signInTestUser(app)
    const mine = PickupCode.parse((await code(user, orderId)).json()).code
    expect((await code(stranger, orderId)).statusCode).toBe(404)
    for (let i = 0; i < PICKUP_CODE_REFRESH_MAX + 2; i++)
      expect((await refresh(stranger, orderId)).statusCode).toBe(404)
    expect(PickupCode.parse((await code(user, orderId)).json()).code).toBe(mine)
    expect((await refresh(user, orderId)).statusCode).toBe(200)
    expect((await code(app as never as TestUser, orderId)).statusCode).toBe(401)
  })
})
