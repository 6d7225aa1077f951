import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { Cart, TradeProductLink } from '../../../contract/cart'
import { CalculationOrder, OrderDetail, PaymentMethodsResponse } from '../../../contract/checkout'
import { DeliveryResult } from '../../../contract/inventory'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'
import { signInTestUser, type TestUser } from '../../test/auth'
import { pdfText } from '../../test/pdf-text'
import { makeProduct, type TestProduct } from '../../test/products'

let app: App
let db: Db
/** The test products' category (see server/test/products.ts) takes this kind of old device. */
const KIND = 'test_console'
const CREDIT = { working: 30_000, damaged: 5_000 }

beforeAll(async () => {
  const built = await testApp()
  app = built.app
  db = built.database.db
  await db.execute(
    sql`insert into tradein_devices (kind, title_ru, title_kk, position, credit_working, credit_damaged)
        values (${KIND}, 'Старая приставка', 'Ескі приставка', 99, ${CREDIT.working}, ${CREDIT.damaged})
        on conflict do nothing`,
  )
  await db.execute(
    sql`insert into tradein_offers (category_slug, device_kind) values ('igrovye-pristavki', ${KIND})
        on conflict do nothing`,
  )
})

const receiver = {
  firstname: 'Айгерим',
  lastname: 'Сапарова',
  phone: '77011234567',
  email: 'aigerim@example.kz',
  isOrganization: false,
}

/** Almaty's points by kind: the first shop takes old devices (and holds the test products' stock). */
async function point(where: 'tradeinShop' | 'plainShop' | 'pickupPoint'): Promise<number> {
  const condition = {
    tradeinShop: sql`type = 'shop' and accepts_tradein`,
    plainShop: sql`type = 'shop' and not accepts_tradein`,
    pickupPoint: sql`type = 'pickup_point' and is_active`,
  }[where]
  const [row] = await rows<{ id: number }>(
    db,
    sql`select id from service_points where city_id = 1 and ${condition} order by id limit 1`,
  )
  return row!.id
}

const cart = (res: { statusCode: number; body: string; json: () => unknown }) => {
  expect(res.statusCode, res.body).toBe(200)
  return Cart.parse(res.json())
}

async function shopper(price: number): Promise<{ user: TestUser; product: TestProduct; cart: Cart }> {
  const product = await makeProduct(db, { prices: { 1: price }, stock: { 1: 5 } })
  const user = await signInTestUser(app)
  const res = await app.inject({
    method: 'POST',
    url: '/cart/api/v3/carts/products',
    headers: user.headers,
    payload: { city_id: 1, products: [{ sku: product.sku, quantity: 1 }] },
  })
  return { user, product, cart: cart(res) }
}

const chooseTradein = (user: TestUser, body: object, url = '/cart/api/v2/carts/tradein') =>
  app.inject({
    method: 'PUT',
    url,
    headers: { ...user.headers, 'idempotency-key': randomUUID() },
    payload: body,
  })

