import { expect, test, type Page } from './fixtures'

const cards = (page: Page) => page.getByTestId('product-card')

async function firstPrice(page: Page): Promise<string> {
  return (await page.getByTestId('product-price').first().innerText()).trim()
}

test.describe('browsing the catalogue', () => {
  test('home → category → two filters and a price range → sort by price → page 2 → product → stores → Astana in Kazakh', async ({
    page,
  }) => {
    await page.goto('/')
    await page.getByTestId('header-category-link').filter({ hasText: 'Смартфоны' }).first().click()
    await expect(page).toHaveURL(/\/catalog\/smartfony$/)
    await expect(cards(page).first()).toBeVisible()
    const totalAll = Number((await page.getByTestId('listing-total').getAttribute('data-total')) ?? 0)
    expect(totalAll).toBeGreaterThan(24)

    // Two filters: two brands (an OR within one code) would not narrow enough to test AND; take the
    // biggest brand and the biggest option of another filter, so the listing keeps a second page.
    const panel = page.getByTestId('filter-panel')
    const biggest = async (selector: string) => {
      const options = panel.locator(selector)
      const counts = await options.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-count'))))
      return options.nth(counts.indexOf(Math.max(...counts)))
    }
    await (await biggest('input[data-testid="filter-option"][data-code="brand"]')).click()
    await expect(page).toHaveURL(/\/catalog\/smartfony\/f\/brand\//)
    const other = await biggest('input[data-testid="filter-option"]:not([data-code="brand"]):not(:checked)')
    const otherCode = await other.getAttribute('data-code')
    await other.click()
    await expect(page).toHaveURL(new RegExp(`/f/.*${otherCode}`))
    await expect(page.getByTestId('applied-chip')).toHaveCount(2)

    // A price range inside the listing's bounds (a range covering them all narrows nothing and, as the
    // spec says, is not an active filter): from just above the cheapest product shown.
    const cardPrices = () =>
      page
        .locator('[data-testid="product-card"] data')
        .evaluateAll((els) => els.map((e) => Number(e.getAttribute('value'))))
    const before = await cardPrices()
    const floor = Math.min(...before) + 1
    await page.getByTestId('price-min').fill(String(floor))
    await page.getByTestId('price-apply').click()
    await expect(page).toHaveURL(new RegExp(`priceMin=${floor}`))

    await page.getByTestId('sort-select').selectOption('price_desc')
    await expect(page).toHaveURL(/sorting=price_desc/)
    await expect(page.getByTestId('sort-select')).toHaveValue('price_desc')
    const filteredUrl = page.url()

    await expect.poll(async () => (await cardPrices()).every((n) => n >= floor)).toBe(true)
    const prices = await cardPrices()
    expect(prices.length).toBeGreaterThan(0)
    expect([...prices].sort((a, b) => b - a)).toEqual(prices)

    const pageOne = await cardPrices()
    await page.getByTestId('pagination').locator('[data-page="2"]').first().click()
    await expect(page).toHaveURL(/page=2/)
    await expect.poll(cardPrices).not.toEqual(pageOne)
    const pageTwo = await cardPrices()
    // sorted by price across pages: page 2 starts where page 1 ended
    expect(Math.max(...pageTwo)).toBeLessThanOrEqual(Math.min(...pageOne))

    // A filtered URL opened directly shows the same state.
    const fresh = await page.context().newPage()
    await fresh.goto(filteredUrl)
    // the two filters and the price range
    await expect(fresh.getByTestId('applied-chip')).toHaveCount(3)
    await expect(fresh.getByTestId('sort-select')).toHaveValue('price_desc')
    await expect
      .poll(() =>
        fresh
          .locator('[data-testid="product-card"] data')
          .evaluateAll((els) => els.map((e) => Number(e.getAttribute('value')))),
      )
      .toEqual(prices)
    await fresh.close()

    await cards(page).first().locator('a').first().click()
    await expect(page).toHaveURL(/\/p\//)
    await expect(page.getByTestId('product-title')).toBeVisible()
    const priceAlmaty = (await page.getByTestId('product-price').first().innerText()).trim()
    expect(priceAlmaty).toContain('₸')

    await page.getByTestId('product-tab').and(page.locator('[data-tab="availability"]')).click()
    const stores = page.getByTestId('availability-store')
    await expect(stores.first()).toBeVisible()
    await expect(stores.first()).toContainText('Алматы')

    await page.getByTestId('city-picker').click()
    await page.getByTestId('city-option-astana').click()
    await expect(page).toHaveURL(/\/astana\/p\//)
    await page.getByTestId('lang-kk').click()
    await expect(page).toHaveURL(/\/astana_kk\/p\//)
    await expect(page.locator('html')).toHaveAttribute('lang', 'kk')
    const title = page.getByTestId('product-title')
    await expect(title).toBeVisible()
    const tabAbout = await page.getByTestId('product-tab').first().innerText()
    expect(tabAbout).not.toBe('О товаре')
    await page.getByTestId('product-tab').and(page.locator('[data-tab="availability"]')).click()
    if ((await stores.count()) > 0) await expect(stores.first()).toContainText('Астана')
    const priceAstana = await firstPrice(page)
    expect(priceAstana).toContain('₸')
  })

  test('an unknown category shows the not-found page', async ({ page }) => {
    await page.goto('/catalog/no-such-category')
    await expect(page.getByTestId('not-found')).toBeVisible()
  })

  test('a product page opened directly on a phone shows its title, price and main image @phone', async ({
    page,
    request,
  }) => {
    const listing = await request.get('/katalog/api/v2/products/category/holodilniki?city_id=1&limit=1')
    expect(listing.ok()).toBe(true)
    const uri = (await listing.json()).payload[0].uri as string
    await page.goto(`/p/${uri}`)
    await expect(page.getByTestId('product-title')).toBeVisible()
    await expect(page.getByTestId('product-price').first()).toContainText('₸')
    const image = page.getByTestId('gallery-main')
    await expect(image).toBeVisible()
    const box = await image.boundingBox()
    expect(box?.width ?? 0).toBeLessThanOrEqual(390)
  })
})
