import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { CreatedOrder } from '../../../contract/checkout'
import { ErrorBody } from '../../../contract/common'
import {
  DOCUMENT_DOWNLOADS_PER_CLIENT_MINUTE,
  DOCUMENT_DOWNLOADS_PER_USER_MINUTE,
  MailOutboxResponse,
  Offer,
  OFFER_EMAILS_PER_OFFER_HOUR,
  PDF_BARCODE_PATH,
} from '../../../contract/documents'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'
import { randomClientIp, signInTestUser, type TestUser } from '../../test/auth'
import { pdfText } from '../../test/pdf-text'
import { makeProduct } from '../../test/products'
import { code128Modules, drawCode128, type Doc } from './pdf'

let app: App
let db: Db

beforeAll(async () => {
  const built = await testApp()
  app = built.app
  db = built.database.db
})

const KAZAKH_LETTERS = ['ә', 'ғ', 'қ', 'ң', 'ө', 'ұ', 'ү', 'һ', 'і']
/** A Kazakh title holding every letter Kazakh adds to Cyrillic: ә ғ қ ң ө ұ ү һ і. */
const KAZAKH_TITLE = 'Кір жуғыш машина «Әсем» жиһаз үшін, ұзын, өңделген, қуатты, сәнді'

const person = {
  firstname: 'Айгерим',
  lastname: 'Сапарова',
  phone: '77011234567',
  email: 'aigerim@example.kz',
  isOrganization: false,
}
const BUYER_BIN = '180340021791'
const organisation = {
  ...person,
  isOrganization: true,
  organization: { name: 'ТОО «Свет Өнім»', bin: BUYER_BIN, address: 'Алматы, Абая 10' },
}

const lang = (l: 'ru' | 'kk') => ({ 'accept-language': l })

async function firstPoint(): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`select id from service_points where city_id = 1 order by id limit 1`,
  )
  return row!.id
}

async function pickup() {
  return { type: 'PICKUP', service_point_id: await firstPoint() }
}

/** Organisations get courier delivery: the first slot offered. */
async function courier(sku: string) {
  const delivery = await app.inject({
    method: 'POST',
    url: '/inventory/api/v3/delivery',
    payload: { city_id: 1, products: [{ sku }], is_organization: true, exact_delivery_cost_requested: true },
  })
  expect(delivery.statusCode, delivery.body).toBe(200)
  const slot = delivery.json().slots[0]
  return {
    type: 'COURIER_DELIVERY',
    address: { street: 'Абая', house: '10' },
    date: slot.date,
    slot_code: slot.code,
  }
}

