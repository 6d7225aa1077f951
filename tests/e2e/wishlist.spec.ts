import { expect, test, type Page } from './fixtures'
import { randomNational, signUpOnLoginPage } from './shopper'

/** Spec browsing 3, 4, 7.4: the wishlist, a guest's and then the signed-in shopper's. */

interface ServerList {
  favoritesCount: number
  items: { sku: string }[]
}

/** What the server holds in the signed-in shopper's list (the page's cookies sign the call). */
async function namedList(page: Page): Promise<ServerList> {
  const res = await page.request.get('/wishlist/api/v1/products?cityId=1')
  expect(res.ok()).toBe(true)
  return (await res.json()) as ServerList
}

const card = (page: Page, index: number) => page.getByTestId('product-card').nth(index)
const item = (page: Page, sku: string) => page.locator(`[data-testid="wishlist-item"][data-sku="${sku}"]`)

/** Hearts a card's product and waits for the server to take it. */
async function heart(page: Page, index: number): Promise<string> {
  const target = card(page, index)
  const sku = (await target.getAttribute('data-sku'))!
  const answered = page.waitForResponse(
    (r) =>
      r.request().method() === 'POST' && /\/wishlist\/api\/v1\/products\/guest\/[0-9a-f-]+$/.test(r.url()),
  )
  await target.getByTestId('add-to-wishlist').click()
  expect((await answered).status()).toBe(200)
  await expect(target.getByTestId('add-to-wishlist')).toHaveAttribute('aria-pressed', 'true')
  return sku
}

test.describe('the wishlist', () => {
  test('a guest hearts two products, signs in and finds both in the account wishlist', async ({ page }) => {
    await page.goto('/catalog/smartfony')
    await expect(page.getByTestId('wishlist-count')).toHaveAttribute('data-count', '0')
    const first = await heart(page, 0)
    const second = await heart(page, 1)
    await expect(page.getByTestId('wishlist-count')).toHaveAttribute('data-count', '2')

    // the guest's list is theirs to see, and survives a reload (its id is kept in IndexedDB)
    await page.getByTestId('wishlist-link').click()
    await expect(page).toHaveURL(/\/my-account\/wishlist$/)
    await expect(page.getByTestId('wishlist-item')).toHaveCount(2)
    await page.reload()
    await expect(page.getByTestId('wishlist-item')).toHaveCount(2)
    await expect(page.getByTestId('wishlist-guest-note')).toBeVisible()

    await page.goto('/login')
    await signUpOnLoginPage(page, randomNational())
    await expect(page.getByText('Вы успешно вошли')).toBeVisible()

    await page.goto('/my-account/wishlist')
    await expect(item(page, first)).toBeVisible()
    await expect(item(page, second)).toBeVisible()
    await expect(page.getByTestId('wishlist-item')).toHaveCount(2)
    await expect(page.getByTestId('wishlist-guest-note')).toHaveCount(0)
    await expect(page.getByTestId('wishlist-count')).toHaveAttribute('data-count', '2')
    const held = await namedList(page)
    expect(new Set(held.items.map((i) => i.sku))).toEqual(new Set([first, second]))
    // the guest id went with the merge: the device keeps none now
    const kept = await page.evaluate(
      () =>
        new Promise<unknown>((resolve) => {
          const open = indexedDB.open('storefront')
          open.onsuccess = () => {
            const db = open.result
            const names = [...db.objectStoreNames]
            const store = names.find((n) => n === 'atoms') ?? names[0]!
            const read = db.transaction(store).objectStore(store).get('guestWishlistId')
            read.onsuccess = () => resolve(read.result ?? null)
            read.onerror = () => resolve('unreadable')
          }
          open.onerror = () => resolve('unreadable')
        }),
    )
    expect(kept).toBeNull()

    // sorted by price, then one taken out: it fades and goes, and the server agrees
    await page.getByTestId('sort-select').selectOption('price_desc')
    await expect(page).toHaveURL(/sorting=price_desc/)
    await item(page, first).getByTestId('add-to-wishlist').click()
    await expect(item(page, first)).toHaveCount(0)
    await expect(page.getByTestId('wishlist-count')).toHaveAttribute('data-count', '1')
    await expect.poll(async () => (await namedList(page)).items.map((i) => i.sku)).toEqual([second])
  })

  test('a heart tapped offline shows at once and reaches the list when the network returns', async ({
    page,
    context,
  }) => {
    await page.goto('/catalog/smartfony')
    const first = await heart(page, 0)
    await context.setOffline(true)
    const offline = card(page, 2)
    const sku = (await offline.getAttribute('data-sku'))!
    await offline.getByTestId('add-to-wishlist').click()
    await expect(offline.getByTestId('add-to-wishlist')).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByTestId('wishlist-count')).toHaveAttribute('data-count', '2')

    const sent = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().includes('/wishlist/'),
    )
    await context.setOffline(false)
    expect((await sent).status()).toBe(200)
    await page.goto('/my-account/wishlist')
    await expect(item(page, sku)).toBeVisible()
    await expect(item(page, first)).toBeVisible()
  })

  test('on a phone, the product page heart fills the list and the list empties again @phone', async ({
    page,
  }) => {
    await page.goto('/catalog/smartfony')
    // a phone on sale (a pre-order's card offers its pre-order page instead of the cart)
    const onSale = page
      .getByTestId('product-card')
      .filter({ has: page.locator('button[data-testid="add-to-cart"]:enabled') })
      .first()
    const sku = (await onSale.getAttribute('data-sku'))!
    await page.goto(`/p/${sku}`)
    const heartButton = page.getByTestId('add-to-wishlist')
    const answered = page.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/products\/guest\/[0-9a-f-]+$/.test(r.url()),
    )
    await heartButton.click()
    await expect(heartButton).toHaveAttribute('aria-pressed', 'true')
    expect((await answered).status()).toBe(200)
    await page.goto('/my-account/wishlist')
    await expect(item(page, sku)).toBeVisible()
    await expect(item(page, sku).getByTestId('add-to-cart')).toBeVisible()
    await item(page, sku).getByTestId('add-to-wishlist').click()
    await expect(page.getByTestId('wishlist-empty')).toBeVisible()
    await expect(page.getByTestId('wishlist-count')).toHaveAttribute('data-count', '0')
  })
})
