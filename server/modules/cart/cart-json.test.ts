import { describe, expect, it } from 'vitest'
import type { Lang } from '../../../contract/common'
import type { CategoryChain } from './categories'
import { cartJson } from './cart-json'
import { cartAnswer, type CartAnswerInput, type Line } from './cart-view'
import type { PricingResult } from '../pricing'
import type { CartProduct } from './product-source'
import type { CartRow } from './repo'

const source = (id: number, overrides: Partial<CartProduct> = {}): CartProduct =>
  Object.freeze({
    id,
    sku: `${id}00`,
    uri: `tovar-${id}`,
    type: 'regular',
    title_ru: `Телевизор «Samsung» ${id}"`,
    title_kk: `Теледидар \\ ${id}`,
    category_id: 7,
    brand_id: 1,
    brand: 'Samsung',
    stickers: [
      {
        code: 'new' as const,
        text_ru: 'Новинка',
        text_kk: 'Жаңа',
        text_color: '#fff',
        background_color: '#16a34a',
      },
    ],
    only_prepayment: false,
    own_reference_id: null,
    price: 100_000 + id,
    old_price: id % 2 ? 120_000 : null,
    price_usd: '198.5',
    stock_new: 3,
    stock_showcase: 1,
    images: [`p${id}-0`],
    ...overrides,
  })

const line = (product: CartProduct, quantity: number, extra: Partial<Line> = {}): Line => ({
  product,
  quantity,
  ticked: true,
  referenceProductId: null,
  forAssembly: false,
  ...extra,
})

const cart: CartRow = {
  id: '7d1c1f43-8a43-4d6e-9a4f-0c7f1c1b2a11',
  user_id: null,
  city_id: 1,
  version: 4,
  promotion_choices: [],
  marketing_units: [],
  bonus_amount: 0,
  notices: [],
  created_at: new Date('2026-11-01T10:00:00Z'),
  updated_at: new Date('2026-11-22T10:00:00Z'),
  closed_at: null,
}

const chains: Record<Lang, string[]> = { ru: ['Телевизоры', 'Смарт'], kk: ['Теледидарлар', 'Смарт'] }
const chainOf = (): CategoryChain => ({ ids: [1, 7], names: chains })

function inputOf(lines: Line[], lang: Lang, pricedLines: PricingResult['lines'] = []): CartAnswerInput {
  const priced: PricingResult = {
    lines: pricedLines,
    promotions: [],
    marketingUnits: [
      { type: 'promo_code', code: 'ОСЕНЬ', operationId: 'op-1' },
    ] as PricingResult['marketingUnits'],
    promoCodeInfo: null,
    sums: {
      subTotalSum: 1,
      economySum: 0,
      promoCodeSum: 0,
      giftCardSum: 0,
      bonusSum: 0,
      grandTotalSum: 1,
      cashbackSum: 0,
    },
    cleared: {},
    notices: [],
  }
  return {
    cart,
    lines,
    priced,
    chainOf,
    lang,
    notices: [{ code: 'promoCodeRemoved', message: 'Промокод «ОСЕНЬ» снят', details: { code: 'ОСЕНЬ' } }],
  }
}

/** The answer as an object, and the bytes the renderer makes of the same input, parsed. */
function render(lines: Line[], lang: Lang, pricedLines: PricingResult['lines'] = []) {
  const input = inputOf(lines, lang, pricedLines)
  const bytes = cartJson(input)
  return { answer: cartAnswer(input), bytes, json: JSON.parse(bytes.toString('utf8')) as unknown }
}

const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown

describe('cart answer as JSON', () => {
  it('says what JSON.stringify says, in both languages, with services and quotes in titles', () => {
    const tv = source(1)
    const warranty = source(2, { type: 'guaranty', price: 9_990, images: null, stickers: [] })
    const lines = [line(tv, 2), line(warranty, 1, { referenceProductId: 1 }), line(source(3), 1)]
    for (const lang of ['ru', 'kk'] as const) {
      const { answer, json } = render(lines, lang)
      expect(answer.services).toHaveLength(1)
      expect(json).toEqual(plain(answer))
    }
  })

  it('renders each line’s own numbers when another cart shows the same product', () => {
    const tv = source(4)
    const first = render([line(tv, 1)], 'ru')
    expect(first.json).toEqual(plain(first.answer))
    const second = render([line(tv, 3)], 'ru', [
      {
        productId: 4,
        unitPrice: 90_000,
        totalPrice: 270_000,
        totalOldPrice: 360_000,
        cashback: 500,
        discount: 25,
      },
    ])
    expect(second.json).toEqual(plain(second.answer))
    expect((second.json as { products: object[] }).products[0]).toMatchObject({ quantity: 3, price: 90_000 })
  })

  it('renders a product anew when it changes or its category is renamed', () => {
    const before = render([line(source(5), 1)], 'kk')
    expect(before.json).toEqual(plain(before.answer))
    const after = source(5, { title_kk: 'Жаңа атауы', stock_new: 0 })
    const changed = render([line(after, 1)], 'kk')
    expect(changed.json).toEqual(plain(changed.answer))
    chains.kk = ['Басқа санат']
    const renamed = render([line(after, 1)], 'kk')
    expect(renamed.json).toEqual(plain(renamed.answer))
    expect((renamed.json as { products: { categories: string[] }[] }).products[0]?.categories).toEqual([
      'Басқа санат',
    ])
  })

  it('renders an answer larger than the buffer it starts with', () => {
    const lines = Array.from({ length: 120 }, (_, i) =>
      line(source(100 + i, { title_ru: 'Ш'.repeat(400) }), 1),
    )
    const { answer, bytes, json } = render(lines, 'ru')
    expect(bytes.length).toBeGreaterThan(64 * 1024)
    expect(json).toEqual(plain(answer))
  })

  it('renders an empty cart', () => {
    const { answer, json } = render([], 'ru')
    expect(json).toEqual(plain(answer))
  })
})
