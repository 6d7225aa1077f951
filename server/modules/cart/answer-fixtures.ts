import type { Lang } from '../../../contract/common'
import type { CategoryChain } from '../catalog'
import type { PricingResult } from '../pricing'
import type { CartAnswerInput, Line } from './cart-view'
import type { CartProduct } from './product-source'
import type { CartRow } from './repo'

/** Cart answers made in memory, without a database: for the answer writer's test and its bench. */

export const source = (id: number, overrides: Partial<CartProduct> = {}): CartProduct =>
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

export const line = (product: CartProduct, quantity: number, extra: Partial<Line> = {}): Line => ({
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
  tradeins: [],
  notices: [],
  created_at: new Date('2026-11-01T10:00:00Z'),
  updated_at: new Date('2026-11-22T10:00:00Z'),
  closed_at: null,
}

export const chains: Record<Lang, string[]> = { ru: ['Телевизоры', 'Смарт'], kk: ['Теледидарлар', 'Смарт'] }
const chainOf = (): CategoryChain => ({ ids: [1, 7], names: chains })

export function inputOf(
  lines: Line[],
  lang: Lang,
  pricedLines: PricingResult['lines'] = [],
): CartAnswerInput {
  const priced: PricingResult = {
    lines: pricedLines,
    promotions: [],
    marketingUnits: [{ type: 'promo_code', code: 'ОСЕНЬ', operationId: 'op-1', amount: 0, balance: null }],
    promoCodeInfo: null,
    sums: {
      subTotalSum: 1,
      economySum: 0,
      promoCodeSum: 0,
      tradeinSum: 0,
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
