import { expect, test } from './fixtures'

test.describe('searching', () => {
  test('a typo in the header box → the suggestion → the product page', async ({ page }) => {
    await page.goto('/')
    const input = page.getByTestId('search-input').first()
    await input.click()
    await input.pressSequentially('самсунк', { delay: 40 })
    const suggestions = page.getByTestId('search-suggestions')
    // the corrected completion first, then categories and products
    await expect(suggestions.getByRole('option').first()).toHaveText(/samsung/i)
    const product = suggestions.locator('[data-kind="product"]').first()
    await expect(product).toContainText('Samsung')
    // keyboard navigation: down to the first product, Enter opens it
    const options = await suggestions
      .getByRole('option')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))
    const steps = options.indexOf('product') + 1
    for (let i = 0; i < steps; i++) await input.press('ArrowDown')
    await input.press('Enter')
    await expect(page).toHaveURL(/\/p\/[^/]*samsung/i)
  })

  test('a brand+category phrase → filter by brand and sort by price', async ({ page }) => {
    await page.goto('/search?q=' + encodeURIComponent('телевизор samsung'))
    // the results are the catalogue's cards, with its filter panel, total and sorting
    const results = page.getByTestId('search-page').getByTestId('product-card')
    await expect(results.first()).toContainText('Samsung')
    const total = Number(await page.getByTestId('listing-total').getAttribute('data-total'))
    expect(total).toBeGreaterThan(0)
    const facet = page.getByTestId('filter-panel').locator('input[type="checkbox"]:not([disabled])').first()
    await facet.check()
    await expect(page).toHaveURL(/[?&]f=/)
    await expect(page.getByTestId('applied-chip').first()).toBeVisible()
    await page.getByTestId('sort-select').selectOption('price_asc')
    await expect(page).toHaveURL(/sorting=price_asc/)
    await expect(page).toHaveURL(/[?&]f=/)
    await expect(results.first()).toBeVisible()
    const prices = await results
      .locator('data')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('value'))))
    expect(prices.length).toBeGreaterThan(0)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
  })

  test('on a phone the filters open in a sheet, and a choice there filters the results @phone', async ({
    page,
  }) => {
    await page.goto('/search?q=' + encodeURIComponent('телевизор samsung'))
    await expect(page.getByTestId('search-page').getByTestId('product-card').first()).toBeVisible()
    await expect(page.getByTestId('filter-panel')).toHaveCount(0)
    await page.getByTestId('open-filters').click()
    const sheet = page.getByTestId('filter-sheet')
    await sheet.locator('input[type="checkbox"]:not([disabled])').first().check()
    await expect(page).toHaveURL(/[?&]f=/)
    await page.getByTestId('sheet-show').click()
    await expect(sheet).toBeHidden()
    await expect(page.getByTestId('applied-chip').first()).toBeVisible()
    await expect(page.getByTestId('open-filters')).toContainText('1')
  })

  test('the server renders the results, redirects a category name, and the page hydrates cleanly', async ({
    page,
    request,
  }) => {
    const query = '/search?q=' + encodeURIComponent('телевизор samsung')
    const html = await (await request.get(query)).text()
    expect(html).toContain('data-testid="product-card"')
    expect(html).toContain('data-testid="filter-panel"')
    expect(html).toContain('data-testid="sort-select"')
    const redirected = await request.get('/search?q=' + encodeURIComponent('Холодильники'), {
      maxRedirects: 0,
    })
    expect(redirected.status()).toBe(307)
    expect(redirected.headers().location).toMatch(/\/catalog\/bytovaya-tehnika\/.*holodilniki/)

    const errors: string[] = []
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text())
    })
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(query)
    await expect(page.getByTestId('search-page').getByTestId('product-card').first()).toBeVisible()
    expect(errors, 'hydration mismatches and CSP violations show here').toEqual([])
    // hydrated: the sorting is the app's, and the page changes without a new document
    const documents: string[] = []
    page.on('request', (req) => {
      if (req.resourceType() === 'document') documents.push(req.url())
    })
    await page.getByTestId('sort-select').selectOption('price_desc')
    await expect(page).toHaveURL(/sorting=price_desc/)
    await expect(page.getByTestId('search-page').getByTestId('product-card').first()).toBeVisible()
    expect(documents).toEqual([])
  })

  test('a category name follows its redirect to the category page', async ({ page }) => {
    await page.goto('/')
    const input = page.getByTestId('search-input').first()
    await input.fill('Холодильники')
    await input.press('Enter')
    await expect(page).toHaveURL(/\/catalog\/bytovaya-tehnika\/krupnaya-bytovaya-tehnika\/holodilniki/)
  })

  test('a query with no results shows recommendations', async ({ page }) => {
    await page.goto('/search?q=' + encodeURIComponent('zzqxw qqqzzv'))
    await expect(page.getByTestId('search-empty')).toContainText('ничего не нашлось')
    await expect(page.getByTestId('search-recommendations').getByTestId('product-card').first()).toBeVisible()
  })

  test('offline, the search box searches the products already on the device and says so', async ({
    page,
    context,
  }) => {
    // the search page's code and a listing's products, while online
    await page.goto('/search?q=' + encodeURIComponent('смартфон'))
    await expect(page.getByTestId('search-page').getByTestId('product-card').first()).toBeVisible()
    await page.getByTestId('header-category-link').filter({ hasText: 'Смартфоны' }).first().click()
    await expect(page.getByTestId('product-card').first()).toBeVisible()
    const title = await page.getByTestId('product-card').first().innerText()
    const word = title.split(/\s+/).find((w) => /^[A-Za-z]{4,}$/.test(w)) ?? 'Смартфон'

    await context.setOffline(true)
    try {
      const input = page.getByTestId('search-input').first()
      await input.fill(word)
      await input.press('Enter')
      await expect(page.getByTestId('search-offline')).toBeVisible()
      await expect(page.getByTestId('search-page').getByTestId('product-card').first()).toContainText(word)
    } finally {
      await context.setOffline(false)
    }
  })
})
