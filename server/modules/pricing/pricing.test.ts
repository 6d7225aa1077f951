import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { CART_ERROR_KEYS } from '../../../contract/values/cart'
import type { Database } from '../../db/connection'
import { rows } from '../../db/rows'
import type { HttpError } from '../../http/errors'
import { SEED_GIFT_CARDS, SEED_PROMO_CODES, SEED_PROMOTION_IDS } from '../../seed/benefits'
import { testApp } from '../../test/app'
import { createBonusRepo } from '../bonus/repo'
import { makeProduct } from '../../test/products'
import { stockedProducts } from '../../test/carts'
import type { CartPricing, PricingInput } from './types'

let database: Database
let pricing: CartPricing
let linesFor: (items: { sku: string; quantity: number }[]) => Promise<PricingInput['lines']>
let gift: { phoneSku: string; phoneId: number; ruleId: number; giftIds: number[] }
let kit: { laptopSku: string; laptopId: number; rules: { id: number; productIds: number[] }[] }
let cashbackSku: string
let tvSku: string

const input = async (
  items: { sku: string; quantity?: number }[],
  over: Partial<PricingInput> = {},
): Promise<PricingInput> => ({
  cartId: '00000000-0000-4000-8000-000000000001',
  cityId: 1,
  userId: null,
  now: new Date(),
  lang: 'ru',
  lines: await linesFor(items.map((i) => ({ sku: i.sku, quantity: i.quantity ?? 1 }))),
  promotionChoices: [],
  marketingUnits: [],
  bonusAmount: 0,
  tradeins: [],
  ...over,
})

async function refusal(promise: Promise<unknown>): Promise<[number, string] | null> {
  try {
    await promise
    return null
  } catch (e) {
    const error = e as HttpError
    return [error.statusCode, error.message]
  }
}

beforeAll(async () => {
  const { app, database: db } = await testApp()
  database = db
  pricing = app.pricing.forConnection(database.db)
  const lines = app.pricingLines
  linesFor = (items) => lines.forSkus(items, 1)
  const promotions = await rows<{
    id: number
    main_entity_ids: number[]
    rules: { id: number; productIds: number[] }[]
  }>(database.db, sql`select id, main_entity_ids, rules from promotions where id in (1, 2) order by id`)
  const skuOf = async (id: number) =>
    (await rows<{ sku: string }>(database.db, sql`select sku from products where id = ${id}`))[0]?.sku ?? ''
  const [giftRow, kitRow] = promotions
  if (!giftRow || !kitRow) throw new Error('the seed wrote no promotions')
  const phoneId = giftRow.main_entity_ids[0] ?? 0
  gift = {
    phoneId,
    phoneSku: await skuOf(phoneId),
    ruleId: giftRow.rules[0]?.id ?? 0,
    giftIds: giftRow.rules[0]?.productIds ?? [],
  }
  const laptopId = kitRow.main_entity_ids[0] ?? 0
  kit = { laptopId, laptopSku: await skuOf(laptopId), rules: kitRow.rules }
  const [brand] = await rows<{ sku: string }>(
    database.db,
    sql`select p.sku from products p, cashback_rules r
        where r.id = 1 and p.brand_id = (r.conditions->'brandIds'->>0)::int and p.type = 'regular'
          and exists (select 1 from stocks s where s.product_id = p.id and s.city_id = 1 and s.quantity > 0)
        order by p.id limit 1`,
  )
  cashbackSku = brand?.sku ?? ''
  const [tv] = await stockedProducts(database.db, 100_000, 1_000_000, 1, 'televizory')
  tvSku = tv?.sku ?? ''
})

describe('pricing lines of a product list', () => {
  it('is active with enough units in the city, and a gift certificate without any stock', async () => {
    const scarce = await makeProduct(database.db, { stock: { 1: 1 } })
    const certificate = await makeProduct(database.db, { type: 'certificate', stock: {} })
    const lines = await linesFor([
      { sku: scarce.sku, quantity: 1 },
      { sku: certificate.sku, quantity: 3 },
    ])
    expect(lines.map((l) => [l.sku, l.isActive])).toEqual([
      [scarce.sku, true],
      [certificate.sku, true],
    ])
    const [tooMany] = await linesFor([{ sku: scarce.sku, quantity: 2 }])
    expect(tooMany?.isActive).toBe(false)
  })
})

