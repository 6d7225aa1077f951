import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { CreatedOrder } from '../../../contract/checkout'
import { ErrorBody } from '../../../contract/common'
import {
  NotificationDeleted,
  NotificationList,
  UnreadCount,
  type NotificationKind,
  type NotificationPayload,
} from '../../../contract/notifications'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import type { App } from '../../http/types'
import { signCallback } from '../../providers/signature'
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

const BASE = '/notifications/api/v1/notes'

async function list(user: TestUser, query = '', lang: 'ru' | 'kk' = 'ru') {
  const res = await app.inject({
    url: `${BASE}${query}`,
    headers: { ...user.headers, 'accept-language': lang },
  })
  expect(res.statusCode, res.body).toBe(200)
  return NotificationList.parse(res.json())
}

async function unread(user: TestUser) {
  const res = await app.inject({ url: `${BASE}/unread`, headers: user.headers })
  expect(res.statusCode, res.body).toBe(200)
  return UnreadCount.parse(res.json()).unread
}

function expectError(res: { statusCode: number; json(): unknown }, status: number) {
  expect(res.statusCode).toBe(status)
  return ErrorBody.parse(res.json()).error
}

const order = (n = '100001') => ({ orderId: randomUUID(), number: n })
const phone = { sku: 'SKU-1', productTitle: 'Смартфон Samsung Galaxy A55 8/256 ГБ' }

