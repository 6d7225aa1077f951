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
    const results = page.getByTestId('search-result')
    await expect(results.first()).toContainText('Samsung')
    const total = Number((await page.getByTestId('search-total').innerText()).replace(/\D+/g, ''))
    expect(total).toBeGreaterThan(0)
    const facet = page.getByTestId('search-facets').locator('input[type="checkbox"]:not([disabled])').first()
    await facet.check()
    await expect(page).toHaveURL(/[?&]f=/)
    await page.getByTestId('search-sorting').selectOption('price_asc')
    await expect(page).toHaveURL(/sorting=price_asc/)
    await expect(results.first()).toBeVisible()
    const prices = await page
      .locator('[data-testid="search-result"] data')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('value'))))
    expect(prices.length).toBeGreaterThan(0)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
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
    await expect(
      page.getByTestId('search-recommendations').getByTestId('search-result').first(),
    ).toBeVisible()
  })

  test('offline, the search box searches the products already on the device and says so', async ({
    page,
    context,
  }) => {
    // the search page's code and a listing's products, while online
    await page.goto('/search?q=' + encodeURIComponent('смартфон'))
    await expect(page.getByTestId('search-result').first()).toBeVisible()
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
      await expect(page.getByTestId('search-result').first()).toContainText(word)
    } finally {
      await context.setOffline(false)
    }
  })
})
