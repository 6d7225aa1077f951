import { i18n } from '@lingui/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { getDefaultStore } from 'jotai'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Cart, TradeProductLink } from '../../../contract/cart'
import { cartIdAtom } from '../../atoms/cart-id'
import { errorAnswer, fakeFetch, json, type RecordedCall } from '../../testing/fake-fetch'
import { MENU } from '../../testing/catalog-fixtures'
import { aCart, aLine, GUEST_ID } from '../../testing/cart-fixtures'
import { renderAppAt } from '../../testing/render-app'

window.scrollTo = () => undefined

const CART_PATH = `/cart/api/v2/carts/${GUEST_ID}`
const LINK: TradeProductLink = {
  sku: '100001',
  city_id: 1,
  available: true,
  price: 100_000,
  devices: [
    { kind: 'smartphone', title: 'Смартфон', credits: { working: 45_000, damaged: 12_000 } },
    { kind: 'tablet', title: 'Планшет', credits: { working: 35_000, damaged: 9_000 } },
  ],
  max_credit: 45_000,
  shops: [],
  shop: null,
}
let cart: Cart
let calls: RecordedCall[]

/** The cart as the server answers a trade-in choice: the credit on the line and off the total. */
function traded(kind: string, condition: 'working' | 'damaged', credit: number): Cart {
  return {
    ...cart,
    products: cart.products.map((line) => ({
      ...line,
      tradein: { deviceKind: kind, condition, title: kind === 'tablet' ? 'Планшет' : 'Смартфон', credit },
    })),
    tradeinSum: credit,
    grandTotalSum: cart.grandTotalSum - credit,
  }
}

function handler(call: RecordedCall): Response {
  if (call.path === '/menu/api/v1/menu/katalog') return json(200, MENU)
  if (call.path === '/trade/api/v1/product-link') return json(200, LINK)
  if (call.path === `${CART_PATH}/tradein` && call.method === 'PUT') {
    const body = call.body as { device_kind: string; condition: 'working' | 'damaged' }
    const device = LINK.devices.find((d) => d.kind === body.device_kind)!
    cart = traded(body.device_kind, body.condition, device.credits[body.condition])
    return json(200, cart)
  }
  if (call.path === `${CART_PATH}/tradein` && call.method === 'DELETE') {
    cart = aCart([aLine({ quantity: 1, price: 100_000, tradeinAvailable: true })])
    return json(200, cart)
  }
  if (call.path.startsWith(CART_PATH)) return json(200, cart)
  return errorAnswer(404, 'not_found', 'errors:notFound')
}

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'ru', messages: {} })
})

beforeEach(async () => {
  cart = aCart([aLine({ quantity: 1, price: 100_000, tradeinAvailable: true })])
  calls = fakeFetch(handler).calls
  await getDefaultStore().set(cartIdAtom, GUEST_ID)
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('trade-in on a cart line', () => {
  it('lets the shopper pick the old device and its condition, shows the credit and the new total, and removes it', async () => {
    await renderAppAt('/cart')
    const line = await screen.findByTestId('cart-line')
    fireEvent.click(within(line).getByTestId('tradein-open'))
    const form = await within(line).findByTestId('tradein-form')
    const asked = calls.find((c) => c.path === '/trade/api/v1/product-link')?.search
    expect([asked?.get('sku'), asked?.get('city_id')]).toEqual(['100001', '1'])
    const estimate = () => within(form).getByTestId('tradein-estimate').textContent?.replace(/\s/g, '')
    expect(estimate()).toContain('45000₸')
    fireEvent.change(within(form).getByTestId('tradein-device'), { target: { value: 'tablet' } })
    fireEvent.click(within(form).getByTestId('tradein-damaged'))
    expect(estimate()).toContain('9000₸')
    expect(estimate()).toContain('91000₸')
    fireEvent.click(within(form).getByTestId('tradein-apply'))

    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT' && c.path === `${CART_PATH}/tradein`)?.body).toEqual({
        city_id: 1,
        sku: '100001',
        device_kind: 'tablet',
        condition: 'damaged',
      }),
    )
    const chosen = await within(line).findByTestId('tradein-chosen')
    expect(chosen.textContent).toContain('Планшет')
    expect(within(chosen).getByTestId('tradein-credit').textContent?.replace(/\s/g, '')).toContain('9000')
    expect((await screen.findByTestId('total-tradein')).textContent?.replace(/\s/g, '')).toContain('9000')

    fireEvent.click(within(chosen).getByTestId('tradein-remove'))
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === `${CART_PATH}/tradein`)).toBe(true),
    )
    await within(line).findByTestId('tradein-open')
    expect(screen.queryByTestId('total-tradein')).toBeNull()
  })

  it('offers nothing on a line whose product takes no old device', async () => {
    cart = aCart([aLine({ quantity: 1 })])
    await renderAppAt('/cart')
    const line = await screen.findByTestId('cart-line')
    expect(within(line).queryByTestId('tradein-open')).toBeNull()
  })
})
