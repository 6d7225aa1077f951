import { describe, expect, it } from 'vitest'
import { FUTURE, line, NOW, offered, offeredMap, PAST, promotion, rule } from './fixtures'
import { buildPromotions, matchPromotions, promoPrice } from './promotions'
import type { PricingLine } from './types'
import type { OfferedProduct, PromotionRow } from './benefit-data'
import type { StoredPromotionChoice } from '../../db/schema/cart'

const phone = line({ productId: 1, categoryPath: [10, 3, 1], brandId: 5 })
const gift = promotion({
  id: 1,
  rules: [rule({ id: 11, productIds: [101, 102] })],
})

function build(
  lines: PricingLine[],
  promotions: PromotionRow[],
  products: OfferedProduct[] = [offered({ id: 101 }), offered({ id: 102, price: 15_000 })],
  choices: StoredPromotionChoice[] = [],
  lang: 'ru' | 'kk' = 'ru',
) {
  return buildPromotions({
    lines,
    matches: matchPromotions(lines, promotions, 1, NOW),
    offered: offeredMap(...products),
    choices,
    lang,
  })
}

describe('which promotion a line gets', () => {
  it('matches by product id, by a category or any of its ancestors, and by brand', () => {
    const byCategory = promotion({ id: 2, mainEntityType: 'category', mainEntityIds: [3] })
    const byRoot = promotion({ id: 3, mainEntityType: 'category', mainEntityIds: [1] })
    const byBrand = promotion({ id: 4, mainEntityType: 'brand', mainEntityIds: [5] })
    const otherBrand = promotion({ id: 5, mainEntityType: 'brand', mainEntityIds: [6] })
    for (const p of [gift, byCategory, byRoot, byBrand])
      expect(matchPromotions([phone], [p], 1, NOW).map((m) => m.promotion.id)).toEqual([p.id])
    expect(matchPromotions([phone], [otherBrand], 1, NOW)).toEqual([])
    expect(matchPromotions([{ ...phone, brandId: null }], [byBrand], 1, NOW)).toEqual([])
  })

  it('runs only in its cities (none listed is every city), within its dates, and while active', () => {
    expect(matchPromotions([phone], [{ ...gift, cityIds: [2, 3] }], 1, NOW)).toEqual([])
    expect(matchPromotions([phone], [{ ...gift, cityIds: [1] }], 1, NOW)).toHaveLength(1)
    expect(matchPromotions([phone], [{ ...gift, validFrom: FUTURE }], 1, NOW)).toEqual([])
    expect(matchPromotions([phone], [{ ...gift, validTo: PAST }], 1, NOW)).toEqual([])
    expect(matchPromotions([phone], [{ ...gift, validTo: null }], 1, NOW)).toHaveLength(1)
    expect(matchPromotions([phone], [{ ...gift, isActive: false }], 1, NOW)).toEqual([])
  })

  it('skips inactive lines (unticked or out of stock)', () => {
    expect(matchPromotions([{ ...phone, isActive: false }], [gift], 1, NOW)).toEqual([])
  })

  it('gives a line the promotion with the lower priority when two want it', () => {
    const first = promotion({ id: 7, priority: 10, mainEntityType: 'brand', mainEntityIds: [5] })
    const second = promotion({ id: 6, priority: 50 })
    expect(matchPromotions([phone], [second, first], 1, NOW).map((m) => m.promotion.id)).toEqual([7])
  })
})

describe('gifts', () => {
  it('chooses the first product of each rule, costs 0, and saves its shelf price', () => {
    const out = build([phone], [gift])
    const [p] = out.promotions
    expect(p).toMatchObject({
      promoId: 1,
      ruleId: 11,
      type: 'gift',
      title: 'Акция 1',
      referenceProductSku: phone.sku,
      referenceProductId: 1,
      isRequired: true,
      hasBenefitProducts: true,
      isApplied: true,
      economy: 10_000,
    })
    expect(p?.rules[0]?.products.map((x) => [x.sku, x.isChosen, x.promoPrice])).toEqual([
      ['100101', true, 0],
      ['100102', false, 0],
    ])
    expect(p?.result.products.map((x) => [x.sku, x.price, x.promoPrice])).toEqual([['100101', 10_000, 0]])
    expect(out.economy).toBe(10_000)
    expect(out.kitParts).toEqual([])
  })

  it('never chooses a product out of stock or unpriced in the city, and shows it unavailable', () => {
    const out = build(
      [phone],
      [gift],
      [offered({ id: 101, inStock: false }), offered({ id: 102, price: 15_000 })],
    )
    const products = out.promotions[0]?.rules[0]?.products
    expect(products?.map((x) => [x.sku, x.isAvailable, x.isChosen])).toEqual([
      ['100101', false, false],
      ['100102', true, true],
    ])
    expect(out.economy).toBe(15_000)
  })

  it('has no benefit products and is not applied when nothing of its rules is on offer', () => {
    const out = build(
      [phone],
      [gift],
      [offered({ id: 101, inStock: false }), offered({ id: 102, price: null })],
    )
    expect(out.promotions[0]).toMatchObject({ hasBenefitProducts: false, isApplied: false, economy: 0 })
    expect(out.economy).toBe(0)
  })

  it("follows the shopper's choice", () => {
    const choice = { promotionId: 1, referenceProductId: 1, rules: [{ ruleId: 11, productIds: [102] }] }
    const out = build([phone], [gift], undefined, [choice])
    expect(out.promotions[0]?.result.products.map((x) => x.sku)).toEqual(['100102'])
    expect(out.economy).toBe(15_000)
    expect(out.choices).toBeUndefined()
  })

  it('gives one set of gifts per line, whatever its quantity', () => {
    expect(build([{ ...phone, quantity: 3 }], [gift]).economy).toBe(10_000)
  })

  it('answers the title in Kazakh for kk', () => {
    const out = build([phone], [gift], undefined, [], 'kk')
    expect(out.promotions[0]?.title).toBe('Акция kk 1')
    expect(out.promotions[0]?.rules[0]?.title).toBe('Ереже 11')
    expect(out.promotions[0]?.result.products[0]?.title).toBe('Тауар 101')
  })
})

