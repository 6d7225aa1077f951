import type { BrowserContext } from '@playwright/test'
import { E2E_SUPPORT_OPERATOR } from '../../playwright.config'
import { expect, test, type APIRequestContext, type Page, waitForControl } from './fixtures'

/**
 * Changes made without a network: cart lines and hearts are shown at once, wait in the outbox, and reach
 * the server exactly once — sent by the page when it comes back, by the next page to open, or by the
 * service worker with no page open at all.
 */

interface Line {
  sku: string
  quantity: number
}

const CATEGORY = '/catalog/smartfony?sorting=price_asc'
const cards = (page: Page) =>
  page.locator('[data-testid="product-card"]:has(button[data-testid="add-to-cart"]:enabled)')

/**
 * Adds a card's product online and answers the guest cart's id the server gave it, or null when the store
 * refuses it (an earlier journey may have sold it out while the listing's kept render still offers it) or
 * has fewer than `room` units of it to sell (the orders of earlier journeys hold the cheapest products).
 */
async function addOnline(page: Page, index: number, room: number): Promise<Added | null> {
  const sku = (await cards(page).nth(index).getAttribute('data-sku'))!
  if (room > 1 && (await unitsOnSale(page.request, sku)) < room) return null
  // clicked by its sku: a card just added leaves the list `index` counts in, and the list may shift
  // between reading the card and clicking it
  const card = page.locator(`[data-testid="product-card"][data-sku="${sku}"]`)
  const answered = page.waitForResponse((r) => /\/cart\/api\/v3\/carts\/[^/]+\/products$/.test(r.url()))
  await card.locator('button[data-testid="add-to-cart"]').click()
  const answer = await answered
  if (!answer.ok()) return null
  return { sku, cartId: /\/carts\/([^/]+)\/products$/.exec(answer.url())![1]! }
}

/** Units of a product the store sells in Almaty, as a throwaway guest cart of its own is told. */
async function unitsOnSale(request: APIRequestContext, sku: string): Promise<number> {
  const created = await request.post('/cart/api/v2/carts', { data: { city_id: 1 } })
  expect(created.ok(), await created.text()).toBe(true)
  const { id } = (await created.json()) as { id: string }
  const answer = await request.post(`/cart/api/v3/carts/${id}/products`, {
    data: { city_id: 1, products: [{ sku, quantity: 1, is_active: true }] },
  })
  if (!answer.ok()) return 0
  const cart = (await answer.json()) as { products: { sku: string; availableQuantity: number }[] }
  return cart.products.find((line) => line.sku === sku)?.availableQuantity ?? 0
}

interface Added {
  sku: string
  cartId: string
}

/** The first `count` products of the listing the store accepts, added online. */
async function addCards(page: Page, count: number, room = 1): Promise<Added[]> {
  const added: Added[] = []
  for (let i = 0; added.length < count; i++) {
    const line = await addOnline(page, i, room)
    if (line) added.push(line)
  }
  return added
}

/**
 * A guest cart with the first `count` cards' products, added online, and the cart page open on it; with
 * `room`, products the store has at least that many of (a journey that raises a quantity asks for 2).
 */
async function cartPageWith(page: Page, count: number, room = 1) {
  await page.goto(CATEGORY)
  await waitForControl(page)
  const added = await addCards(page, count, room)
  await page.goto('/cart')
  await expect(page.getByTestId('cart-line')).toHaveCount(count)
  return added
}

/** The page's first cart change answers `status` from a stand-in; every later one reaches the server. */
async function answerFirstChange(page: Page, status: number, code: string, message: string) {
  const refused = { count: 0 }
  await page.route(/\/cart\/api\/v[23]\/carts\//, async (route) => {
    if (route.request().method() !== 'GET' && refused.count++ === 0)
      return route.fulfill({
        status,
        contentType: 'application/json',
        body: JSON.stringify({ code, message }),
      })
    return route.fallback()
  })
  return refused
}

/** Hearts a card's product online and answers the guest list's id. */
async function heartOnline(page: Page, index: number): Promise<{ sku: string; listId: string }> {
  const card = page.getByTestId('product-card').nth(index)
  const sku = (await card.getAttribute('data-sku'))!
  const answered = page.waitForResponse(
    (r) =>
      r.request().method() === 'POST' && /\/wishlist\/api\/v1\/products\/guest\/[0-9a-f-]+$/.test(r.url()),
  )
  await card.getByTestId('add-to-wishlist').click()
  const url = (await answered).url()
  return { sku, listId: url.split('/').pop()! }
}

async function guestCart(request: APIRequestContext, cartId: string): Promise<Line[]> {
  const res = await request.get(`/cart/api/v2/carts/${cartId}?city_id=1`)
  expect(res.ok(), await res.text()).toBe(true)
  const cart = (await res.json()) as { products: Line[] }
  return cart.products
    .map(({ sku, quantity }) => ({ sku, quantity }))
    .sort((a, b) => a.sku.localeCompare(b.sku))
}