describe('GET /trade/product-link', () => {
  it('answers the devices a product takes in the city, their credits and the shops that take them', async () => {
    const product = await makeProduct(db, { prices: { 1: 100_000 } })
    const shop = await point('tradeinShop')
    for (const base of ['/trade', '/trade/api/v1']) {
      const res = await app.inject({
        url: `${base}/product-link?city_id=1&sku=${product.sku}&trade_shop=${shop}`,
        headers: { 'accept-language': 'kk' },
      })
      expect(res.statusCode, res.body).toBe(200)
      const link = TradeProductLink.parse(res.json())
      expect(link).toMatchObject({ sku: product.sku, city_id: 1, available: true, price: 100_000 })
      expect(link.devices).toContainEqual({ kind: KIND, title: 'Ескі приставка', credits: CREDIT })
      expect(link.max_credit).toBeGreaterThanOrEqual(CREDIT.working)
      expect(link.shop?.service_point_id).toBe(shop)
      expect(link.shops.map((s) => s.service_point_id)).toContain(shop)
    }
  })

  it('says not available where no shop takes old devices (Aktobe) and for products without an offer', async () => {
    const product = await makeProduct(db)
    const aktobe = TradeProductLink.parse(
      (await app.inject({ url: `/trade/product-link?city_id=4&sku=${product.sku}` })).json(),
    )
    expect(aktobe).toMatchObject({ available: false, devices: [], shops: [], max_credit: 0 })
    const [fridge] = await rows<{ sku: string }>(
      db,
      sql`select p.sku from products p join categories c on c.id = p.category_id
          where c.slug = 'holodilniki' order by p.id limit 1`,
    )
    const res = await app.inject({ url: `/trade/product-link?city_id=1&sku=${fridge!.sku}` })
    expect(res.statusCode, res.body).toBe(200)
    expect(TradeProductLink.parse(res.json()).available).toBe(false)
  })

  it('answers 404 for an unknown sku or shop, 422 for a shop that takes no trade-in, 400 for bad params', async () => {
    const product = await makeProduct(db)
    const unknown = await app.inject({ url: '/trade/product-link?city_id=1&sku=99999999999999' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error.message).toBe('cart:productNotFound')
    const noShop = await app.inject({
      url: `/trade/product-link?city_id=1&sku=${product.sku}&trade_shop=999999`,
    })
    expect(noShop.statusCode).toBe(404)
    for (const where of ['plainShop', 'pickupPoint'] as const) {
      const res = await app.inject({
        url: `/trade/product-link?city_id=1&sku=${product.sku}&trade_shop=${await point(where)}`,
      })
      expect(res.statusCode, where).toBe(422)
      expect(res.json().error.message).toBe('cart:tradeinShopInvalid')
    }
    // a shop of another city is not where this city's order is collected
    const astana = await app.inject({
      url: `/trade/product-link?city_id=2&sku=${product.sku}&trade_shop=${await point('tradeinShop')}`,
    })
    expect(astana.statusCode).toBe(422)
    for (const query of [
      'city_id=1',
      `sku=${product.sku}`,
      `city_id=x&sku=${product.sku}`,
      'city_id=1&sku=abc',
    ])
      expect((await app.inject({ url: `/trade/product-link?${query}` })).statusCode, query).toBe(400)
    const badShop = await app.inject({
      url: `/trade/product-link?city_id=1&sku=${product.sku}&trade_shop=shop`,
    })
    expect(badShop.statusCode).toBe(400)
  })
})

describe('a cart line with an old device', () => {
  it('marks the lines that take one, and takes the credit by condition off the total', async () => {
    const { user, product, cart: before } = await shopper(100_000)
    expect(before.products[0]).toMatchObject({ tradeinAvailable: true, tradein: null })
    expect(before.tradeinSum).toBe(0)
    const working = cart(
      await chooseTradein(user, { city_id: 1, sku: product.sku, device_kind: KIND, condition: 'working' }),
    )
    expect(working.products[0]?.tradein).toEqual({
      deviceKind: KIND,
      condition: 'working',
      title: 'Старая приставка',
      credit: CREDIT.working,
    })
    expect(working).toMatchObject({
      subTotalSum: 100_000,
      tradeinSum: CREDIT.working,
      grandTotalSum: 100_000 - CREDIT.working,
    })
    // a new choice replaces it; a read answers the same
    cart(await chooseTradein(user, { city_id: 1, sku: product.sku, device_kind: KIND, condition: 'damaged' }))
    const read = cart(await app.inject({ url: '/cart/api/v2/carts?city_id=1', headers: user.headers }))
    expect(read.products[0]?.tradein?.credit).toBe(CREDIT.damaged)
    expect(read.grandTotalSum).toBe(100_000 - CREDIT.damaged)

    const removed = cart(
      await app.inject({
        method: 'DELETE',
        url: `/cart/api/v2/carts/tradein?city_id=1&sku=${product.sku}`,
        headers: user.headers,
      }),
    )
    expect(removed.products[0]?.tradein).toBeNull()
    expect(removed).toMatchObject({ tradeinSum: 0, grandTotalSum: 100_000 })
    const again = await app.inject({
      method: 'DELETE',
      url: `/cart/api/v2/carts/tradein?city_id=1&sku=${product.sku}`,
      headers: user.headers,
    })
    expect(again.statusCode).toBe(404)
  })

  it('never makes the cart cost less than nothing', async () => {
    const { user, product } = await shopper(12_000)
    const traded = cart(
      await chooseTradein(user, { city_id: 1, sku: product.sku, device_kind: KIND, condition: 'working' }),
    )
    expect(traded.products[0]?.tradein?.credit).toBe(12_000)
    expect(traded).toMatchObject({ tradeinSum: 12_000, grandTotalSum: 0 })
  })

  it('refuses a device the product does not take, a line not in the cart and bad input', async () => {
    const { user, product } = await shopper(100_000)
    const other = await makeProduct(db)
    const cases: [object, number, string | null][] = [
      [{ city_id: 1, sku: product.sku, device_kind: 'washing_machine', condition: 'working' }, 422, 'cart:tradeinDeviceNotAccepted'],
      [{ city_id: 1, sku: other.sku, device_kind: KIND, condition: 'working' }, 422, 'cart:tradeinUnavailable'],
      [{ city_id: 1, sku: '99999999999999', device_kind: KIND, condition: 'working' }, 404, 'cart:productNotFound'],
      [{ city_id: 1, sku: product.sku, device_kind: KIND, condition: 'new' }, 400, null],
      [{ city_id: 1, sku: product.sku, device_kind: 'DROP TABLE', condition: 'working' }, 400, null],
      [{ city_id: 1, sku: product.sku }, 400, null],
    ] // prettier-ignore
    for (const [body, status, message] of cases) {
      const res = await chooseTradein(user, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(status)
      if (message) expect(res.json().error.message).toBe(message)
    }
    // in Aktobe no shop takes old devices
    const aktobe = await chooseTradein(user, {
      city_id: 4,
      sku: product.sku,
      device_kind: KIND,
      condition: 'working',
    })
    expect(aktobe.statusCode).toBe(422)
  })

  it("leaves another shopper's cart untouched", async () => {
    const owner = await shopper(100_000)
    const stranger = await signInTestUser(app)
    const res = await chooseTradein(
      stranger,
      { city_id: 1, sku: owner.product.sku, device_kind: KIND, condition: 'working' },
      `/cart/api/v2/carts/${owner.cart.id}/tradein`,
    )
    expect(res.statusCode).toBe(403)
    const removal = await app.inject({
      method: 'DELETE',
      url: `/cart/api/v2/carts/${owner.cart.id}/tradein?city_id=1&sku=${owner.product.sku}`,
      headers: stranger.headers,
    })
    expect(removal.statusCode).toBe(403)
    const read = cart(await app.inject({ url: '/cart/api/v2/carts?city_id=1', headers: owner.user.headers }))
    expect(read.products[0]?.tradein).toBeNull()
    expect(read.tradeinSum).toBe(0)
  })

  it('clears the device with a notice when the cart moves to a city where no shop takes it', async () => {
    const { user, product } = await shopper(100_000)
    cart(await chooseTradein(user, { city_id: 1, sku: product.sku, device_kind: KIND, condition: 'working' }))
    const moved = cart(await app.inject({ url: '/cart/api/v2/carts?city_id=4', headers: user.headers }))
    expect(moved.products[0]).toMatchObject({ tradeinAvailable: false, tradein: null })
    expect(moved.tradeinSum).toBe(0)
    expect(moved.notices).toContainEqual(
      expect.objectContaining({
        code: 'benefitCleared',
        details: { kind: 'tradein', reason: 'cart:tradeinUnavailable' },
      }),
    )
    const back = cart(await app.inject({ url: '/cart/api/v2/carts?city_id=1', headers: user.headers }))
    expect(back.products[0]?.tradein).toBeNull()
  })
})

describe('a trade-in order', () => {
  async function tradedShopper() {
    const s = await shopper(100_000)
    cart(
      await chooseTradein(s.user, {
        city_id: 1,
        sku: s.product.sku,
        device_kind: KIND,
        condition: 'working',
      }),
    )
    return s
  }
  const checkoutBody = async (shipping: object, method = 'card_payment') => ({
    city_id: 1,
    receiver,
    shipping,
    payment_method: method,
  })

  it('is collected only at a shop that takes old devices', async () => {
    const { user } = await tradedShopper()
    const res = await app.inject({
      method: 'POST',
      url: '/checkout/api/v1/delivery',
      headers: user.headers,
      payload: { city_id: 1 },
    })
    expect(res.statusCode, res.body).toBe(200)
    const delivery = DeliveryResult.parse(res.json())
    expect(delivery.delivery).toBeNull()
    expect(delivery.deliveries).toEqual([])
    expect(delivery.pickup_points).toEqual([])
    expect(delivery.stores.map((s) => s.service_point_id)).toEqual([await point('tradeinShop')])

    for (const shipping of [
      { type: 'PICKUP', service_point_id: await point('pickupPoint') },
      { type: 'SHOP', service_point_id: await point('plainShop') },
      {
        type: 'COURIER_DELIVERY',
        address: { street: 'Абая', house: '10' },
        date: '2030-01-01',
        slot_code: 'x',
      },
    ]) {
      const calc = await app.inject({
        method: 'POST',
        url: '/oms/api/v1/orders',
        headers: user.headers,
        payload: await checkoutBody(shipping),
      })
      expect(calc.statusCode, calc.body).toBe(422)
      expect(calc.json().error.message).toBe('checkout:tradeinNeedsShop')
    }
  })

  it('is paid ahead by card or QR: no cash on receipt, no cashless transfer', async () => {
    const { user } = await tradedShopper()
    const res = await app.inject({
      method: 'POST',
      url: '/checkout/api/v1/paymentMethods',
      headers: user.headers,
      payload: { city_id: 1, delivery_type: 'SHOP' },
    })
    expect(res.statusCode, res.body).toBe(200)
    const methods = PaymentMethodsResponse.parse(res.json())
    const byCode = new Map(methods.methods.map((m) => [m.code, m]))
    expect(byCode.get('card_payment')?.available).toBe(true)
    expect(byCode.get('kaspi_qr_payment')?.available).toBe(true)
    expect(byCode.get('cash_payment')).toMatchObject({
      available: false,
      reason: 'checkout:methodNotForTradein',
    })
    expect(methods.sum_to_pay).toBe(100_000 - CREDIT.working)

    // a cart without a device asked about with is_tradein follows the same rules
    const plain = await shopper(50_000)
    const asked = PaymentMethodsResponse.parse(
      (
        await app.inject({
          method: 'POST',
          url: '/checkout/api/v1/paymentMethods',
          headers: plain.user.headers,
          payload: { city_id: 1, delivery_type: 'SHOP', is_tradein: true },
        })
      ).json(),
    )
    expect(asked.methods.find((m) => m.code === 'cash_payment')?.available).toBe(false)

    const cash = await app.inject({
      method: 'POST',
      url: '/oms/api/v1/orders',
      headers: user.headers,
      payload: await checkoutBody(
        { type: 'SHOP', service_point_id: await point('tradeinShop') },
        'cash_payment',
      ),
    })
    expect(cash.statusCode).toBe(422)
    expect(cash.json().error.message).toBe('checkout:paymentMethodUnavailable')
  })

  it('carries the credit onto the order, paid by card at the sum after it', async () => {
    const { user, product } = await tradedShopper()
    const body = await checkoutBody({ type: 'SHOP', service_point_id: await point('tradeinShop') })
    const calcRes = await app.inject({
      method: 'POST',
      url: '/oms/api/v1/orders',
      headers: user.headers,
      payload: body,
    })
    expect(calcRes.statusCode, calcRes.body).toBe(200)
    const calc = CalculationOrder.parse(calcRes.json())
    expect(calc.calculation).toMatchObject({
      subTotal: 100_000,
      tradeinSum: CREDIT.working,
      grandTotal: 100_000 - CREDIT.working,
      sumToPay: 100_000 - CREDIT.working,
    })
    const placed = await app.inject({
      method: 'POST',
      url: '/oms/api/v1/orders/checkout',
      headers: { ...user.headers, 'idempotency-key': randomUUID() },
      payload: { ...body, expected_sum_to_pay: calc.calculation.sumToPay },
    })
    expect(placed.statusCode, placed.body).toBe(201)
    const id = placed.json().order_id as string
    const order = OrderDetail.parse(
      (await app.inject({ url: `/oms/api/v1/orders/${id}`, headers: user.headers })).json(),
    )
    expect(order.calculation.tradeinSum).toBe(CREDIT.working)
    expect(order.calculation.tradeins).toEqual([
      {
        sku: product.sku,
        title: expect.any(String),
        deviceKind: KIND,
        deviceTitle: 'Старая приставка',
        condition: 'working',
        credit: CREDIT.working,
      },
    ])
    expect(order.shipping.service_point?.id).toBe(await point('tradeinShop'))
    const [payment] = await rows<{ amount: number }>(
      db,
      sql`select amount from payments where order_id = ${id}`,
    )
    expect(payment?.amount).toBe(100_000 - CREDIT.working)
    const receipt = await app.inject({ url: `/oms/api/v1/orders/${id}/check`, headers: user.headers })
    expect(receipt.statusCode).toBe(200)
    const text = await pdfText(receipt.rawPayload)
    expect(text).toContain('Трейд-ин: Старая приставка, исправное')
    expect(text).toContain('30 000 ₸')
    const kk = await app.inject({
      url: `/oms/api/v1/orders/${id}/check`,
      headers: { ...user.headers, 'accept-language': 'kk' },
    })
    expect(await pdfText(kk.rawPayload)).toContain('Трейд-ин: Старая приставка, жарамды')
  })
})
