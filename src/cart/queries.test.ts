import { i18n } from '@lingui/core'
import { QueryClient } from '@tanstack/react-query'
import { createStore as createIdbStore } from 'idb-keyval'
import { getDefaultStore } from 'jotai'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { cartIdAtom } from '../atoms/cart-id'
import { clearTokens } from '../data/auth-tokens'
import { createOutbox, type Outbox } from '../data/outbox'
import { errorAnswer, fakeFetch, json } from '../testing/fake-fetch'
import { guestCart, NAMED_CART } from './cart-paths'
import { cartErrorText } from './messages'
import { CART_ITEM_REMOVED_EVENT } from './events'
import { addProducts, removeLine, settled, updateLine, type CartTarget } from './mutations'
import { cartKey, cartQuery, rememberPreview } from './queries'
import { mergeGuestCart } from './session'
import { aCart, aLine, GUEST_ID, OTHER_ID } from '../testing/cart-fixtures'
import type { Cart } from '../../contract/cart'

let storeCount = 0
let online: boolean
let outbox: Outbox
let queryClient: QueryClient
let target: CartTarget
const owner = guestCart(GUEST_ID)
const key = cartKey(owner, 1)

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'ru', messages: {} })
})

beforeEach(async () => {
  storeCount++
  online = true
  outbox = createOutbox({
    store: createIdbStore(`cart-test-${storeCount}`, 'items'),
    isOnline: () => online,
    lockName: `cart-outbox-${storeCount}`,
  })
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  target = { queryClient, owner, cityId: 1, outbox }
  clearTokens()
  await getDefaultStore().set(cartIdAtom, GUEST_ID)
})

afterEach(() => {
  vi.unstubAllGlobals()
})

const cached = () => queryClient.getQueryData<Cart>(key)

describe('adding to the cart', () => {
  it('shows the new line and count at once, then takes the server cart as the answer', async () => {
    queryClient.setQueryData(key, aCart([aLine()]))
    const server = aCart([aLine(), aLine({ id: 2, sku: '100002', title: 'Чехол', price: 2_000 })])
    let answer: (response: Response) => void = () => undefined
    const { calls } = fakeFetch(() => new Promise<Response>((resolve) => (answer = resolve)))
    rememberPreview(queryClient, {
      sku: '100002',
      id: 2,
      uri: 'chehol',
      title: 'Чехол',
      price: 2_000,
      oldPrice: null,
      images: [],
      type: 'regular',
    })

    const enqueued = addProducts(target, [{ sku: '100002', quantity: 1 }])

    expect(cached()?.products.map((line) => line.sku)).toEqual(['100001', '100002'])
    expect(cached()?.productCount).toBe(2)
    expect(cached()?.grandTotalSum).toBe(12_000)
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]?.method).toBe('POST')
    expect(calls[0]?.path).toBe(`/cart/api/v3/carts/${GUEST_ID}/products`)
    expect(calls[0]?.headers.get('Idempotency-Key')).toBeTruthy()
    expect(calls[0]?.body).toEqual({
      city_id: 1,
      products: [{ sku: '100002', quantity: 1, is_active: true }],
    })

    answer(json(200, { ...server, version: 2 }))
    expect((await settled(enqueued, outbox)).status).toBe('done')
    expect(cached()?.version).toBe(2)
  })

  it('says how many the city has when the server answers 409, and forgets the refused change', async () => {
    queryClient.setQueryData(key, aCart([aLine({ quantity: 5 })]))
    fakeFetch((call) =>
      call.method === 'GET'
        ? json(200, aCart([aLine({ quantity: 5 })]))
        : errorAnswer(409, 'conflict', 'cart:availableInTotal', { count: 5 }),
    )

    const outcome = await settled(addProducts(target, [{ sku: '100001', quantity: 1 }]), outbox)

    expect(outcome.status).toBe('failed')
    if (outcome.status !== 'failed') return
    expect(cartErrorText(i18n, outcome.error)).toBe('Всего в наличии 5 шт.')
    expect(outbox.getItems()).toEqual([])
  })
})

describe('changes made offline', () => {
  it('sends one request with the latest quantity of a line, and removes a line, once the network returns', async () => {
    online = false
    const line = aLine({ quantity: 1 })
    const other = aLine({ id: 2, sku: '100002' })
    queryClient.setQueryData(key, aCart([line, other]))
    const { calls } = fakeFetch((call) => json(200, aCart(call.method === 'DELETE' ? [line] : [line, other])))

    const removals: Event[] = []
    const onRemoved = (event: Event) => removals.push(event)
    window.addEventListener(CART_ITEM_REMOVED_EVENT, onRemoved)
    updateLine(target, line, { quantity: 2 })
    updateLine(target, { ...line, quantity: 2 }, { quantity: 3 })
    removeLine(target, '100002')
    window.removeEventListener(CART_ITEM_REMOVED_EVENT, onRemoved)
    // the guest offer hears of it at once, offline too
    expect(removals).toHaveLength(1)

    expect(cached()?.products.map((l) => [l.sku, l.quantity])).toEqual([['100001', 3]])
    expect(outbox.getItems().map((item) => item.kind)).toEqual(['cart.setLine', 'cart.remove'])
    expect(calls).toHaveLength(0)

    online = true
    await outbox.replay({ force: true })

    const sent = calls.filter((call) => call.method !== 'GET')
    expect(sent.map((call) => call.method)).toEqual(['PUT', 'DELETE'])
    expect(sent[0]?.body).toEqual({ city_id: 1, products: [{ sku: '100001', quantity: 3, is_active: true }] })
    expect(sent[1]?.search.get('product_id')).toBe('100002')
  })

  it('lays the changes still queued over a cart the server sends meanwhile', async () => {
    online = false
    queryClient.setQueryData(key, aCart([aLine()]))
    updateLine(target, aLine(), { quantity: 4 })
    fakeFetch(() => json(200, aCart([aLine()])))

    const cart = await queryClient.fetchQuery(cartQuery(owner, 1, { outbox }))

    expect(cart.products[0]?.quantity).toBe(4)
    expect(cart.productCount).toBe(4)
  })
})