async function guestList(request: APIRequestContext, listId: string): Promise<string[]> {
  const res = await request.get(`/wishlist/api/v1/products/guest/${listId}?cityId=1`)
  expect(res.ok(), await res.text()).toBe(true)
  return ((await res.json()) as { items: { sku: string }[] }).items.map((item) => item.sku).sort()
}

/** The back office's API as the journeys' operator: a product's price and stock in Almaty. */
async function operator(request: APIRequestContext) {
  const signIn = await request.post('/admin/api/v1/auth/sign-in', { data: E2E_SUPPORT_OPERATOR })
  expect(signIn.ok(), await signIn.text()).toBe(true)
  const headers = { 'x-staff-token': ((await signIn.json()) as { access_token: string }).access_token }
  return {
    /** Sells the product out in Almaty; answers how to put its stock back as it was. */
    async soldOut(sku: string): Promise<{ restock: () => Promise<void> }> {
      const product = await request.get(`/admin/api/v1/catalog/products/${sku}`, { headers })
      expect(product.ok(), await product.text()).toBe(true)
      const { cities } = (await product.json()) as {
        cities: {
          city_id: number
          stocks: { point_id: number; condition: 'N' | 'V'; held: number; on_hand: number }[]
        }[]
      }
      const before = cities.find((c) => c.city_id === 1)!.stocks
      const edit = async (stocks: { point_id: number; condition: 'N' | 'V'; on_hand: number }[]) => {
        const answer = await request.patch(`/admin/api/v1/catalog/products/${sku}/cities/1`, {
          headers,
          data: { stocks },
        })
        expect(answer.ok(), await answer.text()).toBe(true)
      }
      // what open orders hold stays at the point (the store refuses less): none left to sell
      await edit(before.map(({ point_id, condition, held }) => ({ point_id, condition, on_hand: held })))
      return {
        // the journeys after this one take the cheapest products again
        restock: () =>
          edit(before.map(({ point_id, condition, on_hand }) => ({ point_id, condition, on_hand }))),
      }
    },
  }
}

const sorted = (lines: Line[]) => [...lines].sort((a, b) => a.sku.localeCompare(b.sku))

/** Offline on the category page: two more products into the cart and one more heart, each shown at once. */
async function changeOffline(page: Page, context: BrowserContext, skip: string[]) {
  await context.setOffline(true)
  const fresh = cards(page).filter({ hasNot: page.locator(skip.map((s) => `[data-sku="${s}"]`).join(',')) })
  const added: string[] = []
  for (let i = 0; i < 2; i++) {
    const card = fresh.nth(0)
    const sku = (await card.getAttribute('data-sku'))!
    await card.locator('button[data-testid="add-to-cart"]').click()
    await expect(page.locator(`a[data-testid="add-to-cart"][data-sku="${sku}"]`)).toBeVisible()
    added.push(sku)
  }
  const heartSku = (await page
    .getByTestId('product-card')
    .filter({ has: page.locator('[data-testid="add-to-wishlist"][aria-pressed="false"]') })
    .first()
    .getAttribute('data-sku'))!
  // by its sku: once hearted, the card no longer matches the filter that found it
  const hearted = page.locator(`[data-testid="product-card"][data-sku="${heartSku}"]`)
  await hearted.getByTestId('add-to-wishlist').click()
  await expect(hearted.getByTestId('add-to-wishlist')).toHaveAttribute('aria-pressed', 'true')
  return { added, heartSku }
}

/**
 * A cart line and a heart added online, two more lines and another heart offline, then the page closed
 * with those changes waiting and the network back: what the server should end up holding.
 */
async function changesLeftWaiting(page: Page, context: BrowserContext) {
  await page.goto(CATEGORY)
  await waitForControl(page)
  const [first] = (await addCards(page, 1)) as [Added]
  const heart = await heartOnline(page, 1)
  const { added, heartSku } = await changeOffline(page, context, [first.sku])
  await page.close()
  await context.setOffline(false)
  return {
    cartId: first.cartId,
    cart: sorted([first.sku, ...added].map((sku) => ({ sku, quantity: 1 }))),
    listId: heart.listId,
    list: [heart.sku, heartSku].sort(),
  }
}

