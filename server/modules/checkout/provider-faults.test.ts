import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { CalculationOrder, CreatedOrder, type CheckoutRequest } from '../../../contract/checkout'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import type { App } from '../../http/types'
import { signCallback } from '../../providers/signature'
import { buildTestApp } from '../../test/app'
import { signInTestUser, type TestUser } from '../../test/auth'
import { makeProduct } from '../../test/products'
import { listAudit } from '../audit'

/**
 * The payment providers failing under a shopper's checkout: a start that never answers or answers 500
 * is a JSON 504/502, leaves the order waiting with its goods taken once and nothing paid, and the
 * shopper's retry (same key) opens the one attempt's page; callbacks delivered twice change the order once.
 */
let app: App
let db: Db
const SECRET = 'local-payment-callback-secret'
const TIMEOUT_MS = 300

beforeAll(async () => {
  const built = await buildTestApp({ PROVIDER_TIMEOUT_MS: String(TIMEOUT_MS) })
  app = built.app
  db = built.database.db
  await app.ready()
})
afterAll(() => app.close())
afterEach(() => {
  vi.restoreAllMocks()
})

const receiver = {
  firstname: 'Айгерим',
  lastname: 'Сапарова',
  phone: '77011234567',
  email: 'aigerim@example.kz',
  isOrganization: false,
}

async function stockOf(productId: number): Promise<number> {
  const [row] = await rows<{ q: number }>(
    db,
    sql`select coalesce(sum(quantity), 0)::int as q from stocks where product_id = ${productId} and city_id = 1`,
  )
  return row!.q
}

async function ready(method: CheckoutRequest['payment_method'] = 'card_payment') {
  const product = await makeProduct(db, { prices: { 1: 70_000 }, stock: { 1: 5 } })
  const user = await signInTestUser(app)
  const filled = await app.inject({
    method: 'POST',
    url: '/cart/api/v3/carts/products',
    headers: user.headers,
    payload: { city_id: 1, products: [{ sku: product.sku, quantity: 1 }] },
  })
  expect(filled.statusCode, filled.body).toBe(200)
  const [point] = await rows<{ id: number }>(
    db,
    sql`select id from service_points where city_id = 1 order by id limit 1`,
  )
  const body = {
    city_id: 1,
    receiver,
    shipping: { type: 'PICKUP' as const, service_point_id: point!.id },
    payment_method: method,
  }
  const calc = await app.inject({
    method: 'POST',
    url: '/oms/api/v1/orders',
    headers: user.headers,
    payload: body,
  })
  expect(calc.statusCode, calc.body).toBe(200)
  const sum = CalculationOrder.parse(calc.json()).calculation.sumToPay
  return { product, user, body: { ...body, expected_sum_to_pay: sum } }
}

function placeOrder(user: TestUser, body: object, key: string) {
  return app.inject({
    method: 'POST',
    url: '/oms/api/v1/orders/checkout',
    headers: { ...user.headers, 'idempotency-key': key },
    payload: body,
  })
}

async function ordersOf(user: TestUser) {
  return rows<{ id: string; status: string; payment_status: string }>(
    db,
    sql`select id, status, payment_status from orders where user_id = ${user.userId}`,
  )
}

async function paymentsOf(orderId: string) {
  return rows<{ id: string; provider_ref: string | null; status: string; amount: number }>(
    db,
    sql`select id, provider_ref, status, amount from payments where order_id = ${orderId} order by created_at`,
  )
}

function postCallback(provider: string, body: object, signature?: string) {
  const raw = JSON.stringify(body)
  return app.inject({
    method: 'POST',
    url: `/payment/api/v1/callbacks/${provider}`,
    headers: { 'content-type': 'application/json', 'x-signature': signature ?? signCallback(SECRET, raw) },
    payload: raw,
  })
}

/** The store still answers a shopper after the fault. */
async function stillServes(user: TestUser) {
  const res = await app.inject({ url: '/account/api/v1/profile', headers: user.headers })
  expect(res.statusCode).toBe(200)
}

