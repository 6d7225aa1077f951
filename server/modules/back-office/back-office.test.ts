import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { AdminBenefits, AdminOrder, AdminOrderList, AdminReviewQueue } from '../../../contract/back-office'
import { CreatedOrder } from '../../../contract/checkout'
import { ErrorBody } from '../../../contract/common'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'
import { signInTestUser, type TestUser } from '../../test/auth'
import { makeProduct } from '../../test/products'
import { signInTestStaff, type TestStaff } from '../../test/staff'

let app: App
let db: Db
let operator: TestStaff
let moderator: TestStaff
let admin: TestStaff
let shopper: TestUser

beforeAll(async () => {
  const built = await testApp()
  app = built.app
  db = built.database.db
  ;[operator, moderator, admin, shopper] = await Promise.all([
    signInTestStaff(app, 'operator'),
    signInTestStaff(app, 'moderator'),
    signInTestStaff(app, 'admin'),
    signInTestUser(app),
  ])
})

const receiver = { firstname: 'Ерлан', lastname: 'Серіков', phone: '77015550011', isOrganization: false }

/** A cash order for pickup of a product of its own, placed by a fresh shopper. */
async function placedOrder() {
  const user = await signInTestUser(app)
  const product = await makeProduct(db, { prices: { 1: 40_000 }, stock: { 1: 3 } })
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
    receiver: { ...receiver, phone: user.phone },
    shipping: { type: 'PICKUP' as const, service_point_id: point!.id },
    payment_method: 'cash_payment' as const,
  }
  const calc = await app.inject({
    method: 'POST',
    url: '/oms/api/v1/orders',
    headers: user.headers,
    payload: body,
  })
  expect(calc.statusCode, calc.body).toBe(200)
  const res = await app.inject({
    method: 'POST',
    url: '/oms/api/v1/orders/checkout',
    headers: { ...user.headers, 'idempotency-key': randomUUID() },
    payload: { ...body, expected_sum_to_pay: calc.json().calculation.sumToPay },
  })
  expect(res.statusCode, res.body).toBe(201)
  return { user, order: CreatedOrder.parse(res.json()) }
}

async function auditOf(subjectId: string) {
  return rows<{ action: string; actor_id: string }>(
    db,
    sql`select action, actor_id from audit_log where subject_id = ${subjectId} order by id`,
  )
}

describe('every back-office route refuses shoppers', () => {
  it('answers 403 to a shopper token and 401 to nobody on each /admin/api route but sign-in', async () => {
    const doc = (await app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>
    }
    const open = new Set([
      '/admin/api/v1/auth/sign-in',
      '/admin/api/v1/auth/refresh',
      '/admin/api/v1/auth/sign-out',
    ])
    const walked: string[] = []
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (!path.startsWith('/admin/api/') || open.has(path)) continue
      const url = path
        .replace('{id}', path.includes('/orders/') ? randomUUID() : '1')
        .replace('{kind}', 'receipt')
        .replace('{code}', 'GIFT10000')
      for (const method of Object.keys(methods)) {
        const m = method.toUpperCase() as 'GET' | 'POST'
        const asShopper = await app.inject({
          method: m,
          url,
          headers: shopper.headers,
          payload: m === 'GET' ? undefined : {},
        })
        expect(asShopper.statusCode, `${m} ${path}`).toBe(403)
        expect(ErrorBody.parse(asShopper.json()).error.code).toBe('staff_only')
        const asNobody = await app.inject({ method: m, url, payload: m === 'GET' ? undefined : {} })
        expect(asNobody.statusCode, `${m} ${path}`).toBe(401)
        walked.push(`${m} ${path}`)
      }
    }
    expect(walked).toEqual(
      expect.arrayContaining([
        'GET /admin/api/v1/me',
        'GET /admin/api/v1/orders',
        'POST /admin/api/v1/orders/{id}/status',
        'GET /admin/api/v1/orders/{id}/documents/{kind}',
        'GET /admin/api/v1/benefits',
        'POST /admin/api/v1/gift-cards',
        'GET /admin/api/v1/reviews',
      ]),
    )
  })

  it('keeps each part to its role: a moderator sees no orders, an operator no reviews or promotions', async () => {
    expect((await app.inject({ url: '/admin/api/v1/orders', headers: moderator.headers })).statusCode).toBe(
      403,
    )
    expect((await app.inject({ url: '/admin/api/v1/reviews', headers: operator.headers })).statusCode).toBe(
      403,
    )
    expect((await app.inject({ url: '/admin/api/v1/benefits', headers: operator.headers })).statusCode).toBe(
      403,
    )
    expect((await app.inject({ url: '/admin/api/v1/reviews', headers: admin.headers })).statusCode).toBe(200)
  })
})

