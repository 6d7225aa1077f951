import { i18n } from '@lingui/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { getDefaultStore } from 'jotai'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Cart } from '../../contract/cart'
import { cartIdAtom } from '../atoms/cart-id'
import { renderAppAt } from '../testing/render-app'
import { errorAnswer, fakeFetch, json, type RecordedCall } from '../testing/fake-fetch'
import { toast } from '../ui/toast/toast-store'
import { CRUMBS, filters, listing, MENU } from '../testing/catalog-fixtures'
import { aCart, aLine, GUEST_ID } from '../testing/cart-fixtures'

window.scrollTo = () => undefined

let cart: Cart | null
let addAnswer: (call: RecordedCall) => Response
let calls: RecordedCall[]

function handler(call: RecordedCall): Response {
  if (call.path.startsWith('/katalog/api/v2/products/category/')) return json(200, listing(1, 24))
  if (call.path === '/katalog/api/v1/products/filters') return json(200, filters(24))
  if (call.path.startsWith('/menu/api/v1/menu/breadcrumbs/categories/')) return json(200, CRUMBS)
  if (call.path === '/menu/api/v1/menu/katalog') return json(200, MENU)
  if (call.path === '/cart/api/v2/carts' && call.method === 'POST') {
    cart = aCart([])
    return json(201, cart)
  }
  if (call.path === `/cart/api/v2/carts/${GUEST_ID}` && cart) return json(200, cart)
  if (call.path === `/cart/api/v3/carts/${GUEST_ID}/products`) return addAnswer(call)
  return errorAnswer(404, 'not_found', 'errors:notFound')
}

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'ru', messages: {} })
})

beforeEach(async () => {
  cart = null
  toast.clear()
  addAnswer = () => {
    cart = aCart([aLine({ sku: '100001' })])
    return json(200, cart)
  }
  calls = fakeFetch(handler).calls
  await getDefaultStore().set(cartIdAtom, null)
})

afterEach(() => {
  vi.unstubAllGlobals()
})

const firstCard = async () => (await screen.findAllByTestId('product-card'))[0] as HTMLElement
const enabledButton = async (card: HTMLElement) => {
  const button = within(card).getByTestId('add-to-cart') as HTMLButtonElement
  await waitFor(() => expect(button.disabled).toBe(false))
  return button
}

describe('adding from a product card', () => {
  it('creates a guest cart at the first add, adds the product, says so and counts it in the header', async () => {
    await renderAppAt('/catalog/smartfony')
    const card = await firstCard()
    await waitFor(() => expect(screen.getByTestId('cart-count').dataset.count).toBe('0'))

    fireEvent.click(await enabledButton(card))

    await waitFor(() =>
      expect(toast.getSnapshot().map((shown) => shown.title)).toContain('Товары успешно добавлены в корзину'),
    )
    // the cart's own calls: the page's other features (the guest offer's flags) post on their own time
    const cartPosts = calls.filter((call) => call.method === 'POST' && call.path.startsWith('/cart/'))
    expect(cartPosts.map((call) => call.path)).toEqual([
      '/cart/api/v2/carts',
      `/cart/api/v3/carts/${GUEST_ID}/products`,
    ])
    expect(await getDefaultStore().get(cartIdAtom)).toBe(GUEST_ID)
    await waitFor(() => expect(screen.getByTestId('cart-count').dataset.count).toBe('1'))
    await waitFor(() => expect(within(card).getByTestId('add-to-cart').dataset.inCart).toBe('true'))
    expect(within(card).getByTestId('add-to-cart').getAttribute('href')).toBe('/cart')
  })

  it('says how many the city holds when the server refuses the quantity', async () => {
    await getDefaultStore().set(cartIdAtom, GUEST_ID)
    cart = aCart([])
    addAnswer = () => errorAnswer(409, 'conflict', 'cart:availableInTotal', { count: 2 })
    await renderAppAt('/catalog/smartfony')

    fireEvent.click(await enabledButton(await firstCard()))

    await waitFor(() =>
      expect(toast.getSnapshot().map((shown) => shown.title)).toContain('Всего в наличии 2 шт.'),
    )
    // The optimistic unit goes away again once the server's cart is back.
    await waitFor(() => expect(screen.getByTestId('cart-count').dataset.count).toBe('0'))
  })
})