/** What a shopper whose payment start failed sees, and what the database holds then. */
async function expectHalfDoneNothing(user: TestUser, productId: number) {
  const orders = await ordersOf(user)
  expect(orders).toHaveLength(1)
  expect(orders[0]).toMatchObject({ status: 'PAYMENT_PENDING', payment_status: 'pending' })
  const payments = await paymentsOf(orders[0]!.id)
  expect(payments).toMatchObject([{ status: 'pending', provider_ref: null }])
  expect(await stockOf(productId)).toBe(4)
  return orders[0]!.id
}

describe('a card payment start the acquirer never answers', () => {
  it('answers 504 provider_timeout, holds the goods once, and the retry opens the one attempt; the late session is cancelled', async () => {
    const { product, user, body } = await ready()
    const key = randomUUID()
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    const real = app.cardAcquirer.createPayment.bind(app.cardAcquirer)
    const start = vi.spyOn(app.cardAcquirer, 'createPayment').mockImplementationOnce(async (request) => {
      await gate
      return real(request)
    })
    const cancel = vi.spyOn(app.cardAcquirer, 'cancelPayment')

    const started = Date.now()
    const first = await placeOrder(user, body, key)
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 5_000)
    expect(first.statusCode).toBe(504)
    expect(first.json()).toEqual({
      error: { code: 'provider_timeout', message: 'payment:providerUnavailable' },
    })
    const orderId = await expectHalfDoneNothing(user, product.id)

    // the acquirer's answer arrives after the shopper was told it failed: that session is ended at once
    release()
    const late = await (start.mock.results[0]!.value as ReturnType<typeof real>)
    await vi.waitFor(() => expect(cancel).toHaveBeenCalledWith(late.sessionId))
    const latePage = await app.inject({ url: late.redirectUri })
    expect(latePage.statusCode).not.toBe(200)

    // the shopper's retry (same key) answers the one order, its one attempt now with a page
    const retry = await placeOrder(user, body, key)
    expect(retry.statusCode, retry.body).toBe(201)
    const created = CreatedOrder.parse(retry.json())
    expect(created.order_id).toBe(orderId)
    expect(created.payment.redirect_url).toMatch(/^\/acquirer\/api\/v1\/sessions\//)
    const payments = await paymentsOf(orderId)
    expect(payments).toHaveLength(1)
    expect(payments[0]!.provider_ref).not.toBe(late.sessionId)
    expect(await stockOf(product.id)).toBe(4)

    // a result for the cancelled late session cannot pay the order; the attempt's own pays it once
    const callback = {
      merchantRef: payments[0]!.id,
      amount: payments[0]!.amount,
      status: 'approved',
      reason: null,
      mask: '411111******1111',
    }
    expect((await postCallback('card', { ...callback, sessionId: late.sessionId })).statusCode).toBe(409)
    expect((await ordersOf(user))[0]).toMatchObject({ payment_status: 'pending' })
    expect(
      (await postCallback('card', { ...callback, sessionId: payments[0]!.provider_ref })).statusCode,
    ).toBe(200)
    expect((await ordersOf(user))[0]).toMatchObject({ status: 'PROCESSING', payment_status: 'paid' })
    await stillServes(user)
  })
})

describe('a card payment start the acquirer fails (500)', () => {
  it('answers 502 provider_unavailable, pays nothing, and the retry opens the attempt', async () => {
    const { product, user, body } = await ready()
    const key = randomUUID()
    vi.spyOn(app.cardAcquirer, 'createPayment').mockRejectedValueOnce(
      Object.assign(new Error('Internal Server Error'), { statusCode: 500 }),
    )
    const first = await placeOrder(user, body, key)
    expect(first.statusCode).toBe(502)
    expect(first.json()).toEqual({
      error: { code: 'provider_unavailable', message: 'payment:providerUnavailable' },
    })
    const orderId = await expectHalfDoneNothing(user, product.id)
    const retry = await placeOrder(user, body, key)
    expect(retry.statusCode, retry.body).toBe(201)
    expect(CreatedOrder.parse(retry.json())).toMatchObject({ order_id: orderId })
    expect(await paymentsOf(orderId)).toHaveLength(1)
    expect(await stockOf(product.id)).toBe(4)
    await stillServes(user)
  })
})

