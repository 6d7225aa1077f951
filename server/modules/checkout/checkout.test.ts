import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import {
  CalculationOrder,
  CreatedOrder,
  OrderDetail,
  PaymentMethodsResponse,
  PaymentStart,
  QrPayment,
  type CheckoutRequest,
} from '../../../contract/checkout'
import { OrderHistory } from '../../../contract/account-area'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import type { App } from '../../http/types'
import { signCallback } from '../../providers/signature'
import { testApp } from '../../test/app'
import { signInTestUser, type TestUser } from '../../test/auth'
import { listAudit } from '../audit'
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
const organisation = {
  ...receiver,
  isOrganization: true,
  organization: { name: 'ТОО «Свет»', bin: '180340021791', address: 'Алматы, Абая 10' },
}

async function stockOf(productId: number): Promise<number> {
  const [row] = await rows<{ q: number }>(
    db,
    sql`select coalesce(sum(quantity), 0)::int as q from stocks where product_id = ${productId} and city_id = 1`,
  )
  return row!.q
}

async function fill(user: TestUser, items: { sku: string; quantity?: number }[]) {
  const res = await app.inject({
    method: 'POST',
    url: '/cart/api/v3/carts/products',
    headers: user.headers,
    payload: { city_id: 1, products: items.map((i) => ({ sku: i.sku, quantity: i.quantity ?? 1 })) },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { id: string; grandTotalSum: number }
}

/** The pickup point holding the test product (its stock sits in the city's first point). */
async function firstPoint(): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`select id from service_points where city_id = 1 order by id limit 1`,
  )
  return row!.id
}

async function pickupRequest(method: CheckoutRequest['payment_method'] = 'card_payment') {
  return {
    city_id: 1,
    receiver,
    shipping: { type: 'PICKUP' as const, service_point_id: await firstPoint() },
    payment_method: method,
  }
}

async function calculate(user: TestUser, body: object) {
  const res = await app.inject({
    method: 'POST',
    url: '/oms/api/v1/orders',
    headers: user.headers,
    payload: body,
  })
  expect(res.statusCode, res.body).toBe(200)
  return CalculationOrder.parse(res.json())
}

function placeOrder(user: TestUser, body: object, key: string = randomUUID()) {
  return app.inject({
    method: 'POST',
    url: '/oms/api/v1/orders/checkout',
    headers: { ...user.headers, 'idempotency-key': key },
    payload: body,
  })
}

async function order(user: TestUser, id: string) {
  const res = await app.inject({ url: `/oms/api/v1/orders/${id}`, headers: user.headers })
  expect(res.statusCode, res.body).toBe(200)
  return OrderDetail.parse(res.json())
}

/** A shopper with one product of their own in the cart, and the order's body at the calculated sum. */
async function readyShopper(opts: { price?: number; stock?: number; quantity?: number } = {}) {
  const product = await makeProduct(db, {
    prices: { 1: opts.price ?? 50_000 },
    stock: { 1: opts.stock ?? 5 },
  })
  const user = await signInTestUser(app)
  await fill(user, [{ sku: product.sku, quantity: opts.quantity ?? 1 }])
  const body = await pickupRequest()
  const calc = await calculate(user, body)
  return { product, user, body: { ...body, expected_sum_to_pay: calc.calculation.sumToPay }, calc }
}

const path = (location: string) => new URL(location, 'http://store.test')

async function payOnAcquirerPage(redirect: string, pan: string) {
  const page = await app.inject({ url: redirect })
  expect(page.statusCode).toBe(200)
  const sent = await app.inject({
    method: 'POST',
    url: redirect,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ pan, expiry: '12/30', cvc: '123' }).toString(),
  })
  return sent
}

/** Follows the acquirer's redirect back to the store: the store asks the acquirer and sends the shopper on. */
async function comeBack(location: string) {
  const back = await app.inject({ url: location })
  expect(back.statusCode).toBe(303)
  return path(back.headers.location as string)
}

