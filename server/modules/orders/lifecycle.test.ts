import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { CreatedOrder, OrderDetail, type CheckoutRequest } from '../../../contract/checkout'
import { Cart } from '../../../contract/cart'
import { OrderCancelation, OrderTimeline } from '../../../contract/orders'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'
import { signInTestUser, type TestUser } from '../../test/auth'
import { makeProduct, type TestProduct } from '../../test/products'
import { listAudit } from '../audit'
import { runFulfilCli } from './fulfil'
import { runOperatorCli } from './operator-cli'
import { createOrderRepo } from './repo'
import { allowed, nextStatuses, type Transition } from './transitions'

let app: App
let db: Db
let operator: TestUser

const receiver = {
  firstname: 'Айгерим',
  lastname: 'Сапарова',
  phone: '77011234567',
  email: 'aigerim@example.kz',
  isOrganization: false,
}

const withDb = <T>(fn: (d: Db) => Promise<T>) => fn(db)
const silent = { out: () => {}, err: () => {} }

beforeAll(async () => {
  const built = await testApp()
  app = built.app
  db = built.database.db
  operator = await signInTestUser(app)
  expect(await runOperatorCli(['grant', operator.phone], withDb, silent)).toBe(0)
})

async function stockOf(productId: number): Promise<number> {
  const [row] = await rows<{ q: number }>(
    db,
    sql`select coalesce(sum(quantity), 0)::int as q from stocks where product_id = ${productId} and city_id = 1`,
  )
  return row!.q
}

async function firstPoint(): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`select id from service_points where city_id = 1 order by id limit 1`,
  )
  return row!.id
}

async function fill(user: TestUser, items: { sku: string; quantity?: number }[]) {
  const res = await app.inject({
    method: 'POST',
    url: '/cart/api/v3/carts/products',
    headers: user.headers,
    payload: { city_id: 1, products: items.map((i) => ({ sku: i.sku, quantity: i.quantity ?? 1 })) },
  })
  expect(res.statusCode, res.body).toBe(200)
}

/** A shopper's order of their own products, with pickup, placed and answered. */
async function placed(
  opts: {
    method?: CheckoutRequest['payment_method']
    products?: TestProduct[]
    quantity?: number
    user?: TestUser
    beforeCalc?: (user: TestUser) => Promise<void>
  } = {},
) {
  const products = opts.products ?? [await makeProduct(db, { prices: { 1: 50_000 }, stock: { 1: 5 } })]
  const user = opts.user ?? (await signInTestUser(app))
  await fill(
    user,
    products.map((p) => ({ sku: p.sku, quantity: opts.quantity ?? 1 })),
  )
  await opts.beforeCalc?.(user)
  const body = {
    city_id: 1,
    receiver,
    shipping: { type: 'PICKUP' as const, service_point_id: await firstPoint() },
    payment_method: opts.method ?? 'cash_payment',
  }
  const calc = await app.inject({
    method: 'POST',
    url: '/oms/api/v1/orders',
    headers: user.headers,
    payload: body,
  })
  expect(calc.statusCode, calc.body).toBe(200)
  const sumToPay = calc.json().calculation.sumToPay as number
  const res = await app.inject({
    method: 'POST',
    url: '/oms/api/v1/orders/checkout',
    headers: { ...user.headers, 'idempotency-key': randomUUID() },
    payload: { ...body, expected_sum_to_pay: sumToPay },
  })
  expect(res.statusCode, res.body).toBe(201)
  return { user, products, order: CreatedOrder.parse(res.json()), sumToPay }
}

/** Pays a card order on the local acquirer's page with an approved test card, and comes back. */
async function payByCard(created: CreatedOrder) {
  const redirect = created.payment.redirect_url!
  const sent = await app.inject({
    method: 'POST',
    url: redirect,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ pan: '4111111111111111', expiry: '12/30', cvc: '123' }).toString(),
  })
  expect(sent.statusCode).toBe(303)
  const back = await app.inject({ url: sent.headers.location as string })
  expect(back.statusCode).toBe(303)
}