describe('a QR payment start the provider never answers or fails', () => {
  it('answers 504, then 502, then the retry shows the QR page of the one attempt', async () => {
    const { product, user, body } = await ready('kaspi_qr_payment')
    const key = randomUUID()
    const cancel = vi.spyOn(app.qrProvider, 'cancelPayment')
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    const real = app.qrProvider.createPayment.bind(app.qrProvider)
    const start = vi
      .spyOn(app.qrProvider, 'createPayment')
      .mockImplementationOnce(async (request) => {
        await gate
        return real(request)
      })
      .mockRejectedValueOnce(new Error('HTTP 500'))
    const timedOut = await placeOrder(user, body, key)
    expect(timedOut.statusCode).toBe(504)
    expect(timedOut.json().error.code).toBe('provider_timeout')
    const orderId = await expectHalfDoneNothing(user, product.id)
    release()
    const late = await (start.mock.results[0]!.value as ReturnType<typeof real>)
    await vi.waitFor(() => expect(cancel).toHaveBeenCalledWith(late.sessionId))

    const failed = await placeOrder(user, body, key)
    expect(failed.statusCode).toBe(502)
    expect(failed.json().error.code).toBe('provider_unavailable')
    await expectHalfDoneNothing(user, product.id)

    const retry = await placeOrder(user, body, key)
    expect(retry.statusCode, retry.body).toBe(201)
    expect(CreatedOrder.parse(retry.json()).payment.redirect_url).toBe(`/kaspi-qr?orderId=${orderId}`)
    const payments = await paymentsOf(orderId)
    expect(payments).toHaveLength(1)
    expect(payments[0]!.provider_ref).not.toBe(late.sessionId)
    expect(await stockOf(product.id)).toBe(4)
    await stillServes(user)
  })
})

describe('payment callbacks delivered twice', () => {
  async function pending(method: CheckoutRequest['payment_method']) {
    const { user, body, product } = await ready(method)
    const created = CreatedOrder.parse((await placeOrder(user, body, randomUUID())).json())
    const [payment] = await paymentsOf(created.order_id)
    return { user, product, orderId: created.order_id, payment: payment! }
  }

  for (const [provider, method] of [
    ['card', 'card_payment'],
    ['qr', 'kaspi_qr_payment'],
  ] as const) {
    it(`a ${provider} success posted twice at once pays the order once: one audit entry, one notice, stock taken once`, async () => {
      const { user, product, orderId, payment } = await pending(method)
      const callback = {
        sessionId: payment.provider_ref,
        merchantRef: payment.id,
        amount: payment.amount,
        status: 'approved',
        reason: null,
        mask: provider === 'card' ? '411111******1111' : null,
      }
      const answers = await Promise.all([postCallback(provider, callback), postCallback(provider, callback)])
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200])
      // and once more afterwards, as a provider retrying a delivery it thinks was lost would
      expect((await postCallback(provider, callback)).statusCode).toBe(200)
      expect((await ordersOf(user))[0]).toMatchObject({ status: 'PROCESSING', payment_status: 'paid' })
      const audited = await listAudit(db, { subjectKind: 'order', subjectId: orderId, limit: 10 })
      expect(audited.map((e) => e.action)).toEqual(['payment.paid'])
      const [notices] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from notifications where user_id = ${user.userId} and kind = 'payment_succeeded'`,
      )
      expect(notices!.n).toBe(1)
      expect(await stockOf(product.id)).toBe(4)
    })
  }

  it('refuses a callback for a payment the store never made with JSON 404, and a bad signature with JSON 403', async () => {
    const { user, payment } = await pending('card_payment')
    const unknown = {
      sessionId: randomUUID(),
      merchantRef: randomUUID(),
      amount: 1000,
      status: 'approved',
      reason: null,
      mask: null,
    }
    const missing = await postCallback('card', unknown)
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ error: { code: 'not_found' } })
    expect((await postCallback('qr', { ...unknown, merchantRef: 'not-a-uuid' })).statusCode).toBe(404)
    const forged = await postCallback(
      'card',
      {
        sessionId: payment.provider_ref,
        merchantRef: payment.id,
        amount: payment.amount,
        status: 'approved',
        reason: null,
        mask: null,
      },
      'sha256=' + 'f'.repeat(64),
    )
    expect(forged.statusCode).toBe(403)
    expect(forged.json()).toMatchObject({ error: { code: 'forbidden', message: expect.any(String) } })
    expect((await ordersOf(user))[0]).toMatchObject({ payment_status: 'pending' })
  })
})
