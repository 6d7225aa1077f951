import { request as playwrightRequest, type BrowserContext } from '@playwright/test'
import { E2E_SUPPORT_OPERATOR } from '../../playwright.config'
import { expect, test, type APIRequestContext, type Page } from './fixtures'

/**
 * Changes made without a network: cart lines and hearts are shown at once, wait in the outbox, and reach
 * the server exactly once — sent by the page when it comes back, by the next page to open, or by the
 * service worker with no page open at all; a server error on the way is retried, and what changed on the
 * server meanwhile (a price, a product sold out) is flagged on the cart's lines.
 */

interface Line {
  sku: string
  quantity: number
}

const CATEGORY = '/catalog/smartfony?sorting=price_asc'
const cards = (page: Page) =>
  page.locator('[data-testid="product-card"]:has(button[data-testid="add-to-cart"]:enabled)')
const cartLine = (page: Page, sku: string) => page.locator(`[data-testid="cart-line"][data-sku="${sku}"]`)

async function waitForControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (navigator.serviceWorker.controller) return
    await new Promise<void>((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
    )
  })
}

/** Adds a card's product online and answers the guest cart's id the server gave it. */
async function addOnline(page: Page, index: number): Promise<{ sku: string; cartId: string }> {
  const card = cards(page).nth(index)
  const sku = (await card.getAttribute('data-sku'))!
  const answered = page.waitForResponse(
    (r) => /\/cart\/api\/v3\/carts\/[^/]+\/products$/.test(r.url()) && r.ok(),
  )
  await card.locator('button[data-testid="add-to-cart"]').click()
  const url = (await answered).url()
  return { sku, cartId: /\/carts\/([^/]+)\/products$/.exec(url)![1]! }
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

async function linePrice(request: APIRequestContext, cartId: string, sku: string): Promise<number> {
  const res = await request.get(`/cart/api/v2/carts/${cartId}?city_id=1`)
  const cart = (await res.json()) as { products: { sku: string; price: number }[] }
  return cart.products.find((line) => line.sku === sku)!.price
}

/** A sum as the store writes it, whatever space groups its thousands: 51000 → /51\s000/. */
const moneyPattern = (sum: number) =>
  new RegExp(
    String(sum)
      .replace(/\B(?=(\d{3})+(?!\d))/g, ' ')
      .split(' ')
      .join('\\s'),
  )

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
  const hearted = page
    .getByTestId('product-card')
    .filter({ has: page.locator('[data-testid="add-to-wishlist"][aria-pressed="false"]') })
    .first()
  const heartSku = (await hearted.getAttribute('data-sku'))!
  await hearted.getByTestId('add-to-wishlist').click()
  await expect(hearted.getByTestId('add-to-wishlist')).toHaveAttribute('aria-pressed', 'true')
  return { added, heartSku }
}

