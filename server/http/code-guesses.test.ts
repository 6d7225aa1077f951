import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorBody } from '../../contract/common'
import { CART_ERROR_KEYS } from '../../contract/values/cart'
import { readConfig } from '../config'
import { openDatabase, type Database } from '../db/connection'
import { carts } from '../db/schema'
import { SEED_GIFT_CARDS, SEED_PROMO_CODES } from '../seed/benefits'
import { buildTestApp, testDatabase } from '../test/app'
import { randomClientIp } from '../test/auth'
import { insertCart } from '../test/carts'
import { testDatabaseUrl, testEngine } from '../test/database'
import { codeGuessRules, createCodeGuessGuard, type CodeGuessRules } from './code-guesses'
import { notFound } from './errors'
import { createRateLimiter } from './rate-limit'
import type { App } from './types'

type Res = Awaited<ReturnType<App['inject']>>

const GIFT = '/marketing/api/v1/giftCards'
const PROMO = '/marketing/api/v1/promoCodes'
const unknownCode = () => `NO-${randomUUID().slice(0, 8).toUpperCase()}`
const sessionId = () => `device-${randomUUID()}`

/** A 429 in the store's shape, with the seconds to wait in `Retry-After` and `details.penalty`. */
function expectTooMany(res: Res) {
  expect(res.statusCode, res.body).toBe(429)
  const body = ErrorBody.parse(res.json())
  expect(body.error.code).toBe('too_many_requests')
  const retryAfter = Number(res.headers['retry-after'])
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  expect(body.error.details).toEqual({ penalty: retryAfter })
}

function expectUnknown(res: Res, key: string) {
  expect(res.statusCode, res.body).toBe(404)
  expect(ErrorBody.parse(res.json()).error.message).toBe(key)
}

async function appWith(env: Record<string, string>): Promise<App> {
  const { app } = await buildTestApp(env)
  await app.ready()
  return app
}

describe('unknown codes per client address', () => {
  let app: App
  beforeAll(async () => {
    app = await appWith({
      CODE_CHECK_FREE_MISSES_PER_ADDRESS: '3',
      CODE_CHECK_FREE_MISSES_PER_SHOPPER: '1000',
    })
  })
  afterAll(() => app.close())

  const check = (url: string, ip: string) =>
    app.inject({ method: 'POST', url, headers: { 'x-forwarded-for': ip } })

  it('answers 404 for the free misses, then 429 with Retry-After even for a real card; other addresses go on', async () => {
    const ip = randomClientIp()
    for (let i = 0; i < 3; i++)
      expectUnknown(await check(`${GIFT}/${unknownCode()}`, ip), CART_ERROR_KEYS.giftCardNotFound)
    expectTooMany(await check(`${GIFT}/${unknownCode()}`, ip))
    // the address must wait whatever it asks: a guesser learns nothing from the answers meanwhile
    expectTooMany(await check(`${GIFT}/${SEED_GIFT_CARDS.ten}`, ip))
    expect((await check(`${GIFT}/${SEED_GIFT_CARDS.ten}`, randomClientIp())).statusCode).toBe(200)
  })

  it('shares the count between gift cards and promo codes', async () => {
    const ip = randomClientIp()
    expectUnknown(await check(`${GIFT}/${unknownCode()}`, ip), CART_ERROR_KEYS.giftCardNotFound)
    expectUnknown(await check(`${PROMO}/${unknownCode()}`, ip), CART_ERROR_KEYS.promoCodeNotFound)
    expectUnknown(await check(`${GIFT}/${unknownCode()}`, ip), CART_ERROR_KEYS.giftCardNotFound)
    expectTooMany(await check(`${PROMO}/${unknownCode()}`, ip))
  })

  it('never counts codes that exist: a shopper checking real, spent or expired cards is never slowed', async () => {
    const ip = randomClientIp()
    for (let i = 0; i < 5; i++) {
      expect((await check(`${GIFT}/${SEED_GIFT_CARDS.ten}`, ip)).statusCode).toBe(200)
      expect((await check(`${GIFT}/${SEED_GIFT_CARDS.expired}`, ip)).statusCode).toBe(422)
      expect((await check(`${PROMO}/${SEED_PROMO_CODES.percent}`, ip)).statusCode).toBe(200)
    }
    for (let i = 0; i < 3; i++)
      expectUnknown(await check(`${GIFT}/${unknownCode()}`, ip), CART_ERROR_KEYS.giftCardNotFound)
    expectTooMany(await check(`${GIFT}/${unknownCode()}`, ip))
  })

  it('lets through only the free misses of a concurrent burst from one address', async () => {
    const ip = randomClientIp()
    const answers = await Promise.all(Array.from({ length: 10 }, () => check(`${GIFT}/${unknownCode()}`, ip)))
    const statuses = answers.map((res) => res.statusCode).sort()
    expect(statuses.filter((s) => s === 404)).toHaveLength(3)
    expect(statuses.filter((s) => s === 429)).toHaveLength(7)
  })
})