async function detail(user: TestUser, id: string) {
  const res = await app.inject({ url: `/oms/api/v1/orders/${id}`, headers: user.headers })
  expect(res.statusCode, res.body).toBe(200)
  return OrderDetail.parse(res.json())
}

async function timeline(user: TestUser, id: string) {
  const res = await app.inject({ url: `/oms/api/v1/orders/${id}/timeline`, headers: user.headers })
  expect(res.statusCode, res.body).toBe(200)
  return OrderTimeline.parse(res.json())
}

function operate(id: string, status: string, user: TestUser = operator, note?: string) {
  return app.inject({
    method: 'POST',
    url: `/oms/api/v1/operator/orders/${id}/status`,
    headers: user.headers,
    payload: { status, ...(note === undefined ? {} : { note }) },
  })
}

function cancel(user: TestUser, id: string) {
  return app.inject({ method: 'PATCH', url: `/oms/api/v1/orders/${id}/cancelation`, headers: user.headers })
}

async function notified(userId: string, orderId: string): Promise<string[]> {
  const found = await rows<{ status: string }>(
    db,
    sql`select payload->>'status' as status from notifications
        where user_id = ${userId} and kind = 'order_status' and payload->>'orderId' = ${orderId}
        order by created_at, id`,
  )
  return found.map((r) => r.status)
}

describe('the moves as data', () => {
  const table: Transition[] = [
    {
      from: 'ASSEMBLING',
      to: 'READY_FOR_PICKUP',
      actor: 'fulfilment',
      shippingTypes: ['PICKUP'],
      afterSeconds: 600,
    },
    {
      from: 'ASSEMBLING',
      to: 'DELIVERING',
      actor: 'fulfilment',
      shippingTypes: ['COURIER_DELIVERY'],
      afterSeconds: 900,
    },
    { from: 'ASSEMBLING', to: 'CANCELLED', actor: 'shopper', shippingTypes: [], afterSeconds: null },
  ]

  it('allows a move only for its actor and, where the row says, its shipping type', () => {
    expect(allowed(table, 'ASSEMBLING', 'READY_FOR_PICKUP', 'fulfilment', 'PICKUP')).toBe(true)
    expect(allowed(table, 'ASSEMBLING', 'READY_FOR_PICKUP', 'fulfilment', 'COURIER_DELIVERY')).toBe(false)
    expect(allowed(table, 'ASSEMBLING', 'READY_FOR_PICKUP', 'shopper', 'PICKUP')).toBe(false)
    expect(allowed(table, 'ASSEMBLING', 'CANCELLED', 'shopper', 'COURIER_DELIVERY')).toBe(true)
    expect(nextStatuses(table, 'ASSEMBLING', 'fulfilment', 'COURIER_DELIVERY')).toEqual(['DELIVERING'])
  })

  it('the database refuses a move no row allows, whoever writes it', async () => {
    const { order } = await placed()
    await expect(
      db.execute(sql`update orders set status = 'COMPLETED' where id = ${order.order_id}`),
    ).rejects.toThrow()
    const [row] = await rows<{ status: string }>(
      db,
      sql`select status from orders where id = ${order.order_id}`,
    )
    expect(row!.status).toBe('NEW')
  })
})