describe('calculation (POST /oms/api/v1/orders)', () => {
  it('prices the order from the server’s own data: goods, pickup delivery, what to pay', async () => {
    const { calc } = await readyShopper({ price: 40_000, quantity: 2 })
    expect(calc.products).toHaveLength(1)
    expect(calc.products[0]).toMatchObject({
      quantity: 2,
      price: 40_000,
      totalPrice: 80_000,
      kind: 'product',
    })
    expect(calc.calculation.subTotal).toBe(80_000)
    expect(calc.calculation.grandTotal).toBe(80_000 + calc.calculation.deliverySum)
    expect(calc.calculation.sumToPay).toBe(calc.calculation.grandTotal)
    expect(calc.shipping.type).toBe('PICKUP')
    expect(calc.shipping.title).toBeTruthy()
  })

  it('prices courier delivery to an address on an offered date and slot, and refuses a slot not offered', async () => {
    const { user, product } = await readyShopper()
    const delivery = await app.inject({
      method: 'POST',
      url: '/inventory/api/v3/delivery',
      payload: {
        city_id: 1,
        products: [{ sku: product.sku, quantity: 1 }],
        exact_delivery_cost_requested: true,
      },
    })
    const slot = delivery.json().slots[0]
    const base = { city_id: 1, receiver, payment_method: 'card_payment' }
    const address = { street: 'Абая', house: '10', apartment: '5' }
    const calc = await calculate(user, {
      ...base,
      shipping: { type: 'COURIER_DELIVERY', address, date: slot.date, slot_code: slot.code },
    })
    expect(calc.shipping.slot).toEqual(slot)
    expect(calc.calculation.deliverySum).toBe(delivery.json().delivery.deliveryCost)
    const refused = await app.inject({
      method: 'POST',
      url: '/oms/api/v1/orders',
      headers: user.headers,
      payload: {
        ...base,
        shipping: { type: 'COURIER_DELIVERY', address, date: slot.date, slot_code: 'nope' },
      },
    })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().error.message).toBe('checkout:slotUnavailable')
    const noAddress = await app.inject({
      method: 'POST',
      url: '/oms/api/v1/orders',
      headers: user.headers,
      payload: { ...base, shipping: { type: 'COURIER_DELIVERY', date: slot.date, slot_code: slot.code } },
    })
    expect(noAddress.json().error.message).toBe('checkout:addressRequired')
  })

  it('refuses a pickup point that does not hold the goods, an excluded installation date, a cart with nothing active', async () => {
    const { user, body } = await readyShopper()
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/oms/api/v1/orders',
      headers: user.headers,
      payload: { ...body, shipping: { type: 'PICKUP', service_point_id: 999_999 } },
    })
    expect(elsewhere.statusCode).toBe(422)
    expect(elsewhere.json().error.message).toBe('checkout:servicePointUnavailable')
    const holiday = await app.inject({
      method: 'POST',
      url: '/oms/api/v1/orders',
      headers: user.headers,
      payload: { ...body, shipping: { ...body.shipping, installation_date: '2026-12-16' } },
    })
    expect(holiday.statusCode).toBe(422)
    expect(holiday.json().error.message).toBe('checkout:installationDateInvalid')

    const empty = await signInTestUser(app)
    const none = await app.inject({
      method: 'POST',
      url: '/oms/api/v1/orders',
      headers: empty.headers,
      payload: body,
    })
    expect(none.statusCode).toBe(422)
    expect(none.json().error.message).toBe('checkout:cartEmpty')
  })

  it('offers cash to a person and cashless transfer to an organisation (rules from the table)', async () => {
    const { user } = await readyShopper()
    const ask = async (is_organization: boolean) => {
      const res = await app.inject({
        method: 'POST',
        url: '/checkout/api/v1/paymentMethods',
        headers: user.headers,
        payload: { city_id: 1, delivery_type: 'PICKUP', is_organization },
      })
      expect(res.statusCode, res.body).toBe(200)
      const methods = PaymentMethodsResponse.parse(res.json()).methods
      return Object.fromEntries(methods.map((m) => [m.code, m.available]))
    }
    const person = await ask(false)
    expect(person).toMatchObject({
      card_payment: true,
      cash_payment: true,
      kaspi_qr_payment: true,
      cashless_payment: false,
    })
    // installments are offered now that the broker takes orders (airba_pay_credit has no provider yet)
    expect(person).toHaveProperty('loan/installment')
    expect(person).not.toHaveProperty('airba_pay_credit')
    const firm = await ask(true)
    expect(firm).toMatchObject({
      card_payment: true,
      cash_payment: false,
      kaspi_qr_payment: false,
      cashless_payment: true,
    })
  })
})

