import { describe, expect, it } from 'vitest'
import { CART_ERROR_KEYS } from '../../../contract/values/cart'
import type { StoredMarketingUnit } from '../../db/schema/cart'
import { priceCart } from './engine'
import {
  cashbackRule,
  data,
  giftCard,
  input,
  line,
  offered,
  offeredMap,
  PAST,
  promotion,
  rule,
  terms,
} from './fixtures'

const code = (c: string, operationId = c): StoredMarketingUnit => ({
  type: 'promo_code',
  code: c,
  operationId,
})
const card = (c: string, operationId = c): StoredMarketingUnit => ({
  type: 'gift_card',
  code: c,
  operationId,
})

const laptop = line({ productId: 1, price: 100_000, oldPrice: 120_000, categoryPath: [10, 1], brandId: 5 })
const mouse = line({ productId: 2, price: 20_000, quantity: 2, categoryPath: [20, 2], brandId: 6 })
const unticked = line({ productId: 3, price: 50_000, isActive: false })

const kit = promotion({
  id: 1,
  type: 'kit',
  isRequired: false,
  mainEntityIds: [1],
  rules: [rule({ id: 11, productIds: [101], discountKind: 'percent', discountValue: 10 })],
})
const bag = offered({ id: 101, price: 10_000, categoryPath: [10, 1], brandId: 5 })
const kitTaken = { promotionId: 1, referenceProductId: 1, rules: [{ ruleId: 11, productIds: [101] }] }
const gift = promotion({ id: 2, mainEntityIds: [2], rules: [rule({ id: 21, productIds: [102] })] })
const case_ = offered({ id: 102, price: 3_000 })

describe('the totals of a cart', () => {
  it('prices only active lines, at shelf price, with old prices in the economy', () => {
    const { result } = priceCart(input({ lines: [laptop, mouse, unticked] }), data())
    expect(result.sums).toEqual({
      subTotalSum: 140_000,
      economySum: 20_000,
      promoCodeSum: 0,
      tradeinSum: 0,
      giftCardSum: 0,
      bonusSum: 0,
      grandTotalSum: 140_000,
      cashbackSum: 0,
    })
    expect(result.lines.map((l) => [l.productId, l.totalPrice, l.discount])).toEqual([
      [1, 100_000, 17],
      [2, 40_000, 0],
      [3, 50_000, 0],
    ])
    expect(result.cleared).toEqual({})
    expect(result.notices).toEqual([])
  })

  it('adds an applied kit part at its kit price and saves a gift at its shelf price', () => {
    const { result } = priceCart(
      input({ lines: [laptop, mouse], promotionChoices: [kitTaken] }),
      data({ promotions: [kit, gift], offered: offeredMap(bag, case_) }),
    )
    expect(result.sums.subTotalSum).toBe(140_000 + 9_000)
    expect(result.sums.economySum).toBe(20_000 + 1_000 + 3_000)
    expect(result.sums.grandTotalSum).toBe(149_000)
    expect(result.promotions.map((p) => [p.promoId, p.isApplied, p.economy])).toEqual([
      [1, true, 1_000],
      [2, true, 3_000],
    ])
  })

  it('stacks in order: kits, promo code on the eligible items after kits, gift cards, bonuses, cashback', () => {
    const { result } = priceCart(
      input({
        userId: 'u1',
        lines: [laptop, mouse],
        promotionChoices: [kitTaken],
        marketingUnits: [code('BRAND5'), card('CARD')],
        bonusAmount: 20_000,
      }),
      data({
        promotions: [kit],
        offered: offeredMap(bag),
        // 10 % of the laptop and its kit bag (brand 5): 109,000 → 10,900
        promoCode: {
          terms: terms({ code: 'BRAND5', conditions: { brandIds: [5] } }),
          usage: { total: 0, byUser: 0 },
        },
        giftCards: new Map([['CARD', giftCard({ code: 'CARD', balance: 10_000 })]]),
        bonusBalance: 50_000,
        cashbackRules: [cashbackRule({ id: 1, percent: 5, conditions: { brandIds: [6] } })],
      }),
    )
    const afterCode = 149_000 - 10_900
    const left = afterCode - 10_000
    expect(result.sums).toMatchObject({
      subTotalSum: 149_000,
      promoCodeSum: 10_900,
      giftCardSum: 10_000,
      bonusSum: 20_000,
      grandTotalSum: left - 20_000,
      economySum: 20_000 + 1_000 + 10_900,
    })
    expect(result.promoCodeInfo).toEqual({
      code: 'BRAND5',
      discountType: 'percent',
      value: 10,
      rounding: 'floor',
      sum: 10_900,
      applicableSkus: [laptop.sku, bag.sku],
    })
    expect(result.marketingUnits.map((u) => [u.type, u.code, u.amount, u.balance])).toEqual([
      ['promo_code', 'BRAND5', 10_900, null],
      ['gift_card', 'CARD', 10_000, 0],
    ])
    // the mice pay no promo code; their share of cards and bonuses is taken out before the 5 %
    const miceInMoney = Math.floor((40_000 * (left - 20_000)) / afterCode)
    expect(result.lines[1]?.cashback).toBe(Math.floor(miceInMoney * 0.05))
    expect(result.lines[0]?.cashback).toBe(0)
    expect(result.sums.cashbackSum).toBe(result.lines[1]?.cashback)
    expect(result.cleared).toEqual({})
  })

  it('never goes below 0, whatever the gift cards hold', () => {
    const { result } = priceCart(
      input({ lines: [mouse], marketingUnits: [card('BIG')] }),
      data({
        giftCards: new Map([['BIG', giftCard({ code: 'BIG', initialAmount: 90_000, balance: 90_000 })]]),
      }),
    )
    expect(result.sums).toMatchObject({ giftCardSum: 40_000, grandTotalSum: 0 })
    expect(result.marketingUnits[0]?.balance).toBe(50_000)
  })

  it('gives cashback on a line without other benefits, without changing the totals', () => {
    const { result } = priceCart(
      input({ lines: [mouse] }),
      data({ cashbackRules: [cashbackRule({ id: 1, percent: 5 })] }),
    )
    expect(result.lines[0]?.cashback).toBe(2_000)
    expect(result.sums).toMatchObject({ cashbackSum: 2_000, grandTotalSum: 40_000 })
  })
})

