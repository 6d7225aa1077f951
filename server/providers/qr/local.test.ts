import { randomUUID } from 'node:crypto'
import Fastify from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/connection'
import { registerRequestContext } from '../../http/request-context'
import { registerSecurityHeaders } from '../../http/security'
import type { App } from '../../http/types'
import { testDatabase } from '../../test/app'
import type { PaymentCallback } from '../card-acquirer/provider'
import { verifyCallback, type CallbackDelivery } from '../signature'
import { createLocalQrProvider, LOCAL_QR_BASE, type LocalQrProvider } from './local'
import { registerLocalQrPages } from './pages'
import type { QrPaymentRequest } from './provider'

const SECRET = 'test-callback-secret-0123456789'
const CALLBACK_URL = '/checkout/api/v1/payments/qr-callback'

let db: Db
let app: App
let provider: LocalQrProvider
/** The provider's clock: the tests move it on to expire sessions. */
let clock = new Date('2030-03-01T09:00:00Z')
const delivered: Parameters<CallbackDelivery>[0][] = []
const deliver: CallbackDelivery = async (callback) => {
  delivered.push(callback)
}

beforeAll(async () => {
  db = (await testDatabase()).db
  provider = createLocalQrProvider(db, { now: () => clock, deliver, secret: SECRET, callbackDelayMs: 0 })
  const built = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>()
  built.setValidatorCompiler(validatorCompiler)
  built.setSerializerCompiler(serializerCompiler)
  registerRequestContext(built)
  registerSecurityHeaders(built)
  await registerLocalQrPages(built, provider)
  await built.ready()
  app = built
})

afterAll(async () => {
  await app.close()
})

const request = (overrides: Partial<QrPaymentRequest> = {}): QrPaymentRequest => ({
  merchantRef: randomUUID(),
  amount: 45990,
  callbackUrl: CALLBACK_URL,
  language: 'ru',
  ...overrides,
})

function callbacksOf(sessionId: string): PaymentCallback[] {
  return delivered
    .filter((c) => (JSON.parse(c.body) as PaymentCallback).sessionId === sessionId)
    .map((c) => {
      expect(c.url).toBe(CALLBACK_URL)
      expect(verifyCallback(SECRET, c.body, c.signature)).toBe(true)
      return JSON.parse(c.body) as PaymentCallback
    })
}

/** Callbacks leave in the order sessions ended: once a session cancelled now has its one, all earlier did. */
async function allSent() {
  const marker = await provider.createPayment(request())
  await provider.cancelPayment(marker.sessionId)
  await expect.poll(() => callbacksOf(marker.sessionId).length).toBe(1)
}

async function theCallback(sessionId: string): Promise<PaymentCallback> {
  await expect.poll(() => callbacksOf(sessionId).length).toBeGreaterThan(0)
  await allSent()
  const callbacks = callbacksOf(sessionId)
  expect(callbacks).toHaveLength(1)
  return callbacks[0]!
}