describe('unknown codes per cart, device and shopper', () => {
  let app: App
  let database: Database
  beforeAll(async () => {
    app = await appWith({ CODE_CHECK_FREE_MISSES_PER_SHOPPER: '2' })
    database = await testDatabase()
  })
  afterAll(() => app.close())

  it("counts a device's misses whatever address it comes from", async () => {
    const device = sessionId()
    const check = (code: string) =>
      app.inject({
        method: 'POST',
        url: `${GIFT}/${code}`,
        headers: { 'x-forwarded-for': randomClientIp(), 'x-session-id': device },
      })
    expectUnknown(await check(unknownCode()), CART_ERROR_KEYS.giftCardNotFound)
    expectUnknown(await check(unknownCode()), CART_ERROR_KEYS.giftCardNotFound)
    expectTooMany(await check(unknownCode()))
  })

  it('counts the codes applied to one cart, refuses with 429 and leaves the cart as it was', async () => {
    const cartId = await insertCart(database.db, { items: [] })
    const apply = (code: string, unitType: 'gift_card' | 'promo_code' = 'gift_card') =>
      app.inject({
        method: 'POST',
        url: `/cart/api/v2/carts/${cartId}/marketingUnits`,
        headers: { 'x-forwarded-for': randomClientIp() },
        payload: { city_id: 1, unitType, code },
      })
    expectUnknown(await apply(unknownCode()), CART_ERROR_KEYS.giftCardNotFound)
    expectUnknown(await apply(unknownCode(), 'promo_code'), CART_ERROR_KEYS.promoCodeNotFound)
    expectTooMany(await apply(SEED_GIFT_CARDS.ten))
    const [row] = await database.db.select().from(carts).where(eq(carts.id, cartId))
    expect(row?.marketingUnits).toEqual([])
  })

  it('counts the promo codes checked against one cart', async () => {
    const cartId = await insertCart(database.db, { items: [] })
    const check = (code: string) =>
      app.inject({
        method: 'POST',
        url: `${PROMO}/${code}`,
        headers: { 'x-forwarded-for': randomClientIp() },
        payload: { cart_id: cartId },
      })
    expectUnknown(await check(unknownCode()), CART_ERROR_KEYS.promoCodeNotFound)
    expectUnknown(await check(unknownCode()), CART_ERROR_KEYS.promoCodeNotFound)
    expectTooMany(await check(unknownCode()))
  })
})

describe('the store-wide budget of unknown gift card codes', () => {
  const BUDGET = 4
  let app: App
  beforeAll(async () => {
    app = await appWith({ GIFT_CARD_MISSES_PER_MINUTE: String(BUDGET) })
  })
  afterAll(() => app.close())

  it('once spent by many addresses, answers every gift card check 429, a real card too', async () => {
    const check = (code: string) =>
      app.inject({ method: 'POST', url: `${GIFT}/${code}`, headers: { 'x-forwarded-for': randomClientIp() } })
    // Each guess from its own address and device: only the store-wide budget can stop them. Other test
    // files sharing a PostgreSQL database may have spent some of it already.
    let answered = 0
    for (let i = 0; i <= BUDGET; i++) {
      const res = await check(unknownCode())
      if (res.statusCode === 429) break
      expectUnknown(res, CART_ERROR_KEYS.giftCardNotFound)
      answered++
    }
    expect(answered).toBeLessThanOrEqual(BUDGET)
    expectTooMany(await check(unknownCode()))
    expectTooMany(await check(SEED_GIFT_CARDS.ten))
    // promo codes have a budget of their own
    expect(
      (await app.inject({ method: 'POST', url: `${PROMO}/${SEED_PROMO_CODES.percent}` })).statusCode,
    ).toBe(200)
  })
})

describe('the counts are kept in the database, shared by every process', () => {
  let second: Database | undefined
  afterAll(() => second?.close())

  it('two guards over their own connections refuse together', async () => {
    const first = await testDatabase()
    // On PostgreSQL the second guard has a pool of its own, as another server process would; PGlite's
    // in-memory database has only the one connection.
    if (testEngine() === 'postgres') second = await openDatabase({ url: testDatabaseUrl() })
    const config = readConfig({
      CODE_CHECK_FREE_MISSES_PER_ADDRESS: '2',
      CODE_CHECK_FREE_MISSES_PER_SHOPPER: '1000',
    })
    const unique = randomUUID()
    const rules = codeGuessRules(config, 'gift_card')
    const isolated: CodeGuessRules = {
      perAddress: { ...rules.perAddress, bucket: `test-address-${unique}` },
      perShopper: { ...rules.perShopper, bucket: `test-shopper-${unique}` },
      storeWide: { ...rules.storeWide, bucket: `test-store-${unique}`, max: 3 },
    }
    const keys = [CART_ERROR_KEYS.giftCardNotFound]
    const a = createCodeGuessGuard(createRateLimiter(first.db), isolated, keys)
    const b = createCodeGuessGuard(createRateLimiter((second ?? first).db), isolated, keys)
    const miss = () => Promise.reject(notFound(CART_ERROR_KEYS.giftCardNotFound))
    const hit = () => Promise.resolve('card')

    const ip = randomClientIp()
    await expect(a({ address: ip, shopper: [] }, miss)).rejects.toMatchObject({ statusCode: 404 })
    await expect(b({ address: ip, shopper: [] }, miss)).rejects.toMatchObject({ statusCode: 404 })
    await expect(a({ address: ip, shopper: [] }, hit)).rejects.toMatchObject({ statusCode: 429 })
    await expect(b({ address: ip, shopper: [] }, hit)).rejects.toMatchObject({ statusCode: 429 })

    // the third miss from another address spends the store-wide budget for both
    await expect(a({ address: randomClientIp(), shopper: [] }, miss)).rejects.toMatchObject({
      statusCode: 404,
    })
    await expect(b({ address: randomClientIp(), shopper: [] }, hit)).rejects.toMatchObject({
      statusCode: 429,
    })
  })
})