describe('loading the cart', () => {
  it('replaces a guest cart the server answers 403 for with a new one and keeps its id', async () => {
    const created = aCart([], { id: OTHER_ID })
    const { calls } = fakeFetch((call) =>
      call.method === 'GET' ? errorAnswer(403, 'forbidden', 'cart:forbidden') : json(201, created),
    )

    const cart = await queryClient.fetchQuery(cartQuery(owner, 1, { outbox }))

    expect(cart.id).toBe(OTHER_ID)
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `GET /cart/api/v2/carts/${GUEST_ID}`,
      'POST /cart/api/v2/carts',
    ])
    expect(calls[1]?.body).toEqual({ city_id: 1 })
    expect(await getDefaultStore().get(cartIdAtom)).toBe(OTHER_ID)
  })

  it('tells the shopper when the cart cannot be loaded and keeps the error for the page', async () => {
    fakeFetch(() => errorAnswer(500, 'internal', 'errors:tryLater'))
    const onLoadFailed = vi.fn()

    await expect(queryClient.fetchQuery(cartQuery(owner, 1, { outbox, onLoadFailed }))).rejects.toThrow()
    expect(onLoadFailed).toHaveBeenCalledTimes(1)
  })

  it('reads the named cart of a signed-in shopper without an id', async () => {
    const { calls } = fakeFetch(() => json(200, aCart([aLine()], { cartType: 'named' })))

    await queryClient.fetchQuery(cartQuery(NAMED_CART, 2, { outbox }))

    expect(calls[0]?.path).toBe('/cart/api/v2/carts')
    expect(calls[0]?.search.get('city_id')).toBe('2')
  })
})

describe('signing in', () => {
  it('merges the guest cart into the named one and forgets the guest id', async () => {
    const merged = aCart([aLine({ quantity: 2 })], { cartType: 'named', id: OTHER_ID })
    const { calls } = fakeFetch(() => json(200, merged))

    await mergeGuestCart(queryClient, 1, i18n, outbox)

    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `POST /cart/api/v2/carts/merge/${GUEST_ID}`,
    ])
    expect(queryClient.getQueryData(cartKey(NAMED_CART, 1))).toEqual(merged)
    expect(await getDefaultStore().get(cartIdAtom)).toBeNull()
  })

  it('keeps the merged cart when a read of the named cart sent before the merge answers after it', async () => {
    const merged = aCart([aLine({ quantity: 2 })], { cartType: 'named', id: OTHER_ID })
    let answerRead: (response: Response) => void = () => undefined
    fakeFetch((call) =>
      call.method === 'GET' ? new Promise<Response>((resolve) => (answerRead = resolve)) : json(200, merged),
    )
    // signed in: the page reads the shopper's cart while the guest's is being merged into it
    const read = queryClient.fetchQuery(cartQuery(NAMED_CART, 1, { outbox })).catch(() => undefined)

    await mergeGuestCart(queryClient, 1, i18n, outbox)
    answerRead(json(200, aCart([], { cartType: 'named', id: OTHER_ID })))
    await read

    expect(queryClient.getQueryData(cartKey(NAMED_CART, 1))).toEqual(merged)
  })

  it('sends the changes still queued for the guest cart before merging it', async () => {
    online = false
    queryClient.setQueryData(key, aCart([aLine()]))
    updateLine(target, aLine(), { quantity: 2 })
    const { calls } = fakeFetch(() => json(200, aCart([aLine({ quantity: 2 })])))
    online = true

    await mergeGuestCart(queryClient, 1, i18n, outbox)

    expect(
      calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`),
    ).toEqual([`PUT /cart/api/v2/carts/${GUEST_ID}/products`, `POST /cart/api/v2/carts/merge/${GUEST_ID}`])
  })

  it('keeps the guest id when the merge fails, so nothing is lost', async () => {
    fakeFetch(() => errorAnswer(500, 'internal', 'errors:tryLater'))

    await mergeGuestCart(queryClient, 1, i18n, outbox)

    expect(await getDefaultStore().get(cartIdAtom)).toBe(GUEST_ID)
  })
})
