import { i18n } from '@lingui/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { getDefaultStore } from 'jotai'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Wishlist } from '../../contract/wishlist'
import { guestWishlistIdAtom } from '../atoms/guest-wishlist-id'
import { CRUMBS, filters, listing, MENU, product } from '../testing/catalog-fixtures'
import { errorAnswer, fakeFetch, json, type RecordedCall } from '../testing/fake-fetch'
import { renderAppAt } from '../testing/render-app'
import { toast } from '../ui/toast/toast-store'

window.scrollTo = () => undefined

const LIST_ID = '33333333-3333-4333-8333-333333333333'
const NEW_ID = '44444444-4444-4444-8444-444444444444'
const OLD_ID = '55555555-5555-4555-8555-555555555555'
const GUEST = `/wishlist/api/v1/products/guest/${LIST_ID}`

/** The server's lists by id: what the fake wishlist service holds. */
let lists: Map<string, string[]>
let addAnswer: ((call: RecordedCall) => Response) | null
let calls: RecordedCall[]
let created: number

function listOf(id: string): Wishlist {
  const skus = lists.get(id) ?? []
  return {
    wishlistId: id,
    favoritesCount: skus.length,
    sorting: 'added_desc',
    items: skus.map((sku) => {
      const item = product(Number(sku) - 100_000)
      return { sku, uri: item.uri, isAvailable: true, addedAt: '2025-01-01T00:00:00.000Z', product: item }
    }),
  }
}

function handler(call: RecordedCall): Response {
  if (call.path.startsWith('/katalog/api/v2/products/category/')) return json(200, listing(1, 24))
  if (call.path === '/katalog/api/v1/products/filters') return json(200, filters(24))
  if (call.path.startsWith('/menu/api/v1/menu/breadcrumbs/categories/')) return json(200, CRUMBS)
  if (call.path === '/menu/api/v1/menu/katalog') return json(200, MENU)
  if (call.path === '/wishlist/api/v1/products/create') {
    // the first list made is LIST_ID, the next NEW_ID
    const id = created++ === 0 ? LIST_ID : NEW_ID
    lists.set(id, [])
    return json(201, { wishlistId: id })
  }
  const guest = /^\/wishlist\/api\/v1\/products\/guest\/([0-9a-f-]{36})(?:\/(\d+))?$/.exec(call.path)
  if (guest) {
    const [, id, sku] = guest as unknown as [string, string, string | undefined]
    const skus = lists.get(id)
    if (!skus) return errorAnswer(404, 'not_found', 'wishlist:notFound')
    if (call.method === 'GET') return json(200, listOf(id))
    if (call.method === 'POST') {
      if (addAnswer) return addAnswer(call)
      const added = (call.body as { sku: string }).sku
      if (skus.includes(added)) return errorAnswer(422, 'unprocessable', 'common:productAlmostInFavoriteList')
      skus.push(added)
      return json(200, { sku: added, favoritesCount: skus.length })
    }
    if (call.method === 'DELETE' && sku) {
      lists.set(
        id,
        skus.filter((s) => s !== sku),
      )
      return json(200, { sku, favoritesCount: skus.length - 1 })
    }
  }
  return errorAnswer(404, 'not_found', 'errors:notFound')
}

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'ru', messages: {} })
})

beforeEach(async () => {
  lists = new Map()
  addAnswer = null
  created = 0
  toast.clear()
  calls = fakeFetch(handler).calls
  await getDefaultStore().set(guestWishlistIdAtom, null)
})

afterEach(() => {
  vi.unstubAllGlobals()
})

const firstCard = async () => (await screen.findAllByTestId('product-card'))[0] as HTMLElement
const heartOf = (card: HTMLElement) => within(card).getByTestId('add-to-wishlist') as HTMLButtonElement
const toasts = () => toast.getSnapshot().map((shown) => shown.title)

