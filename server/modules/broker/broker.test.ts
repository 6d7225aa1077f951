import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AgreementSigned,
  BrokerOrderCreated,
  PaymentPartners,
  StatementUploaded,
} from '../../../contract/broker'
import { CalculationOrder, CreatedOrder, OrderDetail } from '../../../contract/checkout'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import type { App } from '../../http/types'
import { signCallback } from '../../providers/signature'
import { buildTestApp } from '../../test/app'
import { signInTestUser, type TestUser } from '../../test/auth'
import { makeProduct } from '../../test/products'

let app: App
let db: Db

beforeAll(async () => {
  // banks score a thousand times faster: the slowest answers in 10 ms, the silent one times out in 30 ms
  const built = await buildTestApp({ BROKER_SPEED: '1000' })
  app = built.app
  db = built.database.db
  await app.ready()
})
afterAll(async () => {
  await app.close()
})

const SECRET = 'local-payment-callback-secret'
const ADULT = '900101300123'
const MINOR = '100101500123'

async function agreementCode(phone: string): Promise<string> {
  const res = await app.inject({ url: `/dev/sms-outbox?phone=${phone}` })
  const text = (res.json() as { messages: { text: string }[] }).messages[0]!.text
  return /\b(\d{6})\b/.exec(text)![1]!
}

async function sign(user: TestUser) {
  const res = await app.inject({
    method: 'POST',
    url: '/agree/api/v1/agreement/sign',
    headers: user.headers,
    payload: { specification_code: 'online_broker', agreements: ['personal_data', 'credit_bureau'] },
  })
  expect(res.statusCode, res.body).toBe(200)
  return AgreementSigned.parse(res.json())
}

const verify = (user: TestUser, id: string, code: string) =>
  app.inject({
    method: 'POST',
    url: '/agree/api/v2/agreement/verify',
    headers: user.headers,
    payload: { sign_agreement_id: id, code },
  })

async function verified(user: TestUser): Promise<string> {
  const signed = await sign(user)
  const res = await verify(user, signed.signAgreementId, await agreementCode(user.phone))
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { verificationId: string }).verificationId
}

/** A shopper with an order placed for financing, waiting for the broker. */
async function financedOrder(method = 'loan/installment', price = 240_000) {
  const product = await makeProduct(db, { prices: { 1: price }, stock: { 1: 3 } })
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
  const placed = await app.inject({
    method: 'POST',
    url: '/oms/api/v5/orders',
    headers: { ...user.headers, 'idempotency-key': randomUUID() },
    payload: { ...body, expected_sum_to_pay: sum },
  })
  expect(placed.statusCode, placed.body).toBe(201)
  return { user, order: CreatedOrder.parse(placed.json()), sum }
}

const application = (orderId: string, verificationId: string | null, over: object = {}) => ({
  orderId,
  verificationId,
  productType: 'installment',
  loanLength: 12,
  customer: {
    taxCode: ADULT,
    firstName: 'Айгерим',
    lastName: 'Сапарова',
    contact: { mobile: '+77011234567' },
  },
  ...over,
})

const apply = (user: TestUser, payload: object) =>
  app.inject({
    method: 'POST',
    url: '/payment/api/v1/payment-order/create-order?paymentTypeCode=online_broker',
    headers: user.headers,
    payload,
  })

async function settled(user: TestUser, referenceId: string) {
  let answer: PaymentPartners | undefined
  await expect
    .poll(async () => {
      const res = await app.inject({
        url: `/payment/api/v1/payment-order/get-payment-partners?referenceId=${referenceId}`,
        headers: user.headers,
      })
      answer = PaymentPartners.parse(res.json())
      return answer.partners.every((p) =>
        ['APPROVED', 'PREAPPROVED', 'REJECTED', 'PARTNER_CANCELLED'].includes(p.state),
      )
    })
    .toBe(true)
  return answer!
}

async function orderOf(user: TestUser, id: string) {
  return OrderDetail.parse(
    (await app.inject({ url: `/oms/api/v1/orders/${id}`, headers: user.headers })).json(),
  )
}

