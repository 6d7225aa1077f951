import { randomUUID } from 'node:crypto'
import type { InjectOptions } from 'fastify'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { CreatedOrder } from '../../contract/checkout'
import { ErrorBody } from '../../contract/common'
import type { Db } from '../db/connection'
import { rows } from '../db/rows'
import type { App } from '../http/types'
import { testApp } from '../test/app'
import { signInTestUser, type TestUser } from '../test/auth'
import { makeProduct, type TestProduct } from '../test/products'
import { testBrowser } from '../test/push'

/**
 * Who may do what: a shopper owns carts, addresses, receivers, cards, orders and their documents,
 * warrants and pickup codes, reviews, configurations, a wishlist, notifications, push subscriptions,
 * commercial offers and broker agreements. Another shopper, an organisation and a guest each try every
 * route that reads or changes one of them: each is refused (401 for the guest where signing in is
 * needed, else 403 or 404), and everything the owner has is as it was. Operator routes refuse shoppers.
 */

let app: App
let db: Db
let owner: TestUser
let other: TestUser
let organisation: TestUser
let product: TestProduct

/** What the owner has, as the database keeps it: the state no intruder may change. */
interface Owned {
  cartId: string
  orderId: string
  addressId: string
  receiverId: string
  cardId: string
  reviewId: string
  configurationId: string
  wishlistId: string
  notificationId: string
  pushId: string
  offerId: string
  signAgreementId: string
}
let owned: Owned

const OWNED_TABLES = [
  'addresses',
  'receivers',
  'payment_cards',
  'card_bindings',
  'carts',
  'orders',
  'reviews',
  'configurations',
  'wishlists',
  'notifications',
  'push_subscriptions',
  'commercial_offers',
  'agreement_signs',
  'broker_applications',
] as const

/** Every row the owner has, in every table that keeps something of theirs, and the rows under them. */
async function ownerState(): Promise<unknown> {
  const state: Record<string, unknown> = {}
  const id = owner.userId
  for (const table of OWNED_TABLES) {
    state[table] = await rows(
      db,
      sql`select row_to_json(t)::text as row from ${sql.identifier(table)} t where t.user_id::text = ${id} order by 1`,
    )
  }
  state.cart_items = await rows(
    db,
    sql`select row_to_json(i)::text as row from cart_items i join carts c on c.id = i.cart_id
        where c.user_id::text = ${id} order by 1`,
  )
  state.wishlist_items = await rows(
    db,
    sql`select row_to_json(i)::text as row from wishlist_items i join wishlists w on w.id = i.wishlist_id
        where w.user_id::text = ${id} order by 1`,
  )
  for (const table of ['order_warrants', 'order_pickup_codes', 'order_reschedules', 'order_items']) {
    state[table] = await rows(
      db,
      sql`select row_to_json(x)::text as row from ${sql.identifier(table)} x join orders o on o.id = x.order_id
          where o.user_id::text = ${id} order by 1`,
    )
  }
  state.review_media = await rows(
    db,
    sql`select row_to_json(m)::text as row from review_media m join reviews r on r.id = m.review_id
        where r.user_id::text = ${id} order by 1`,
  )
  return state
}

function expectOk(res: { statusCode: number; body: string }, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBeGreaterThanOrEqual(200)
  expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(300)
}

async function placeOrder(user: TestUser): Promise<string> {
  const fill = await app.inject({
    method: 'POST',
    url: '/cart/api/v3/carts/products',
    headers: user.headers,
    payload: { city_id: 1, products: [{ sku: product.sku, quantity: 1 }] },
  })
  expectOk(fill, 'fill the cart')
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
    payment_method: 'cash_payment',
  }
  const calc = await app.inject({
    method: 'POST',
    url: '/oms/api/v1/orders',
    headers: user.headers,
    payload: body,
  })
  expectOk(calc, 'calculate')
  const placed = await app.inject({
    method: 'POST',
    url: '/oms/api/v1/orders/checkout',
    headers: { ...user.headers, 'idempotency-key': randomUUID() },
    payload: {
      ...body,
      expected_sum_to_pay: (calc.json() as { calculation: { sumToPay: number } }).calculation.sumToPay,
    },
  })
  expectOk(placed, 'place the order')
  return CreatedOrder.parse(placed.json()).order_id
}