describe('fulfilment and the operator (POST /oms/api/v1/operator/orders/{id}/status)', () => {
  it('an operator moves a pickup order to ready and received: each move is in the timeline and told to the shopper', async () => {
    const { user, order } = await placed()
    await db.execute(
      sql`insert into bonus_transactions (user_id, order_id, amount, available_from)
          values (${user.userId}, ${order.order_id}, 700, 'infinity'::timestamptz)`,
    )
    for (const status of ['ASSEMBLING', 'READY_FOR_PICKUP', 'COMPLETED']) {
      const res = await operate(order.order_id, status)
      expect(res.statusCode, res.body).toBe(200)
      expect(OrderTimeline.parse(res.json()).status).toBe(status)
    }
    const line = await timeline(user, order.order_id)
    expect(line.events.map((e) => [e.status, e.by])).toEqual([
      ['NEW', 'shopper'],
      ['ASSEMBLING', 'operator'],
      ['READY_FOR_PICKUP', 'operator'],
      ['COMPLETED', 'operator'],
    ])
    expect(line.events[1]!.from).toBe('NEW')
    expect(line.can_cancel).toBe(false)
    // each move is the operator's in the audit log, newest first, with where it came from
    const audited = await listAudit(db, { subjectKind: 'order', subjectId: order.order_id, limit: 10 })
    expect(audited.map((e) => [e.action, e.actorKind, e.actorId, e.details.from, e.details.to])).toEqual([
      ['order.status', 'staff', operator.userId, 'READY_FOR_PICKUP', 'COMPLETED'],
      ['order.status', 'staff', operator.userId, 'ASSEMBLING', 'READY_FOR_PICKUP'],
      ['order.status', 'staff', operator.userId, 'NEW', 'ASSEMBLING'],
    ])
    expect(audited[0]!.ip).toBeTruthy()
    expect(await notified(user.userId, order.order_id)).toEqual([
      'ASSEMBLING',
      'READY_FOR_PICKUP',
      'COMPLETED',
    ])
    // received: cash was paid at the counter, and the purchase's cashback is spendable
    expect((await detail(user, order.order_id)).payment.status).toBe('paid')
    const [cashback] = await rows<{ ok: boolean }>(
      db,
      sql`select available_from <= now() as ok from bonus_transactions where order_id = ${order.order_id}`,
    )
    expect(cashback!.ok).toBe(true)
  })

  it("shows the shopper the operator's note beside the move it came with", async () => {
    const { user, order } = await placed()
    const note = '  Позвонили покупателю: заказ соберём с другого склада  '
    expect((await operate(order.order_id, 'ASSEMBLING', operator, note)).statusCode).toBe(200)
    expect((await operate(order.order_id, 'READY_FOR_PICKUP')).statusCode).toBe(200)
    const line = await timeline(user, order.order_id)
    expect(line.events.map((e) => [e.status, e.note])).toEqual([
      ['NEW', null],
      ['ASSEMBLING', note.trim()],
      ['READY_FOR_PICKUP', null],
    ])
    const tooLong = await operate(order.order_id, 'COMPLETED', operator, 'x'.repeat(501))
    expect(tooLong.statusCode).toBe(400)
  })

  it('refuses a move the status does not allow with 409, and a pickup order never goes to the courier', async () => {
    const { order } = await placed()
    const skip = await operate(order.order_id, 'COMPLETED')
    expect(skip.statusCode).toBe(409)
    expect(skip.json().error).toMatchObject({
      message: 'orders:illegalTransition',
      details: { from: 'NEW', to: 'COMPLETED' },
    })
    expect((await operate(order.order_id, 'ASSEMBLING')).statusCode).toBe(200)
    expect((await operate(order.order_id, 'DELIVERING')).statusCode).toBe(409)
    expect((await operate(order.order_id, 'PAYMENT_PENDING')).statusCode).toBe(409)
    // a double click changes nothing and is not an error
    expect((await operate(order.order_id, 'ASSEMBLING')).statusCode).toBe(200)
    const [n] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from order_events where order_id = ${order.order_id}`,
    )
    expect(n!.n).toBe(2)
  })

  it('is for operators only: a shopper gets 403 (their own order too), a guest 401, an unknown order 404', async () => {
    const { user, order } = await placed()
    const own = await operate(order.order_id, 'ASSEMBLING', user)
    expect(own.statusCode).toBe(403)
    expect(own.json().error.message).toBe('orders:operatorOnly')
    const guest = await app.inject({
      method: 'POST',
      url: `/oms/api/v1/operator/orders/${order.order_id}/status`,
      payload: { status: 'ASSEMBLING' },
    })
    expect(guest.statusCode).toBe(401)
    expect((await operate(randomUUID(), 'ASSEMBLING')).statusCode).toBe(404)
    expect((await operate(order.order_id, 'LOST')).statusCode).toBe(400)
    expect((await timeline(user, order.order_id)).status).toBe('NEW')
  })

  it('npm run operator grants and revokes the role; an unknown phone is 1, a bad one 2', async () => {
    const someone = await signInTestUser(app)
    const { order } = await placed()
    expect(await runOperatorCli(['grant', someone.phone], withDb, silent)).toBe(0)
    expect((await operate(order.order_id, 'ASSEMBLING', someone)).statusCode).toBe(200)
    expect(await runOperatorCli(['revoke', someone.phone], withDb, silent)).toBe(0)
    const roles = await listAudit(db, { subjectKind: 'user', subjectId: someone.userId, limit: 10 })
    expect(roles.filter((e) => e.action.startsWith('role.')).map((e) => [e.action, e.actorKind])).toEqual([
      ['role.revoke', 'staff'],
      ['role.grant', 'staff'],
    ])
    expect(roles[0]!.actorId).toMatch(/^cli:/)
    expect(roles[0]!.details).toEqual({ role: 'operator' })
    expect((await operate(order.order_id, 'READY_FOR_PICKUP', someone)).statusCode).toBe(403)
    expect(await runOperatorCli(['grant', '77000000000'], withDb, silent)).toBe(1)
    expect(await runOperatorCli(['grant', '123'], withDb, silent)).toBe(2)
    expect(await runOperatorCli(['promote', someone.phone], withDb, silent)).toBe(2)
  })

  it('npm run fulfil --once makes the moves that are due, one step each, as the rows delay them', async () => {
    const { user, order } = await placed()
    const courier = await createOrderRepo(db).insert({
      number: `F${randomUUID().slice(0, 8)}`,
      userId: user.userId,
      cityId: 1,
      status: 'PROCESSING',
      total: 10_000,
      deliveryType: 'COURIER_DELIVERY',
      items: [{ sku: 'X1', title: 'Товар', quantity: 1, price: 10_000 }],
    })
    const out: string[] = []
    const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l) }
    // at a real warehouse's pace nothing placed a moment ago is due
    expect(await runFulfilCli(['--once'], withDb, io)).toBe(0)
    expect((await timeline(user, order.order_id)).status).toBe('NEW')
    expect(await runFulfilCli(['--once', '--speed', '1000000'], withDb, io)).toBe(0)
    expect((await timeline(user, order.order_id)).status).toBe('ASSEMBLING')
    expect((await timeline(user, courier)).status).toBe('ASSEMBLING')
    expect(out.some((l) => l.includes(`${order.number} NEW → ASSEMBLING`))).toBe(true)
    expect(await runFulfilCli(['--once', '--speed', '1000000'], withDb, io)).toBe(0)
    expect((await timeline(user, order.order_id)).status).toBe('READY_FOR_PICKUP')
    expect((await timeline(user, courier)).status).toBe('DELIVERING')
    // the warehouse hands a pickup over only when the shopper comes: it stays ready
    expect(await runFulfilCli(['--once', '--speed', '1000000'], withDb, io)).toBe(0)
    expect((await timeline(user, order.order_id)).status).toBe('READY_FOR_PICKUP')
    expect((await timeline(user, courier)).status).toBe('COMPLETED')
    const moves = (await timeline(user, order.order_id)).events.slice(1)
    expect(moves.every((e) => e.by === 'fulfilment')).toBe(true)
    const audited = await listAudit(db, { subjectKind: 'order', subjectId: order.order_id, limit: 10 })
    expect(audited.map((e) => [e.actorKind, e.actorId, e.details.to])).toEqual([
      ['system', 'fulfilment', 'READY_FOR_PICKUP'],
      ['system', 'fulfilment', 'ASSEMBLING'],
    ])
    expect(await notified(user.userId, order.order_id)).toEqual(['ASSEMBLING', 'READY_FOR_PICKUP'])
    expect(await runFulfilCli(['--speed', '0'], withDb, io)).toBe(2)
    expect(await runFulfilCli(['--nope'], withDb, io)).toBe(2)
  })

  it('a watch keeps looking until stopped', async () => {
    const { user, order } = await placed()
    let stop!: () => void
    const stopped = new Promise<void>((r) => (stop = r))
    const watching = runFulfilCli(['--speed', '1000000', '--interval', '0.1'], withDb, silent, stopped)
    await expect
      .poll(async () => (await timeline(user, order.order_id)).status, { timeout: 10_000 })
      .toBe('READY_FOR_PICKUP')
    stop()
    expect(await watching).toBe(0)
  })
})

describe('cancel (PATCH /oms/api/v1/orders/{id}/cancelation)', () => {
  it('a paid card order: stock, gift card and bonuses come back, the card is refunded once; a second cancel does nothing twice', async () => {
    const code = `GC${randomUUID().slice(0, 8).toUpperCase()}`
    await db.execute(
      sql`insert into gift_cards (code, initial_amount, balance) values (${code}, 10000, 10000)`,
    )
    const product = await makeProduct(db, { prices: { 1: 60_000 }, stock: { 1: 3 } })
    const { user, order, sumToPay } = await placed({
      method: 'card_payment',
      products: [product],
      beforeCalc: async (u) => {
        await db.execute(
          sql`insert into bonus_transactions (user_id, amount, available_from) values (${u.userId}, 5000, now() - interval '1 day')`,
        )
        for (const [method, url, payload] of [
          ['POST', '/cart/api/v3/carts/marketingUnits', { city_id: 1, unitType: 'gift_card', code }],
          ['PUT', '/cart/api/v2/carts', { city_id: 1, bonusAmount: 5000 }],
        ] as const) {
          const res = await app.inject({ method, url, headers: u.headers, payload })
          expect(res.statusCode, res.body).toBe(200)
        }
      },
    })
    await payByCard(order)
    expect((await detail(user, order.order_id)).status).toBe('PROCESSING')
    expect(await stockOf(product.id)).toBe(2)
    const balance = async () =>
      (await rows<{ b: number }>(db, sql`select balance as b from gift_cards where code = ${code}`))[0]!.b
    const bonuses = async () =>
      (
        await rows<{ s: number }>(
          db,
          sql`select coalesce(sum(amount), 0)::int as s from bonus_transactions
              where user_id = ${user.userId} and available_from <= now()`,
        )
      )[0]!.s
    expect(await balance()).toBe(0)
    expect(await bonuses()).toBe(0)

    const first = await cancel(user, order.order_id)
    expect(first.statusCode, first.body).toBe(200)
    expect(OrderCancelation.parse(first.json())).toMatchObject({
      status: 'CANCELLED',
      payment_status: 'refunded',
      refunded: sumToPay,
      refund_pending: 0,
    })
    const again = await cancel(user, order.order_id)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toMatchObject({ status: 'CANCELLED', refunded: sumToPay })

    expect(await stockOf(product.id)).toBe(3)
    expect(await balance()).toBe(10_000)
    expect(await bonuses()).toBe(5000)
    const [refunds] = await rows<{ n: number; s: number }>(
      db,
      sql`select count(*)::int as n, coalesce(sum(r.amount), 0)::int as s from provider_refunds r
          join payments p on p.provider_ref = r.session_id where p.order_id = ${order.order_id}`,
    )
    expect(refunds).toEqual({ n: 1, s: sumToPay })
    // paid once and refunded once in the audit log, however often the shopper cancelled
    const money = await listAudit(db, { subjectKind: 'order', subjectId: order.order_id, limit: 10 })
    expect(money.map((e) => [e.action, e.details.amount, e.details.provider])).toEqual([
      ['payment.refunded', sumToPay, 'card'],
      ['payment.paid', sumToPay, 'card'],
    ])
    const line = await timeline(user, order.order_id)
    expect(line.events.map((e) => [e.status, e.by])).toEqual([
      ['PAYMENT_PENDING', 'shopper'],
      ['PROCESSING', 'payment'],
      ['CANCELLED', 'shopper'],
    ])
    expect(await notified(user.userId, order.order_id)).toEqual(['CANCELLED'])
    expect((await detail(user, order.order_id)).payment.status).toBe('refunded')
  })

  it('an order waiting for its payment: the attempt ends at the acquirer and the goods go back', async () => {
    const product = await makeProduct(db, { prices: { 1: 20_000 }, stock: { 1: 2 } })
    const { user, order } = await placed({ method: 'card_payment', products: [product], quantity: 2 })
    expect(await stockOf(product.id)).toBe(0)
    const res = await cancel(user, order.order_id)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ status: 'CANCELLED', payment_status: 'failed', refunded: 0 })
    expect(await stockOf(product.id)).toBe(2)
    // the acquirer's page no longer takes the card
    const sessionId = order.payment.redirect_url!.split('/').pop()!
    const [session] = await rows<{ status: string }>(
      db,
      sql`select status from acquirer_sessions where id = ${sessionId}::uuid`,
    )
    expect(session!.status).toBe('declined')
  })

  it("another shopper's order is 404 and stays as it was; a received order cannot be cancelled (409)", async () => {
    const product = await makeProduct(db, { prices: { 1: 30_000 }, stock: { 1: 4 } })
    const { user, order } = await placed({ products: [product] })
    const stranger = await signInTestUser(app)
    const foreign = await cancel(stranger, order.order_id)
    expect(foreign.statusCode).toBe(404)
    expect(
      (await app.inject({ url: `/oms/api/v1/orders/${order.order_id}/timeline`, headers: stranger.headers }))
        .statusCode,
    ).toBe(404)
    expect((await cancel(stranger, randomUUID())).statusCode).toBe(404)
    expect(
      (await app.inject({ method: 'PATCH', url: `/oms/api/v1/orders/${order.order_id}/cancelation` }))
        .statusCode,
    ).toBe(401)
    expect((await timeline(user, order.order_id)).status).toBe('NEW')
    expect(await stockOf(product.id)).toBe(3)

    for (const status of ['ASSEMBLING', 'READY_FOR_PICKUP', 'COMPLETED'])
      expect((await operate(order.order_id, status)).statusCode).toBe(200)
    const late = await cancel(user, order.order_id)
    expect(late.statusCode).toBe(409)
    expect(late.json().error).toMatchObject({
      message: 'orders:notCancellable',
      details: { from: 'COMPLETED' },
    })
    expect((await timeline(user, order.order_id)).status).toBe('COMPLETED')
    expect(await stockOf(product.id)).toBe(3)
  })

  it('ten cancels at once give back and refund exactly once', async () => {
    const product = await makeProduct(db, { prices: { 1: 25_000 }, stock: { 1: 3 } })
    const { user, order, sumToPay } = await placed({ method: 'card_payment', products: [product] })
    await payByCard(order)
    const answers = await Promise.all(Array.from({ length: 10 }, () => cancel(user, order.order_id)))
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200))
    expect(await stockOf(product.id)).toBe(3)
    const [refunds] = await rows<{ n: number; s: number }>(
      db,
      sql`select count(*)::int as n, coalesce(sum(r.amount), 0)::int as s from provider_refunds r
          join payments p on p.provider_ref = r.session_id where p.order_id = ${order.order_id}`,
    )
    expect(refunds).toEqual({ n: 1, s: sumToPay })
    expect((await detail(user, order.order_id)).payment.status).toBe('refunded')
  })

  it('an operator returns a received card order: its goods go back to stock and the money to the card, each once (REFUNDED)', async () => {
    const product = await makeProduct(db, { prices: { 1: 30_000 }, stock: { 1: 4 } })
    const { user, order, sumToPay } = await placed({
      method: 'card_payment',
      products: [product],
      quantity: 2,
    })
    await payByCard(order)
    for (const status of ['ASSEMBLING', 'READY_FOR_PICKUP', 'COMPLETED'])
      expect((await operate(order.order_id, status)).statusCode).toBe(200)
    expect(await stockOf(product.id)).toBe(2)
    // the operator's double click, and a third from another window
    const answers = await Promise.all([1, 2, 3].map(() => operate(order.order_id, 'REFUNDED')))
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200])
    expect((await operate(order.order_id, 'REFUNDED')).statusCode).toBe(200)
    const d = await detail(user, order.order_id)
    expect(d.status).toBe('REFUNDED')
    expect(d.payment.status).toBe('refunded')
    expect(await stockOf(product.id)).toBe(4)
    const [refunds] = await rows<{ n: number; s: number }>(
      db,
      sql`select count(*)::int as n, coalesce(sum(r.amount), 0)::int as s from provider_refunds r
          join payments p on p.provider_ref = r.session_id where p.order_id = ${order.order_id}`,
    )
    expect(refunds).toEqual({ n: 1, s: sumToPay })
  })

  it('a returned cash order paid at pickup gives its goods back once, with no card to refund', async () => {
    const product = await makeProduct(db, { prices: { 1: 15_000 }, stock: { 1: 1 } })
    const { user, order } = await placed({ products: [product] })
    for (const status of ['ASSEMBLING', 'READY_FOR_PICKUP', 'COMPLETED'])
      expect((await operate(order.order_id, status)).statusCode).toBe(200)
    expect((await detail(user, order.order_id)).status).toBe('COMPLETED')
    expect(await stockOf(product.id)).toBe(0)
    expect((await operate(order.order_id, 'REFUNDED')).statusCode).toBe(200)
    expect((await operate(order.order_id, 'REFUNDED')).statusCode).toBe(200)
    expect(await stockOf(product.id)).toBe(1)
  })
})

describe('reorder (GET /oms/api/v1/orders/{id}/reorder?city_id)', () => {
  it("fills the cart with the order's goods; what sold out since is a notice; asking twice adds nothing twice", async () => {
    const kept = await makeProduct(db, { prices: { 1: 15_000 }, stock: { 1: 6 } })
    const gone = await makeProduct(db, { prices: { 1: 9_000 }, stock: { 1: 2 } })
    const { user, order } = await placed({ products: [kept, gone], quantity: 2 })
    // the last units of the second product are sold to someone else
    await db.execute(sql`update stocks set quantity = 0 where product_id = ${gone.id}`)
    const res = await app.inject({
      url: `/oms/api/v1/orders/${order.order_id}/reorder?city_id=1`,
      headers: user.headers,
    })
    expect(res.statusCode, res.body).toBe(200)
    const cart = Cart.parse(res.json())
    expect(cart.products.map((p) => [p.sku, p.quantity])).toEqual([[kept.sku, 2]])
    expect(cart.notices).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'productUnavailable', sku: gone.sku })]),
    )
    const twice = Cart.parse(
      (
        await app.inject({
          url: `/oms/api/v1/orders/${order.order_id}/reorder?city_id=1`,
          headers: user.headers,
        })
      ).json(),
    )
    expect(twice.products.map((p) => [p.sku, p.quantity])).toEqual([[kept.sku, 2]])
  })

  it('caps a quantity by the stock left, with a notice; another shopper’s order is 404; a bad city 400', async () => {
    const scarce = await makeProduct(db, { prices: { 1: 12_000 }, stock: { 1: 3 } })
    const { user, order } = await placed({ products: [scarce], quantity: 3 })
    await db.execute(
      sql`update stocks set quantity = 1 where product_id = ${scarce.id} and city_id = 1 and condition = 'N'
          and service_point_id = (select min(service_point_id) from stocks where product_id = ${scarce.id} and city_id = 1)`,
    )
    const cart = Cart.parse(
      (
        await app.inject({
          url: `/oms/api/v1/orders/${order.order_id}/reorder?city_id=1`,
          headers: user.headers,
        })
      ).json(),
    )
    const line = cart.products.find((p) => p.sku === scarce.sku)!
    expect(line.quantity).toBeLessThan(3)
    expect(cart.notices.some((n) => n.code === 'quantityCapped' && n.sku === scarce.sku)).toBe(true)
    const stranger = await signInTestUser(app)
    const foreign = await app.inject({
      url: `/oms/api/v1/orders/${order.order_id}/reorder?city_id=1`,
      headers: stranger.headers,
    })
    expect(foreign.statusCode).toBe(404)
    const strangerCart = await app.inject({ url: '/cart/api/v3/carts?city_id=1', headers: stranger.headers })
    expect(strangerCart.json().products).toEqual([])
    expect(
      (
        await app.inject({
          url: `/oms/api/v1/orders/${order.order_id}/reorder?city_id=x`,
          headers: user.headers,
        })
      ).statusCode,
    ).toBe(400)
  })
})