async function fill(user: TestUser, sku: string, quantity = 1, language: 'ru' | 'kk' = 'ru') {
  const res = await app.inject({
    method: 'POST',
    url: '/cart/api/v3/carts/products',
    headers: { ...user.headers, ...lang(language) },
    payload: { city_id: 1, products: [{ sku, quantity }] },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as { id: string }
}

/** A shopper's placed order of one product of the test's own at 50,000 ₸ (two units). */
async function placedOrder(opts: { receiver?: object; method?: string; language?: 'ru' | 'kk' } = {}) {
  const language = opts.language ?? 'ru'
  const product = await makeProduct(db, { prices: { 1: 50_000 }, stock: { 1: 5 } })
  await db.execute(sql`update products set title_kk = ${KAZAKH_TITLE} where id = ${product.id}`)
  const user = await signInTestUser(app)
  await fill(user, product.sku, 2, language)
  const body = {
    city_id: 1,
    receiver: opts.receiver ?? person,
    shipping: opts.receiver === organisation ? await courier(product.sku) : await pickup(),
    payment_method: opts.method ?? 'cash_payment',
  }
  const headers = { ...user.headers, ...lang(language) }
  const calc = await app.inject({ method: 'POST', url: '/oms/api/v1/orders', headers, payload: body })
  expect(calc.statusCode, calc.body).toBe(200)
  const placed = await app.inject({
    method: 'POST',
    url: '/oms/api/v1/orders/checkout',
    headers: { ...headers, 'idempotency-key': randomUUID() },
    payload: { ...body, expected_sum_to_pay: calc.json().calculation.sumToPay },
  })
  expect(placed.statusCode, placed.body).toBe(201)
  return { user, product, order: CreatedOrder.parse(placed.json()) }
}

function expectPdf(res: {
  statusCode: number
  headers: Record<string, unknown>
  rawPayload: Buffer
  body: string
}) {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200)
  expect(res.headers['content-type']).toBe('application/pdf')
  expect(res.headers['cache-control']).toBe('private, no-store')
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
  return pdfText(res.rawPayload)
}

describe('the receipt (GET /orders/{id}/check)', () => {
  it('is a PDF whose text is the order: number, lines, sums in ₸ and the VAT, in Russian', async () => {
    const { user, order } = await placedOrder()
    const res = await app.inject({ url: `/oms/api/v1/orders/${order.order_id}/check`, headers: user.headers })
    const text = await expectPdf(res)
    expect(res.headers['content-disposition']).toBe(`inline; filename="check-${order.number}.pdf"`)
    expect(text).toContain('Товарный чек')
    expect(text).toContain(`Заказ № ${order.number}`)
    expect(text).toContain('Тестовый товар')
    expect(text).toContain('50 000 ₸')
    expect(text).toContain('100 000 ₸')
    expect(text).toContain('В том числе НДС 12%')
    expect(text).toContain('10 714,29 ₸')
    expect(text).toContain('Наличными при получении')
    expect(text).toContain('Айгерим Сапарова, +7 701 123 45 67')
  })

  it('speaks Kazakh when asked, every Kazakh letter extractable', async () => {
    const { user, order } = await placedOrder({ language: 'kk' })
    const res = await app.inject({
      url: `/orders/${order.order_id}/check`,
      headers: { ...user.headers, ...lang('kk') },
    })
    const text = await expectPdf(res)
    expect(text).toContain('Тауар чегі')
    expect(text).toContain(`№ ${order.number} тапсырыс`)
    expect(text).toContain(KAZAKH_TITLE)
    expect(text).toContain('Оның ішінде ҚҚС 12%')
    expect(text).toContain('100 000 ₸')
    expect(text).toContain('Сатып алғаныңызға рахмет!')
    for (const letter of KAZAKH_LETTERS) expect(text).toContain(letter)
  })

  it("is 404 for another shopper's order, 401 for a guest, 400 for a malformed id", async () => {
    const { order } = await placedOrder()
    const stranger = await signInTestUser(app)
    const foreign = await app.inject({
      url: `/oms/api/v1/orders/${order.order_id}/check`,
      headers: stranger.headers,
    })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toMatchObject({ error: { code: 'not_found' } })
    const unknown = await app.inject({
      url: `/oms/api/v1/orders/${randomUUID()}/check`,
      headers: stranger.headers,
    })
    expect(unknown.statusCode).toBe(404)
    const guest = await app.inject({ url: `/oms/api/v1/orders/${order.order_id}/check` })
    expect(guest.statusCode).toBe(401)
    const bad = await app.inject({ url: '/oms/api/v1/orders/not-an-id/check', headers: stranger.headers })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toBeDefined()
  })
})

describe('the invoice (GET /oms/api/v3/orders/{id}/invoice)', () => {
  it("carries the seller's and the buyer's BIN, the bank details and 12% VAT", async () => {
    const { user, order } = await placedOrder({ receiver: organisation, method: 'cashless_payment' })
    const res = await app.inject({
      url: `/oms/api/v3/orders/${order.order_id}/invoice`,
      headers: user.headers,
    })
    const text = await expectPdf(res)
    expect(text).toContain(`Счёт на оплату № ${order.number}`)
    expect(text).toContain('БИН 031240005719')
    expect(text).toContain(`БИН ${BUYER_BIN}, ТОО «Свет Өнім», Алматы, Абая 10`)
    expect(text).toContain('KZ356010002004567891')
    expect(text).toContain('HSBKKZKX')
    expect(text).toContain('100 000 ₸')
    expect(text).toContain('В том числе НДС 12%')
    expect(text).toContain('10 714,29 ₸')
    expect(text).toContain('Всего наименований 1, на сумму 100 000 ₸')
    expect(text).toContain('Всего к оплате: Сто тысяч тенге 00 тиын')
    expect(text).toMatch(/Оплатить до \d{2}\.\d{2}\.\d{4}/)
  })

  it('in Kazakh: БСН, ҚҚС, the Kazakh title', async () => {
    const { user, order } = await placedOrder({
      receiver: organisation,
      method: 'cashless_payment',
      language: 'kk',
    })
    const res = await app.inject({
      url: `/oms/api/v3/orders/${order.order_id}/invoice`,
      headers: { ...user.headers, ...lang('kk') },
    })
    const text = await expectPdf(res)
    expect(text).toContain(`№ ${order.number} төлем шоты`)
    expect(text).toContain(`БСН ${BUYER_BIN}`)
    expect(text).toContain('Оның ішінде ҚҚС 12%')
    expect(text).toContain(KAZAKH_TITLE)
    expect(text).toContain('Барлық атаулар саны 1, сомасы 100 000 ₸')
    expect(text).toContain('Барлығы төлеуге: Жүз мың теңге 00 тиын')
    for (const letter of KAZAKH_LETTERS) expect(text).toContain(letter)
  })

  it("is 422 for a person's order and 404 for another shopper's", async () => {
    const { user, order } = await placedOrder()
    const own = await app.inject({
      url: `/oms/api/v3/orders/${order.order_id}/invoice`,
      headers: user.headers,
    })
    expect(own.statusCode).toBe(422)
    expect(own.json()).toMatchObject({ error: { message: 'documents:invoiceForOrganisations' } })
    const org = await placedOrder({ receiver: organisation, method: 'cashless_payment' })
    const foreign = await app.inject({
      url: `/oms/api/v3/orders/${org.order.order_id}/invoice`,
      headers: user.headers,
    })
    expect(foreign.statusCode).toBe(404)
  })
})

describe('the barcode (POST /pdf/barcode)', () => {
  it("draws the order number's Code 128 symbol and writes the number", async () => {
    const { user, order } = await placedOrder()
    const res = await app.inject({
      method: 'POST',
      url: '/pdf/barcode',
      headers: user.headers,
      payload: { order_id: order.order_id },
    })
    const text = await expectPdf(res)
    expect(text).toContain('Штрихкод заказа')
    expect(text).toContain(order.number)
    expect(res.headers['content-disposition']).toBe(`inline; filename="barcode-${order.number}.pdf"`)
  })

  it('is 404 for another shopper and 400 without an order id', async () => {
    const { order } = await placedOrder()
    const stranger = await signInTestUser(app)
    const foreign = await app.inject({
      method: 'POST',
      url: '/pdf/barcode',
      headers: stranger.headers,
      payload: { order_id: order.order_id },
    })
    expect(foreign.statusCode).toBe(404)
    const bad = await app.inject({
      method: 'POST',
      url: '/pdf/barcode',
      headers: stranger.headers,
      payload: {},
    })
    expect(bad.statusCode).toBe(400)
  })

  it('draws the bars of a Code 128 symbol: start C, the data, the check character, stop', () => {
    const modules = code128Modules('100023')
    // start C (105), 10, 00, 23, check (105 + 10 + 0 + 69) % 103 = 81, stop
    expect(modules.slice(0, 6)).toEqual([2, 1, 1, 2, 3, 2])
    expect(modules.slice(-7)).toEqual([2, 3, 3, 1, 1, 1, 2])
    expect(modules.length).toBe(6 * 5 + 7)
    const bars: { x: number; w: number }[] = []
    const fake = {
      fillColor: () => fake,
      rect: (x: number, _y: number, w: number) => {
        bars.push({ x, w })
        return fake
      },
      fill: () => fake,
      font: () => fake,
      fontSize: () => fake,
      text: () => fake,
    }
    drawCode128(fake as unknown as Doc, '100023', 0, 0, { module: 2 })
    expect(bars.map((b) => b.w / 2)).toEqual(modules.filter((_, i) => i % 2 === 0))
    expect(bars[0]!.x).toBe(20) // ten modules of quiet zone
  })
})

describe('commercial offers', () => {
  async function offerFor(user: TestUser, body: object = {}, language: 'ru' | 'kk' = 'ru') {
    return app.inject({
      method: 'POST',
      url: '/offer/api/v1/offers',
      headers: { ...user.headers, ...lang(language) },
      payload: {
        city_id: 1,
        organization: organisation.organization,
        contact: { name: 'Айгерим Сапарова', phone: '77011234567', email: 'buyer@example.kz' },
        ...body,
      },
    })
  }

  async function shopperWithCart(quantity = 3) {
    const product = await makeProduct(db, { prices: { 1: 40_000 }, stock: { 1: 10 } })
    await db.execute(sql`update products set title_kk = ${KAZAKH_TITLE} where id = ${product.id}`)
    const user = await signInTestUser(app)
    await fill(user, product.sku, quantity)
    return { user, product }
  }

  it("makes an offer of the cart's goods at the city's prices, and its PDF in ru and kk", async () => {
    const { user, product } = await shopperWithCart()
    const res = await offerFor(user)
    expect(res.statusCode, res.body).toBe(201)
    const offer = Offer.parse(res.json())
    expect(offer.number).toMatch(/^КП-\d+$/)
    expect(offer.total).toBe(120_000)
    expect(offer.vat).toBeCloseTo(12_857.14, 2)
    expect(offer.lines).toEqual([
      expect.objectContaining({ sku: product.sku, quantity: 3, price: 40_000, totalPrice: 120_000 }),
    ])
    expect(offer.url).toBe(`/offer/api/v1/offers/${offer.id}`)
    expect(Date.parse(offer.valid_until) - Date.parse(offer.created_at)).toBe(5 * 86_400_000)

    const ru = await expectPdf(await app.inject({ url: offer.url, headers: user.headers }))
    expect(ru).toContain(`Коммерческое предложение № ${offer.number}`)
    expect(ru).toContain(`ТОО «Свет Өнім», БИН ${BUYER_BIN}`)
    expect(ru).toContain('Айгерим Сапарова, +7 701 123 45 67, buyer@example.kz')
    expect(ru).toContain(product.sku)
    expect(ru).toContain('40 000 ₸')
    expect(ru).toContain('120 000 ₸')
    expect(ru).toContain('12 857,14 ₸')
    expect(ru).toContain('Алматы')

    const kk = await expectPdf(
      await app.inject({ url: offer.url, headers: { ...user.headers, ...lang('kk') } }),
    )
    expect(kk).toContain(`№ ${offer.number} коммерциялық ұсыныс`)
    expect(kk).toContain('Оның ішінде ҚҚС 12%')
    expect(kk).toContain('120 000 ₸')

    // The lines keep the titles of the language the offer was made in.
    const inKazakh = Offer.parse((await offerFor(user, {}, 'kk')).json())
    expect(inKazakh.lines[0]!.title).toBe(KAZAKH_TITLE)
    const kkText = await expectPdf(
      await app.inject({ url: inKazakh.url, headers: { ...user.headers, ...lang('kk') } }),
    )
    expect(kkText).toContain(KAZAKH_TITLE)
    for (const letter of KAZAKH_LETTERS) expect(kkText).toContain(letter)
  })

  it('keeps the offer as made: a later price change leaves its PDF alone', async () => {
    const { user, product } = await shopperWithCart(1)
    const offer = Offer.parse((await offerFor(user)).json())
    await db.execute(sql`update product_prices set price = 45000 where product_id = ${product.id}`)
    const text = await expectPdf(await app.inject({ url: offer.url, headers: user.headers }))
    expect(text).toContain('40 000 ₸')
    expect(text).not.toContain('45 000 ₸')
  })

  it('refuses a bad BIN (400), a missing organisation (400), an empty cart (422), a guest (401)', async () => {
    const { user } = await shopperWithCart(1)
    const badBin = await offerFor(user, {
      organization: { ...organisation.organization, bin: '180340021792' },
    })
    expect(badBin.statusCode).toBe(400)
    expect(badBin.json()).toMatchObject({ error: { message: 'documents:badBin' } })
    const noOrg = await offerFor(user, { organization: undefined })
    expect(noOrg.statusCode).toBe(400)
    const badEmail = await offerFor(user, { contact: { email: 'not-an-email' } })
    expect(badEmail.statusCode).toBe(400)
    const empty = await offerFor(await signInTestUser(app))
    expect(empty.statusCode).toBe(422)
    expect(empty.json()).toMatchObject({ error: { message: 'documents:offerCartEmpty' } })
    const guest = await app.inject({
      method: 'POST',
      url: '/offer/api/v1/offers',
      payload: { city_id: 1, organization: organisation.organization },
    })
    expect(guest.statusCode).toBe(401)
  })

  it("refuses another shopper's cart (403) and an unknown one (404)", async () => {
    const { user } = await shopperWithCart(1)
    const own = await app.inject({ url: '/cart/api/v2/carts?city_id=1', headers: user.headers })
    expect(own.statusCode, own.body).toBe(200)
    const stranger = await signInTestUser(app)
    const foreign = await offerFor(stranger, { cart_id: own.json().id })
    expect(foreign.statusCode).toBe(403)
    const unknown = await offerFor(stranger, { cart_id: randomUUID() })
    expect(unknown.statusCode).toBe(404)
  })

  it("shows an offer to its maker only: another shopper's is 404", async () => {
    const { user } = await shopperWithCart(1)
    const offer = Offer.parse((await offerFor(user)).json())
    const stranger = await signInTestUser(app)
    const foreign = await app.inject({ url: offer.url, headers: stranger.headers })
    expect(foreign.statusCode).toBe(404)
    const mail = await app.inject({
      url: `${offer.url}/emails?email=x@example.kz`,
      headers: stranger.headers,
    })
    expect(mail.statusCode).toBe(404)
    expect(
      await app.inject({ url: `/offer/api/v1/offers/${randomUUID()}`, headers: user.headers }),
    ).toMatchObject({
      statusCode: 404,
    })
  })

  it('emails the PDF through the mail provider, kept in the outbox with its attachment, limited', async () => {
    const { user } = await shopperWithCart(2)
    const offer = Offer.parse((await offerFor(user)).json())
    const to = `buyer-${randomUUID().slice(0, 8)}@example.kz`
    const ip = randomClientIp()
    const send = () =>
      app.inject({
        url: `${offer.url}/emails?email=${encodeURIComponent(to.toUpperCase())}`,
        headers: { ...user.headers, ...lang('kk') },
        remoteAddress: ip,
      })
    const sent = await send()
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json()).toMatchObject({ email: to })

    const outbox = MailOutboxResponse.parse(
      (await app.inject({ url: `/dev/mail-outbox?to=${encodeURIComponent(to)}` })).json(),
    )
    expect(outbox.messages).toHaveLength(1)
    const [message] = outbox.messages
    expect(message!.subject).toBe(`№ ${offer.number} коммерциялық ұсыныс`)
    expect(message!.text.replace(/\s+/g, ' ')).toContain('сомасы 80 000 ₸')
    expect(message!.attachments).toEqual([
      expect.objectContaining({ filename: `offer-${offer.number}.pdf`, content_type: 'application/pdf' }),
    ])
    const file = await app.inject({ url: message!.attachments[0]!.url })
    const text = await expectPdf({
      ...file,
      headers: { ...file.headers, 'cache-control': 'private, no-store' },
    })
    expect(text).toContain(`№ ${offer.number} коммерциялық ұсыныс`)

    const badEmail = await app.inject({ url: `${offer.url}/emails?email=nobody`, headers: user.headers })
    expect(badEmail.statusCode).toBe(400)

    for (let i = 1; i < OFFER_EMAILS_PER_OFFER_HOUR; i++) expect((await send()).statusCode).toBe(200)
    const limited = await send()
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ error: { code: 'too_many_requests' } })
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    const kept = MailOutboxResponse.parse(
      (await app.inject({ url: `/dev/mail-outbox?to=${encodeURIComponent(to)}` })).json(),
    )
    expect(kept.messages).toHaveLength(OFFER_EMAILS_PER_OFFER_HOUR)
  })
})

