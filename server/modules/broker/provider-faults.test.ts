import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { AgreementSigned, BrokerOrderCreated } from '../../../contract/broker'
import { CalculationOrder, CreatedOrder } from '../../../contract/checkout'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import type { App } from '../../http/types'
import { buildTestApp } from '../../test/app'
import { signInTestUser, type TestUser } from '../../test/auth'
import { makeProduct } from '../../test/products'

/**
 * The loan broker and financing's SMS gateway failing under a shopper: JSON 504/502, nothing left
 * half-done (an application the broker never took is stopped, its signing usable again), and the store
 * answers the retry.
 */
let app: App
let db: Db

beforeAll(async () => {
  const built = await buildTestApp({ BROKER_SPEED: '1000', PROVIDER_TIMEOUT_MS: '200' })
  app = built.app
  db = built.database.db
  await app.ready()
})
afterAll(() => app.close())
afterEach(() => {
  vi.restoreAllMocks()
})

const sign = (user: TestUser) =>
  app.inject({
    method: 'POST',
    url: '/agree/api/v1/agreement/sign',
    headers: user.headers,
    payload: { specification_code: 'online_broker', agreements: ['personal_data', 'credit_bureau'] },
  })

async function verified(user: TestUser): Promise<string> {
  const signed = await sign(user)
  expect(signed.statusCode, signed.body).toBe(200)
  const { signAgreementId } = AgreementSigned.parse(signed.json())
  const outbox = await app.inject({ url: `/dev/sms-outbox?phone=${user.phone}` })
  const text = (outbox.json() as { messages: { text: string }[] }).messages[0]!.text
  const res = await app.inject({
    method: 'POST',
    url: '/agree/api/v2/agreement/verify',
    headers: user.headers,
    payload: { sign_agreement_id: signAgreementId, code: /\b(\d{6})\b/.exec(text)![1]! },
  })
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { verificationId: string }).verificationId
}

async function financedOrder() {
  const product = await makeProduct(db, { prices: { 1: 240_000 }, stock: { 1: 3 } })
  const user = await signInTestUser(app)
  const fill = await app.inject({
    method: 'POST',
    url: '/cart/api/v3/carts/products',
    headers: user.headers,
    payload: { city_id: 1, products: [{ sku: product.sku, quantity: 1 }] },
  })
  expect(fill.statusCode, fill.body).toBe(200)
  const [point] = await rows<{ id: number }>(
    db,
    sql`select id from service_points where city_id = 1 order by id limit 1`,
  )
  const body = {
    city_id: 1,
    receiver: {
      firstname: 'Айгерим',
      lastname: 'Сапарова',
      phone: user.phone,
      email: null,
      isOrganization: false,
    },
    shipping: { type: 'PICKUP', service_point_id: point!.id },
    payment_method: 'loan/installment',
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
    url: '/oms/api/v5/orders',
    headers: { ...user.headers, 'idempotency-key': randomUUID() },
    payload: { ...body, expected_sum_to_pay: CalculationOrder.parse(calc.json()).calculation.sumToPay },
  })
  expect(placed.statusCode, placed.body).toBe(201)
  return { user, order: CreatedOrder.parse(placed.json()) }
}

const apply = (user: TestUser, orderId: string, verificationId: string) =>
  app.inject({
    method: 'POST',
    url: '/payment/api/v1/payment-order/create-order?paymentTypeCode=online_broker',
    headers: user.headers,
    payload: {
      orderId,
      verificationId,
      productType: 'installment',
      loanLength: 12,
      customer: {
        taxCode: '900101300123',
        firstName: 'Айгерим',
        lastName: 'Сапарова',
        contact: { mobile: '+77011234567' },
      },
    },
  })

async function applicationsOf(orderId: string) {
  return rows<{ id: string; status: string; cancel_reason: string | null }>(
    db,
    sql`select id, status, cancel_reason from broker_applications where order_id = ${orderId} order by created_at`,
  )
}

describe('sending an application to the broker', () => {
  for (const [fault, status, code] of [
    ['never answers', 504, 'provider_timeout'],
    ['answers 500', 502, 'provider_unavailable'],
  ] as const) {
    it(`a broker that ${fault} is ${status} ${code}; the application is withdrawn and forgotten, and the same signing applies again`, async () => {
      const { broker } = app.financingProviders
      const { user, order } = await financedOrder()
      const verificationId = await verified(user)
      const withdraw = vi.spyOn(broker, 'withdraw')
      vi.spyOn(broker, 'apply').mockImplementationOnce(() =>
        fault === 'never answers' ? new Promise(() => {}) : Promise.reject(new Error('HTTP 500')),
      )
      const failed = await apply(user, order.order_id, verificationId)
      expect(failed.statusCode).toBe(status)
      expect(failed.json()).toEqual({ error: { code, message: 'errors:tryLater' } })
      expect(await applicationsOf(order.order_id)).toEqual([])
      expect(withdraw).toHaveBeenCalledTimes(1)
      const [stoppedId] = withdraw.mock.calls[0]!
      expect(withdraw.mock.calls[0]![1]).toBe('abandoned')

      const retry = await apply(user, order.order_id, verificationId)
      expect(retry.statusCode, retry.body).toBe(200)
      const created = BrokerOrderCreated.parse(retry.json())
      expect(created.referenceId).not.toBe(stoppedId)
      expect((await applicationsOf(order.order_id)).map((a) => a.status)).toEqual(['open'])
      const [held] = await rows<{ status: string }>(
        db,
        sql`select status from orders where id = ${order.order_id}`,
      )
      expect(held!.status).toBe('PAYMENT_PENDING')
    })
  }
})

describe('the agreement’s SMS code', () => {
  it('a gateway that never answers or answers 500 is 504/502, and the next signing is sent', async () => {
    const { sms } = app.financingProviders
    const user = await signInTestUser(app)
    vi.spyOn(sms, 'send')
      .mockImplementationOnce(() => new Promise(() => {}))
      .mockRejectedValueOnce(new Error('HTTP 500'))
    const silent = await sign(user)
    expect(silent.statusCode).toBe(504)
    expect(silent.json().error.code).toBe('provider_timeout')
    const broken = await sign(user)
    expect(broken.statusCode).toBe(502)
    expect(broken.json().error.code).toBe('provider_unavailable')
    const fine = await sign(user)
    expect(fine.statusCode, fine.body).toBe(200)
  })
})