// On the desktop and, tagged `@phone`, on the phone project: a phone is where patchy networks are.
for (const tag of ['', ' @phone'])
  test.describe(`offline writing${tag}`, () => {
    test('cart lines and a heart changed offline, the page closed, reach the server once when the store reopens', async ({
      page,
      context,
    }) => {
      const waiting = await changesLeftWaiting(page, context)

      const again = await context.newPage()
      await again.goto('/cart')
      await expect
        .poll(() => guestCart(again.request, waiting.cartId), { timeout: 30_000 })
        .toEqual(waiting.cart)
      await expect
        .poll(() => guestList(again.request, waiting.listId), { timeout: 30_000 })
        .toEqual(waiting.list)
      await expect(again.getByTestId('cart-line')).toHaveCount(3)
      await expect(again.getByTestId('line-pending')).toHaveCount(0)
      // sent once: a second look after the queue emptied finds the same cart
      await again.reload()
      expect(await guestCart(again.request, waiting.cartId)).toEqual(waiting.cart)
    })

    test("with every page closed, the service worker's sync sends the waiting changes before any page reopens", async ({
      page,
      context,
    }) => {
      const waiting = await changesLeftWaiting(page, context)

      // A blank tab of the browser, not a page of the store, to reach the worker through DevTools.
      const blank = await context.newPage()
      const cdp = await context.newCDPSession(blank)
      const registrationId = new Promise<string>((resolve) =>
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const ours = registrations.find((r) => !r.isDeleted && new URL(r.scopeURL).pathname === '/')
          if (ours) resolve(ours.registrationId)
        }),
      )
      await cdp.send('ServiceWorker.enable')
      const origin = new URL(test.info().project.use.baseURL!).origin
      await cdp.send('ServiceWorker.dispatchSyncEvent', {
        origin,
        registrationId: await registrationId,
        tag: 'outbox',
        lastChance: false,
      })

      await expect
        .poll(() => guestCart(context.request, waiting.cartId), { timeout: 30_000 })
        .toEqual(waiting.cart)
      await expect
        .poll(() => guestList(context.request, waiting.listId), { timeout: 30_000 })
        .toEqual(waiting.list)
      expect(context.pages().map((p) => p.url())).toEqual(['about:blank'])

      // the page opened afterwards finds nothing left to send, and sends nothing twice
      const again = await context.newPage()
      await again.goto('/cart')
      await expect(again.getByTestId('cart-line')).toHaveCount(3)
      await expect(again.getByTestId('line-pending')).toHaveCount(0)
      expect(await guestCart(again.request, waiting.cartId)).toEqual(waiting.cart)
    })

    test('a change whose first send met a server error is sent again and settles on the open cart page', async ({
      page,
    }) => {
      const first = (await cartPageWith(page, 1, 2))[0]!

      // the page's first attempt at the next change meets a 500; the attempts after it reach the server
      const refused = await answerFirstChange(page, 500, 'internal', 'errors:internal')
      await page.getByTestId('quantity-increase').click()
      await expect(page.getByTestId('line-quantity')).toHaveText('2')

      await expect
        .poll(() => guestCart(page.request, first.cartId), { timeout: 30_000 })
        .toEqual([{ sku: first.sku, quantity: 2 }])
      expect(refused.count).toBeGreaterThan(0)
      await expect(page.getByTestId('line-pending')).toHaveCount(0, { timeout: 30_000 })
      await expect(page.getByTestId('line-quantity')).toHaveText('2')
      await expect(page.getByTestId('failed-changes')).toHaveCount(0)
    })

    test('a product sold out while the shopper was offline: its line says so once the change has gone through', async ({
      page,
      context,
      request,
    }) => {
      const first = (await cartPageWith(page, 1, 2))[0]!

      await context.setOffline(true)
      await page.getByTestId('quantity-increase').click()
      await expect(page.getByTestId('line-pending')).toBeVisible()
      // meanwhile the store sells the last units
      const { restock } = await (await operator(request)).soldOut(first.sku)
      try {
        // the store's catalogue takes the change within seconds; the shopper comes back after that
        await expect
          .poll(
            async () => {
              const res = await request.get(`/cart/api/v2/carts/${first.cartId}?city_id=1`)
              const cart = (await res.json()) as { products: { sku: string; isAvailable: boolean }[] }
              return cart.products.find((line) => line.sku === first.sku)?.isAvailable
            },
            { timeout: 30_000 },
          )
          .toBe(false)
        await context.setOffline(false)

        await expect(page.getByTestId('line-pending')).toHaveCount(0, { timeout: 30_000 })
        await expect(page.getByTestId('line-conflict')).toHaveAttribute('data-kind', 'gone')
        await expect(page.getByTestId('line-conflict')).toHaveText('Товар закончился')
        await expect(page.locator('button[data-testid="checkout-button"]')).toBeDisabled()
      } finally {
        await restock()
      }
    })

    test('a change the server refuses on the open page is told once and undone, and goes through when made again', async ({
      page,
    }) => {
      const [first, second] = (await cartPageWith(page, 2)) as [Added, Added]

      await answerFirstChange(page, 422, 'unprocessable', 'cart:productNotFound')
      const line = page.locator(`[data-testid="cart-line"][data-sku="${second.sku}"]`)
      await line.getByTestId('line-remove').click()

      // told in a toast, the line back as the server has it, nothing left waiting or listed
      await expect(page.getByTestId('toaster')).not.toBeEmpty()
      await expect(page.getByTestId('cart-line')).toHaveCount(2)
      await expect(page.getByTestId('line-pending')).toHaveCount(0)
      await expect(page.getByTestId('failed-changes')).toHaveCount(0)
      const both = sorted([first, second].map(({ sku }) => ({ sku, quantity: 1 })))
      expect(await guestCart(page.request, first.cartId)).toEqual(both)

      await line.getByTestId('line-remove').click()
      await expect(page.getByTestId('cart-line')).toHaveCount(1)
      await expect
        .poll(() => guestCart(page.request, first.cartId), { timeout: 30_000 })
        .toEqual([{ sku: first.sku, quantity: 1 }])
    })
  })