async function bindCard(user: TestUser): Promise<string> {
  const started = await app.inject({
    method: 'POST',
    url: '/payment/api/v1/cards',
    headers: user.headers,
    payload: { returnUrl: '/my-account/cards', failUrl: '/my-account/cards', language: 'ru' },
  })
  expectOk(started, 'start a card binding')
  const page = (started.json() as { redirectUri: string }).redirectUri
  const submitted = await app.inject({
    method: 'POST',
    url: page,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ pan: '4111 1111 1111 1111', expiry: '12/30', cvc: '123' }).toString(),
  })
  expect(submitted.statusCode, submitted.body).toBe(303)
  const back = await app.inject({ url: String(submitted.headers.location) })
  expect(back.statusCode, back.body).toBe(303)
  const cards = await app.inject({ url: '/payment/api/v1/cards', headers: user.headers })
  const id = (cards.json() as { cards: { id: string }[] }).cards[0]?.id
  if (!id) throw new Error(`no card bound: ${cards.body}`)
  return id
}

async function created<T>(
  res: { statusCode: number; body: string; json(): unknown },
  what: string,
  pick: (b: never) => T,
) {
  expectOk(res, what)
  return pick(res.json() as never)
}

beforeAll(async () => {
  const built = await testApp()
  app = built.app
  db = built.database.db
  ;[owner, other, organisation] = await Promise.all([
    signInTestUser(app),
    signInTestUser(app),
    signInTestUser(app),
  ])
  await db.execute(sql`update users set type = 'organization' where id = ${organisation.userId}::uuid`)
  product = await makeProduct(db, { prices: { 1: 30_000 }, stock: { 1: 20 } })
  const headers = owner.headers
  const post = (url: string, payload: object, extra: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, headers: { ...headers, ...extra }, payload })

  const orderId = await placeOrder(owner)
  // A cart of their own again, after the order took the first.
  const cartId = await created(
    await post('/cart/api/v3/carts/products', { city_id: 1, products: [{ sku: product.sku, quantity: 2 }] }),
    'cart',
    (b: { id: string }) => b.id,
  )
  const addressId = await created(
    await post('/account/api/v2/addresses', { city_id: 1, street: 'Абая', house: '10', apartment: '5' }),
    'address',
    (b: { id: string }) => String(b.id),
  )
  const receiverId = await created(
    await post('/account/api/v2/receivers', {
      firstname: 'Ерлан',
      lastname: 'Жумабаев',
      phone: '77051234567',
    }),
    'receiver',
    (b: { id: string }) => String(b.id),
  )
  const cardId = await bindCard(owner)
  expectOk(
    await post(`/oms/api/v1/orders/${orderId}/warrant`, {
      firstname: 'Ерлан',
      lastname: 'Жумабаев',
      phone: '+7 (705) 123-45-67',
      iin: '900101300126',
    }),
    'warrant',
  )
  expectOk(await app.inject({ url: `/oms/api/v1/orders/${orderId}/otp`, headers }), 'pickup code')
  const reviewId = await created(
    await post('/feedback/api/v2/reviews', {
      sku: product.sku,
      rating: 5,
      text: 'Отличный товар, доволен покупкой',
    }),
    'review',
    (b: { id: number }) => String(b.id),
  )
  const configurationId = await created(
    await post('/compatibility/api/v1/configurations', { city_id: 1, components: [] }),
    'configuration',
    (b: { id: string }) => b.id,
  )
  // The wishlist reads the catalogue's index, which takes the new product on its next poll.
  for (let tries = 0; ; tries++) {
    const added = await post('/wishlist/api/v1/products', { sku: product.sku, city_id: 1 })
    if (added.statusCode < 300 || tries === 60) {
      expectOk(added, 'wishlist')
      break
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  const [wishlist] = await rows<{ id: string }>(
    db,
    sql`select id from wishlists where user_id::text = ${owner.userId}`,
  )
  await app.notify(owner.userId, 'review_approved', {
    reviewId: String(reviewId),
    sku: product.sku,
    productTitle: 'Товар',
  })
  const [note] = await rows<{ id: string }>(
    db,
    sql`select id::text from notifications where user_id::text = ${owner.userId}`,
  )
  const pushId = await created(
    await post('/notifications/api/v1/push/subscriptions?city_id=1', {
      consent: true,
      subscription: testBrowser(`https://push.example.test/${randomUUID()}`).subscription,
    }),
    'push subscription',
    (b: { id: string }) => b.id,
  )
  const offerId = await created(
    await post('/offer/api/v1/offers', {
      city_id: 1,
      organization: { name: 'ТОО «Свет Өнім»', bin: '180340021791', address: 'Алматы, Абая 10' },
      contact: { name: 'Айгерим Сапарова', phone: '77011234567', email: 'buyer@example.kz' },
    }),
    'offer',
    (b: { id: string }) => b.id,
  )
  const signAgreementId = await created(
    await post('/agree/api/v1/agreement/sign', {
      specification_code: 'online_broker',
      agreements: ['personal_data', 'credit_bureau'],
    }),
    'agreement',
    (b: { signAgreementId: string }) => b.signAgreementId,
  )
  owned = {
    cartId,
    orderId,
    addressId,
    receiverId,
    cardId,
    reviewId,
    configurationId,
    wishlistId: wishlist!.id,
    notificationId: note!.id,
    pushId,
    offerId,
    signAgreementId,
  }
})

interface Case {
  resource: string
  /** The request, as any caller would send it; the caller's own headers are added. */
  request: (o: Owned) => InjectOptions
  /** Whether the owner's own request succeeds (checked after the intruders, for requests that change nothing). */
  ownerMay?: boolean
}

const get = (url: string): InjectOptions => ({ method: 'GET', url })
const send = (method: InjectOptions['method'], url: string, payload?: object): InjectOptions => ({
  method,
  url,
  ...(payload ? { payload } : {}),
})

// The test's product, once made (the names of the tests are built before it is).
const sku = () => product?.sku ?? ':sku'
const productId = () => product?.id ?? 0

const CASES: Case[] = [
  // Carts: a named cart is its owner's alone.
  { resource: 'cart', request: (o) => get(`/cart/api/v2/carts/${o.cartId}?city_id=1`), ownerMay: true },
  { resource: 'cart', request: (o) => get(`/cart/api/v3/carts/${o.cartId}?city_id=1`), ownerMay: true },
  {
    resource: 'cart',
    request: (o) =>
      send('POST', `/cart/api/v3/carts/${o.cartId}/products`, {
        city_id: 1,
        products: [{ sku: sku(), quantity: 1 }],
      }),
  },
  {
    resource: 'cart',
    request: (o) =>
      send('PUT', `/cart/api/v2/carts/${o.cartId}/products`, {
        city_id: 1,
        products: [{ sku: sku(), quantity: 5 }],
      }),
  },
  {
    resource: 'cart',
    request: (o) =>
      send('DELETE', `/cart/api/v3/carts/${o.cartId}/products?product_id=${productId()}&city_id=1`),
  },
  {
    resource: 'cart',
    request: (o) => send('DELETE', `/cart/api/v3/carts/${o.cartId}/products/activeProducts?city_id=1`),
  },
  { resource: 'cart', request: (o) => send('DELETE', `/cart/api/v2/carts/${o.cartId}?city_id=1`) },
  { resource: 'cart', request: (o) => send('POST', `/cart/api/v3/carts/merge/${o.cartId}?city_id=1`) },
  {
    resource: 'cart',
    request: (o) =>
      send('POST', `/cart/api/v3/carts/${o.cartId}/marketingUnits`, {
        city_id: 1,
        unitType: 'promo_code',
        code: 'SALE10',
      }),
  },
  {
    resource: 'cart',
    request: (o) => send('PUT', `/cart/api/v3/carts/${o.cartId}/cart`, { city_id: 1, products: [] }),
  },
  // Addresses and receivers: another's id is a 404, in the path or in the body.
  {
    resource: 'address',
    request: (o) =>
      send('PUT', `/account/api/v2/addresses/${o.addressId}`, { city_id: 1, street: 'Чужая', house: '1' }),
  },
  {
    resource: 'address',
    request: (o) =>
      send('PUT', '/account/api/v2/addresses', { id: o.addressId, city_id: 1, street: 'Чужая', house: '1' }),
  },
  { resource: 'address', request: (o) => send('DELETE', `/account/api/v2/addresses/${o.addressId}`) },
  { resource: 'address', request: (o) => send('DELETE', '/account/api/v2/addresses', { id: o.addressId }) },
  {
    resource: 'receiver',
    request: (o) =>
      send('PUT', `/account/api/v2/receivers/${o.receiverId}`, {
        firstname: 'Чужой',
        lastname: 'Человек',
        phone: '77000000000',
      }),
  },
  {
    resource: 'receiver',
    request: (o) =>
      send('PUT', '/account/api/v2/receivers', {
        id: o.receiverId,
        firstname: 'Чужой',
        lastname: 'Человек',
        phone: '77000000000',
      }),
  },
  { resource: 'receiver', request: (o) => send('DELETE', `/account/api/v2/receivers/${o.receiverId}`) },
  { resource: 'receiver', request: (o) => send('DELETE', '/account/api/v2/receivers', { id: o.receiverId }) },
  // Payment cards.
  { resource: 'card', request: (o) => send('DELETE', `/payment/api/v1/cards/${o.cardId}`) },
  { resource: 'card', request: (o) => send('POST', '/payment/api/v1/cards/default', { card_id: o.cardId }) },
  // Orders and their documents.
  { resource: 'order', request: (o) => get(`/oms/api/v1/orders/${o.orderId}`), ownerMay: true },
  { resource: 'order', request: (o) => get(`/oms/api/v1/orders/${o.orderId}/timeline`), ownerMay: true },
  {
    resource: 'order',
    request: (o) => get(`/oms/api/v1/orders/${o.orderId}/reorder?city_id=1`),
    ownerMay: true,
  },
  {
    resource: 'order',
    request: (o) => send('PATCH', `/oms/api/v1/orders/${o.orderId}/cancelation`, { reason: 'other' }),
  },
  {
    resource: 'order',
    request: (o) =>
      send('POST', `/payment/api/v1/orders/${o.orderId}/payments`, { payment_method: 'card_payment' }),
  },
  { resource: 'order', request: (o) => get(`/payment/api/v1/orders/${o.orderId}/qr`) },
  { resource: 'order', request: (o) => get(`/oms/api/v3/booking/delivery/reschedule_count/${o.orderId}`) },
  {
    resource: 'order',
    request: (o) =>
      send('POST', '/oms/api/v3/booking/delivery/reschedule', {
        city_id: 1,
        order_id: o.orderId,
        date: '2030-01-01',
        slot_code: 'A',
      }),
  },
  { resource: 'order', request: (o) => get(`/oms/api/v1/orders/${o.orderId}/deliverables`) },
  { resource: 'document', request: (o) => get(`/oms/api/v1/orders/${o.orderId}/check`), ownerMay: true },
  // An invoice is for organisations' orders: the owner's is refused with 422, so only the refusals are checked.
  { resource: 'document', request: (o) => get(`/oms/api/v3/orders/${o.orderId}/invoice`) },
  { resource: 'document', request: (o) => get(`/offer/api/v1/offers/${o.offerId}`), ownerMay: true },
  {
    resource: 'document',
    request: (o) => get(`/offer/api/v1/offers/${o.offerId}/emails?email=buyer%40example.kz`),
  },
  // Warrants and pickup codes.
  { resource: 'warrant', request: (o) => get(`/oms/api/v1/orders/warrant/${o.orderId}`), ownerMay: true },
  {
    resource: 'warrant',
    request: (o) =>
      send('POST', `/oms/api/v1/orders/${o.orderId}/warrant`, {
        firstname: 'Чужой',
        lastname: 'Человек',
        phone: '+7 (700) 000-00-00',
        iin: '900101300126',
      }),
  },
  { resource: 'OTP', request: (o) => get(`/oms/api/v1/orders/${o.orderId}/otp`), ownerMay: true },
  { resource: 'OTP', request: (o) => get(`/oms/api/v1/orders/${o.orderId}/otp/refresh`) },
  { resource: 'OTP', request: (o) => send('POST', `/oms/api/v1/orders/${o.orderId}/otp/refresh`) },
  // Reviews: an unmoderated review is its author's.
  { resource: 'review', request: (o) => get(`/feedback/api/v2/reviews/${o.reviewId}`), ownerMay: true },
  {
    resource: 'review',
    request: (o) =>
      send('PUT', `/feedback/api/v2/reviews/${o.reviewId}`, {
        rating: 1,
        text: 'Чужой отзыв о товаре, переписанный',
      }),
  },
  {
    resource: 'review',
    request: (o) => send('DELETE', `/feedback/api/v2/reviews/${o.reviewId}/images?media_id=${randomUUID()}`),
  },
  {
    resource: 'review',
    request: (o) => send('DELETE', `/feedback/api/v2/reviews/${o.reviewId}/videos?media_id=${randomUUID()}`),
  },
  // Configurations.
  {
    resource: 'configuration',
    request: (o) => get(`/compatibility/api/v1/configurations/${o.configurationId}?city_id=1`),
    ownerMay: true,
  },
  {
    resource: 'configuration',
    request: (o) =>
      send('PUT', `/compatibility/api/v1/configurations/${o.configurationId}`, {
        city_id: 1,
        components: [],
      }),
  },
  {
    resource: 'configuration',
    request: (o) => send('POST', `/compatibility/api/v1/configurations/${o.configurationId}/reset?city_id=1`),
  },
  // The named wishlist, reached by its id as if it were a guest's.
  { resource: 'wishlist', request: (o) => get(`/wishlist/api/v1/products/guest/${o.wishlistId}?city_id=1`) },
  {
    resource: 'wishlist',
    request: (o) =>
      send('POST', `/wishlist/api/v1/products/guest/${o.wishlistId}`, { sku: sku(), city_id: 1 }),
  },
  {
    resource: 'wishlist',
    request: (o) => send('DELETE', `/wishlist/api/v1/products/guest/${o.wishlistId}/${sku()}`),
  },
  {
    resource: 'wishlist',
    request: (o) => send('POST', `/wishlist/api/v1/products/merge/${o.wishlistId}?city_id=1`),
  },
  // Notifications and push subscriptions.
  {
    resource: 'notification',
    request: (o) => send('POST', `/notifications/api/v1/notes/${o.notificationId}/read`),
  },
  {
    resource: 'notification',
    request: (o) => send('DELETE', `/notifications/api/v1/notes/${o.notificationId}`),
  },
  {
    resource: 'push subscription',
    request: (o) =>
      send('PATCH', `/notifications/api/v1/push/subscriptions/${o.pushId}`, {
        topics: { order_status: false },
      }),
  },
  {
    resource: 'push subscription',
    request: (o) => send('DELETE', `/notifications/api/v1/push/subscriptions/${o.pushId}`),
  },
  // Broker: the owner's signed agreement cannot be verified by anyone else.
  {
    resource: 'broker application',
    request: (o) =>
      send('POST', '/agree/api/v2/agreement/verify', {
        sign_agreement_id: o.signAgreementId,
        code: '000000',
      }),
  },
]

/** The answers a caller who does not own the thing may get. */
const REFUSED = { intruder: [403, 404], guest: [401, 403, 404] }

describe('who may read or change what a shopper owns', () => {
  const intruders = () =>
    [
      ['another shopper', other.headers, REFUSED.intruder],
      ['an organisation', organisation.headers, REFUSED.intruder],
      ['a guest', {}, REFUSED.guest],
    ] as const

  for (const c of CASES) {
    const sample = c.request({
      cartId: ':cart',
      orderId: ':order',
      addressId: ':address',
      receiverId: ':receiver',
      cardId: ':card',
      reviewId: ':review',
      configurationId: ':configuration',
      wishlistId: ':wishlist',
      notificationId: ':notification',
      pushId: ':subscription',
      offerId: ':offer',
      signAgreementId: ':agreement',
    })
    it(`${c.resource}: ${sample.method} ${String(sample.url).split('?')[0]} is refused to everyone but the owner`, async () => {
      const request = c.request(owned)
      const before = await ownerState()
      for (const [who, headers, allowed] of intruders()) {
        const res = await app.inject({
          ...request,
          headers: { ...headers, 'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.1` },
        })
        expect(allowed, `${who}: ${request.method} ${request.url} → ${res.statusCode} ${res.body}`).toContain(
          res.statusCode,
        )
        expect(ErrorBody.safeParse(res.json()).success, res.body).toBe(true)
      }
      expect(await ownerState(), 'what the owner has').toEqual(before)
      if (c.ownerMay) {
        const mine = await app.inject({ ...request, headers: owner.headers })
        expectOk(mine, `the owner's ${request.method} ${request.url}`)
      }
    })
  }

  const wholeToken = (text: string) =>
    new RegExp(`(?<![\\w-])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`)

  it("lists only the caller's own things", async () => {
    for (const url of [
      '/account/api/v2/addresses',
      '/account/api/v2/receivers',
      '/payment/api/v1/cards',
      '/oms/api/v3/orders/history',
      '/notifications/api/v1/notes',
      '/notifications/api/v1/push/subscriptions',
      '/wishlist/api/v1/products?city_id=1',
      '/cart/api/v3/carts?city_id=1',
      '/feedback/api/v2/reviews',
      '/bonus/api/v1/profiles',
    ]) {
      for (const intruder of [other, organisation]) {
        const res = await app.inject({ url, headers: intruder.headers })
        expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500)
        // a whole id only: a short number such as 441 turns up inside a random UUID now and then
        for (const id of Object.values(owned))
          expect(res.body, `${url} shows the owner's ${id}`).not.toMatch(wholeToken(String(id)))
        expect(res.body).not.toContain(owner.phone)
      }
    }
  })
})

describe('operator and moderator routes refuse shoppers', () => {
  const routes = (o: Owned): InjectOptions[] => [
    send('POST', `/oms/api/v1/operator/orders/${o.orderId}/status`, { status: 'CANCELLED' }),
    get('/feedback/api/v2/moderation/reviews'),
    send('POST', `/feedback/api/v2/moderation/reviews/${o.reviewId}`, { status: 'APPROVED' }),
  ]

  it('answers 403 to a shopper and an organisation, 401 to a guest, and changes nothing', async () => {
    const before = await ownerState()
    for (const request of routes(owned)) {
      for (const user of [owner, other, organisation]) {
        const res = await app.inject({ ...request, headers: user.headers })
        expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBe(403)
      }
      const guest = await app.inject(request)
      expect(guest.statusCode, `${request.method} ${request.url}: ${guest.body}`).toBe(401)
    }
    expect(await ownerState()).toEqual(before)
  })
})