describe('kits', () => {
  const kit = promotion({
    id: 2,
    type: 'kit',
    isRequired: false,
    rules: [
      rule({ id: 21, productIds: [201], discountKind: 'percent', discountValue: 10 }),
      rule({ id: 22, productIds: [202], discountKind: 'fix', discountValue: 3_000 }),
    ],
  })
  const parts = [offered({ id: 201, price: 12_345 }), offered({ id: 202, price: 8_000 })]
  const taken = {
    promotionId: 2,
    referenceProductId: 1,
    rules: [
      { ruleId: 21, productIds: [201] },
      { ruleId: 22, productIds: [202] },
    ],
  }

  it('takes a fixed sum or a floored percent off each part, never below 0', () => {
    const r = rule({ id: 1, productIds: [], discountKind: 'percent', discountValue: 10 })
    expect(promoPrice('kit', r, 12_345)).toBe(11_111)
    expect(promoPrice('kit', { ...r, discountKind: 'fix', discountValue: 3_000 }, 2_000)).toBe(0)
    expect(promoPrice('gift', r, 12_345)).toBe(0)
  })

  it('offers an optional kit preselected but applies it only once the shopper chose it', () => {
    const offeredOnly = build([phone], [kit], parts)
    expect(offeredOnly.promotions[0]).toMatchObject({
      isApplied: false,
      hasBenefitProducts: true,
      economy: 1_234 + 3_000,
    })
    expect(offeredOnly.promotions[0]?.result.products.map((x) => [x.sku, x.promoPrice])).toEqual([
      ['100201', 11_111],
      ['100202', 5_000],
    ])
    expect(offeredOnly.kitParts).toEqual([])
    expect(offeredOnly.economy).toBe(0)

    const chosen = build([phone], [kit], parts, [taken])
    expect(chosen.promotions[0]?.isApplied).toBe(true)
    expect(chosen.kitParts.map((p) => [p.product.id, p.promoPrice])).toEqual([
      [201, 11_111],
      [202, 5_000],
    ])
    expect(chosen.economy).toBe(4_234)
  })
})

describe('choices that no longer stand', () => {
  it('replaces a chosen product that sold out with the first on offer, and reports it', () => {
    const choice = { promotionId: 1, referenceProductId: 1, rules: [{ ruleId: 11, productIds: [102] }] }
    const out = build([phone], [gift], [offered({ id: 101 }), offered({ id: 102, inStock: false })], [choice])
    expect(out.promotions[0]?.result.products.map((x) => x.sku)).toEqual(['100101'])
    expect(out.choices).toEqual([{ ...choice, rules: [{ ruleId: 11, productIds: [101] }] }])
    expect(out.notices).toEqual([
      {
        code: 'benefitCleared',
        message: 'cart:benefitCleared',
        sku: phone.sku,
        details: { kind: 'promotion', promotionId: 1 },
      },
    ])
  })

  it('drops a choice whose promotion ended on a line still in the cart, and reports it', () => {
    const choice = { promotionId: 1, referenceProductId: 1, rules: [] }
    const out = build([phone], [{ ...gift, validTo: PAST }], undefined, [choice])
    expect(out.choices).toEqual([])
    expect(out.notices.map((n) => n.details?.kind)).toEqual(['promotion'])
  })

  it('drops quietly the choice of a line that left the cart, and keeps that of an unticked line', () => {
    const gone = { promotionId: 1, referenceProductId: 9, rules: [] }
    const unticked = { promotionId: 1, referenceProductId: 1, rules: [] }
    const out = build([{ ...phone, isActive: false }], [gift], undefined, [gone, unticked])
    expect(out.choices).toEqual([unticked])
    expect(out.notices).toEqual([])
  })
})
