import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { GiftCardInfo, PromoCodeCheck } from '../../../contract/cart'
import { ErrorBody } from '../../../contract/common'
import { CART_ERROR_KEYS } from '../../../contract/values/cart'
import type { Database } from '../../db/connection'
import { rows } from '../../db/rows'
import { promoCodes } from '../../db/schema/account-area'
import { promoCodeRedemptions } from '../../db/schema/cart'
import type { App } from '../../http/types'
import { SEED_GIFT_CARDS, SEED_PROMO_CODES } from '../../seed/benefits'
import { testApp } from '../../test/app'
import { signInTestUser } from '../../test/auth'
import { insertCart, type SeededProduct, stockedProducts } from '../../test/carts'

let app: App
let database: Database
let pricey: SeededProduct
let cheap: SeededProduct
let phone: SeededProduct

beforeAll(async () => {
  ;({ app, database } = await testApp())
  const [a] = await stockedProducts(database.db, 100_000, 1_000_000, 1, 'televizory')
  const [b] = await stockedProducts(database.db, 1_000, 15_000, 1)
  const [found] = await rows<{ id: number; sku: string; category_id: number; brand_id: number | null }>(
    database.db,
    sql`select p.id, p.sku, p.category_id, p.brand_id from products p join categories c on c.id = p.category_id
        where c.slug = 'smartfony' and exists (select 1 from stocks s where s.product_id = p.id and s.city_id = 1 and s.quantity > 0)
        order by p.id limit 1`,
  )
  if (!a || !b || !found) throw new Error('the seed lacks the products these tests need')
  pricey = a
  cheap = b
  phone = { id: found.id, sku: found.sku, price: 0, categoryId: found.category_id, brandId: found.brand_id }
})

const checkGiftCard = (code: string) =>
  app.inject({ method: 'POST', url: `/marketing/api/v1/giftCards/${code}` })
const checkCode = (code: string, payload?: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `/marketing/api/v1/promoCodes/${code}`, payload, headers })

function expectError(
  res: { statusCode: number; body: string; json: () => unknown },
  status: number,
  message: string,
) {
  expect(res.statusCode, res.body).toBe(status)
  expect(ErrorBody.parse(res.json()).error.message).toBe(message)
}

describe('POST /marketing/api/v1/giftCards/{code}', () => {
  it('answers the balance of a card that can pay', async () => {
    const res = await checkGiftCard(SEED_GIFT_CARDS.ten)
    expect(res.statusCode, res.body).toBe(200)
    expect(GiftCardInfo.parse(res.json())).toEqual({
      code: SEED_GIFT_CARDS.ten,
      balance: 10_000,
      validTo: null,
    })
  })

  it('refuses an unknown card (404), an empty and an expired one (422), a malformed code (400)', async () => {
    expectError(await checkGiftCard('NO-SUCH-CARD'), 404, CART_ERROR_KEYS.giftCardNotFound)
    expectError(await checkGiftCard(SEED_GIFT_CARDS.empty), 422, CART_ERROR_KEYS.giftCardNoBalance)
    expectError(await checkGiftCard(SEED_GIFT_CARDS.expired), 422, CART_ERROR_KEYS.giftCardExpired)
    expect((await checkGiftCard('bad%20code')).statusCode).toBe(400)
  })
})