describe('order creation (POST /oms/api/v1/orders/checkout)', () => {
  it('holds the goods, closes the cart, and sends the shopper to the acquirer’s page', async () => {
    const { user, product, body, calc } = await readyShopper({ stock: 5, quantity: 2 })
    const res = await placeOrder(user, body)
    expect(res.statusCode, res.body).toBe(201)
    const created = CreatedOrder.parse(res.json())
    expect(created).toMatchObject({
      status: 'PAYMENT_PENDING',
      payment: { method: 'card_payment', status: 'pending' },
    })
    expect(created.payment.redirect_url).toMatch(/^\/acquirer\/api\/v1\/sessions\//)
    expect(await stockOf(product.id)).toBe(3)
    const detail = await order(user, created.order_id)
    expect(detail.calculation.grandTotal).toBe(calc.calculation.grandTotal)
    expect(detail.items[0]).toMatchObject({ sku: product.sku, quantity: 2 })
    expect(detail.can_pay).toBe(true)
    expect(detail.reserved_until).not.toBeNull()
    // the cart became the order: the shopper's next cart is empty
    const cart = await app.inject({ url: '/cart/api/v3/carts?city_id=1', headers: user.headers })
    expect(cart.json().products).toEqual([])
    const history = OrderHistory.parse(
      (await app.inject({ url: '/oms/api/v3/orders/history', headers: user.headers })).json(),
    )
    expect(history.orders.map((o) => o.order_id)).toContain(created.order_id)
  })

  it('answers a replay with the same order and takes nothing twice; the next attempt finds no cart to order', async () => {
    const { user, product, body } = await readyShopper({ stock: 5 })
    const key = randomUUID()
    const first = await placeOrder(user, body, key)
    const again = await placeOrder(user, body, key)
    expect(first.statusCode, first.body).toBe(201)
    expect(again.statusCode).toBe(201)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json().order_id).toBe(first.json().order_id)
    expect(again.json().payment.redirect_url).toBe(first.json().payment.redirect_url)
    const other = await placeOrder(user, body)
    expect(other.statusCode).toBe(422)
    expect(other.json().error.message).toBe('checkout:cartEmpty')
    expect(await stockOf(product.id)).toBe(4)
  })

  it('takes the goods of a pickup from the chosen point alone: a point emptied since the delivery was read is refused, not filled from another', async () => {
    const [chosen, other] = await rows<{ id: number }>(
      db,
      sql`select id from service_points where city_id = 1 and is_active order by id limit 2`,
    )
    const { user, product, body } = await readyShopper({ stock: 1 })
    await db.execute(
      sql`insert into stocks (product_id, city_id, service_point_id, condition, quantity, pickup_time)
          values (${product.id}, 1, ${other!.id}, 'N', 5, 24)`,
    )
    const atPoint = async (point: number) => {
      const [row] = await rows<{ q: number }>(
        db,
        sql`select coalesce(sum(quantity), 0)::int as q from stocks
            where product_id = ${product.id} and service_point_id = ${point}`,
      )
      return row!.q
    }
    // the delivery is read (as a cache may hold it) while another order takes the chosen point's last unit
    const read = app.delivery
    const spy = vi.spyOn(app, 'delivery').mockImplementationOnce(async (ask, lang) => {
      const answer = await read(ask, lang)
      await db.execute(
        sql`update stocks set quantity = 0 where product_id = ${product.id} and service_point_id = ${chosen!.id}`,
      )
      return answer
    })
    const pickup = { type: 'PICKUP' as const, service_point_id: chosen!.id }
    const refused = await placeOrder(user, { ...body, shipping: pickup })
    spy.mockRestore()
    expect(refused.statusCode, refused.body).toBe(422)
    expect(refused.json().error.message).toBe('checkout:servicePointUnavailable')
    expect(await atPoint(other!.id)).toBe(5)

    // the cart is still there: the shopper picks the point that holds the goods
    const elsewhere = { ...body, shipping: { type: 'PICKUP' as const, service_point_id: other!.id } }
    const placed = await placeOrder(user, elsewhere)
    expect(placed.statusCode, placed.body).toBe(201)
    expect(await atPoint(other!.id)).toBe(4)
  })

  it('a line added in another tab while the order is placed: 409, nothing held, the cart stays open with both', async () => {
    const { user, product, body } = await readyShopper({ stock: 5 })
    const added = await makeProduct(db, { prices: { 1: 7_000 }, stock: { 1: 5 } })
    // the shopper's other tab adds a product after checkout has read the cart, before the order is placed
    const read = app.delivery
    const spy = vi.spyOn(app, 'delivery').mockImplementationOnce(async (ask, lang) => {
      const answer = await read(ask, lang)
      await fill(user, [{ sku: added.sku }])
      return answer
    })
    const res = await placeOrder(user, body)
    spy.mockRestore()
    expect(res.statusCode, res.body).toBe(409)
    expect(res.json().error.message).toBe('checkout:priceChanged')
    expect(await stockOf(product.id)).toBe(5)
    expect(await stockOf(added.id)).toBe(5)
    const cart = await app.inject({ url: '/cart/api/v3/carts?city_id=1', headers: user.headers })
    expect(
      cart
        .json()
        .products.map((p: { sku: string }) => p.sku)
        .sort(),
    ).toEqual([product.sku, added.sku].sort())
  })

  it('refuses a sum the shopper did not see (tampered or changed) with 409 and the real sum; nothing held', async () => {
    const { user, product, body } = await readyShopper({ stock: 5 })
    const res = await placeOrder(user, { ...body, expected_sum_to_pay: 1 })
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toMatchObject({
      message: 'checkout:priceChanged',
      details: { sumToPay: body.expected_sum_to_pay },
    })
    expect(await stockOf(product.id)).toBe(5)
    // prices in the body are not fields of the order: they are refused or never read
    const ignored = await placeOrder(user, {
      ...body,
      products: [{ sku: product.sku, price: 1 }],
      grandTotal: 1,
    })
    expect(ignored.statusCode, ignored.body).toBe(201)
    expect((await order(user, ignored.json().order_id)).calculation.grandTotal).toBe(body.expected_sum_to_pay)
  })

  it('refuses an order above 2,000,000 tenge with 422 and holds nothing', async () => {
    const product = await makeProduct(db, { prices: { 1: 2_100_000 }, stock: { 1: 2 } })
    const user = await signInTestUser(app)
    await db.execute(sql`insert into carts (user_id, city_id) values (${user.userId}, 1)`)
    await db.execute(
      sql`insert into cart_items (cart_id, product_id, quantity)
          select id, ${product.id}, 1 from carts where user_id = ${user.userId} and closed_at is null`,
    )
    const body = await pickupRequest()
    const res = await placeOrder(user, { ...body, expected_sum_to_pay: 2_100_000 })
    expect(res.statusCode).toBe(422)
    expect(res.json().error).toMatchObject({ message: 'checkout:maxOrderSum', details: { max: 2_000_000 } })
    expect(await stockOf(product.id)).toBe(2)
  })

  it('needs a signed-in shopper, and a saved card of their own', async () => {
    const { user, body } = await readyShopper()
    const guest = await app.inject({ method: 'POST', url: '/oms/api/v1/orders/checkout', payload: body })
    expect(guest.statusCode).toBe(401)
    const foreign = await placeOrder(user, { ...body, saved_card_id: randomUUID() })
    expect(foreign.statusCode).toBe(422)
    expect(foreign.json().error.message).toBe('checkout:cardNotFound')
  })

  it('cash on pickup: the order is placed at once and holds its goods until it is received', async () => {
    const { user, product } = await readyShopper({ stock: 3 })
    const body = await pickupRequest('cash_payment')
    const calc = await calculate(user, body)
    expect(calc.calculation.sumToPay).toBe(0)
    const res = await placeOrder(user, { ...body, expected_sum_to_pay: 0 })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({
      status: 'NEW',
      payment: { status: 'not_required', redirect_url: null },
    })
    expect((await order(user, res.json().order_id)).reserved_until).toBeNull()
    expect(await stockOf(product.id)).toBe(2)
  })

  it('an organisation pays by transfer: the order waits for payment for three days', async () => {
    const product = await makeProduct(db, { prices: { 1: 70_000 }, stock: { 1: 3 } })
    const user = await signInTestUser(app)
    await fill(user, [{ sku: product.sku }])
    const delivery = await app.inject({
      method: 'POST',
      url: '/inventory/api/v3/delivery',
      payload: {
        city_id: 1,
        products: [{ sku: product.sku }],
        is_organization: true,
        exact_delivery_cost_requested: true,
      },
    })
    const slot = delivery.json().slots[0]
    const body = {
      city_id: 1,
      receiver: organisation,
      shipping: {
        type: 'COURIER_DELIVERY',
        address: { street: 'Абая', house: '10' },
        date: slot.date,
        slot_code: slot.code,
      },
      payment_method: 'cashless_payment',
    }
    const calc = await calculate(user, body)
    const res = await placeOrder(user, { ...body, expected_sum_to_pay: calc.calculation.sumToPay })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({
      status: 'PAYMENT_PENDING',
      payment: { method: 'cashless_payment', redirect_url: null },
    })
    const detail = await order(user, res.json().order_id)
    expect(detail.receiver.organization?.bin).toBe('180340021791')
    const held = Date.parse(detail.reserved_until!) - Date.now()
    expect(held).toBeGreaterThan(71 * 3_600_000)
    expect(detail.can_pay).toBe(false)
  })

  it('shows an order to its owner only', async () => {
    const { user, body } = await readyShopper()
    const id = (await placeOrder(user, body)).json().order_id
    const stranger = await signInTestUser(app)
    const res = await app.inject({ url: `/oms/api/v1/orders/${id}`, headers: stranger.headers })
    expect(res.statusCode).toBe(404)
    expect((await app.inject({ url: `/oms/api/v1/orders/${id}` })).statusCode).toBe(401)
  })
})