describe('document downloads are limited', () => {
  const expectLimited = (res: {
    statusCode: number
    headers: Record<string, unknown>
    json: () => unknown
  }) => {
    expect(res.statusCode).toBe(429)
    expect(ErrorBody.parse(res.json()).error.code).toBe('too_many_requests')
    const wait = Number(res.headers['retry-after'])
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(60)
  }

  it('per shopper: past the minute’s allowance every document is 429 with Retry-After, from any address', async () => {
    const { user, order } = await placedOrder()
    const id = order.order_id
    const from = (remoteAddress: string) => ({ headers: user.headers, remoteAddress })
    for (let i = 0; i < DOCUMENT_DOWNLOADS_PER_USER_MINUTE; i++) {
      const res =
        i % 2 === 0
          ? await app.inject({ url: `/orders/${id}/check`, ...from(randomClientIp()) })
          : await app.inject({
              method: 'POST',
              url: PDF_BARCODE_PATH,
              payload: { order_id: id },
              ...from(randomClientIp()),
            })
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200)
    }
    expectLimited(await app.inject({ url: `/orders/${id}/check`, ...from(randomClientIp()) }))
    expectLimited(
      await app.inject({
        method: 'POST',
        url: PDF_BARCODE_PATH,
        payload: { order_id: id },
        ...from(randomClientIp()),
      }),
    )
    expectLimited(await app.inject({ url: `/oms/api/v3/orders/${id}/invoice`, ...from(randomClientIp()) }))
    // another shopper is not held back by this one
    const other = await placedOrder()
    expectPdf(await app.inject({ url: `/orders/${other.order.order_id}/check`, headers: other.user.headers }))
  })

  it('per client address, before any order is read: guests probing ids are stopped too', async () => {
    const remoteAddress = randomClientIp()
    const url = `/orders/${randomUUID()}/check`
    for (let i = 0; i < DOCUMENT_DOWNLOADS_PER_CLIENT_MINUTE; i++)
      expect((await app.inject({ url, remoteAddress })).statusCode).toBe(401)
    expectLimited(await app.inject({ url, remoteAddress }))
    expect((await app.inject({ url, remoteAddress: randomClientIp() })).statusCode).toBe(401)
  })
})
