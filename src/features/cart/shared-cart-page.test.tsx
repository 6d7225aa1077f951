import { i18n } from '@lingui/core'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { getDefaultStore } from 'jotai'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SharedCart } from '../../../contract/cart'
import { cartIdAtom } from '../../atoms/cart-id'
import { renderAppAt } from '../../testing/render-app'
import { errorAnswer, fakeFetch, json, type RecordedCall } from '../../testing/fake-fetch'
import { MENU } from '../../testing/catalog-fixtures'
import { aCart, aLine, GUEST_ID } from '../../testing/cart-fixtures'

window.scrollTo = () => undefined

const item = (sku: string, overrides: Partial<SharedCart['items'][number]> = {}) => ({
  sku,
  uri: `product-${sku}`,
  title: `Товар ${sku}`,
  type: 'regular' as const,
  image: null,
  price: 10_000,
  oldPrice: null,
  stickers: [],
  isActive: true,
  quantity: 1,
  ...overrides,
})

const SHARED: SharedCart = {
  shared_cart_id: 'abc123XYZ',
  cityId: 1,
  items: [item('100001', { quantity: 2 }), item('100002'), item('900001', { type: 'service' })],
}
let calls: RecordedCall[]

function handler(call: RecordedCall): Response {
  if (call.path === '/menu/api/v1/menu/katalog') return json(200, MENU)
  if (call.path === '/cart/api/v3/carts/shared/abc123XYZ') return json(200, SHARED)
  if (call.path === '/cart/api/v3/carts/shared/gone0000')
    return errorAnswer(404, 'not_found', 'cart:sharedCartNotFound')
  if (call.path === `/cart/api/v3/carts/${GUEST_ID}/productsBatch`)
    return json(200, aCart([aLine({ quantity: 2 }), aLine({ id: 2, sku: '100002' })]))
  if (call.path === `/cart/api/v2/carts/${GUEST_ID}`) return json(200, aCart([]))
  return errorAnswer(404, 'not_found', 'errors:notFound')
}

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'ru', messages: {} })
})

beforeEach(async () => {
  calls = fakeFetch(handler).calls
  await getDefaultStore().set(cartIdAtom, GUEST_ID)
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('a shared cart', () => {
  it('lists the shared goods without services and adds them all to the shopper’s cart in one batch', async () => {
    const router = await renderAppAt('/cart/shared/abc123XYZ')

    const items = await screen.findAllByTestId('shared-cart-item')
    expect(items.map((shown) => shown.dataset.sku)).toEqual(['100001', '100002'])
    fireEvent.click(screen.getByTestId('shared-cart-add-all'))

    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'))
    const batch = calls.find((call) => call.path.endsWith('/productsBatch'))
    expect(batch?.body).toEqual({
      city_id: 1,
      assembly_pc: false,
      products: [
        { sku: '100001', quantity: 2, is_active: true },
        { sku: '100002', quantity: 1, is_active: true },
      ],
    })
  })

  it('says when the link is no longer valid', async () => {
    await renderAppAt('/cart/shared/gone0000')

    expect((await screen.findByTestId('shared-cart-error')).textContent).toBe(
      'Ссылка на корзину устарела или неверна',
    )
  })
})
