import { i18n } from '@lingui/core'
import { QueryClient } from '@tanstack/react-query'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { getDefaultStore } from 'jotai'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Wishlist } from '../../../contract/wishlist'
import { guestWishlistIdAtom } from '../../atoms/guest-wishlist-id'
import { MENU, product } from '../../testing/catalog-fixtures'
import { errorAnswer, fakeFetch, json, type RecordedCall } from '../../testing/fake-fetch'
import { renderAppAt } from '../../testing/render-app'
import { mergeGuestWishlist } from '../../wishlist/session'

window.scrollTo = () => undefined

const LIST_ID = '33333333-3333-4333-8333-333333333333'
const GUEST = `/wishlist/api/v1/products/guest/${LIST_ID}`

let skus: string[]
let readAnswer: ((call: RecordedCall) => Response) | null
let calls: RecordedCall[]

function listOf(sorting: string): Wishlist {
  const ordered = sorting === 'price_asc' ? [...skus].reverse() : skus
  return {
    wishlistId: LIST_ID,
    favoritesCount: skus.length,
    sorting: sorting as Wishlist['sorting'],
    items: ordered.map((sku, i) => {
      const item = product(Number(sku) - 100_000, { price: 100_000 - i * 1000 })
      return { sku, uri: item.uri, isAvailable: i === 0, addedAt: '2025-01-01T00:00:00.000Z', product: item }
    }),
  }
}

function handler(call: RecordedCall): Response {
  if (call.path === '/menu/api/v1/menu/katalog') return json(200, MENU)
  if (call.path === GUEST && call.method === 'GET') {
    return readAnswer ? readAnswer(call) : json(200, listOf(call.search.get('sorting') ?? 'added_desc'))
  }
  const removed = new RegExp(`^${GUEST}/(\\d+)$`).exec(call.path)
  if (removed && call.method === 'DELETE') {
    skus = skus.filter((sku) => sku !== removed[1])
    return json(200, { sku: removed[1], favoritesCount: skus.length })
  }
  return errorAnswer(404, 'not_found', 'errors:notFound')
}

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'ru', messages: {} })
})

beforeEach(async () => {
  skus = ['100001', '100002', '100003']
  readAnswer = null
  calls = fakeFetch(handler).calls
  await getDefaultStore().set(guestWishlistIdAtom, LIST_ID)
})

afterEach(() => {
  vi.unstubAllGlobals()
})

const shownSkus = () => screen.getAllByTestId('wishlist-item').map((item) => item.dataset.sku)

describe('the wishlist page', () => {
  it("shows a guest's list in the city's prices with its count, buy buttons and hearts, added-descending first", async () => {
    await renderAppAt('/astana/my-account/wishlist')
    await screen.findByTestId('wishlist-items')
    expect(shownSkus()).toEqual(['100001', '100002', '100003'])
    expect(screen.getByTestId('wishlist-total').textContent).toBe('3 товара')
    const read = calls.find((call) => call.path === GUEST)!
    expect(Object.fromEntries(read.search)).toEqual({ cityId: '2', sorting: 'added_desc' })
    const first = screen.getAllByTestId('wishlist-item')[0]!
    expect(within(first).getByTestId('add-to-cart')).toBeTruthy()
    await waitFor(() =>
      expect(within(first).getByTestId('add-to-wishlist').getAttribute('aria-pressed')).toBe('true'),
    )
    expect(screen.getByTestId('wishlist-guest-note')).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('wishlist-count').dataset.count).toBe('3'))
  })

  it('re-reads the list in the chosen order and keeps the order in the address', async () => {
    const router = await renderAppAt('/my-account/wishlist')
    await screen.findByTestId('wishlist-items')
    fireEvent.change(screen.getByTestId('sort-select'), { target: { value: 'price_asc' } })
    await waitFor(() => expect(shownSkus()).toEqual(['100003', '100002', '100001']))
    expect(router.state.location.search).toEqual({ sorting: 'price_asc' })
    expect(calls.some((call) => call.path === GUEST && call.search.get('sorting') === 'price_asc')).toBe(true)
  })

  it('fades a removed product for 200 ms, then takes it out and counts again', async () => {
    await renderAppAt('/my-account/wishlist')
    await screen.findByTestId('wishlist-items')
    const second = screen.getAllByTestId('wishlist-item')[1]!
    await waitFor(() =>
      expect(within(second).getByTestId('add-to-wishlist').getAttribute('aria-pressed')).toBe('true'),
    )
    fireEvent.click(within(second).getByTestId('add-to-wishlist'))
    // still there, fading
    expect(shownSkus()).toContain('100002')
    expect(second.className).toMatch(/leaving/)
    await waitFor(() => expect(shownSkus()).toEqual(['100001', '100003']))
    await waitFor(() => expect(screen.getByTestId('wishlist-total').textContent).toBe('2 товара'))
    await waitFor(() => expect(skus).toEqual(['100001', '100003']))
  })

  it('says the list is empty and leads to the catalogue', async () => {
    skus = []
    await renderAppAt('/my-account/wishlist')
    const empty = await screen.findByTestId('wishlist-empty')
    expect(empty.textContent).toContain('В избранном пока пусто')
    expect(within(empty).getByRole('link').getAttribute('href')).toBe('/catalog')
  })

  it('says the list failed to load and reads it again on request', async () => {
    readAnswer = () => errorAnswer(500, 'internal', 'errors:somethingWentWrong')
    await renderAppAt('/my-account/wishlist')
    const failed = await screen.findByTestId('wishlist-error')
    expect(failed.textContent).toContain('Не удалось загрузить избранное')
    readAnswer = null
    fireEvent.click(within(failed).getByRole('button'))
    await screen.findByTestId('wishlist-items')
  })
})

describe('the merge at sign-in', () => {
  it('merges the guest list into the named one and forgets the guest id', async () => {
    const merged: Wishlist = { wishlistId: null, items: [], favoritesCount: 2, sorting: 'added_desc' }
    const { calls: sent } = fakeFetch((call) =>
      call.path === `/wishlist/api/v1/products/merge/${LIST_ID}` ? json(200, merged) : handler(call),
    )
    const queryClient = new QueryClient()
    await mergeGuestWishlist(queryClient, 3)
    const merge = sent.find((call) => call.method === 'POST')!
    expect(merge.path).toBe(`/wishlist/api/v1/products/merge/${LIST_ID}`)
    expect(merge.search.get('cityId')).toBe('3')
    expect(await getDefaultStore().get(guestWishlistIdAtom)).toBeNull()
    expect(queryClient.getQueryData(['wishlist', 'named', 3, 'added_desc'])).toEqual(merged)
  })

  it('forgets a guest id the server no longer knows (404), and keeps it when the merge failed otherwise', async () => {
    fakeFetch(() => errorAnswer(503, 'unavailable', 'errors:tryLater'))
    await mergeGuestWishlist(new QueryClient(), 1)
    expect(await getDefaultStore().get(guestWishlistIdAtom)).toBe(LIST_ID)
    fakeFetch(() => errorAnswer(404, 'not_found', 'wishlist:notFound'))
    await mergeGuestWishlist(new QueryClient(), 1)
    expect(await getDefaultStore().get(guestWishlistIdAtom)).toBeNull()
  })
})