/** The store's staff member signed in over the API, to change a price or a stock as the back office does. */
async function staffApi(baseURL: string): Promise<APIRequestContext> {
  const anonymous = await playwrightRequest.newContext({ baseURL })
  const res = await anonymous.post('/admin/api/v1/auth/sign-in', { data: E2E_SUPPORT_OPERATOR })
  expect(res.ok(), await res.text()).toBe(true)
  const { access_token } = (await res.json()) as { access_token: string }
  await anonymous.dispose()
  return playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${access_token}` },
  })
}

interface AdminStock {
  point_id: number
  condition: 'N' | 'V'
  on_hand: number
}

test.describe('offline writing', () => {
  test('cart lines and a heart changed offline, the page closed, reach the server once when the store reopens', async ({
    page,
    context,
  }) => {
    await page.goto(CATEGORY)
    await waitForControl(page)
    const first = await addOnline(page, 0)
    const heart = await heartOnline(page, 1)

    const { added, heartSku } = await changeOffline(page, context, [first.sku])
    await page.close()
    await context.setOffline(false)

    const again = await context.newPage()
    await again.goto('/cart')
    const expected = sorted(
      [first, ...added.map((sku) => ({ sku }))].map(({ sku }) => ({ sku, quantity: 1 })),
    )
    await expect.poll(() => guestCart(again.request, first.cartId), { timeout: 30_000 }).toEqual(expected)
    await expect
      .poll(() => guestList(again.request, heart.listId), { timeout: 30_000 })
      .toEqual([heart.sku, heartSku].sort())
    await expect(again.getByTestId('cart-line')).toHaveCount(3)
    await expect(again.getByTestId('line-pending')).toHaveCount(0)
    // sent once: a second look after the queue emptied finds the same cart
    await again.reload()
    expect(await guestCart(again.request, first.cartId)).toEqual(expected)
  })

  test("with every page closed, the service worker's sync sends the waiting changes before any page reopens", async ({
    page,
    context,
  }) => {
    await page.goto(CATEGORY)
    await waitForControl(page)
    const first = await addOnline(page, 0)
    const heart = await heartOnline(page, 1)
    const { added, heartSku } = await changeOffline(page, context, [first.sku])
    await page.close()
    await context.setOffline(false)

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

    const expected = sorted([first.sku, ...added].map((sku) => ({ sku, quantity: 1 })))
    await expect.poll(() => guestCart(context.request, first.cartId), { timeout: 30_000 }).toEqual(expected)
    await expect
      .poll(() => guestList(context.request, heart.listId), { timeout: 30_000 })
      .toEqual([heart.sku, heartSku].sort())
    expect(context.pages().map((p) => p.url())).toEqual(['about:blank'])

    // the page opened afterwards finds nothing left to send, and sends nothing twice
    const again = await context.newPage()
    await again.goto('/cart')
    await expect(again.getByTestId('cart-line')).toHaveCount(3)
    await expect(again.getByTestId('line-pending')).toHaveCount(0)
    expect(await guestCart(again.request, first.cartId)).toEqual(expected)
  })

  test('a server error while the queue is sent is retried, and the change lands once', async ({
    page,
    context,
  }) => {
    await page.goto(CATEGORY)
    await waitForControl(page)
    const first = await addOnline(page, 0)
    await page.goto('/cart')
    await expect(cartLine(page, first.sku)).toBeVisible()

    let refused = 0
    await page.route(/\/cart\/api\/v\d\/carts\/[^/]+\/products$/, async (route) => {
      if (route.request().method() !== 'GET' && refused === 0) {
        refused++
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'internal', message: 'the store failed' }),
        })
        return
      }
      await route.continue()
    })
    await context.setOffline(true)
    await cartLine(page, first.sku).getByTestId('quantity-increase').click()
    await expect(cartLine(page, first.sku).getByTestId('line-quantity')).toHaveText('2')
    await expect(cartLine(page, first.sku).getByTestId('line-pending')).toBeVisible()
    await context.setOffline(false)

    await expect.poll(() => refused, { timeout: 20_000 }).toBe(1)
    await expect(cartLine(page, first.sku).getByTestId('line-pending')).toHaveCount(0, { timeout: 30_000 })
    expect(await guestCart(page.request, first.cartId)).toEqual([{ sku: first.sku, quantity: 2 }])
    await expect(page.getByTestId('failed-changes')).toHaveCount(0)
  })

  test('a product sold out and a price changed while the shopper was offline are flagged on their lines', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.goto(CATEGORY)
    await waitForControl(page)
    const soldOut = await addOnline(page, 0)
    const repriced = await addOnline(page, 1)
    await page.goto('/cart')
    await expect(cartLine(page, repriced.sku)).toBeVisible()
    const oldPrice = await linePrice(page.request, soldOut.cartId, repriced.sku)

    await context.setOffline(true)
    await cartLine(page, soldOut.sku).getByTestId('quantity-increase').click()
    await expect(cartLine(page, soldOut.sku).getByTestId('line-pending')).toBeVisible()

    // Meanwhile the store sells the last of one product and reprices the other.
    const staff = await staffApi(baseURL!)
    try {
      const product = await staff.get(`/admin/api/v1/catalog/products/${soldOut.sku}`)
      expect(product.ok(), await product.text()).toBe(true)
      const city = (
        (await product.json()) as { cities: { city_id: number; stocks: AdminStock[] }[] }
      ).cities.find((c) => c.city_id === 1)!
      const emptied = await staff.patch(`/admin/api/v1/catalog/products/${soldOut.sku}/cities/1`, {
        data: {
          stocks: city.stocks.map((s) => ({ point_id: s.point_id, condition: s.condition, on_hand: 0 })),
        },
      })
      expect(emptied.ok(), await emptied.text()).toBe(true)
      const newPrice = oldPrice + 1_000
      const repricedAnswer = await staff.patch(`/admin/api/v1/catalog/products/${repriced.sku}/cities/1`, {
        data: { price: newPrice },
      })
      expect(repricedAnswer.ok(), await repricedAnswer.text()).toBe(true)

      await context.setOffline(false)
      // The refused change stays listed with its reason, and the line says the product is gone.
      await expect(page.getByTestId('failed-change')).toHaveCount(1, { timeout: 30_000 })
      await expect(page.getByTestId('failed-change')).toHaveAttribute('data-skus', soldOut.sku)
      await page.reload()
      await expect(cartLine(page, soldOut.sku).getByTestId('line-conflict')).toHaveAttribute(
        'data-kind',
        'gone',
      )
      const priceFlag = cartLine(page, repriced.sku).getByTestId('line-conflict')
      await expect(priceFlag).toHaveAttribute('data-kind', 'price')
      await expect(priceFlag).toContainText(moneyPattern(newPrice))
      await priceFlag.getByTestId('line-conflict-ok').click()
      await expect(cartLine(page, repriced.sku).getByTestId('line-conflict')).toHaveCount(0)
    } finally {
      await staff.dispose()
    }
  })
})
