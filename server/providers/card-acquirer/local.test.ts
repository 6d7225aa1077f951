import { randomUUID } from 'node:crypto'
import Fastify from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/connection'
import { registerRequestContext } from '../../http/request-context'
import { registerSecurityHeaders } from '../../http/security'
import type { App } from '../../http/types'
import { testDatabase } from '../../test/app'
import { verifyCallback, type CallbackDelivery } from '../signature'
import { TEST_3DS_CODE } from './cards'
import { createLocalCardAcquirer, type LocalCardAcquirer } from './local'
import { registerLocalAcquirerPages } from './pages'
import type { PaymentCallback, PaymentRequest } from './provider'

const SECRET = 'test-callback-secret-0123456789'
const SUCCESS = '/checkout/api/v1/payments/p/return'
const FAIL = '/checkout/api/v1/payments/p/fail'
const CALLBACK_URL = '/checkout/api/v1/payments/callback'

let db: Db
let app: App
let acquirer: LocalCardAcquirer
const delivered: Parameters<CallbackDelivery>[0][] = []
const deliver: CallbackDelivery = async (callback) => {
  delivered.push(callback)
}

/** The acquirer's pages alone, on an app with the store's request context and security headers. */
async function pagesApp(on: LocalCardAcquirer): Promise<App> {
  const built = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>()
  built.setValidatorCompiler(validatorCompiler)
  built.setSerializerCompiler(serializerCompiler)
  registerRequestContext(built)
  registerSecurityHeaders(built)
  await registerLocalAcquirerPages(built, on)
  await built.ready()
  return built
}

beforeAll(async () => {
  db = (await testDatabase()).db
  acquirer = createLocalCardAcquirer(db, { deliver, secret: SECRET, callbackDelayMs: 0 })
  app = await pagesApp(acquirer)
})

afterAll(async () => {
  await app.close()
})

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
})
const card = (pan: string) => form({ pan, expiry: '12/30', cvc: '123' })

function paymentRequest(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  return {
    merchantRef: randomUUID(),
    amount: 12345,
    successUrl: SUCCESS,
    failUrl: FAIL,
    callbackUrl: CALLBACK_URL,
    language: 'ru',
    ...overrides,
  }
}

/** The callbacks sent for one session, each checked for its signature and parsed. */
function callbacksOf(sessionId: string): PaymentCallback[] {
  return delivered
    .filter((c) => (JSON.parse(c.body) as PaymentCallback).sessionId === sessionId)
    .map((c) => {
      expect(c.url).toBe(CALLBACK_URL)
      expect(verifyCallback(SECRET, c.body, c.signature)).toBe(true)
      return JSON.parse(c.body) as PaymentCallback
    })
}

/**
 * Waits until every callback already due has been sent: callbacks leave in the order their sessions
 * ended, so once a payment cancelled now has its callback, any earlier one would have arrived too.
 */
async function allSent() {
  const marker = await acquirer.createPayment(paymentRequest())
  await acquirer.cancelPayment(marker.sessionId)
  await expect.poll(() => callbacksOf(marker.sessionId).length).toBe(1)
}

/** The one callback of a session, once sent, with nothing more to come. */
async function theCallback(sessionId: string): Promise<PaymentCallback> {
  await expect.poll(() => callbacksOf(sessionId).length).toBeGreaterThan(0)
  await allSent()
  const callbacks = callbacksOf(sessionId)
  expect(callbacks).toHaveLength(1)
  return callbacks[0]!
}

async function bindCard(pan: string): Promise<string> {
  const { sessionId } = await acquirer.createBinding({
    merchantRef: randomUUID(),
    successUrl: '/b/return',
    failUrl: '/b/fail',
    language: 'ru',
  })
  expect((await acquirer.submitCard(sessionId, { pan, expiry: '12/30', cvc: '123' })).kind).toBe('approved')
  const result = await acquirer.bindingResult(sessionId)
  if (result.status !== 'approved') throw new Error('the binding was not approved')
  return result.token
}