describe('benefits cleared at pricing time', () => {
  it('clears a promo code that expired since it was applied, and reports it', () => {
    const { result } = priceCart(
      input({ lines: [laptop], marketingUnits: [code('OLD'), card('CARD')] }),
      data({
        promoCode: { terms: terms({ code: 'OLD', validTo: PAST }), usage: { total: 0, byUser: 0 } },
        giftCards: new Map([['CARD', giftCard({ code: 'CARD' })]]),
      }),
    )
    expect(result.sums.promoCodeSum).toBe(0)
    expect(result.promoCodeInfo).toBeNull()
    expect(result.cleared.marketingUnits).toEqual([card('CARD')])
    expect(result.notices).toEqual([
      {
        code: 'benefitCleared',
        message: 'cart:benefitCleared',
        details: { kind: 'promo_code', code: 'OLD', reason: CART_ERROR_KEYS.promoCodeExpired },
      },
    ])
  })

  it('clears a promo code the products no longer meet (the eligible line was unticked)', () => {
    const { result } = priceCart(
      input({ lines: [{ ...laptop, isActive: false }, mouse], marketingUnits: [code('BRAND5')] }),
      data({
        promoCode: {
          terms: terms({ code: 'BRAND5', conditions: { brandIds: [5] } }),
          usage: { total: 0, byUser: 0 },
        },
      }),
    )
    expect(result.cleared.marketingUnits).toEqual([])
    expect(result.notices[0]?.details).toMatchObject({ reason: CART_ERROR_KEYS.promoCodeNotApplicable })
  })

  it('clears a promo code over its limit since it was applied', () => {
    const { result } = priceCart(
      input({ lines: [laptop], marketingUnits: [code('ONCE')] }),
      data({ promoCode: { terms: terms({ code: 'ONCE', limitTotal: 1 }), usage: { total: 1, byUser: 0 } } }),
    )
    expect(result.cleared.marketingUnits).toEqual([])
    expect(result.notices[0]?.details).toMatchObject({ reason: CART_ERROR_KEYS.promoCodeLimitReached })
  })

  it('keeps one promo code per cart: the one added last', () => {
    const { result } = priceCart(
      input({ lines: [laptop], marketingUnits: [code('FIRST'), code('SECOND')] }),
      data({ promoCode: { terms: terms({ code: 'SECOND' }), usage: { total: 0, byUser: 0 } } }),
    )
    expect(result.marketingUnits.map((u) => u.code)).toEqual(['SECOND'])
    expect(result.cleared.marketingUnits).toEqual([code('SECOND')])
    expect(result.notices).toEqual([])
  })

  it('clears a gift card spent elsewhere since, and reports it', () => {
    const { result } = priceCart(
      input({ lines: [laptop], marketingUnits: [card('EMPTY')] }),
      data({ giftCards: new Map([['EMPTY', giftCard({ code: 'EMPTY', balance: 0 })]]) }),
    )
    expect(result.cleared.marketingUnits).toEqual([])
    expect(result.notices[0]?.details).toEqual({
      kind: 'gift_card',
      code: 'EMPTY',
      reason: CART_ERROR_KEYS.giftCardNoBalance,
    })
  })

  it('spends min(asked, allowed) bonuses and reports a reduction', () => {
    const asked = (bonusAmount: number, bonusBalance = 100_000) =>
      priceCart(input({ userId: 'u1', lines: [laptop], bonusAmount }), data({ bonusBalance })).result
    expect(asked(30_000).sums.bonusSum).toBe(30_000)
    expect(asked(30_000).cleared).toEqual({})
    const capped = asked(40_000)
    expect(capped.sums).toMatchObject({ bonusSum: 30_000, grandTotalSum: 70_000 })
    expect(capped.cleared).toEqual({ bonusAmount: 30_000 })
    expect(capped.notices[0]?.details).toEqual({
      kind: 'bonus',
      amount: 30_000,
      reason: CART_ERROR_KEYS.bonusTooMany,
    })
    expect(asked(30_000, 5_000).cleared).toEqual({ bonusAmount: 5_000 })
  })

  it("spends no bonuses on a guest's cart", () => {
    const { result, bonusAllowed } = priceCart(
      input({ lines: [laptop], bonusAmount: 1_000 }),
      data({ bonusBalance: 9_999 }),
    )
    expect(bonusAllowed).toBe(0)
    expect(result.sums.bonusSum).toBe(0)
    expect(result.cleared).toEqual({ bonusAmount: 0 })
  })
})