describe('the broker agreement', () => {
  it('answers the specification in Kazakh and refuses a missing required consent', async () => {
    const spec = await app.inject({
      url: '/agree/api/v1/specifications/online_broker',
      headers: { 'accept-language': 'kk' },
    })
    expect(spec.statusCode).toBe(200)
    expect((await app.inject({ url: '/agree/api/v1/specifications/nope' })).statusCode).toBe(404)
    const user = await signInTestUser(app)
    const res = await app.inject({
      method: 'POST',
      url: '/agree/api/v1/agreement/sign',
      headers: user.headers,
      payload: { specification_code: 'online_broker', agreements: ['personal_data'] },
    })
    expect(res.statusCode).toBe(422)
  })

  it('counts wrong codes, refuses after the last, and hides another shopper’s signing', async () => {
    const user = await signInTestUser(app)
    const signed = await sign(user)
    const code = await agreementCode(user.phone)
    const wrong = code === '000000' ? '111111' : '000000'
    const first = await verify(user, signed.signAgreementId, wrong)
    expect(first.statusCode).toBe(422)
    expect(first.json().error.details).toEqual({ attemptsLeft: 2 })
    const other = await signInTestUser(app)
    expect((await verify(other, signed.signAgreementId, code)).statusCode).toBe(404)
    await verify(user, signed.signAgreementId, wrong)
    expect((await verify(user, signed.signAgreementId, wrong)).statusCode).toBe(429)
    expect((await verify(user, signed.signAgreementId, code)).statusCode).toBe(429)
  })
})

describe('the bank statement upload', () => {
  const upload = (user: TestUser, bytes: Buffer, name = 'statement.pdf') => {
    const boundary = 'x-boundary-1234'
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    return app.inject({
      method: 'POST',
      url: '/file/api/v1/statement',
      headers: { ...user.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    })
  }

  it('takes a PDF and refuses a renamed JPEG, an empty file and 2 MB + 1 byte', async () => {
    const user = await signInTestUser(app)
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n')
    const ok = await upload(user, pdf)
    expect(ok.statusCode, ok.body).toBe(200)
    expect(StatementUploaded.parse(ok.json())).toMatchObject({
      filename: 'statement.pdf',
      fileEncoded: pdf.toString('base64'),
    })
    const jpeg = await upload(user, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]))
    expect([jpeg.statusCode, jpeg.json().error.message]).toEqual([422, 'statement:fileMustBeInPdfFormat'])
    const empty = await upload(user, Buffer.alloc(0))
    expect([empty.statusCode, empty.json().error.message]).toEqual([422, 'statement:uploadPdfFile'])
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2 * 1024 * 1024 + 1 - 9, 0x20)])
    const tooBig = await upload(user, big)
    expect([tooBig.statusCode, tooBig.json().error.message]).toEqual([413, 'statement:pdfMustNotExceed2Mb'])
    const exact = await upload(user, big.subarray(0, 2 * 1024 * 1024))
    expect(exact.statusCode).toBe(200)
  })
})

