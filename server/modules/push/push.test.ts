import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CreatedOrder } from '../../../contract/checkout'
import { ErrorBody } from '../../../contract/common'
import { NOTIFICATION_KINDS } from '../../../contract/notifications'
import {
  PUSH_V1,
  PushOutboxResponse,
  PushSubscriptionList,
  PushSubscriptionView,
  VapidPublicKey,
  type PushMessage,
} from '../../../contract/push'
import { WISHLIST_V1 } from '../../../contract/wishlist'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import type { App } from '../../http/types'
import { createWebPushProvider } from '../../providers/push/web-push'
import { buildTestApp, testApp } from '../../test/app'
import { signInTestUser, type TestUser } from '../../test/auth'
import { makeProduct, type TestProduct } from '../../test/products'
import { decryptPush, startPushService, testBrowser, verifyVapid, type TestBrowser } from '../../test/push'
import { createPushRepo } from './repo'
import { createPushSender, PUSH_MAX_ATTEMPTS, type PushSender } from './sender'
import { PUSH_TOPIC_OF_KIND } from './topics'
import { ensureVapidKeys } from './vapid'

let app: App
let db: Db
let service: Awaited<ReturnType<typeof startPushService>>
/** The real provider (web-push), posting to the local push service. */
let sender: PushSender
const warnings: unknown[] = []

beforeAll(async () => {
  const built = await testApp()
  app = built.app
  db = built.database.db
  service = await startPushService()
  const keys = await ensureVapidKeys(db)
  sender = createPushSender({
    repo: createPushRepo(db),
    provider: createWebPushProvider({
      vapid: { ...keys, subject: 'mailto:push@store.example.kz' },
      agent: service.agent,
    }),
    log: { warn: (...args: unknown[]) => void warnings.push(args), info: () => {} },
  })
})

afterAll(async () => {
  await service?.close()
})

async function publicKey(): Promise<string> {
  const res = await app.inject({ url: `${PUSH_V1}/vapid-public-key` })
  expect(res.statusCode, res.body).toBe(200)
  return VapidPublicKey.parse(res.json()).public_key
}

async function subscribe(
  user: TestUser,
  browser: TestBrowser,
  opts: { lang?: 'ru' | 'kk'; topics?: Record<string, boolean>; city?: number } = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: `${PUSH_V1}/subscriptions?city_id=${opts.city ?? 1}`,
    headers: { ...user.headers, 'accept-language': opts.lang ?? 'ru' },
    payload: { consent: true, subscription: browser.subscription, topics: opts.topics },
  })
  expect(res.statusCode, res.body).toBe(200)
  return PushSubscriptionView.parse(res.json())
}

async function mine(user: TestUser) {
  const res = await app.inject({ url: `${PUSH_V1}/subscriptions`, headers: user.headers })
  expect(res.statusCode, res.body).toBe(200)
  return PushSubscriptionList.parse(res.json()).subscriptions
}

function expectError(res: { statusCode: number; json(): unknown }, status: number) {
  expect(res.statusCode).toBe(status)
  return ErrorBody.parse(res.json()).error
}

/** What the local push service received at an endpoint, decrypted by the browser that holds its keys. */
function pushedTo(browser: TestBrowser): PushMessage[] {
  const path = new URL(browser.subscription.endpoint).pathname
  return service.received
    .filter((r) => r.path === path)
    .map((r) => JSON.parse(decryptPush(browser, r.body)) as PushMessage)
}

async function queued(subscriptionId: string): Promise<{ kind: string; attempts: number; later: boolean }[]> {
  return rows(
    db,
    sql`select n.kind, d.attempts, d.due_at > now() as later
        from push_deliveries d join notifications n on n.id = d.notification_id
        where d.subscription_id = ${subscriptionId} order by d.id`,
  )
}

const orderRef = () => ({
  orderId: randomUUID(),
  number: String(100000 + Math.floor(Math.random() * 899999)),
})

