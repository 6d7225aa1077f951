import { expect, test } from './fixtures'

test.describe('the store shell', () => {
  test('home opens in Russian for Almaty with the header, one heading and the footer', async ({ page }) => {
    const errors: string[] = []
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text())
    })
    await page.goto('/')
    await expect(page.getByTestId('home-page')).toBeVisible()
    await expect(page.locator('h1')).toHaveCount(1)
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
    await expect(page.getByTestId('city-picker')).toContainText('Алматы')
    await expect(page.getByTestId('footer')).toBeVisible()
    expect(errors, 'console errors (a CSP violation shows here)').toEqual([])
  })

  test('switching city and then language changes the URL prefix and the texts', async ({ page }) => {
    await page.goto('/catalog')
    const signInRu = await page.getByTestId('account-link').innerText()

    await page.getByTestId('city-picker').click()
    await page.getByTestId('city-option-astana').click()
    await expect(page).toHaveURL(/\/astana\/catalog$/)
    await expect(page.getByTestId('city-picker')).toContainText('Астана')

    await page.getByTestId('lang-kk').click()
    await expect(page).toHaveURL(/\/astana_kk\/catalog$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'kk')
    await expect(page.getByTestId('account-link')).not.toHaveText(signInRu)
    await expect(page.getByTestId('account-link')).toContainText('Кіру')
    await expect(page.getByTestId('city-picker')).toContainText('Астана')

    await page.getByTestId('lang-ru').click()
    await expect(page).toHaveURL(/\/astana\/catalog$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
  })

  test('a category link in the header opens that category, keeping city and language', async ({ page }) => {
    await page.goto('/shymkent_kk')
    const link = page.getByTestId('header-category-link').first()
    const slug = await link.getAttribute('data-category')
    await link.click()
    await expect(page).toHaveURL(new RegExp(`/shymkent_kk/catalog/${slug}$`))
    await expect(page.locator('h1')).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'kk')
  })

  test('an unknown city prefix shows the not-found page', async ({ page }) => {
    await page.goto('/atlantis/catalog')
    await expect(page.getByTestId('not-found')).toBeVisible()
  })

  test('a route that throws shows the sad-cat screen, and its button returns home and clears it', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('storefront:test-hooks', '1'))
    await page.goto('/astana/catalog?__throw=1')
    const screen = page.getByTestId('error-screen')
    await expect(screen).toBeVisible()
    await expect(screen.locator('svg').first()).toBeVisible()
    await page.getByTestId('error-home').click()
    await expect(page).toHaveURL(/\/astana\/?$/)
    await expect(page.getByTestId('home-page')).toBeVisible()
    await expect(screen).toHaveCount(0)
  })

  test('the phone menu opens from the header @phone', async ({ page }) => {
    await page.goto('/almaty_kk')
    await page.getByTestId('menu-button').click()
    await expect(page).toHaveURL(/\/almaty_kk\/menu$/)
    await expect(page.getByTestId('mobile-menu')).toBeVisible()
    await expect(page.getByTestId('menu-lang-switch')).toBeVisible()
  })
})