describe('card payments on the local acquirer', () => {
  it('shows the amount in tenge without script, approves a good card and posts one signed callback', async () => {
    const request = paymentRequest()
    const { sessionId, redirectUri } = await acquirer.createPayment(request)
    expect(redirectUri).toBe(`/acquirer/api/v1/sessions/${sessionId}`)
    expect(await acquirer.paymentResult(sessionId)).toEqual({ status: 'pending' })

    const page = await app.inject({ url: redirectUri })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('К оплате: <strong>12\u00a0345\u00a0₸</strong>')
    expect(page.body).toContain('Оплатить 12\u00a0345\u00a0₸')
    expect(page.body).toContain('name="pan"')
    expect(page.body).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i)
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'")

    const res = await app.inject({ method: 'POST', url: redirectUri, ...card('4111 1111 1111 1111') })
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe(SUCCESS)
    expect(await acquirer.paymentResult(sessionId)).toEqual({
      status: 'approved',
      amount: 12345,
      mask: '411111******1111',
    })
    expect(await theCallback(sessionId)).toEqual({
      sessionId,
      merchantRef: request.merchantRef,
      amount: 12345,
      status: 'approved',
      reason: null,
      mask: '411111******1111',
    })
  })

  it('speaks Kazakh on a kk payment page', async () => {
    const { redirectUri } = await acquirer.createPayment(paymentRequest({ language: 'kk', amount: 1299990 }))
    const page = await app.inject({ url: redirectUri })
    expect(page.body).toContain('<html lang="kk">')
    expect(page.body).toContain('Төленетін сома: <strong>1\u00a0299\u00a0990\u00a0₸</strong>')
    expect(page.body).toContain('Төлеу 1\u00a0299\u00a0990\u00a0₸')
  })

  it('declines a declined test card with its reason and mask', async () => {
    const request = paymentRequest()
    const { sessionId, redirectUri } = await acquirer.createPayment(request)
    const res = await app.inject({ method: 'POST', url: redirectUri, ...card('4000000000009995') })
    expect(res.headers.location).toBe(FAIL)
    expect(await acquirer.paymentResult(sessionId)).toEqual({
      status: 'declined',
      reason: 'insufficient_funds',
    })
    expect(await theCallback(sessionId)).toEqual({
      sessionId,
      merchantRef: request.merchantRef,
      amount: 12345,
      status: 'declined',
      reason: 'insufficient_funds',
      mask: '400000******9995',
    })
  })

  it('keeps an invalid form on the page without ending the payment', async () => {
    const { sessionId, redirectUri } = await acquirer.createPayment(paymentRequest())
    const res = await app.inject({ method: 'POST', url: redirectUri, ...card('4111111111111112') })
    expect(res.statusCode).toBe(422)
    expect(res.body).toContain('К оплате')
    expect(await acquirer.paymentResult(sessionId)).toEqual({ status: 'pending' })
    await allSent()
    expect(callbacksOf(sessionId)).toEqual([])
  })

  it('asks 3-D Secure for a challenge card and approves the right code', async () => {
    const { sessionId, redirectUri } = await acquirer.createPayment(paymentRequest({ amount: 5000 }))
    const res = await app.inject({ method: 'POST', url: redirectUri, ...card('4000000000003220') })
    expect(res.headers.location).toBe(redirectUri)
    const challenge = await app.inject({ url: redirectUri })
    expect(challenge.body).toContain('name="code"')
    expect(challenge.body).toContain('5\u00a0000\u00a0₸')
    expect(challenge.body).toContain('400000******3220')
    expect(await acquirer.paymentResult(sessionId)).toEqual({ status: 'pending' })

    const right = await app.inject({
      method: 'POST',
      url: `${redirectUri}/3ds`,
      ...form({ code: TEST_3DS_CODE }),
    })
    expect(right.headers.location).toBe(SUCCESS)
    const callback = await theCallback(sessionId)
    expect(callback).toMatchObject({
      status: 'approved',
      amount: 5000,
      mask: '400000******3220',
      reason: null,
    })
  })

  it('declines after three wrong 3-D Secure codes, with one callback', async () => {
    const { sessionId, redirectUri } = await acquirer.createPayment(paymentRequest())
    await app.inject({ method: 'POST', url: redirectUri, ...card('5200000000001096') })
    const codes = []
    for (const code of ['000001', '000002', '000003'])
      codes.push(await app.inject({ method: 'POST', url: `${redirectUri}/3ds`, ...form({ code }) }))
    expect(codes.map((r) => r.statusCode)).toEqual([422, 422, 303])
    expect(codes[1]!.body).toContain('Осталось попыток: 1')
    expect(codes[2]!.headers.location).toBe(FAIL)
    // a fourth code, even the right one, changes nothing: the shopper is sent where the payment went
    const late = await app.inject({
      method: 'POST',
      url: `${redirectUri}/3ds`,
      ...form({ code: TEST_3DS_CODE }),
    })
    expect(late.headers.location).toBe(FAIL)
    expect(await acquirer.paymentResult(sessionId)).toEqual({ status: 'declined', reason: '3ds_failed' })
    expect(await theCallback(sessionId)).toMatchObject({ status: 'declined', reason: '3ds_failed' })
  })

  it('cancels from the page, and cancelPayment ends a pending payment but leaves a finished one', async () => {
    const first = await acquirer.createPayment(paymentRequest())
    const res = await app.inject({ method: 'POST', url: `${first.redirectUri}/cancel` })
    expect(res.headers.location).toBe(FAIL)
    expect(await acquirer.paymentResult(first.sessionId)).toEqual({ status: 'declined', reason: 'cancelled' })
    expect(await theCallback(first.sessionId)).toMatchObject({
      status: 'declined',
      reason: 'cancelled',
      mask: null,
    })

    const pending = await acquirer.createPayment(paymentRequest())
    await acquirer.submitCard(pending.sessionId, { pan: '4000000000003220', expiry: '12/30', cvc: '123' })
    await acquirer.cancelPayment(pending.sessionId)
    expect(await acquirer.paymentResult(pending.sessionId)).toEqual({
      status: 'declined',
      reason: 'cancelled',
    })
    expect(await theCallback(pending.sessionId)).toMatchObject({ status: 'declined', reason: 'cancelled' })
    // a code posted to a cancelled payment approves nothing
    const code = await app.inject({
      method: 'POST',
      url: `${pending.redirectUri}/3ds`,
      ...form({ code: TEST_3DS_CODE }),
    })
    expect(code.headers.location).toBe(FAIL)
    expect(await acquirer.paymentResult(pending.sessionId)).toEqual({
      status: 'declined',
      reason: 'cancelled',
    })

    const paid = await acquirer.createPayment(paymentRequest())
    await acquirer.submitCard(paid.sessionId, { pan: '4111111111111111', expiry: '12/30', cvc: '123' })
    await acquirer.cancelPayment(paid.sessionId)
    await acquirer.cancelPayment(paid.sessionId)
    expect(await acquirer.paymentResult(paid.sessionId)).toMatchObject({ status: 'approved' })
    expect(await theCallback(paid.sessionId)).toMatchObject({ status: 'approved' })

    // ids it never issued change nothing
    await acquirer.cancelPayment(randomUUID())
    await acquirer.cancelPayment('not-a-session')
    expect(await acquirer.paymentResult('not-a-session')).toEqual({
      status: 'declined',
      reason: 'unknown_session',
    })
  })

  it('declines an expired payment when it is next read, once', async () => {
    let clock = new Date('2030-01-15T10:00:00Z')
    const timed = createLocalCardAcquirer(db, {
      now: () => clock,
      deliver,
      secret: SECRET,
      callbackDelayMs: 0,
    })
    const timedApp = await pagesApp(timed)
    try {
      const { sessionId, redirectUri } = await timed.createPayment(paymentRequest())
      clock = new Date(clock.getTime() + 15 * 60_000 - 1000)
      expect(await timed.paymentResult(sessionId)).toEqual({ status: 'pending' })
      clock = new Date(clock.getTime() + 1000)
      const [a, b] = await Promise.all([timed.paymentResult(sessionId), timed.paymentResult(sessionId)])
      expect(a).toEqual({ status: 'declined', reason: 'expired' })
      expect(b).toEqual(a)
      expect((await timedApp.inject({ url: redirectUri })).statusCode).toBe(410)
      const late = await timedApp.inject({ method: 'POST', url: redirectUri, ...card('4111111111111111') })
      expect(late.statusCode).toBe(410)
      await timed.cancelPayment(sessionId)
      expect(await timed.paymentResult(sessionId)).toEqual({ status: 'declined', reason: 'expired' })
      expect(await theCallback(sessionId)).toMatchObject({ status: 'declined', reason: 'expired' })
    } finally {
      await timedApp.close()
    }
  })

  it('charges a saved card through 3-D Secure, with the mask of the binding that issued the token', async () => {
    const token = await bindCard('5555555555554444')
    const { sessionId, redirectUri } = await acquirer.createPayment(paymentRequest({ cardToken: token }))
    const page = await app.inject({ url: redirectUri })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('name="code"')
    expect(page.body).not.toContain('name="pan"')
    expect(page.body).toContain('555555******4444')
    expect(page.body).toContain('12\u00a0345\u00a0₸')

    const right = await app.inject({
      method: 'POST',
      url: `${redirectUri}/3ds`,
      ...form({ code: TEST_3DS_CODE }),
    })
    expect(right.headers.location).toBe(SUCCESS)
    expect(await acquirer.paymentResult(sessionId)).toEqual({
      status: 'approved',
      amount: 12345,
      mask: '555555******4444',
    })
    expect(await theCallback(sessionId)).toMatchObject({ status: 'approved', mask: '555555******4444' })
  })

  it('declines an unknown saved-card token at once', async () => {
    const { sessionId, redirectUri } = await acquirer.createPayment(paymentRequest({ cardToken: 'tok_nope' }))
    expect(await acquirer.paymentResult(sessionId)).toEqual({ status: 'declined', reason: 'unknown_card' })
    const page = await app.inject({ url: redirectUri })
    expect(page.statusCode).toBe(303)
    expect(page.headers.location).toBe(FAIL)
    expect(await theCallback(sessionId)).toMatchObject({
      status: 'declined',
      reason: 'unknown_card',
      mask: null,
    })
  })

  it('sends exactly one callback when the form is posted twice at once, or again later', async () => {
    const { sessionId, redirectUri } = await acquirer.createPayment(paymentRequest())
    const [a, b] = await Promise.all([
      app.inject({ method: 'POST', url: redirectUri, ...card('4111111111111111') }),
      app.inject({ method: 'POST', url: redirectUri, ...card('4111111111111111') }),
    ])
    // whichever lost the race still sends the shopper where the session went
    expect([a.statusCode, b.statusCode]).toEqual([303, 303])
    expect([a.headers.location, b.headers.location]).toEqual([SUCCESS, SUCCESS])
    const replay = await app.inject({ method: 'POST', url: redirectUri, ...card('4000000000000002') })
    expect(replay.headers.location).toBe(SUCCESS)
    const cancel = await app.inject({ method: 'POST', url: `${redirectUri}/cancel` })
    expect(cancel.headers.location).toBe(SUCCESS)
    expect(await acquirer.paymentResult(sessionId)).toMatchObject({ status: 'approved' })
    expect(await theCallback(sessionId)).toMatchObject({ status: 'approved' })
  })

  it('ends a payment once when two different outcomes race', async () => {
    const { sessionId } = await acquirer.createPayment(paymentRequest())
    const outcomes = await Promise.all([
      acquirer.submitCard(sessionId, { pan: '4111111111111111', expiry: '12/30', cvc: '123' }),
      acquirer.submitCard(sessionId, { pan: '4000000000000002', expiry: '12/30', cvc: '123' }),
      acquirer.cancel(sessionId),
      acquirer.cancelPayment(sessionId),
    ])
    const result = await acquirer.paymentResult(sessionId)
    expect(result.status).not.toBe('pending')
    const callback = await theCallback(sessionId)
    expect(callback.status).toBe(result.status)
    // every form answer that was not turned away names the session's one outcome
    for (const outcome of outcomes.slice(0, 3))
      if (outcome && outcome.kind !== 'gone') expect(outcome.kind).toBe(result.status)
  })

  it('sends no callback for a card binding, which works as before', async () => {
    const { sessionId, redirectUri } = await acquirer.createBinding({
      merchantRef: randomUUID(),
      successUrl: '/b/return',
      failUrl: '/b/fail',
      language: 'ru',
    })
    const page = await app.inject({ url: redirectUri })
    expect(page.body).toContain('Привязать карту')
    expect(page.body).not.toContain('₸')
    const res = await app.inject({ method: 'POST', url: redirectUri, ...card('4111111111111111') })
    expect(res.headers.location).toBe('/b/return')
    expect(await acquirer.bindingResult(sessionId)).toMatchObject({
      status: 'approved',
      mask: '411111******1111',
    })
    // a binding is no payment
    expect(await acquirer.paymentResult(sessionId)).toEqual({ status: 'declined', reason: 'unknown_session' })
    await acquirer.cancelPayment(sessionId)
    expect(await acquirer.bindingResult(sessionId)).toMatchObject({ status: 'approved' })

    const cancelled = await acquirer.createBinding({
      merchantRef: randomUUID(),
      successUrl: '/b/return',
      failUrl: '/b/fail',
      language: 'ru',
    })
    await acquirer.cancel(cancelled.sessionId)
    expect(await acquirer.bindingResult(cancelled.sessionId)).toEqual({
      status: 'declined',
      reason: 'cancelled',
    })
    await allSent()
    expect(callbacksOf(sessionId)).toEqual([])
    expect(callbacksOf(cancelled.sessionId)).toEqual([])
  })

  it('refuses a payment of no amount', async () => {
    await expect(acquirer.createPayment(paymentRequest({ amount: 0 }))).rejects.toThrow(RangeError)
    await expect(acquirer.createPayment(paymentRequest({ amount: 10.5 }))).rejects.toThrow(RangeError)
  })
})