describe('the information centre (spec 3 "Notification", 7.10)', () => {
  it('needs a signed-in shopper for every call', async () => {
    const id = randomUUID()
    expectError(await app.inject({ url: BASE }), 401)
    expectError(await app.inject({ url: `${BASE}/unread` }), 401)
    expectError(await app.inject({ method: 'POST', url: `${BASE}/read`, payload: { ids: [id] } }), 401)
    expectError(await app.inject({ method: 'DELETE', url: `${BASE}/${id}` }), 401)
  })

  it('lists a shopper’s own notifications newest first, paged, with the unread count', async () => {
    const user = await signInTestUser(app)
    const other = await signInTestUser(app)
    const ids: string[] = []
    for (let i = 1; i <= 5; i++)
      ids.push(
        (await app.notify(user.userId, 'payment_succeeded', { ...order(`10000${i}`), amount: i * 1000 }))!,
      )
    await app.notify(other.userId, 'payment_failed', { ...order(), reason: null })

    const first = await list(user, '?limit=2')
    expect(first).toMatchObject({ total: 5, unread: 5, page: 1, limit: 2 })
    expect(first.notes.map((n) => n.id)).toEqual([ids[4], ids[3]])
    expect(first.notes[0]).toMatchObject({ kind: 'payment_succeeded', status: 'NEW' })
    const third = await list(user, '?limit=2&page=3')
    expect(third.notes.map((n) => n.id)).toEqual([ids[0]])
    expect(await unread(user)).toBe(5)
    expect((await list(other)).notes.map((n) => n.kind)).toEqual(['payment_failed'])
  })

  it('writes each kind’s title, text and page in the language of the request', async () => {
    const user = await signInTestUser(app)
    const ref = order('200777')
    await app.notify(user.userId, 'payment_succeeded', { ...ref, amount: 1_234_567 })
    const [ru] = (await list(user)).notes
    expect(ru).toMatchObject({
      title: 'Заказ №\u00a0200777 оплачен',
      text: 'Оплата 1\u00a0234\u00a0567\u00a0₸ прошла успешно. Заказ передан в обработку.',
      link: `/my-account/orders/${ref.orderId}`,
    })
    const [kk] = (await list(user, '', 'kk')).notes
    expect(kk).toMatchObject({ title: '№\u00a0200777 тапсырыс төленді', link: ru!.link })
    expect(kk!.text).toContain('1\u00a0234\u00a0567\u00a0₸ төлемі сәтті өтті')
  })

  it('has the review and wishlist kinds the other modules will raise, in Russian and Kazakh', async () => {
    const user = await signInTestUser(app)
    const raised: { [K in NotificationKind]?: NotificationPayload<K> } = {
      review_approved: { reviewId: 'r-1', ...phone },
      review_rejected: { reviewId: 'r-2', ...phone },
      wishlist_price_drop: {
        ...phone,
        uri: 'smartfon-samsung-a55',
        cityId: 2,
        oldPrice: 199_990,
        price: 179_990,
      },
      wishlist_back_in_stock: { ...phone, uri: 'smartfon-samsung-a55', cityId: 2 },
    }
    for (const [kind, payload] of Object.entries(raised))
      await app.notify(user.userId, kind as NotificationKind, payload as never)

    const ru = Object.fromEntries((await list(user)).notes.map((n) => [n.kind, n]))
    const kk = Object.fromEntries((await list(user, '', 'kk')).notes.map((n) => [n.kind, n]))
    expect(ru.review_approved).toMatchObject({
      title: 'Ваш отзыв опубликован',
      link: '/my-account/reviews/r-1',
    })
    expect(kk.review_approved!.title).toBe('Пікіріңіз жарияланды')
    expect(ru.review_rejected).toMatchObject({ title: 'Ваш отзыв отклонён', link: '/my-account/reviews/r-2' })
    expect(kk.review_rejected!.title).toBe('Пікіріңіз қабылданбады')
    expect(ru.wishlist_price_drop!.text).toBe(
      '«Смартфон Samsung Galaxy A55 8/256 ГБ» теперь стоит 179\u00a0990\u00a0₸ вместо 199\u00a0990\u00a0₸.',
    )
    expect(kk.wishlist_price_drop!.text).toContain('199\u00a0990\u00a0₸ орнына 179\u00a0990\u00a0₸ тұрады')
    expect(ru.wishlist_back_in_stock).toMatchObject({
      title: 'Товар из избранного снова в наличии',
      link: '/p/smartfon-samsung-a55',
    })
    expect(kk.wishlist_back_in_stock!.title).toBe('Таңдаулыдағы тауар қайтадан сатылымда')
    for (const n of Object.values(ru)) expect(n.text).toContain(phone.productTitle)
  })

  it('refuses a payload that does not fit its kind, and stores nothing', async () => {
    const user = await signInTestUser(app)
    await expect(
      app.notify(user.userId, 'wishlist_price_drop', {
        ...phone,
        uri: 'x',
        cityId: 1,
        oldPrice: -1,
        price: 5,
      }),
    ).rejects.toThrow(/payload does not fit/)
    await expect(
      app.notify(user.userId, 'payment_failed', { number: '1', reason: null } as never),
    ).rejects.toThrow(TypeError)
    expect((await list(user)).total).toBe(0)
  })

  it('notifies once per dedupe key: a price watch run twice tells the shopper once', async () => {
    const user = await signInTestUser(app)
    const drop = { ...phone, uri: 'a55', cityId: 1, oldPrice: 200_000, price: 180_000 }
    const key = 'price-drop:SKU-1:1:180000'
    expect(await app.notify(user.userId, 'wishlist_price_drop', drop, { dedupeKey: key })).toEqual(
      expect.any(String),
    )
    expect(await app.notify(user.userId, 'wishlist_price_drop', drop, { dedupeKey: key })).toBeNull()
    expect((await list(user)).total).toBe(1)
  })

  it('marks read, one or several, and counts only NEW as unread', async () => {
    const user = await signInTestUser(app)
    const ids = await Promise.all(
      ['1', '2', '3'].map((n) => app.notify(user.userId, 'payment_failed', { ...order(n), reason: null })),
    )
    const one = await app.inject({ method: 'POST', url: `${BASE}/${ids[0]}/read`, headers: user.headers })
    expect(UnreadCount.parse(one.json())).toEqual({ unread: 2 })
    const rest = await app.inject({
      method: 'POST',
      url: `${BASE}/read`,
      headers: user.headers,
      payload: { ids: [ids[0], ids[1], ids[2]] },
    })
    expect(UnreadCount.parse(rest.json())).toEqual({ unread: 0 })
    expect((await list(user)).notes.every((n) => n.status === 'READ')).toBe(true)
    const [row] = await rows<{ read_at: Date | string | null }>(
      db,
      sql`select read_at from notifications where id = ${ids[0]}`,
    )
    expect(row!.read_at).not.toBeNull()
  })

  it('deletes a notification and answers the unread count left', async () => {
    const user = await signInTestUser(app)
    const kept = await app.notify(user.userId, 'payment_failed', { ...order(), reason: 'do_not_honor' })
    const gone = await app.notify(user.userId, 'payment_failed', { ...order(), reason: null })
    const res = await app.inject({ method: 'DELETE', url: `${BASE}/${gone}`, headers: user.headers })
    expect(NotificationDeleted.parse(res.json())).toEqual({ deleted: true, unread: 1 })
    expect((await list(user)).notes.map((n) => n.id)).toEqual([kept])
    expectError(await app.inject({ method: 'DELETE', url: `${BASE}/${gone}`, headers: user.headers }), 404)
  })

  it('another shopper’s id is a 404 and changes nothing, also when mixed with one’s own', async () => {
    const alice = await signInTestUser(app)
    const bob = await signInTestUser(app)
    const hers = (await app.notify(alice.userId, 'payment_failed', { ...order(), reason: null }))!
    const his = (await app.notify(bob.userId, 'payment_failed', { ...order(), reason: null }))!
    expectError(await app.inject({ method: 'DELETE', url: `${BASE}/${hers}`, headers: bob.headers }), 404)
    expectError(await app.inject({ method: 'POST', url: `${BASE}/${hers}/read`, headers: bob.headers }), 404)
    expectError(
      await app.inject({
        method: 'POST',
        url: `${BASE}/read`,
        headers: bob.headers,
        payload: { ids: [his, hers] },
      }),
      404,
    )
    expect((await list(alice)).notes).toMatchObject([{ id: hers, status: 'NEW' }])
    // the mixed request changed none of his own either
    expect((await list(bob)).notes).toMatchObject([{ id: his, status: 'NEW' }])
  })

  it('refuses bad input with 400: a malformed id, an empty or oversized id list, a page out of range', async () => {
    const user = await signInTestUser(app)
    const h = user.headers
    expectError(await app.inject({ method: 'DELETE', url: `${BASE}/not-a-uuid`, headers: h }), 400)
    expectError(
      await app.inject({ method: 'POST', url: `${BASE}/read`, headers: h, payload: { ids: [] } }),
      400,
    )
    const many = Array.from({ length: 101 }, () => randomUUID())
    expectError(
      await app.inject({ method: 'POST', url: `${BASE}/read`, headers: h, payload: { ids: many } }),
      400,
    )
    expectError(await app.inject({ url: `${BASE}?page=0`, headers: h }), 400)
    expectError(await app.inject({ url: `${BASE}?limit=500`, headers: h }), 400)
  })
})

