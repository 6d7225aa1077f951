import { describe, expect, it } from 'vitest'
import { Cart } from '../../../contract/cart'
import type { Lang } from '../../../contract/common'
import type { PricingResult } from '../pricing'
import { chains, inputOf, line, source } from './answer-fixtures'
import { cartJson } from './cart-json'
import { cartAnswer, type Line } from './cart-view'

/** The answer as an object, and the bytes the renderer makes of the same input, parsed. */
function render(lines: Line[], lang: Lang, pricedLines: PricingResult['lines'] = []) {
  const input = inputOf(lines, lang, pricedLines)
  const bytes = cartJson(input)
  const json = JSON.parse(bytes.toString('utf8')) as unknown
  // the route sends these bytes unchecked in production: every answer here holds to the contract
  expect(Cart.safeParse(json).error).toBeUndefined()
  return { answer: cartAnswer(input), bytes, json }
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
        tradeinAvailable: true,
        tradein: { deviceKind: 'tv', condition: 'working', title: 'Телевизор «старый»', credit: 50_000 },
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