describe('the VAPID key', () => {
  it('is made once and kept in the database: every start serves the same public key', async () => {
    const key = await publicKey()
    expect(Buffer.from(key, 'base64url')).toHaveLength(65)
    expect(Buffer.from(key, 'base64url')[0]).toBe(4)
    const again = await buildTestApp()
    await again.app.ready()
    const res = await again.app.inject({ url: `${PUSH_V1}/vapid-public-key` })
    await again.app.close()
    expect(VapidPublicKey.parse(res.json()).public_key).toBe(key)
    const [count] = await rows<{ n: number }>(db, sql`select count(*)::int as n from push_vapid_keys`)
    expect(count!.n).toBe(1)
  })
})

describe('subscriptions (POST/GET/PATCH/DELETE /notifications/api/v1/push/subscriptions)', () => {
  it('needs a signed-in shopper, their consent, an https endpoint and keys the payload can be encrypted to', async () => {
    const user = await signInTestUser(app, { kind: 'fast' })
    const browser = testBrowser(service.url(201, randomUUID()))
    const url = `${PUSH_V1}/subscriptions`
    expectError(await app.inject({ method: 'POST', url, payload: { consent: true, ...browser } }), 401)
    expectError(await app.inject({ url }), 401)
    const post = (payload: object) => app.inject({ method: 'POST', url, headers: user.headers, payload })
    expectError(await post({ subscription: browser.subscription }), 400)
    expectError(await post({ consent: false, subscription: browser.subscription }), 400)
    const plain = {
      ...browser.subscription,
      endpoint: browser.subscription.endpoint.replace('https:', 'http:'),
    }
    expectError(await post({ consent: true, subscription: plain }), 400)
    const shortAuth = { ...browser.subscription, keys: { ...browser.subscription.keys, auth: 'AAAA' } }
    expectError(await post({ consent: true, subscription: shortAuth }), 400)
    // 65 bytes that are not a point on P-256
    const offCurve = Buffer.alloc(65, 7)
    offCurve[0] = 4
    const badKey = {
      ...browser.subscription,
      keys: { ...browser.subscription.keys, p256dh: offCurve.toString('base64url') },
    }
    const refused = expectError(await post({ consent: true, subscription: badKey }), 422)
    expect(refused).toMatchObject({
      message: 'push:badSubscription',
      details: { field: 'subscription.keys.p256dh' },
    })
    expect(await mine(user)).toEqual([])
  })

  it('keeps one subscription per browser with every topic on, in the language it was made in', async () => {
    const user = await signInTestUser(app, { kind: 'fast' })
    const browser = testBrowser(service.url(201, randomUUID()))
    const made = await subscribe(user, browser, { lang: 'kk' })
    expect(made).toMatchObject({
      endpoint: browser.subscription.endpoint,
      lang: 'kk',
      topics: { order_status: true, price_drop: true, back_in_stock: true },
    })
    // the same browser subscribing again (the page asked once more) is the same subscription
    const again = await subscribe(user, browser, { topics: { price_drop: false } })
    expect(again.id).toBe(made.id)
    expect(again.topics).toEqual({ order_status: true, price_drop: false, back_in_stock: true })
    expect((await mine(user)).map((s) => s.id)).toEqual([made.id])
  })

  it("is the shopper's own: another shopper can neither see, change nor end it (404)", async () => {
    const owner = await signInTestUser(app, { kind: 'fast' })
    const other = await signInTestUser(app, { kind: 'fast' })
    const made = await subscribe(owner, testBrowser(service.url(201, randomUUID())))
    expect(await mine(other)).toEqual([])
    const url = `${PUSH_V1}/subscriptions/${made.id}`
    const patched = await app.inject({
      method: 'PATCH',
      url,
      headers: other.headers,
      payload: { topics: { order_status: false } },
    })
    expect(expectError(patched, 404).message).toBe('push:subscriptionNotFound')
    expectError(await app.inject({ method: 'DELETE', url, headers: other.headers }), 404)
    expect(await mine(owner)).toEqual([made])
  })

  it('switches topics and language, and unsubscribing ends every push to that browser', async () => {
    const user = await signInTestUser(app, { kind: 'fast' })
    const made = await subscribe(user, testBrowser(service.url(201, randomUUID())))
    const url = `${PUSH_V1}/subscriptions/${made.id}`
    const patch = (payload: object) => app.inject({ method: 'PATCH', url, headers: user.headers, payload })
    expectError(await patch({}), 400)
    const changed = await patch({ topics: { order_status: false }, lang: 'kk' })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(PushSubscriptionView.parse(changed.json())).toMatchObject({
      lang: 'kk',
      topics: { order_status: false, price_drop: true, back_in_stock: true },
    })
    await app.notify(user.userId, 'order_status', { ...orderRef(), status: 'ASSEMBLING' })
    expect(await queued(made.id)).toEqual([])

    const gone = await app.inject({ method: 'DELETE', url, headers: user.headers })
    expect(gone.statusCode, gone.body).toBe(200)
    expect(gone.json()).toEqual({ deleted: true })
    expect(await mine(user)).toEqual([])
    expectError(await app.inject({ method: 'DELETE', url, headers: user.headers }), 404)
  })

  it('queues exactly the kinds its topics name, as the trigger and PUSH_TOPIC_OF_KIND both say', async () => {
    const user = await signInTestUser(app, { kind: 'fast' })
    const made = await subscribe(user, testBrowser(service.url(201, randomUUID())))
    for (const kind of NOTIFICATION_KINDS)
      await db.execute(
        sql`insert into notifications (user_id, kind, payload) values (${user.userId}, ${kind}, '{}'::jsonb)`,
      )
    expect((await queued(made.id)).map((q) => q.kind).sort()).toEqual(Object.keys(PUSH_TOPIC_OF_KIND).sort())
    await db.execute(sql`delete from notifications where user_id = ${user.userId}`)
    expect(await queued(made.id)).toEqual([])
  })

  it('moves to the shopper who subscribes the same browser next, with nothing of the last one still queued', async () => {
    const first = await signInTestUser(app, { kind: 'fast' })
    const second = await signInTestUser(app, { kind: 'fast' })
    const browser = testBrowser(service.url(201, randomUUID()))
    const old = await subscribe(first, browser)
    await app.notify(first.userId, 'order_status', { ...orderRef(), status: 'ASSEMBLING' })
    expect(await queued(old.id)).toHaveLength(1)
    const taken = await subscribe(second, browser)
    expect(taken.id).not.toBe(old.id)
    expect(await mine(first)).toEqual([])
    expect(await queued(old.id)).toEqual([])
    await app.notify(first.userId, 'order_status', { ...orderRef(), status: 'ASSEMBLING' })
    expect(await queued(taken.id)).toEqual([])
  })

  it('pushes nothing after the shopper signs out, and the sweep forgets the subscription', async () => {
    const user = await signInTestUser(app, { kind: 'fast' })
    const made = await subscribe(user, testBrowser(service.url(201, randomUUID())))
    await app.notify(user.userId, 'order_status', { ...orderRef(), status: 'ASSEMBLING' })
    const out = await app.inject({
      method: 'POST',
      url: '/account/api/v1/auth/signout',
      headers: user.headers,
      payload: {},
    })
    expect(out.statusCode, out.body).toBeLessThan(300)
    await app.notify(user.userId, 'order_status', { ...orderRef(), status: 'DELIVERING' })
    expect(await queued(made.id)).toHaveLength(1)
    const before = service.received.length
    await sender.sweep()
    expect(service.received.length).toBe(before)
    expect(await sender.dropEnded()).toBeGreaterThanOrEqual(1)
    const [left] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from push_subscriptions where id = ${made.id}`,
    )
    expect(left!.n).toBe(0)
  })
})

describe('sending (web-push against a local push service that decrypts, RFC 8291)', () => {
  let operatorPoint: number

  beforeAll(async () => {
    const [point] = await rows<{ id: number }>(
      db,
      sql`select id from service_points where city_id = 1 order by id limit 1`,
    )
    operatorPoint = point!.id
  })

  async function placeOrder(user: TestUser, product: TestProduct): Promise<CreatedOrder> {
    const fill = await app.inject({
      method: 'POST',
      url: '/cart/api/v3/carts/products',
      headers: user.headers,
      payload: { city_id: 1, products: [{ sku: product.sku, quantity: 1 }] },
    })
    expect(fill.statusCode, fill.body).toBe(200)
    const body = {
      city_id: 1,
      receiver: { firstname: 'Айгерим', lastname: 'Сапарова', phone: '77011234567', isOrganization: false },
      shipping: { type: 'PICKUP' as const, service_point_id: operatorPoint },
      payment_method: 'cash_payment',
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
      payload: { ...body, expected_sum_to_pay: calc.json().calculation.sumToPay as number },
    })
    expect(res.statusCode, res.body).toBe(201)
    return CreatedOrder.parse(res.json())
  }

  it("pushes an order's new status to each of the shopper's browsers in its language, signed and encrypted", async () => {
    const user = await signInTestUser(app, { kind: 'fast' })
    const ru = testBrowser(service.url(201, randomUUID()))
    const kk = testBrowser(service.url(201, randomUUID()))
    await subscribe(user, ru, { lang: 'ru', city: 2 })
    await subscribe(user, kk, { lang: 'kk' })
    const product = await makeProduct(db, { prices: { 1: 20_000 }, stock: { 1: 3 } })
    const order = await placeOrder(user, product)
    const id = order.order_id
    expect(await app.orderLifecycle.move(id, 'ASSEMBLING', 'operator')).toBe(true)

    const result = await sender.sweep()
    expect(result.sent).toBeGreaterThanOrEqual(2)
    const number = order.number
    expect(pushedTo(ru)).toContainEqual({
      title: `Статус заказа №\u00a0${number}`,
      body: 'Заказ собирается на складе.',
      url: `/astana/my-account/orders/${id}`,
      tag: `order-${id}`,
    })
    expect(pushedTo(kk)).toContainEqual({
      title: `№\u00a0${number} тапсырыстың мәртебесі`,
      body: 'Тапсырыс қоймада жиналуда.',
      url: `/almaty_kk/my-account/orders/${id}`,
      tag: `order-${id}`,
    })
    const sent = service.received.find((r) => r.path === new URL(ru.subscription.endpoint).pathname)!
    expect(sent.headers).toMatchObject({ 'content-encoding': 'aes128gcm', urgency: 'high' })
    expect(Number(sent.headers.ttl)).toBeGreaterThan(23 * 3600)
    expect(String(sent.headers.topic)).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(verifyVapid(sent.headers.authorization as string, ru.subscription.endpoint)).toBe(
      await publicKey(),
    )
    const [left] = await rows<{ n: number }>(db, sql`select count(*)::int as n from push_deliveries`)
    expect(left!.n).toBe(0)
  })

  it('pushes a price drop of a wishlist product, opening the product in the city it was watched in', async () => {
    const user = await signInTestUser(app, { kind: 'fast' })
    const browser = testBrowser(service.url(201, randomUUID()))
    await subscribe(user, browser)
    const product = await makeProduct(db, { prices: { 1: 50_000 }, stock: { 1: 2 } })
    await app.catalog.refresh()
    const add = await app.inject({
      method: 'POST',
      url: `${WISHLIST_V1}/products`,
      payload: { sku: product.sku, city_id: 1 },
      headers: user.headers,
    })
    expect(add.statusCode, add.body).toBe(200)
    await app.wishlist.watch()
    await db.execute(
      sql`update product_prices set price = 45000 where product_id = ${product.id} and city_id = 1`,
    )
    await app.catalog.refresh()
    await app.wishlist.watch()
    await sender.sweep()
    const [{ uri }] = (await rows<{ uri: string }>(
      db,
      sql`select uri from products where id = ${product.id}`,
    )) as [{ uri: string }]
    expect(pushedTo(browser)).toEqual([
      {
        title: 'Цена на товар из избранного снижена',
        body: `«Тестовый товар ${product.sku}» теперь стоит 45\u00a0000\u00a0₸ вместо 50\u00a0000\u00a0₸.`,
        url: `/p/${encodeURIComponent(uri)}`,
        tag: `wishlist-${product.sku}`,
      },
    ])
  })

  it('forgets a subscription whose push service answers 410 or 404, and nothing is queued for it again', async () => {
    const user = await signInTestUser(app, { kind: 'fast' })
    const ended = await subscribe(user, testBrowser(service.url(410, randomUUID())))
    const unknown = await subscribe(user, testBrowser(service.url(404, randomUUID())))
    const alive = await subscribe(user, testBrowser(service.url(201, randomUUID())))
    await app.notify(user.userId, 'order_status', { ...orderRef(), status: 'ASSEMBLING' })
    await app.notify(user.userId, 'order_status', { ...orderRef(), status: 'DELIVERING' })
    const result = await sender.sweep()
    expect(result.gone).toBe(2)
    expect((await mine(user)).map((s) => s.id)).toEqual([alive.id])
    expect(await queued(ended.id)).toEqual([])
    expect(await queued(unknown.id)).toEqual([])
    await app.notify(user.userId, 'order_status', { ...orderRef(), status: 'COMPLETED' })
    expect(await queued(alive.id)).toHaveLength(1)
    await sender.sweep()
  })

  it('tries again later when the push service is busy (503), and gives up after its tries', async () => {
    const user = await signInTestUser(app, { kind: 'fast' })
    const busy = await subscribe(user, testBrowser(service.url(503, randomUUID())))
    await app.notify(user.userId, 'order_status', { ...orderRef(), status: 'ASSEMBLING' })
    const first = await sender.sweep()
    expect(first.retried).toBe(1)
    expect(await queued(busy.id)).toEqual([{ kind: 'order_status', attempts: 1, later: true }])
    // a second sweep at once sends nothing: the retry waits its turn
    expect((await sender.sweep()).retried).toBe(0)
    for (let attempt = 2; attempt <= PUSH_MAX_ATTEMPTS; attempt++) {
      await db.execute(sql`update push_deliveries set due_at = now() where subscription_id = ${busy.id}`)
      await sender.sweep()
    }
    expect(await queued(busy.id)).toEqual([])
    expect(await mine(user)).toHaveLength(1)
    expect(warnings.length).toBeGreaterThanOrEqual(1)
  })

  it("never holds or fails an order's move: the move commits with the push only queued", async () => {
    const user = await signInTestUser(app, { kind: 'fast' })
    const made = await subscribe(user, testBrowser(service.url(503, randomUUID())))
    const product = await makeProduct(db, { prices: { 1: 20_000 }, stock: { 1: 3 } })
    const order = await placeOrder(user, product)
    const id = order.order_id
    expect(await app.orderLifecycle.move(id, 'ASSEMBLING', 'operator')).toBe(true)
    expect(await queued(made.id)).toContainEqual({ kind: 'order_status', attempts: 0, later: false })
  })
})

describe('the local provider (the default without outside access)', () => {
  it('builds the encrypted message as web-push would and keeps it in the push outbox', async () => {
    const user = await signInTestUser(app, { kind: 'fast' })
    const browser = testBrowser(`https://push.example.test/${randomUUID()}`)
    await subscribe(user, browser, { lang: 'kk' })
    const ref = orderRef()
    await app.notify(user.userId, 'order_status', { ...ref, status: 'READY_FOR_PICKUP' })
    const result = await app.pushSender.sweep()
    expect(result.sent).toBeGreaterThanOrEqual(1)
    const res = await app.inject({
      url: `/dev/push-outbox?endpoint=${encodeURIComponent(browser.subscription.endpoint)}`,
    })
    expect(res.statusCode, res.body).toBe(200)
    const [message] = PushOutboxResponse.parse(res.json()).messages
    const expected: PushMessage = {
      title: `№\u00a0${ref.number} тапсырыстың мәртебесі`,
      body: 'Тапсырыс беруге дайын.',
      url: `/almaty_kk/my-account/orders/${ref.orderId}`,
      tag: `order-${ref.orderId}`,
    }
    expect(JSON.parse(message!.payload)).toEqual(expected)
    expect(JSON.parse(decryptPush(browser, Buffer.from(message!.body, 'base64')))).toEqual(expected)
    expect(message!.headers).toMatchObject({ 'Content-Encoding': 'aes128gcm' })
    verifyVapid(message!.headers.Authorization, browser.subscription.endpoint)
  })
})