describe('the heart on a product card', () => {
  it("makes a guest's list at the first tap, adds the product, fills the heart and counts it in the header", async () => {
    await renderAppAt('/catalog/smartfony')
    const card = await firstCard()
    await waitFor(() => expect(screen.getByTestId('wishlist-count').dataset.count).toBe('0'))
    expect(heartOf(card).getAttribute('aria-pressed')).toBe('false')

    fireEvent.click(heartOf(card))

    await waitFor(() => expect(heartOf(card).getAttribute('aria-pressed')).toBe('true'))
    await waitFor(() => expect(screen.getByTestId('wishlist-count').dataset.count).toBe('1'))
    expect(await getDefaultStore().get(guestWishlistIdAtom)).toBe(LIST_ID)
    await waitFor(() => expect(lists.get(LIST_ID)).toEqual(['100001']))
    const posts = calls.filter((call) => call.method === 'POST' && call.path.startsWith('/wishlist/'))
    expect(posts.map((call) => [call.path, call.body])).toEqual([
      ['/wishlist/api/v1/products/create', undefined],
      [GUEST, { sku: '100001', city_id: 1 }],
    ])
    // the change went through the outbox, with a key that makes a retry harmless
    expect(posts[1]!.headers.get('idempotency-key')).toBeTruthy()
  })

  it("keeps a new list's hearts pressed when its reads are cut by a lost network", async () => {
    // every read of the guest list fails as a fetch does without a network; the changes go through
    fakeFetch((call) => {
      if (call.method === 'GET' && call.path.startsWith('/wishlist/api/v1/products/guest/'))
        throw new TypeError('Failed to fetch')
      return handler(call)
    })
    await renderAppAt('/catalog/smartfony')
    const [first, second] = (await screen.findAllByTestId('product-card')) as [HTMLElement, HTMLElement]

    fireEvent.click(heartOf(first))
    await waitFor(() => expect(lists.get(LIST_ID)).toEqual(['100001']))
    fireEvent.click(heartOf(second))
    await waitFor(() => expect(lists.get(LIST_ID)).toEqual(['100001', '100002']))

    await waitFor(() => expect(heartOf(first).getAttribute('aria-pressed')).toBe('true'))
    expect(heartOf(second).getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByTestId('wishlist-count').dataset.count).toBe('2')
  })

  it('takes the product out again on a second tap, after the 200 ms removal delay', async () => {
    lists.set(LIST_ID, ['100001'])
    await getDefaultStore().set(guestWishlistIdAtom, LIST_ID)
    await renderAppAt('/catalog/smartfony')
    const card = await firstCard()
    await waitFor(() => expect(heartOf(card).getAttribute('aria-pressed')).toBe('true'))

    const tapped = Date.now()
    fireEvent.click(heartOf(card))
    expect(heartOf(card).getAttribute('aria-pressed')).toBe('false')
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true))
    expect(Date.now() - tapped).toBeGreaterThanOrEqual(190)
    expect(calls.find((call) => call.method === 'DELETE')!.path).toBe(`${GUEST}/100001`)
    await waitFor(() => expect(screen.getByTestId('wishlist-count').dataset.count).toBe('0'))
    expect(lists.get(LIST_ID)).toEqual([])
  })

  it('says the product is in the list already on a 422 (common:productAlmostInFavoriteList)', async () => {
    lists.set(LIST_ID, [])
    await getDefaultStore().set(guestWishlistIdAtom, LIST_ID)
    addAnswer = () => errorAnswer(422, 'unprocessable', 'common:productAlmostInFavoriteList')
    await renderAppAt('/catalog/smartfony')
    fireEvent.click(heartOf(await firstCard()))
    await waitFor(() => expect(toasts()).toContain('Товар уже в избранном'))
  })

  it('asks a signed-out shopper to sign in when an add fails otherwise (errors:haveToBeAuthForWishes)', async () => {
    lists.set(LIST_ID, [])
    await getDefaultStore().set(guestWishlistIdAtom, LIST_ID)
    addAnswer = () => errorAnswer(400, 'bad_request', 'errors:pleaseVerifyInputData')
    await renderAppAt('/catalog/smartfony')
    const card = await firstCard()
    fireEvent.click(heartOf(card))
    await waitFor(() =>
      expect(toasts()).toContain('Чтобы добавлять товары в избранное, войдите в свой аккаунт'),
    )
    // the refused product is not shown as listed
    await waitFor(() => expect(heartOf(card).getAttribute('aria-pressed')).toBe('false'))
  })

  it('says try later when the list cannot be made (errors:tryLater)', async () => {
    fakeFetch((call) =>
      call.path === '/wishlist/api/v1/products/create'
        ? errorAnswer(503, 'unavailable', 'errors:tryLater')
        : handler(call),
    )
    await renderAppAt('/catalog/smartfony')
    fireEvent.click(heartOf(await firstCard()))
    await waitFor(() => expect(toasts()).toContain('Что-то пошло не так. Попробуйте позже'))
  })

  it('starts a new list when the kept one is gone (404), and puts the product there', async () => {
    await getDefaultStore().set(guestWishlistIdAtom, OLD_ID)
    await renderAppAt('/catalog/smartfony')
    // the read of the missing list answered 404: a new list was made and kept
    await waitFor(async () => expect(await getDefaultStore().get(guestWishlistIdAtom)).toBe(LIST_ID))
    // that one goes too (merged at a sign-in in another tab): the add answers 404 and a third is made
    lists.delete(LIST_ID)
    fireEvent.click(heartOf(await firstCard()))
    await waitFor(async () => expect(await getDefaultStore().get(guestWishlistIdAtom)).toBe(NEW_ID))
    await waitFor(() => expect(lists.get(NEW_ID)).toEqual(['100001']))
  })
})