describe('pricing a cart against the seeded benefits', () => {
  it('gives a smartphone its gift: the first headphones, free, in the economy but not the totals', async () => {
    const cart = await input([{ sku: gift.phoneSku, quantity: 2 }])
    const result = await pricing.price(cart)
    const promotion = result.promotions.find((p) => p.promoId === SEED_PROMOTION_IDS.smartphoneGift)
    expect(promotion).toMatchObject({ type: 'gift', isApplied: true, referenceProductId: gift.phoneId })
    const chosen = promotion?.result.products[0]
    expect(chosen?.promoPrice).toBe(0)
    const phoneLine = cart.lines[0]
    expect(result.sums.subTotalSum).toBe((phoneLine?.price ?? 0) * 2)
    expect(result.sums.economySum).toBeGreaterThanOrEqual(chosen?.price ?? 1)
  })

  it('adds a chosen laptop kit at its kit prices to the totals', async () => {
    const cart = await input([{ sku: kit.laptopSku }], {
      promotionChoices: [
        {
          promotionId: SEED_PROMOTION_IDS.laptopKit,
          referenceProductId: kit.laptopId,
          rules: kit.rules.map((r) => ({ ruleId: r.id, productIds: r.productIds.slice(0, 1) })),
        },
      ],
    })
    const result = await pricing.price(cart)
    const promotion = result.promotions.find((p) => p.promoId === SEED_PROMOTION_IDS.laptopKit)
    expect(promotion?.isApplied).toBe(true)
    const parts = promotion?.result.products ?? []
    expect(parts).toHaveLength(2)
    const partsSum = parts.reduce((sum, p) => sum + p.promoPrice, 0)
    expect(result.sums.subTotalSum).toBe((cart.lines[0]?.price ?? 0) + partsSum)
    expect(result.cleared).toEqual({})
  })

  it('checks a promotion choice: unknown promotion 404, a product outside the rule 422', async () => {
    const cart = await input([{ sku: gift.phoneSku }])
    const choice = (promotionId: number, productIds: number[]) => ({
      promotionId,
      referenceProductId: gift.phoneId,
      rules: [{ ruleId: gift.ruleId, productIds }],
    })
    expect(
      await refusal(
        pricing.checkPromotionChoice(choice(SEED_PROMOTION_IDS.smartphoneGift, [gift.giftIds[1] ?? 0]), cart),
      ),
    ).toBeNull()
    expect(await refusal(pricing.checkPromotionChoice(choice(987_654_321, []), cart))).toEqual([
      404,
      CART_ERROR_KEYS.promotionNotFound,
    ])
    expect(
      await refusal(
        pricing.checkPromotionChoice(choice(SEED_PROMOTION_IDS.smartphoneGift, [kit.laptopId]), cart),
      ),
    ).toEqual([422, CART_ERROR_KEYS.promotionChoiceInvalid])
  })

  it('checks a promo code and a gift card before they go into the cart', async () => {
    const cart = await input([{ sku: tvSku }])
    const unit = (type: 'promo_code' | 'gift_card', code: string) => ({ type, code, operationId: code })
    expect(
      await refusal(pricing.checkMarketingUnit(unit('promo_code', SEED_PROMO_CODES.percent), cart)),
    ).toBeNull()
    expect(
      await refusal(pricing.checkMarketingUnit(unit('promo_code', SEED_PROMO_CODES.expired), cart)),
    ).toEqual([422, CART_ERROR_KEYS.promoCodeExpired])
    expect(
      await refusal(pricing.checkMarketingUnit(unit('promo_code', SEED_PROMO_CODES.categoryGift), cart)),
    ).toEqual([422, CART_ERROR_KEYS.promoCodeNotApplicable])
    expect(await refusal(pricing.checkMarketingUnit(unit('gift_card', SEED_GIFT_CARDS.ten), cart))).toBeNull()
    expect(await refusal(pricing.checkMarketingUnit(unit('gift_card', 'NOPE'), cart))).toEqual([
      404,
      CART_ERROR_KEYS.giftCardNotFound,
    ])
  })

  it('takes the promo code, then the gift card, and clears an expired code with a notice', async () => {
    const cart = await input([{ sku: tvSku }], {
      marketingUnits: [
        { type: 'promo_code', code: SEED_PROMO_CODES.percent, operationId: 'p1' },
        { type: 'gift_card', code: SEED_GIFT_CARDS.ten, operationId: 'g1' },
      ],
    })
    const tvPrice = cart.lines[0]?.price ?? 0
    const result = await pricing.price(cart)
    const code = Math.min(50_000, Math.floor(tvPrice / 10))
    expect(result.sums).toMatchObject({
      subTotalSum: tvPrice,
      promoCodeSum: code,
      giftCardSum: 10_000,
      grandTotalSum: tvPrice - code - 10_000,
    })
    const expired = await pricing.price({
      ...cart,
      marketingUnits: [{ type: 'promo_code', code: SEED_PROMO_CODES.expired, operationId: 'p2' }],
    })
    expect(expired.cleared.marketingUnits).toEqual([])
    expect(expired.notices.map((n) => n.code)).toEqual(['benefitCleared'])
  })

  it("lets a signed-in shopper spend bonuses up to 30 % of the sum, and refuses a guest's", async () => {
    const userId = `pricing-test-${Date.now()}`
    await createBonusRepo(database.db).accrue(userId, 1_000_000, new Date('2020-01-01'), null)
    const cart = await input([{ sku: tvSku }], { userId })
    const cap = Math.floor(((cart.lines[0]?.price ?? 0) * 30) / 100)
    expect(await refusal(pricing.checkBonusAmount(cap, cart))).toBeNull()
    const tooMany = await refusal(pricing.checkBonusAmount(cap + 1, cart))
    expect(tooMany).toEqual([422, CART_ERROR_KEYS.bonusTooMany])
    expect(await refusal(pricing.checkBonusAmount(100, { ...cart, userId: null }))).toEqual([
      401,
      CART_ERROR_KEYS.bonusUnauthorized,
    ])
    const result = await pricing.price({ ...cart, bonusAmount: cap + 1 })
    expect(result.sums.bonusSum).toBe(cap)
    expect(result.cleared).toEqual({ bonusAmount: cap })
  })

  it("returns 5 % cashback on the seeded brand's products", async () => {
    const cart = await input([{ sku: cashbackSku }])
    const result = await pricing.price(cart)
    const line = cart.lines[0]
    expect(result.lines[0]?.cashback).toBe(Math.floor(((line?.price ?? 0) * 5) / 100))
    expect(result.sums.cashbackSum).toBe(result.lines[0]?.cashback)
  })
})
