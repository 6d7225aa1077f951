import { describe, expect, it } from 'vitest'
import { CART_ERROR_KEYS } from '../../../contract/values/cart'
import type { HttpError } from '../../http/errors'
import { priceCart } from './engine'
import { data, giftCard, input, line, terms } from './fixtures'
import { acceptedDevices, checkTradein, type TradeinTables } from './tradein'

const device = (kind: string, position: number, creditWorking: number, creditDamaged: number) => ({
  kind,
  titleRu: `Старый ${kind}`,
  titleKk: `Ескі ${kind}`,
  position,
  creditWorking,
  creditDamaged,
})

/** Phones (category 30 under 3) take an old phone or tablet; Almaty and Astana have trade-in shops. */
const tables: TradeinTables = {
  devices: new Map([
    ['smartphone', device('smartphone', 1, 45_000, 12_000)],
    ['tablet', device('tablet', 2, 35_000, 9_000)],
  ]),
  kindsByCategory: new Map([[3, new Set(['smartphone', 'tablet'])]]),
  cities: new Set([1, 2]),
}
const phone = line({ productId: 1, price: 100_000, categoryPath: [30, 3] })
const cheapPhone = line({ productId: 2, price: 20_000, categoryPath: [30, 3] })
const fridge = line({ productId: 3, price: 200_000, categoryPath: [40, 4] })
const oldPhone = { productId: 1, deviceKind: 'smartphone', condition: 'working' as const }

describe('trade-in', () => {
  it('offers the old devices of a product’s category and its ancestors, only where a shop takes them', () => {
    expect(acceptedDevices(tables, phone, 1).map((d) => d.kind)).toEqual(['smartphone', 'tablet'])
    expect(acceptedDevices(tables, phone, 4)).toEqual([])
    expect(acceptedDevices(tables, fridge, 1)).toEqual([])
    expect(acceptedDevices(tables, { ...phone, type: 'service' }, 1)).toEqual([])
  })

  it('takes the credit by condition off what is left after the promo code, and says so on the line', () => {
    const priced = priceCart(
      input({ lines: [phone, fridge], tradeins: [oldPhone] }),
      data({ tradein: tables }),
    ).result
    expect(priced.sums).toMatchObject({ subTotalSum: 300_000, tradeinSum: 45_000, grandTotalSum: 255_000 })
    expect(priced.lines[0]).toMatchObject({
      tradeinAvailable: true,
      tradein: { deviceKind: 'smartphone', condition: 'working', title: 'Старый smartphone', credit: 45_000 },
    })
    expect(priced.lines[1]).toMatchObject({ tradeinAvailable: false, tradein: null })
    const damaged = priceCart(
      input({ lines: [phone], tradeins: [{ ...oldPhone, condition: 'damaged' }], lang: 'kk' }),
      data({ tradein: tables }),
    ).result
    expect(damaged.sums.tradeinSum).toBe(12_000)
    expect(damaged.lines[0]?.tradein?.title).toBe('Ескі smartphone')
  })

  it('never makes the cart cost less than nothing: a credit is at most its line and what is left to pay', () => {
    const alone = priceCart(
      input({ lines: [cheapPhone], tradeins: [{ ...oldPhone, productId: 2 }] }),
      data({ tradein: tables }),
    ).result
    expect(alone.sums).toMatchObject({ tradeinSum: 20_000, grandTotalSum: 0 })
    // a promo code first, then the old device, then a gift card: each on what the one before left
    const code = { type: 'promo_code' as const, code: 'TEN', operationId: 'c' }
    const card = { type: 'gift_card' as const, code: 'G', operationId: 'g' }
    const stacked = priceCart(
      input({
        lines: [cheapPhone],
        tradeins: [{ ...oldPhone, productId: 2 }],
        marketingUnits: [code, card],
      }),
      data({
        tradein: tables,
        promoCode: {
          terms: terms({ code: 'TEN', discountKind: 'fix', value: 5_000 }),
          usage: { total: 0, byUser: 0 },
        },
        giftCards: new Map([['G', giftCard({ code: 'G', balance: 10_000 })]]),
      }),
    ).result
    expect(stacked.sums).toMatchObject({
      promoCodeSum: 5_000,
      tradeinSum: 15_000,
      giftCardSum: 0,
      grandTotalSum: 0,
    })
  })

  it('keeps an unticked line’s device without credit, drops a gone line’s quietly, and clears one no longer taken', () => {
    const unticked = priceCart(
      input({ lines: [{ ...phone, isActive: false }], tradeins: [oldPhone] }),
      data({ tradein: tables }),
    ).result
    expect(unticked.sums.tradeinSum).toBe(0)
    expect(unticked.lines[0]?.tradein?.credit).toBe(0)
    expect(unticked.cleared.tradeins).toBeUndefined()

    const gone = priceCart(input({ lines: [fridge], tradeins: [oldPhone] }), data({ tradein: tables })).result
    expect(gone.cleared.tradeins).toEqual([])
    expect(gone.notices).toEqual([])

    const elsewhere = priceCart(
      input({ lines: [phone], tradeins: [oldPhone], cityId: 4 }),
      data({ tradein: tables }),
    ).result
    expect(elsewhere.sums.tradeinSum).toBe(0)
    expect(elsewhere.cleared.tradeins).toEqual([])
    expect(elsewhere.notices).toEqual([
      expect.objectContaining({
        code: 'benefitCleared',
        sku: phone.sku,
        details: { kind: 'tradein', reason: CART_ERROR_KEYS.tradeinUnavailable },
      }),
    ])
  })

  it('refuses a device the product does not take, or a line without trade-in, with 422', () => {
    const refusal = (f: () => void) => {
      try {
        f()
        return null
      } catch (e) {
        return [(e as HttpError).statusCode, (e as HttpError).message]
      }
    }
    expect(refusal(() => checkTradein(tables, oldPhone, [phone], 1))).toBeNull()
    expect(refusal(() => checkTradein(tables, { ...oldPhone, deviceKind: 'tv' }, [phone], 1))).toEqual([
      422,
      CART_ERROR_KEYS.tradeinDeviceNotAccepted,
    ])
    expect(refusal(() => checkTradein(tables, oldPhone, [phone], 4))).toEqual([
      422,
      CART_ERROR_KEYS.tradeinUnavailable,
    ])
    expect(refusal(() => checkTradein(tables, { ...oldPhone, productId: 3 }, [fridge], 1))).toEqual([
      422,
      CART_ERROR_KEYS.tradeinUnavailable,
    ])
  })
})