describe('card payment', () => {
  it('a new card with 3-D Secure: the return settles the order as paid, the callback after it changes nothing', async () => {
    const { user, body } = await readyShopper()
    const created = CreatedOrder.parse((await placeOrder(user, body)).json())
    const redirect = created.payment.redirect_url!
    const challenge = await payOnAcquirerPage(redirect, '4000000000003220')
    expect(challenge.statusCode).toBe(303)
    const code = await app.inject({
      method: 'POST',
      url: `${redirect}/3ds`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'code=123456',
    })
    expect(code.statusCode).toBe(303)
    const result = await comeBack(code.headers.location as string)
    expect(result.pathname).toBe('/checkout/result')
    expect(result.searchParams.get('status')).toBe('success')
    expect(result.searchParams.get('orderId')).toBe(created.order_id)
    const paid = await order(user, created.order_id)
    expect(paid).toMatchObject({
      status: 'PROCESSING',
      payment: { status: 'paid', card_mask: '400000******3220' },
    })
    expect(paid.reserved_until).toBeNull()
    await vi.waitFor(async () => {
      const [row] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from payments where order_id = ${created.order_id} and status = 'paid'`,
      )
      expect(row!.n).toBe(1)
    })
  })

  it('a declined card leaves the order waiting: the shopper pays again, and the first attempt can no longer pay', async () => {
    const { user, body, product } = await readyShopper({ stock: 2 })
    const created = CreatedOrder.parse((await placeOrder(user, body)).json())
    const declined = await payOnAcquirerPage(created.payment.redirect_url!, '4000000000000002')
    const result = await comeBack(declined.headers.location as string)
    expect(result.searchParams.get('status')).toBe('failure')
    const failed = await order(user, created.order_id)
    expect(failed).toMatchObject({ status: 'PAYMENT_PENDING', payment: { status: 'failed' }, can_pay: true })
    expect(await stockOf(product.id)).toBe(1)

    const again = await app.inject({
      method: 'POST',
      url: `/payment/api/v1/orders/${created.order_id}/payments`,
      headers: user.headers,
      payload: { payment_method: 'card_payment' },
    })
    expect(again.statusCode, again.body).toBe(200)
    const start = PaymentStart.parse(again.json())
    expect(start.redirect_url).not.toBe(created.payment.redirect_url)
    const ok = await payOnAcquirerPage(start.redirect_url!, '4111111111111111')
    expect((await comeBack(ok.headers.location as string)).searchParams.get('status')).toBe('success')
    expect((await order(user, created.order_id)).payment.status).toBe('paid')
    const late = await app.inject({
      method: 'POST',
      url: `/payment/api/v1/orders/${created.order_id}/payments`,
      headers: user.headers,
      payload: { payment_method: 'card_payment' },
    })
    expect(late.statusCode).toBe(409)
    expect(late.json().error.message).toBe('checkout:orderNotPayable')
    const audited = await listAudit(db, { subjectKind: 'order', subjectId: created.order_id, limit: 10 })
    expect(audited.map((e) => [e.action, e.actorKind, e.actorId, e.details.reason ?? null])).toEqual([
      ['payment.paid', 'system', 'provider:card', null],
      ['payment.refused', 'system', 'provider:card', expect.any(String)],
    ])
    expect(audited[0]!.details).toMatchObject({ number: created.number, mask: '411111******1111' })
  })

  it('an abandoned payment page: when the hold runs out the order is cancelled and the goods go back', async () => {
    const { user, body, product } = await readyShopper({ stock: 4, quantity: 3 })
    const created = CreatedOrder.parse((await placeOrder(user, body)).json())
    expect(await stockOf(product.id)).toBe(1)
    await db.execute(
      sql`update orders set reserved_until = now() - interval '1 second' where id = ${created.order_id}`,
    )
    expect(await app.checkout.expireDue()).toBeGreaterThanOrEqual(1)
    expect(await stockOf(product.id)).toBe(4)
    const cancelled = await order(user, created.order_id)
    expect(cancelled).toMatchObject({ status: 'CANCELLED', can_pay: false })
    // a second sweep gives nothing back twice
    await app.checkout.expireDue()
    expect(await stockOf(product.id)).toBe(4)
    const page = await app.inject({ url: created.payment.redirect_url! })
    expect(page.statusCode).not.toBe(200)
  })
})

describe('payment callbacks (POST /payment/api/v1/callbacks/{provider})', () => {
  const secret = 'local-payment-callback-secret'

  async function pendingPayment() {
    const { user, body } = await readyShopper()
    const created = CreatedOrder.parse((await placeOrder(user, body)).json())
    const [payment] = await rows<{ id: string; provider_ref: string; amount: number }>(
      db,
      sql`select id, provider_ref, amount from payments where order_id = ${created.order_id}`,
    )
    return { user, created, payment: payment! }
  }

  function post(provider: string, body: object, signature?: string) {
    const raw = JSON.stringify(body)
    return app.inject({
      method: 'POST',
      url: `/payment/api/v1/callbacks/${provider}`,
      headers: { 'content-type': 'application/json', 'x-signature': signature ?? signCallback(secret, raw) },
      payload: raw,
    })
  }

  it('settles a payment once from a signed callback; a replay answers 200 and changes nothing', async () => {
    const { user, created, payment } = await pendingPayment()
    const body = {
      sessionId: payment.provider_ref,
      merchantRef: payment.id,
      amount: payment.amount,
      status: 'approved',
      reason: null,
      mask: '411111******1111',
    }
    expect((await post('card', body)).statusCode).toBe(200)
    expect((await order(user, created.order_id)).payment.status).toBe('paid')
    const replay = await post('card', { ...body, status: 'declined', reason: 'do_not_honor' })
    expect(replay.statusCode).toBe(200)
    expect((await order(user, created.order_id)).payment.status).toBe('paid')
    const audited = await listAudit(db, { subjectKind: 'order', subjectId: created.order_id, limit: 10 })
    expect(audited.map((e) => [e.action, e.details.paymentId, e.details.amount])).toEqual([
      ['payment.paid', payment.id, payment.amount],
    ])
  })

  it('refuses a bad signature (403), another order’s payment or another amount (409)', async () => {
    const { user, created, payment } = await pendingPayment()
    const other = await pendingPayment()
    const body = {
      sessionId: payment.provider_ref,
      merchantRef: payment.id,
      amount: payment.amount,
      status: 'approved',
      reason: null,
      mask: null,
    }
    expect((await post('card', body, 'sha256=' + '0'.repeat(64))).statusCode).toBe(403)
    expect(
      (await post('card', body, signCallback('another-secret-of-16', JSON.stringify(body)))).statusCode,
    ).toBe(403)
    const mixed = await post('card', { ...body, merchantRef: other.payment.id })
    expect(mixed.statusCode).toBe(409)
    expect(mixed.json().error.message).toBe('payment:paymentMismatch')
    expect((await post('card', { ...body, amount: payment.amount - 1 })).statusCode).toBe(409)
    expect((await post('qr', body)).statusCode).toBe(409)
    expect((await order(user, created.order_id)).payment.status).toBe('pending')
  })

  it('money for an order that expired meanwhile is recorded as owed back, not lost', async () => {
    const { user, created, payment } = await pendingPayment()
    await db.execute(
      sql`update orders set reserved_until = now() - interval '1 second' where id = ${created.order_id}`,
    )
    await app.checkout.expireDue()
    const body = {
      sessionId: payment.provider_ref,
      merchantRef: payment.id,
      amount: payment.amount,
      status: 'approved',
      reason: null,
      mask: null,
    }
    expect((await post('card', body)).statusCode).toBe(200)
    expect(await order(user, created.order_id)).toMatchObject({
      status: 'CANCELLED',
      payment: { status: 'refund_due' },
    })
  })
})

describe('QR payment', () => {
  it('shows the order’s QR code and settles the order when the phone pays on the provider’s page', async () => {
    const { user } = await readyShopper()
    const body = await pickupRequest('kaspi_qr_payment')
    const calc = await calculate(user, body)
    const created = CreatedOrder.parse(
      (await placeOrder(user, { ...body, expected_sum_to_pay: calc.calculation.sumToPay })).json(),
    )
    expect(created.payment.redirect_url).toBe(`/kaspi-qr?orderId=${created.order_id}`)
    const qr = QrPayment.parse(
      (
        await app.inject({ url: `/payment/api/v1/orders/${created.order_id}/qr`, headers: user.headers })
      ).json(),
    )
    expect(qr).toMatchObject({ status: 'pending', amount: calc.calculation.sumToPay })
    expect(qr.svg.startsWith('<svg')).toBe(true)
    const scan = path(qr.payload)
    expect((await app.inject({ url: scan.pathname })).statusCode).toBe(200)
    const pay = await app.inject({
      method: 'POST',
      url: `${scan.pathname}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    })
    expect(pay.statusCode).toBeLessThan(400)
    await vi.waitFor(async () => expect((await order(user, created.order_id)).payment.status).toBe('paid'), {
      timeout: 5_000,
    })
  })
})