describe('the local QR provider', () => {
  it('opens a 10-minute session whose payload is its scan page', async () => {
    const r = request()
    const session = await provider.createPayment(r)
    expect(session).toEqual({
      sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      payload: `/qr-provider/api/v1/sessions/${session.sessionId}`,
      status: 'pending',
      amount: 45990,
      expiresAt: new Date(clock.getTime() + 10 * 60_000),
    })
    expect(await provider.session(session.sessionId)).toEqual(session)
    expect(await provider.session(randomUUID())).toBeNull()
    expect(await provider.session('not-a-session')).toBeNull()
    await expect(provider.createPayment(request({ amount: 0 }))).rejects.toThrow(RangeError)

    const elsewhere = createLocalQrProvider(db, {
      deliver,
      secret: SECRET,
      publicPath: 'https://store.example.kz/qr-provider/api/v1/',
    })
    const absolute = await elsewhere.createPayment(request())
    expect(absolute.payload).toBe(
      `https://store.example.kz/qr-provider/api/v1/sessions/${absolute.sessionId}`,
    )
  })

  it('shows the merchant, the amount and two buttons, without script, in Russian and Kazakh', async () => {
    const { payload } = await provider.createPayment(request())
    const page = await app.inject({ url: payload })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/text\/html/)
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.body).toContain('Storefront')
    expect(page.body).toContain('45\u00a0990\u00a0₸')
    expect(page.body).toContain(`action="${payload}/pay"><button type="submit">Оплатить</button>`)
    expect(page.body).toContain(`action="${payload}/cancel"><button type="submit" class="secondary">Отменить`)
    expect(page.body).toContain(`<link rel="stylesheet" href="${LOCAL_QR_BASE}/assets/scan.css">`)
    expect(page.body).not.toMatch(/<script|\sstyle=|\son[a-z]+=|<style/i)
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'")

    const kk = await app.inject({ url: payload, headers: { 'accept-language': 'kk' } })
    expect(kk.body).toContain('<html lang="kk">')
    expect(kk.body).toContain('>Төлеу</button>')
    expect(kk.body).toContain('>Бас тарту</button>')

    const css = await app.inject({ url: `${LOCAL_QR_BASE}/assets/scan.css` })
    expect(css.statusCode).toBe(200)
    expect(css.headers['content-type']).toMatch(/text\/css/)
  })

  it('pays once from the scan page, shows the done page and posts one signed callback', async () => {
    const r = request()
    const { sessionId, payload } = await provider.createPayment(r)
    const form = { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' }
    const [a, b] = await Promise.all([
      app.inject({ method: 'POST', url: `${payload}/pay`, ...form }),
      app.inject({ method: 'POST', url: `${payload}/pay`, ...form }),
    ])
    expect([a.statusCode, b.statusCode]).toEqual([303, 303])
    expect(a.headers.location).toBe(payload)
    const done = await app.inject({ url: payload })
    expect(done.statusCode).toBe(200)
    expect(done.body).toContain('Оплачено')
    expect(done.body).not.toContain('<form')
    expect((await provider.session(sessionId))?.status).toBe('paid')

    // cancelling a paid session, from the page or by the store, changes nothing
    await app.inject({ method: 'POST', url: `${payload}/cancel`, ...form })
    await provider.cancelPayment(sessionId)
    expect((await provider.session(sessionId))?.status).toBe('paid')
    expect(await theCallback(sessionId)).toEqual({
      sessionId,
      merchantRef: r.merchantRef,
      amount: 45990,
      status: 'approved',
      reason: null,
      mask: null,
    })
  })

  it('cancels from the scan page, and the store cancels a pending session, once each', async () => {
    const fromPhone = await provider.createPayment(request())
    const res = await app.inject({ method: 'POST', url: `${fromPhone.payload}/cancel` })
    expect(res.statusCode).toBe(303)
    const page = await app.inject({ url: fromPhone.payload, headers: { 'accept-language': 'kk' } })
    expect(page.body).toContain('Төлем тоқтатылды')
    // paying afterwards pays nothing
    await app.inject({ method: 'POST', url: `${fromPhone.payload}/pay` })
    expect((await provider.session(fromPhone.sessionId))?.status).toBe('cancelled')
    expect(await theCallback(fromPhone.sessionId)).toMatchObject({
      status: 'declined',
      reason: 'cancelled',
      mask: null,
    })

    const byStore = await provider.createPayment(request())
    await Promise.all([provider.cancelPayment(byStore.sessionId), provider.cancelPayment(byStore.sessionId)])
    expect((await provider.session(byStore.sessionId))?.status).toBe('cancelled')
    expect(await theCallback(byStore.sessionId)).toMatchObject({ status: 'declined', reason: 'cancelled' })
  })

  it('expires a session read after its 10 minutes, with one callback', async () => {
    const { sessionId, payload } = await provider.createPayment(request())
    clock = new Date(clock.getTime() + 10 * 60_000 - 1)
    expect((await provider.session(sessionId))?.status).toBe('pending')
    clock = new Date(clock.getTime() + 1)
    const [a, b] = await Promise.all([provider.session(sessionId), provider.session(sessionId)])
    expect(a?.status).toBe('expired')
    expect(b?.status).toBe('expired')
    const page = await app.inject({ url: payload })
    expect(page.statusCode).toBe(410)
    expect(page.body).toContain('Время на оплату истекло')
    expect(page.body).not.toContain('<form')
    await app.inject({ method: 'POST', url: `${payload}/pay` })
    expect((await provider.session(sessionId))?.status).toBe('expired')
    expect(await theCallback(sessionId)).toMatchObject({
      status: 'declined',
      reason: 'expired',
      amount: 45990,
    })
  })

  it('expires instead of paying when the phone pays too late', async () => {
    const { sessionId, payload } = await provider.createPayment(request())
    clock = new Date(clock.getTime() + 11 * 60_000)
    const res = await app.inject({ method: 'POST', url: `${payload}/pay` })
    expect(res.statusCode).toBe(303)
    expect((await provider.session(sessionId))?.status).toBe('expired')
    expect(await theCallback(sessionId)).toMatchObject({ status: 'declined', reason: 'expired' })
  })

  it('answers an unknown session with a 404 page, and an id that is not one with a 400', async () => {
    const url = `${LOCAL_QR_BASE}/sessions/${randomUUID()}`
    const page = await app.inject({ url })
    expect(page.statusCode).toBe(404)
    expect(page.body).toContain('Платёж не найден')
    expect((await app.inject({ method: 'POST', url: `${url}/pay` })).statusCode).toBe(404)
    expect((await app.inject({ url: `${LOCAL_QR_BASE}/sessions/nope` })).statusCode).toBe(400)
  })
})