describe('POST /marketing/api/v1/promoCodes/{code} without a cart', () => {
  it("answers a usable code's terms, with no sum", async () => {
    const res = await checkCode(SEED_PROMO_CODES.percent)
    expect(res.statusCode, res.body).toBe(200)
    expect(PromoCodeCheck.parse(res.json())).toEqual({
      code: 'EUPROMO',
      discountType: 'percent',
      value: 10,
      rounding: 'floor',
      minOrderSum: 20_000,
      validTo: null,
      sum: null,
    })
    expect((await checkCode('eupromo', { city_id: 1 })).statusCode).toBe(200)
  })

  it('refuses unknown, expired, not started and used-up codes', async () => {
    expectError(await checkCode('NOSUCHCODE'), 404, CART_ERROR_KEYS.promoCodeNotFound)
    expectError(await checkCode(SEED_PROMO_CODES.expired), 422, CART_ERROR_KEYS.promoCodeExpired)
    expectError(await checkCode(SEED_PROMO_CODES.notStarted), 422, CART_ERROR_KEYS.promoCodeNotStarted)
    expectError(await checkCode(SEED_PROMO_CODES.exhausted), 422, CART_ERROR_KEYS.promoCodeLimitReached)
  })

  it('lets a signed-in shopper use a once-per-shopper code until one of their orders used it', async () => {
    expectError(await checkCode(SEED_PROMO_CODES.oncePerShopper), 422, CART_ERROR_KEYS.promoCodeLimitReached)
    const user = await signInTestUser(app)
    expect((await checkCode(SEED_PROMO_CODES.oncePerShopper, {}, user.headers)).statusCode).toBe(200)
    await database.db
      .insert(promoCodeRedemptions)
      .values({ code: SEED_PROMO_CODES.oncePerShopper, userId: user.userId })
    expectError(
      await checkCode(SEED_PROMO_CODES.oncePerShopper, {}, user.headers),
      422,
      CART_ERROR_KEYS.promoCodeLimitReached,
    )
  })

  it('lets only its owner use a personal code', async () => {
    const owner = await signInTestUser(app)
    const other = await signInTestUser(app)
    const code = `P${randomUUID().slice(0, 8).toUpperCase()}`
    await database.db.insert(promoCodes).values({
      code,
      campaign: `test-${code}`,
      userId: owner.userId,
      discount: 7,
      discountType: 'percent',
      validTo: new Date('2099-01-01'),
    })
    const own = await checkCode(code, {}, owner.headers)
    expect(own.statusCode).toBe(200)
    expect(PromoCodeCheck.parse(own.json())).toMatchObject({ discountType: 'percent', value: 7 })
    expectError(await checkCode(code, {}, other.headers), 422, CART_ERROR_KEYS.promoCodeForeign)
    expectError(await checkCode(code), 422, CART_ERROR_KEYS.promoCodeForeign)
  })
})

describe('POST /marketing/api/v1/promoCodes/{code} with a cart', () => {
  it('answers what the code takes off the cart', async () => {
    const cartId = await insertCart(database.db, { items: [{ productId: pricey.id, quantity: 2 }] })
    const res = await checkCode(SEED_PROMO_CODES.percent, { city_id: 1, cart_id: cartId })
    expect(res.statusCode, res.body).toBe(200)
    expect(PromoCodeCheck.parse(res.json()).sum).toBe(Math.min(50_000, Math.floor((2 * pricey.price) / 10)))
  })

  it('refuses a cart below the minimum sum, telling the minimum', async () => {
    const cartId = await insertCart(database.db, { items: [{ productId: cheap.id }] })
    const res = await checkCode(SEED_PROMO_CODES.percent, { cart_id: cartId })
    expectError(res, 422, CART_ERROR_KEYS.promoCodeMinSum)
    expect(ErrorBody.parse(res.json()).error.details).toEqual({ min: 20_000 })
  })

  it("applies a category's code only to a cart with that category's products", async () => {
    const without = await insertCart(database.db, { items: [{ productId: pricey.id }] })
    expectError(
      await checkCode(SEED_PROMO_CODES.categoryGift, { cart_id: without }),
      422,
      CART_ERROR_KEYS.promoCodeNotApplicable,
    )
    const withPhone = await insertCart(database.db, {
      items: [{ productId: pricey.id }, { productId: phone.id }],
    })
    const res = await checkCode(SEED_PROMO_CODES.categoryGift, { cart_id: withPhone })
    expect(res.statusCode, res.body).toBe(200)
    expect(PromoCodeCheck.parse(res.json()).sum).toBe(5_000)
  })

  it("refuses another shopper's cart (403), an unknown cart (404) and a malformed id (400)", async () => {
    const owner = await signInTestUser(app)
    const cartId = await insertCart(database.db, { userId: owner.userId, items: [{ productId: pricey.id }] })
    expectError(
      await checkCode(SEED_PROMO_CODES.percent, { cart_id: cartId }),
      403,
      CART_ERROR_KEYS.forbidden,
    )
    expect((await checkCode(SEED_PROMO_CODES.percent, { cart_id: cartId }, owner.headers)).statusCode).toBe(
      200,
    )
    expectError(
      await checkCode(SEED_PROMO_CODES.percent, { cart_id: randomUUID() }),
      404,
      CART_ERROR_KEYS.notFound,
    )
    expect((await checkCode(SEED_PROMO_CODES.percent, { cart_id: 'nope' })).statusCode).toBe(400)
  })
})