describe('benefits are spent exactly once', () => {
  it('a gift card and bonuses pay part; their balances go down once, and come back when the order is cancelled', async () => {
    const code = `GC${randomUUID().slice(0, 8).toUpperCase()}`
    await db.execute(
      sql`insert into gift_cards (code, initial_amount, balance) values (${code}, 10000, 10000)`,
    )
    const { user, product } = await readyShopper({ price: 60_000, stock: 3 })
    await db.execute(
      sql`insert into bonus_transactions (user_id, amount, available_from) values (${user.userId}, 5000, now() - interval '1 day')`,
    )
    const unit = await app.inject({
      method: 'POST',
      url: '/cart/api/v3/carts/marketingUnits',
      headers: user.headers,
      payload: { city_id: 1, unitType: 'gift_card', code },
    })
    expect(unit.statusCode, unit.body).toBe(200)
    const bonus = await app.inject({
      method: 'PUT',
      url: '/cart/api/v2/carts',
      headers: user.headers,
      payload: { city_id: 1, bonusAmount: 5000 },
    })
    expect(bonus.statusCode, bonus.body).toBe(200)
    const body = await pickupRequest()
    const calc = await calculate(user, body)
    expect(calc.calculation).toMatchObject({ giftCardSum: 10_000, bonusSum: 5000 })
    expect(calc.calculation.sumToPay).toBe(60_000 - 15_000 + calc.calculation.deliverySum)
    const key = randomUUID()
    const created = CreatedOrder.parse(
      (await placeOrder(user, { ...body, expected_sum_to_pay: calc.calculation.sumToPay }, key)).json(),
    )
    await placeOrder(user, { ...body, expected_sum_to_pay: calc.calculation.sumToPay }, key)
    const balance = async () =>
      (await rows<{ balance: number }>(db, sql`select balance from gift_cards where code = ${code}`))[0]!
        .balance
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
    await db.execute(
      sql`update orders set reserved_until = now() - interval '1 second' where id = ${created.order_id}`,
    )
    await app.checkout.expireDue()
    expect(await balance()).toBe(10_000)
    expect(await bonuses()).toBe(5000)
    expect(await stockOf(product.id)).toBe(3)
  })
})

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('concurrency on PostgreSQL', () => {
  it('100 shoppers checking out the last 3 units at once: exactly 3 orders, stock 0, never below', async () => {
    const product: TestProduct = await makeProduct(db, { prices: { 1: 30_000 }, stock: { 1: 3 } })
    const shoppers = await Promise.all(
      Array.from({ length: 100 }, () => signInTestUser(app, { kind: 'fast' })),
    )
    const body = await pickupRequest()
    const bodies = await Promise.all(
      shoppers.map(async (user) => {
        await fill(user, [{ sku: product.sku }])
        const calc = await calculate(user, body)
        return { ...body, expected_sum_to_pay: calc.calculation.sumToPay }
      }),
    )
    const answers = await Promise.all(shoppers.map((user, i) => placeOrder(user, bodies[i]!)))
    const codes = answers.map((a) => a.statusCode)
    expect(codes.filter((c) => c === 201)).toHaveLength(3)
    // the rest are told the goods ran out: by the reservation, or by the delivery or cart asked just before it
    const refusals = answers.filter((a) => a.statusCode !== 201).map((a) => a.json().error.message)
    expect(new Set(refusals)).toEqual(new Set(['checkout:stockChanged']))
    expect(await stockOf(product.id)).toBe(0)
  }, 60_000)

  it('two orders racing for a promo code’s last use: one has it, the other is told the sum changed', async () => {
    const code = `LAST${randomUUID().slice(0, 6).toUpperCase()}`
    await db.execute(
      sql`insert into promo_code_rules (code, discount_kind, value, limit_total, valid_from)
          values (${code}, 'fix', 1000, 1, now() - interval '1 day')`,
    )
    const shoppers = [await readyShopper(), await readyShopper()]
    const bodies = await Promise.all(
      shoppers.map(async ({ user }) => {
        const unit = await app.inject({
          method: 'POST',
          url: '/cart/api/v3/carts/marketingUnits',
          headers: user.headers,
          payload: { city_id: 1, unitType: 'promo_code', code: code.toLowerCase() },
        })
        expect(unit.statusCode, unit.body).toBe(200)
        const body = await pickupRequest()
        const calc = await calculate(user, body)
        expect(calc.calculation.promoCodeSum).toBe(1000)
        return { ...body, expected_sum_to_pay: calc.calculation.sumToPay }
      }),
    )
    const answers = await Promise.all(shoppers.map(({ user }, i) => placeOrder(user, bodies[i]!)))
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409])
    const [used] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from promo_code_redemptions where code = ${code}`,
    )
    expect(used!.n).toBe(1)
  }, 30_000)

  it('20 replays of one checkout at once make one order', async () => {
    const { user, body, product } = await readyShopper({ stock: 5 })
    const key = randomUUID()
    const answers = await Promise.all(Array.from({ length: 20 }, () => placeOrder(user, body, key)))
    const ids = new Set(answers.filter((a) => a.statusCode === 201).map((a) => a.json().order_id))
    expect(ids.size).toBe(1)
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 409)).toBe(true)
    const [count] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from orders where user_id = ${user.userId}`,
    )
    expect(count!.n).toBe(1)
    expect(await stockOf(product.id)).toBe(4)
  }, 30_000)
})