describe('orders in the back office', () => {
  it('finds an order by number, phone, status and day', async () => {
    const { user, order } = await placedOrder()
    const search = async (query: string) =>
      AdminOrderList.parse(
        (await app.inject({ url: `/admin/api/v1/orders?${query}`, headers: operator.headers })).json(),
      )
    expect((await search(`number=${order.number}`)).orders.map((o) => o.id)).toEqual([order.order_id])
    const byPhone = await search(`phone=8${user.phone.slice(1)}`)
    expect(byPhone.orders.map((o) => o.id)).toContain(order.order_id)
    expect(byPhone.orders[0]).toMatchObject({ receiver_name: 'Ерлан Серіков', phone: user.phone })
    const today = new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 10)
    const byStatus = await search(`status=NEW&from=${today}&to=${today}&number=${order.number}`)
    expect(byStatus.total).toBe(1)
    expect((await search(`status=COMPLETED&number=${order.number}`)).total).toBe(0)
    expect(
      (await app.inject({ url: '/admin/api/v1/orders?from=yesterday', headers: operator.headers }))
        .statusCode,
    ).toBe(400)
  })

  it('moves an order through assembly and handover with its timeline, the shopper sees it, and each move is audited', async () => {
    const { user, order } = await placedOrder()
    const move = (status: string, note?: string) =>
      app.inject({
        method: 'POST',
        url: `/admin/api/v1/orders/${order.order_id}/status`,
        headers: operator.headers,
        payload: { status, note },
      })
    const page = AdminOrder.parse(
      (await app.inject({ url: `/admin/api/v1/orders/${order.order_id}`, headers: operator.headers })).json(),
    )
    expect(page.next).toContain('ASSEMBLING')
    expect(page.documents.map((d) => d.kind)).toEqual(['receipt', 'barcode'])
    expect(page.order.receiver.phone).toBe(user.phone)

    expect((await move('ASSEMBLING')).statusCode).toBe(200)
    const ready = AdminOrder.parse((await move('READY_FOR_PICKUP', 'Полка 12')).json())
    expect(ready.timeline.events.map((e) => e.status)).toEqual(['NEW', 'ASSEMBLING', 'READY_FOR_PICKUP'])
    expect(ready.timeline.events.at(-1)).toMatchObject({ by: 'operator', note: 'Полка 12' })
    const handed = AdminOrder.parse((await move('COMPLETED')).json())
    expect(handed.order.status).toBe('COMPLETED')
    expect(handed.order.payment.status).toBe('paid')

    const mine = await app.inject({
      url: `/oms/api/v1/orders/${order.order_id}/timeline`,
      headers: user.headers,
    })
    expect(mine.json().status).toBe('COMPLETED')
    // a move the rows do not allow is 409, and nothing is audited for it
    expect((await move('ASSEMBLING')).statusCode).toBe(409)
    const audited = await auditOf(order.order_id)
    expect(audited.filter((a) => a.action === 'order.status')).toHaveLength(3)
    expect(audited.every((a) => a.actor_id === operator.id)).toBe(true)
  })

  it('cancels an order: its goods go back once, however often it is asked', async () => {
    const { order } = await placedOrder()
    const cancel = () =>
      app.inject({
        method: 'POST',
        url: `/admin/api/v1/orders/${order.order_id}/status`,
        headers: operator.headers,
        payload: { status: 'CANCELLED', note: 'Покупатель передумал' },
      })
    const [a, b] = await Promise.all([cancel(), cancel()])
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    const [stock] = await rows<{ q: number }>(
      db,
      sql`select coalesce(sum(s.quantity), 0)::int as q from stocks s join order_items i on i.product_id = s.product_id
          where i.order_id = ${order.order_id} and s.city_id = 1`,
    )
    expect(stock!.q).toBe(3)
    expect((await auditOf(order.order_id)).filter((x) => x.action === 'order.status')).toHaveLength(1)
  })

  it('prints the receipt of any order for an operator, as a PDF', async () => {
    const { order } = await placedOrder()
    const res = await app.inject({
      url: `/admin/api/v1/orders/${order.order_id}/documents/receipt`,
      headers: operator.headers,
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const invoice = await app.inject({
      url: `/admin/api/v1/orders/${order.order_id}/documents/invoice`,
      headers: operator.headers,
    })
    expect(invoice.statusCode).toBe(422)
  })
})

describe('promotions, promo codes and gift cards', () => {
  it('creates a promo code that a cart then takes, shows its use and switches it off', async () => {
    const code = `BO${Date.now().toString(36).toUpperCase()}`
    const made = await app.inject({
      method: 'POST',
      url: '/admin/api/v1/promo-codes',
      headers: admin.headers,
      payload: {
        code: code.toLowerCase(),
        discount_kind: 'percent',
        value: 10,
        valid_from: new Date(Date.now() - 60_000).toISOString(),
      },
    })
    expect(made.statusCode, made.body).toBe(201)
    expect(AdminBenefits.parse(made.json()).promo_codes.find((c) => c.code === code)).toMatchObject({
      redemptions: 0,
      is_active: true,
    })
    const again = await app.inject({
      method: 'POST',
      url: '/admin/api/v1/promo-codes',
      headers: admin.headers,
      payload: { code, discount_kind: 'fix', value: 100, valid_from: new Date().toISOString() },
    })
    expect(again.statusCode).toBe(409)
    const check = await app.inject({
      method: 'POST',
      url: `/marketing/api/v1/promoCodes/${code}`,
      headers: shopper.headers,
    })
    expect(check.statusCode, check.body).toBe(200)

    const off = await app.inject({
      method: 'POST',
      url: `/admin/api/v1/promo-codes/${code}/switch-off`,
      headers: admin.headers,
    })
    expect(AdminBenefits.parse(off.json()).promo_codes.find((c) => c.code === code)!.is_active).toBe(false)
    expect((await auditOf(code)).map((a) => a.action)).toEqual(['promo_code.create', 'promo_code.switch_off'])
  })

  it('creates a gift card with a made-up code and a promotion on a product, and refuses unknown SKUs', async () => {
    const card = await app.inject({
      method: 'POST',
      url: '/admin/api/v1/gift-cards',
      headers: admin.headers,
      payload: { amount: 15000 },
    })
    expect(card.statusCode, card.body).toBe(201)
    const made = AdminBenefits.parse(card.json()).gift_cards.find(
      (g) => g.initial_amount === 15000 && /^GC-/.test(g.code),
    )
    expect(made).toMatchObject({ balance: 15000, orders: 0, is_active: true })

    const [main, gift] = await Promise.all([
      makeProduct(db, { prices: { 1: 90_000 }, stock: { 1: 2 } }),
      makeProduct(db, { prices: { 1: 5_000 }, stock: { 1: 2 } }),
    ])
    const promotion = {
      type: 'gift',
      title_ru: 'Подарок к покупке',
      title_kk: 'Сатып алуға сыйлық',
      main_entity_type: 'product',
      main_entities: [main.sku],
      rules: [
        {
          title_ru: 'Подарок',
          title_kk: 'Сыйлық',
          skus: [gift.sku],
          discount_kind: 'fix',
          discount_value: 0,
        },
      ],
      valid_from: new Date(Date.now() - 60_000).toISOString(),
    }
    const res = await app.inject({
      method: 'POST',
      url: '/admin/api/v1/promotions',
      headers: admin.headers,
      payload: promotion,
    })
    expect(res.statusCode, res.body).toBe(201)
    const created = AdminBenefits.parse(res.json()).promotions.find(
      (p) => p.title_ru === 'Подарок к покупке' && p.main_entity_ids[0] === main.id,
    )
    expect(created).toMatchObject({ type: 'gift', is_active: true, registrations: 0 })
    const running = await app.inject({ url: `/pms/api/v1/promotions/${created!.id}?city_id=1` })
    expect(running.statusCode, running.body).toBe(200)

    const unknown = await app.inject({
      method: 'POST',
      url: '/admin/api/v1/promotions',
      headers: admin.headers,
      payload: { ...promotion, main_entities: ['NO-SUCH-SKU'] },
    })
    expect(unknown.statusCode).toBe(422)
    const off = await app.inject({
      method: 'POST',
      url: `/admin/api/v1/promotions/${created!.id}/switch-off`,
      headers: admin.headers,
    })
    expect(off.statusCode).toBe(200)
    expect((await app.inject({ url: `/pms/api/v1/promotions/${created!.id}?city_id=1` })).statusCode).toBe(
      404,
    )
  })
})

describe('the review queue', () => {
  it('lists held reviews first, approves one and rejects another with its reason', async () => {
    const products = await Promise.all([makeProduct(db), makeProduct(db)])
    const writer = await signInTestUser(app)
    const write = async (sku: string, text: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/feedback/api/v2/reviews',
        headers: writer.headers,
        payload: { sku, rating: 5, text, pros: '', cons: '' },
      })
      expect(res.statusCode, res.body).toBeLessThan(300)
      return res.json().id as number
    }
    const plain = await write(products[0]!.sku, 'Хороший товар, пользуюсь месяц, всё работает как надо.')
    const held = await write(products[1]!.sku, 'Дешевле здесь: https://example.com/deal смотрите сами.')
    const queue = AdminReviewQueue.parse(
      (await app.inject({ url: '/admin/api/v1/reviews', headers: moderator.headers })).json(),
    )
    const ids = queue.reviews.map((r) => r.id)
    expect(ids.indexOf(held)).toBeLessThan(ids.indexOf(plain))
    expect(queue.reviews.find((r) => r.id === held)!.status).toBe('NEED_APPROVE')

    const decide = (id: number, payload: object) =>
      app.inject({
        method: 'POST',
        url: `/admin/api/v1/reviews/${id}/decision`,
        headers: moderator.headers,
        payload,
      })
    expect((await decide(held, { status: 'REJECTED' })).statusCode).toBe(400)
    expect((await decide(held, { status: 'REJECTED', note: 'Ссылки на другие магазины' })).statusCode).toBe(
      204,
    )
    expect((await decide(plain, { status: 'APPROVED' })).statusCode).toBe(204)
    expect((await decide(plain, { status: 'APPROVED' })).statusCode).toBe(404)
    const published = await app.inject({ url: `/feedback/api/v2/reviews/products/${products[0]!.sku}` })
    expect(JSON.stringify(published.json())).toContain('пользуюсь месяц')
    expect((await auditOf(String(held))).map((a) => a.action)).toEqual(['review.reject'])
  })
})