describe('an application through the broker', () => {
  it('refuses an application without a verification id with the spec’s error', async () => {
    const { user, order } = await financedOrder()
    const res = await apply(user, application(order.order_id, null))
    expect([res.statusCode, res.json().error.message]).toEqual([422, 'errors:loadingDataTryLater'])
  })

  it('offers financing only up to the cap: a cart over 2,000,000 cannot be placed for a loan', async () => {
    const product = await makeProduct(db, { prices: { 1: 2_100_000 }, stock: { 1: 1 } })
    const user = await signInTestUser(app)
    await app.inject({
      method: 'POST',
      url: '/cart/api/v3/carts/products',
      headers: user.headers,
      payload: { city_id: 1, products: [{ sku: product.sku, quantity: 1 }] },
    })
    const methods = await app.inject({
      method: 'POST',
      url: '/checkout/api/v1/paymentMethods',
      headers: user.headers,
      payload: { city_id: 1 },
    })
    const loan = (
      methods.json() as { methods: { code: string; available: boolean; reason: string }[] }
    ).methods.find((m) => m.code === 'loan/installment')
    // the cart itself keeps a cart under the cap, so nothing is left to finance
    expect(loan).toMatchObject({ available: false })
  })

  it('collects the banks’ offers, signs one at its bank, and the signed callback pays the order once', async () => {
    const { user, order, sum } = await financedOrder()
    expect(order.payment).toMatchObject({ method: 'loan/installment', status: 'pending', redirect_url: null })
    const res = await apply(user, application(order.order_id, await verified(user)))
    expect(res.statusCode, res.body).toBe(200)
    const { referenceId } = BrokerOrderCreated.parse(res.json())
    const answer = await settled(user, referenceId)
    expect(answer.status).toBe('ready')
    expect(answer.partners).toHaveLength(14)
    const approved = answer.partners.filter((p) => p.state === 'APPROVED')
    expect(approved.length).toBeGreaterThanOrEqual(2)
    expect(answer.partners.find((p) => p.code === 'ATYNKZKA')).toMatchObject({
      state: 'PARTNER_CANCELLED',
      reason: 'timeout',
    })
    expect(answer.partners.find((p) => p.code === 'KINCKZKA')).toMatchObject({
      state: 'REJECTED',
      reason: 'term_not_offered',
    })
    const offer = approved[0]!.offers[0]!
    expect(offer).toMatchObject({
      loanAmount: sum,
      loanLength: 12,
      monthlyPayment: Math.ceil(sum / 12),
      schedule: 'EQUAL',
    })

    // a verification serves one application
    expect((await apply(user, application(order.order_id, answer.referenceId))).statusCode).toBe(422)

    const page = await app.inject({ url: offer.redirectUrl })
    expect(page.statusCode).toBe(200)
    expect(page.body).not.toMatch(/<script/i)
    const signed = await app.inject({
      method: 'POST',
      url: `${offer.redirectUrl}/sign`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    })
    expect(signed.statusCode).toBe(303)
    const back = await app.inject({ url: signed.headers.location as string })
    expect(back.headers.location).toBe(`/checkout/result?status=success&orderId=${order.order_id}`)
    await expect.poll(async () => (await orderOf(user, order.order_id)).payment.status).toBe('paid')
    expect((await orderOf(user, order.order_id)).status).toBe('PROCESSING')
    // a second offer of the same application signs nothing
    const second = approved[1]!.offers[0]!
    const again = await app.inject({
      method: 'POST',
      url: `${second.redirectUrl}/sign`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    })
    expect(again.statusCode).toBe(409)

    // forged, then replayed callbacks
    const callback = JSON.stringify({
      eventId: randomUUID(),
      referenceId,
      offerId: offer.id,
      contractNumber: offer.contractNumber,
      bic: approved[0]!.code,
      loanAmount: offer.loanAmount,
      status: 'SIGNED',
      signedAt: new Date().toISOString(),
    })
    const post = (signature: string) =>
      app.inject({
        method: 'POST',
        url: '/payment/api/v1/payment-order/callbacks/broker',
        headers: { 'content-type': 'application/json', 'x-signature': signature },
        payload: callback,
      })
    expect((await post(signCallback('not-the-secret-0123456789', callback))).statusCode).toBe(403)
    expect((await post(signCallback(SECRET, callback))).statusCode).toBe(200)
    expect((await post(signCallback(SECRET, callback))).statusCode).toBe(409)
    const [paid] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from payments where order_id = ${order.order_id} and status = 'paid'`,
    )
    expect(paid!.n).toBe(1)

    const event = await app.inject({
      method: 'POST',
      url: '/actioner/api/v1/event-to-rees/loan-approved',
      headers: user.headers,
      payload: { referenceId },
    })
    expect(event.statusCode, event.body).toBe(200)
    const stranger = await signInTestUser(app)
    const hidden = await app.inject({
      url: `/payment/api/v1/payment-order/get-payment-partners?referenceId=${referenceId}`,
      headers: stranger.headers,
    })
    expect(hidden.statusCode).toBe(404)
  })

  it('a signing the broker reports twice at once, under two event ids, pays the order once', async () => {
    const { user, order, sum } = await financedOrder()
    const res = await apply(user, application(order.order_id, await verified(user)))
    const { referenceId } = BrokerOrderCreated.parse(res.json())
    const partner = (await settled(user, referenceId)).partners.find((p) => p.state === 'APPROVED')!
    const report = await signedAtBroker(referenceId, partner)

    const answers = await Promise.all([report(), report()])
    // both taken (the broker stops sending either), and one of them paid the order
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200])
    const detail = await orderOf(user, order.order_id)
    expect([detail.status, detail.payment.status]).toEqual(['PROCESSING', 'paid'])
    expect((await paymentsOf(order.order_id)).filter((p) => p.status === 'paid')).toEqual([
      { provider: 'broker', status: 'paid', amount: sum, method: 'loan/installment' },
    ])
    expect((await applicationRow(referenceId)).status).toBe('paid')
    // a third report, later, changes nothing
    expect((await report()).statusCode).toBe(200)
    expect((await paymentsOf(order.order_id)).filter((p) => p.status === 'paid')).toHaveLength(1)
  })

  it('an applicant every bank rejects hears each bank’s reason, and loan-approved is refused', async () => {
    const { user, order } = await financedOrder()
    const res = await apply(
      user,
      application(order.order_id, await verified(user), {
        customer: { taxCode: MINOR, firstName: 'А', lastName: 'Б', contact: { mobile: '77011234567' } },
      }),
    )
    const { referenceId } = BrokerOrderCreated.parse(res.json())
    const answer = await settled(user, referenceId)
    expect(answer.status).toBe('rejected')
    expect(answer.partners.every((p) => p.offers.length === 0 && p.reasonTitle)).toBe(true)
    const event = await app.inject({
      method: 'POST',
      url: '/actioner/api/v1/event-to-rees/loan-approved',
      headers: user.headers,
      payload: { referenceId },
    })
    expect(event.statusCode).toBe(409)
  })

  it('an initial payment is taken by card after the bank signs', async () => {
    const { user, order, sum } = await financedOrder('loan/installment_initial_payment')
    const res = await apply(user, application(order.order_id, await verified(user)))
    const { referenceId } = BrokerOrderCreated.parse(res.json())
    const answer = await settled(user, referenceId)
    const offer = answer.partners.find((p) => p.state === 'APPROVED')!.offers[0]!
    expect(answer.initialPayment).toBe(Math.round(sum / 10))
    expect(offer.loanAmount).toBe(sum - answer.initialPayment)
    const signed = await app.inject({
      method: 'POST',
      url: `${offer.redirectUrl}/sign`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    })
    const back = await app.inject({ url: signed.headers.location as string })
    expect(back.headers.location).toMatch(/^\/acquirer\/api\/v1\/sessions\//)
    expect((await orderOf(user, order.order_id)).payment.status).toBe('pending')
  })
})

const signAt = (redirectUrl: string) =>
  app.inject({
    method: 'POST',
    url: `${redirectUrl}/sign`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  })

const payAgain = (user: TestUser, orderId: string, method = 'card_payment') =>
  app.inject({
    method: 'POST',
    url: `/payment/api/v1/orders/${orderId}/payments`,
    headers: user.headers,
    payload: { payment_method: method },
  })

/** Pays on the local acquirer's page with a card that it approves, and comes back to the store. */
async function payByCard(redirect: string) {
  const sent = await app.inject({
    method: 'POST',
    url: redirect,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ pan: '4111111111111111', expiry: '12/30', cvc: '123' }).toString(),
  })
  expect(sent.statusCode, sent.body).toBe(303)
  const back = await app.inject({ url: sent.headers.location as string })
  expect(back.statusCode).toBe(303)
  return back.headers.location as string
}

/** An order's payment attempts, oldest first (those of one transaction by provider). */
const paymentsOf = (orderId: string) =>
  rows<{ provider: string; status: string; amount: number; method: string }>(
    db,
    sql`select provider, status, amount, method from payments where order_id = ${orderId} order by created_at, provider`,
  )

const applicationRow = async (referenceId: string) =>
  (
    await rows<{
      status: string
      cancel_reason: string | null
      loan_cancelled_at: Date | null
      contract_number: string | null
    }>(
      db,
      sql`select status, cancel_reason, loan_cancelled_at, contract_number from broker_applications where id = ${referenceId}`,
    )
  )[0]!

const brokerRow = async (referenceId: string) =>
  (
    await rows<{ withdrawn_at: Date | null; loan_cancelled_at: Date | null; cancel_reason: string | null }>(
      db,
      sql`select withdrawn_at, loan_cancelled_at, cancel_reason from local_broker_applications where reference_id = ${referenceId}`,
    )
  )[0]!

/**
 * A bank's signature that reaches the broker without the shopper coming back (or after the store withdrew
 * the application: a real broker may still pass one on): written into the local broker's record. Answers
 * a poster of its signed callback, each post under an event id of its own.
 */
async function signedAtBroker(referenceId: string, partner: PaymentPartners['partners'][number]) {
  const offer = partner.offers[0]!
  const at = new Date()
  await db.execute(
    sql`update local_broker_applications set signed_offer_id = ${offer.id}, signed_at = ${at} where reference_id = ${referenceId}`,
  )
  return () => {
    const body = JSON.stringify({
      eventId: randomUUID(),
      referenceId,
      offerId: offer.id,
      contractNumber: offer.contractNumber,
      bic: partner.code,
      loanAmount: offer.loanAmount,
      status: 'SIGNED',
      signedAt: at.toISOString(),
    })
    return app.inject({
      method: 'POST',
      url: '/payment/api/v1/payment-order/callbacks/broker',
      headers: { 'content-type': 'application/json', 'x-signature': signCallback(SECRET, body) },
      payload: body,
    })
  }
}

const lateSignedCallback = async (referenceId: string, partner: PaymentPartners['partners'][number]) =>
  (await signedAtBroker(referenceId, partner))()

describe('paying a financed order another way', () => {
  it('every bank refused: the same order is paid by card, and the application is withdrawn at the broker', async () => {
    const { user, order, sum } = await financedOrder()
    const res = await apply(
      user,
      application(order.order_id, await verified(user), {
        customer: { taxCode: MINOR, firstName: 'А', lastName: 'Б', contact: { mobile: '77011234567' } },
      }),
    )
    const { referenceId } = BrokerOrderCreated.parse(res.json())
    expect((await settled(user, referenceId)).status).toBe('rejected')
    expect((await orderOf(user, order.order_id)).can_pay).toBe(true)

    const started = await payAgain(user, order.order_id)
    expect(started.statusCode, started.body).toBe(200)
    expect(started.json()).toMatchObject({ method: 'card_payment', status: 'pending' })
    expect(await applicationRow(referenceId)).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'abandoned',
    })
    expect((await brokerRow(referenceId)).withdrawn_at).not.toBeNull()
    // a financed order no longer: no new application is taken for it
    expect((await apply(user, application(order.order_id, await verified(user)))).statusCode).toBe(409)

    const back = await payByCard(started.json().redirect_url as string)
    expect(back).toBe(`/checkout/result?status=success&orderId=${order.order_id}`)
    const paid = await orderOf(user, order.order_id)
    expect([paid.status, paid.payment.status, paid.payment.method]).toEqual([
      'PROCESSING',
      'paid',
      'card_payment',
    ])
    expect(await paymentsOf(order.order_id)).toEqual([
      { provider: 'card', status: 'paid', amount: sum, method: 'card_payment' },
    ])
  })

  it('an approval signed after the card paid is recorded, its loan cancelled at the broker, and the order paid once', async () => {
    const { user, order, sum } = await financedOrder()
    const res = await apply(user, application(order.order_id, await verified(user)))
    const { referenceId } = BrokerOrderCreated.parse(res.json())
    const answer = await settled(user, referenceId)
    const approved = answer.partners.find((p) => p.state === 'APPROVED')!
    // the shopper gives the approved offers up and pays by card
    const started = await payAgain(user, order.order_id)
    expect(started.statusCode, started.body).toBe(200)
    // the bank's page no longer signs a withdrawn application
    expect((await signAt(approved.offers[0]!.redirectUrl)).statusCode).toBe(409)
    await payByCard(started.json().redirect_url as string)
    expect((await orderOf(user, order.order_id)).payment).toMatchObject({
      status: 'paid',
      method: 'card_payment',
    })

    const late = await lateSignedCallback(referenceId, approved)
    expect(late.statusCode, late.body).toBe(200)
    const row = await applicationRow(referenceId)
    expect(row).toMatchObject({ status: 'cancelled', contract_number: approved.offers[0]!.contractNumber })
    expect(row.loan_cancelled_at).not.toBeNull()
    expect(await brokerRow(referenceId)).toMatchObject({ cancel_reason: 'late_signature' })
    expect((await brokerRow(referenceId)).loan_cancelled_at).not.toBeNull()
    const after = await orderOf(user, order.order_id)
    expect([after.status, after.payment.status, after.payment.method]).toEqual([
      'PROCESSING',
      'paid',
      'card_payment',
    ])
    expect(await paymentsOf(order.order_id)).toEqual([
      { provider: 'card', status: 'paid', amount: sum, method: 'card_payment' },
    ])
  })

  it('a card payment asked for after the loan was signed is refused: the loan pays the order, once', async () => {
    const { user, order, sum } = await financedOrder()
    const res = await apply(user, application(order.order_id, await verified(user)))
    const { referenceId } = BrokerOrderCreated.parse(res.json())
    const answer = await settled(user, referenceId)
    const approved = answer.partners.find((p) => p.state === 'APPROVED')!
    // signed at the bank; its callback is still on its way when the shopper asks to pay by card
    expect((await signAt(approved.offers[0]!.redirectUrl)).statusCode).toBe(303)
    const refused = await payAgain(user, order.order_id)
    expect([refused.statusCode, refused.json().error.message]).toEqual([409, 'checkout:orderNotPayable'])
    const paid = await orderOf(user, order.order_id)
    expect([paid.status, paid.payment.status, paid.payment.method]).toEqual([
      'PROCESSING',
      'paid',
      'loan/installment',
    ])
    expect((await payAgain(user, order.order_id)).statusCode).toBe(409)
    await new Promise((resolve) => setTimeout(resolve, 500)) // the callback arrives and changes nothing
    expect(await paymentsOf(order.order_id)).toEqual([
      { provider: 'broker', status: 'paid', amount: sum, method: 'loan/installment' },
    ])
    expect(await applicationRow(referenceId)).toMatchObject({ status: 'paid', cancel_reason: null })
  })

  it('a signing and a card payment racing each other: exactly one of them pays the order', async () => {
    for (let round = 0; round < 3; round++) {
      const { user, order } = await financedOrder()
      const res = await apply(user, application(order.order_id, await verified(user)))
      const { referenceId } = BrokerOrderCreated.parse(res.json())
      const approved = (await settled(user, referenceId)).partners.find((p) => p.state === 'APPROVED')!
      const [signed, card] = await Promise.all([
        signAt(approved.offers[0]!.redirectUrl),
        payAgain(user, order.order_id),
      ])
      expect([signed.statusCode === 303, card.statusCode === 200]).toContain(true)
      expect(signed.statusCode === 303 && card.statusCode === 200).toBe(false)
      if (card.statusCode === 200) await payByCard(card.json().redirect_url as string)
      await new Promise((resolve) => setTimeout(resolve, 400))
      const paid = (await paymentsOf(order.order_id)).filter((p) => p.status === 'paid')
      expect(paid).toHaveLength(1)
      expect(paid[0]!.provider).toBe(card.statusCode === 200 ? 'card' : 'broker')
      expect((await orderOf(user, order.order_id)).payment.status).toBe('paid')
    }
  })
})

describe('a second application for the same order', () => {
  it('is taken after the first was refused, and an answer for the first pays nothing', async () => {
    const { user, order, sum } = await financedOrder()
    const first = BrokerOrderCreated.parse(
      (
        await apply(
          user,
          application(order.order_id, await verified(user), {
            customer: { taxCode: MINOR, firstName: 'А', lastName: 'Б', contact: { mobile: '77011234567' } },
          }),
        )
      ).json(),
    ).referenceId
    expect((await settled(user, first)).status).toBe('rejected')

    const again = await apply(user, application(order.order_id, await verified(user)))
    expect(again.statusCode, again.body).toBe(200)
    const second = BrokerOrderCreated.parse(again.json()).referenceId
    expect(second).not.toBe(first)
    expect(await applicationRow(first)).toMatchObject({ status: 'cancelled', cancel_reason: 'superseded' })
    expect((await brokerRow(first)).withdrawn_at).not.toBeNull()

    const approved = (await settled(user, second)).partners.find((p) => p.state === 'APPROVED')!
    // a callback naming the first application: the broker signed nothing under it, so it is refused
    const body = JSON.stringify({
      eventId: randomUUID(),
      referenceId: first,
      offerId: approved.offers[0]!.id,
      contractNumber: approved.offers[0]!.contractNumber,
      bic: approved.code,
      loanAmount: sum,
      status: 'SIGNED',
      signedAt: new Date().toISOString(),
    })
    const stale = await app.inject({
      method: 'POST',
      url: '/payment/api/v1/payment-order/callbacks/broker',
      headers: { 'content-type': 'application/json', 'x-signature': signCallback(SECRET, body) },
      payload: body,
    })
    expect(stale.statusCode).toBe(409)
    expect((await orderOf(user, order.order_id)).payment.status).toBe('pending')

    expect((await signAt(approved.offers[0]!.redirectUrl)).statusCode).toBe(303)
    await expect.poll(async () => (await orderOf(user, order.order_id)).payment.status).toBe('paid')
    expect(await paymentsOf(order.order_id)).toEqual([
      { provider: 'broker', status: 'paid', amount: sum, method: 'loan/installment' },
    ])
  })

  it('replaces an approved one left unsigned: the first one’s late signature is cancelled at the broker', async () => {
    const { user, order, sum } = await financedOrder()
    const first = BrokerOrderCreated.parse(
      (await apply(user, application(order.order_id, await verified(user)))).json(),
    ).referenceId
    const firstApproved = (await settled(user, first)).partners.find((p) => p.state === 'APPROVED')!
    const second = BrokerOrderCreated.parse(
      (await apply(user, application(order.order_id, await verified(user), { loanLength: 6 }))).json(),
    ).referenceId
    // the first application's offers are withdrawn, its bank pages sign nothing
    const firstNow = await app.inject({
      url: `/payment/api/v1/payment-order/get-payment-partners?referenceId=${first}`,
      headers: user.headers,
    })
    expect(PaymentPartners.parse(firstNow.json()).status).toBe('rejected')
    expect((await signAt(firstApproved.offers[0]!.redirectUrl)).statusCode).toBe(409)

    const late = await lateSignedCallback(first, firstApproved)
    expect(late.statusCode, late.body).toBe(200)
    expect((await applicationRow(first)).loan_cancelled_at).not.toBeNull()
    expect(await brokerRow(first)).toMatchObject({ cancel_reason: 'late_signature' })
    expect((await orderOf(user, order.order_id)).payment.status).toBe('pending')

    const approved = (await settled(user, second)).partners.find((p) => p.state === 'APPROVED')!
    expect(approved.offers[0]!.loanLength).toBe(6)
    expect((await signAt(approved.offers[0]!.redirectUrl)).statusCode).toBe(303)
    await expect.poll(async () => (await orderOf(user, order.order_id)).payment.status).toBe('paid')
    expect(await paymentsOf(order.order_id)).toEqual([
      { provider: 'broker', status: 'paid', amount: sum, method: 'loan/installment' },
    ])
  })
})

describe('cancelling an order a loan paid', () => {
  it('cancels the loan through the broker, once, and the timeline says so', async () => {
    const { user, order } = await financedOrder()
    const { referenceId } = BrokerOrderCreated.parse(
      (await apply(user, application(order.order_id, await verified(user)))).json(),
    )
    const approved = (await settled(user, referenceId)).partners.find((p) => p.state === 'APPROVED')!
    await signAt(approved.offers[0]!.redirectUrl)
    await expect.poll(async () => (await orderOf(user, order.order_id)).payment.status).toBe('paid')

    const cancel = () =>
      app.inject({
        method: 'PATCH',
        url: `/oms/api/v1/orders/${order.order_id}/cancelation`,
        headers: user.headers,
      })
    const cancelled = await cancel()
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(cancelled.json()).toMatchObject({
      status: 'CANCELLED',
      payment_status: 'refunded',
      refund_pending: 0,
    })
    expect(await brokerRow(referenceId)).toMatchObject({ cancel_reason: 'order_cancelled' })
    const at = (await brokerRow(referenceId)).loan_cancelled_at
    expect(at).not.toBeNull()
    expect((await applicationRow(referenceId)).loan_cancelled_at).not.toBeNull()
    expect((await paymentsOf(order.order_id)).map((p) => [p.provider, p.status])).toEqual([
      ['broker', 'refunded'],
    ])
    const timeline = await app.inject({
      url: `/oms/api/v1/orders/${order.order_id}/timeline`,
      headers: user.headers,
    })
    const notes = (timeline.json() as { events: { by: string; note: string | null }[] }).events
    expect(notes.filter((e) => e.by === 'payment' && e.note?.includes('отменён через брокера'))).toHaveLength(
      1,
    )
    expect(notes.at(-1)?.note).toContain(approved.offers[0]!.contractNumber)

    // a second cancel cancels nothing more
    expect((await cancel()).statusCode).toBe(200)
    expect((await brokerRow(referenceId)).loan_cancelled_at).toEqual(at)
  })

  it('withdraws the application of a financed order cancelled before any bank signed', async () => {
    const { user, order } = await financedOrder()
    const { referenceId } = BrokerOrderCreated.parse(
      (await apply(user, application(order.order_id, await verified(user)))).json(),
    )
    const approved = (await settled(user, referenceId)).partners.find((p) => p.state === 'APPROVED')!
    const cancelled = await app.inject({
      method: 'PATCH',
      url: `/oms/api/v1/orders/${order.order_id}/cancelation`,
      headers: user.headers,
    })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(await applicationRow(referenceId)).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'order_cancelled',
    })
    expect((await signAt(approved.offers[0]!.redirectUrl)).statusCode).toBe(409)
    expect(await paymentsOf(order.order_id)).toEqual([])
  })
})

describe('a loan signed for an order waiting for its initial payment', () => {
  async function signedWithInitialPayment() {
    const { user, order } = await financedOrder('loan/installment_initial_payment')
    const { referenceId } = BrokerOrderCreated.parse(
      (await apply(user, application(order.order_id, await verified(user)))).json(),
    )
    const offer = (await settled(user, referenceId)).partners.find((p) => p.state === 'APPROVED')!.offers[0]!
    const signed = await signAt(offer.redirectUrl)
    await app.inject({ url: signed.headers.location as string })
    expect((await paymentsOf(order.order_id)).map((p) => [p.provider, p.status])).toEqual([
      ['broker', 'paid'],
      ['card', 'pending'],
    ])
    return { user, order, referenceId }
  }

  it('is cancelled through the broker when the shopper cancels the order before paying the rest', async () => {
    const { user, order, referenceId } = await signedWithInitialPayment()
    const cancelled = await app.inject({
      method: 'PATCH',
      url: `/oms/api/v1/orders/${order.order_id}/cancelation`,
      headers: user.headers,
    })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', payment_status: 'refunded' })
    expect((await brokerRow(referenceId)).loan_cancelled_at).not.toBeNull()
    expect((await paymentsOf(order.order_id)).map((p) => [p.provider, p.status])).toEqual([
      ['broker', 'refunded'],
      ['card', 'expired'],
    ])
  })

  it('is cancelled through the broker when the order’s hold runs out before the rest is paid', async () => {
    const { order, referenceId } = await signedWithInitialPayment()
    await db.execute(
      sql`update orders set reserved_until = now() - interval '1 second' where id = ${order.order_id}`,
    )
    expect(await app.checkout.expireDue()).toBeGreaterThanOrEqual(1)
    expect((await brokerRow(referenceId)).loan_cancelled_at).not.toBeNull()
    const [row] = await rows<{ status: string; payment_status: string }>(
      db,
      sql`select status, payment_status from orders where id = ${order.order_id}`,
    )
    expect(row).toEqual({ status: 'CANCELLED', payment_status: 'refunded' })
  })
})

describe('the agreement’s SMS code', () => {
  it('is refused once expired, with the expired-code message, even when right', async () => {
    const user = await signInTestUser(app)
    const signed = await sign(user)
    const code = await agreementCode(user.phone)
    await db.execute(
      sql`update agreement_signs set expires_at = now() - interval '1 second' where id = ${signed.signAgreementId}`,
    )
    const res = await verify(user, signed.signAgreementId, code)
    expect([res.statusCode, res.json().error.message]).toEqual([422, 'agreement:codeExpired'])
    // no attempt was taken by it: a new signing is what the shopper needs
    const [left] = await rows<{ attempts_left: number; verified_at: Date | null }>(
      db,
      sql`select attempts_left, verified_at from agreement_signs where id = ${signed.signAgreementId}`,
    )
    expect(left).toMatchObject({ attempts_left: 3, verified_at: null })
  })
})

describe('an initial payment by card after the loan', () => {
  it('is paid on the card page and the order is paid by the loan and the card together', async () => {
    const { user, order, sum } = await financedOrder('loan/installment_initial_payment')
    const { referenceId } = BrokerOrderCreated.parse(
      (await apply(user, application(order.order_id, await verified(user)))).json(),
    )
    const answer = await settled(user, referenceId)
    const offer = answer.partners.find((p) => p.state === 'APPROVED')!.offers[0]!
    const signed = await signAt(offer.redirectUrl)
    const card = (await app.inject({ url: signed.headers.location as string })).headers.location as string
    expect(card).toMatch(/^\/acquirer\/api\/v1\/sessions\//)
    // only the card takes the initial payment
    expect((await payAgain(user, order.order_id, 'kaspi_qr_payment')).statusCode).toBe(422)
    const again = await payAgain(user, order.order_id)
    expect(again.statusCode, again.body).toBe(200)
    const back = await payByCard(again.json().redirect_url as string)
    expect(back).toBe(`/checkout/result?status=success&orderId=${order.order_id}`)
    const paid = await orderOf(user, order.order_id)
    expect([paid.status, paid.payment.status]).toEqual(['PROCESSING', 'paid'])
    const taken = (await paymentsOf(order.order_id)).filter((p) => p.status === 'paid')
    expect(taken.map((p) => [p.provider, p.amount])).toEqual([
      ['broker', sum - answer.initialPayment],
      ['card', answer.initialPayment],
    ])
  })
})