describe('notifications raised by checkout', () => {
  const secret = 'local-payment-callback-secret'

  async function pendingOrder() {
    const product = await makeProduct(db, { prices: { 1: 40_000 }, stock: { 1: 3 } })
    const user = await signInTestUser(app)
    const cart = await app.inject({
      method: 'POST',
      url: '/cart/api/v3/carts/products',
      headers: user.headers,
      payload: { city_id: 1, products: [{ sku: product.sku, quantity: 1 }] },
    })
    expect(cart.statusCode, cart.body).toBe(200)
    const [point] = await rows<{ id: number }>(
      db,
      sql`select id from service_points where city_id = 1 order by id limit 1`,
    )
    const body = {
      city_id: 1,
      receiver: { firstname: 'Айгерим', lastname: 'Сапарова', phone: '77011234567', isOrganization: false },
      shipping: { type: 'PICKUP', service_point_id: point!.id },
      payment_method: 'card_payment',
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
      payload: { ...body, expected_sum_to_pay: calc.json().calculation.sumToPay },
    })
    expect(placed.statusCode, placed.body).toBe(201)
    const created = CreatedOrder.parse(placed.json())
    const [payment] = await rows<{ id: string; provider_ref: string; amount: number }>(
      db,
      sql`select id, provider_ref, amount from payments where order_id = ${created.order_id}`,
    )
    const [{ number } = { number: '' }] = await rows<{ number: string }>(
      db,
      sql`select number from orders where id = ${created.order_id}`,
    )
    return { user, orderId: created.order_id, number, payment: payment! }
  }

  function callback(payment: { id: string; provider_ref: string; amount: number }, status: string) {
    const raw = JSON.stringify({
      sessionId: payment.provider_ref,
      merchantRef: payment.id,
      amount: payment.amount,
      status,
      reason: status === 'declined' ? 'do_not_honor' : null,
      mask: null,
    })
    return app.inject({
      method: 'POST',
      url: '/payment/api/v1/callbacks/card',
      headers: { 'content-type': 'application/json', 'x-signature': signCallback(secret, raw) },
      payload: raw,
    })
  }

  it('a declined then approved payment tells the shopper both, once each, replays add nothing', async () => {
    const { user, orderId, number, payment } = await pendingOrder()
    expect((await list(user)).total).toBe(0)
    expect((await callback(payment, 'declined')).statusCode).toBe(200)
    expect((await callback(payment, 'declined')).statusCode).toBe(200)
    const failed = (await list(user)).notes
    expect(failed).toMatchObject([
      { kind: 'payment_failed', payload: { orderId, number, reason: 'do_not_honor' }, status: 'NEW' },
    ])

    // paying again opens a new attempt; its approval notifies the success
    const again = await app.inject({
      method: 'POST',
      url: `/payment/api/v1/orders/${orderId}/payments`,
      headers: user.headers,
      payload: { payment_method: 'card_payment' },
    })
    expect(again.statusCode, again.body).toBe(200)
    const [second] = await rows<{ id: string; provider_ref: string; amount: number }>(
      db,
      sql`select id, provider_ref, amount from payments where order_id = ${orderId} and status = 'pending'`,
    )
    expect((await callback(second!, 'approved')).statusCode).toBe(200)
    expect((await callback(second!, 'approved')).statusCode).toBe(200)
    const notes = (await list(user)).notes
    expect(notes.map((n) => n.kind)).toEqual(['payment_succeeded', 'payment_failed'])
    expect(notes[0]).toMatchObject({
      payload: { orderId, amount: second!.amount },
      link: `/my-account/orders/${orderId}`,
    })
    expect(await unread(user)).toBe(2)
  })

  it('an order cancelled when its payment time ran out tells the shopper why', async () => {
    const { user, orderId, number } = await pendingOrder()
    await db.execute(
      sql`update orders set reserved_until = now() - interval '1 second' where id = ${orderId}`,
    )
    await app.checkout.expireDue()
    await app.checkout.expireDue()
    const notes = (await list(user)).notes
    expect(notes).toMatchObject([
      { kind: 'order_status', payload: { orderId, status: 'CANCELLED', reason: 'payment_expired' } },
    ])
    expect(notes[0]!.title).toBe(`Заказ №\u00a0${number} отменён`)
    expect((await list(user, '', 'kk')).notes[0]!.text).toContain('Төлем уақыты өтіп кетті')
  })
})

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  'the unread count under concurrency (PostgreSQL)',
  () => {
    it('60 notifications raised while their reads are marked at once: the count ends exactly right', async () => {
      const user = await signInTestUser(app)
      const first = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          app.notify(user.userId, 'payment_failed', { ...order(String(i)), reason: null }),
        ),
      )
      await Promise.all([
        ...Array.from({ length: 30 }, (_, i) =>
          app.notify(user.userId, 'payment_succeeded', { ...order(String(100 + i)), amount: i }),
        ),
        ...first.map((id) =>
          app.inject({ method: 'POST', url: `${BASE}/${id}/read`, headers: user.headers }).then((res) => {
            expect(res.statusCode).toBe(200)
          }),
        ),
      ])
      expect(await unread(user)).toBe(30)
      const all = await list(user, '?limit=100')
      expect(all).toMatchObject({ total: 60, unread: 30 })
      expect(all.notes.filter((n) => n.status === 'NEW').every((n) => n.kind === 'payment_succeeded')).toBe(
        true,
      )
    })
  },
)
