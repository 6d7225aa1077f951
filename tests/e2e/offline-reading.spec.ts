import { expect, isShell, test, type Page, waitForControl } from './fixtures'

/**
 * The store read without a network: pages seen once reopen with their pictures (from the worker's kept
 * HTML, reads and images), in-app navigation works, the offline banner says what is shown and when it
 * was fetched, search answers from the device, actions that need the server say why they wait, and a
 * category saved for offline opens products never visited.
 */

const navigator_offline = new WeakSet<Page>()

/** Console errors, but not the failed requests a page offline makes on purpose (its refreshes). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    const text = message.text()
    if (/net::ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/.test(text)) return
    errors.push(`${text} (${page.url()}${navigator_offline.has(page) ? ', offline' : ''})`)
  })
  page.on('pageerror', (error) =>
    errors.push(`${error.message} (${page.url()}${navigator_offline.has(page) ? ', offline' : ''})`),
  )
  return errors
}

/** Every product picture on screen has loaded (a broken one has no natural width). */
async function expectImagesShown(page: Page, scope: string) {
  const images = page.locator(`${scope} img[src*="/f3/api/v1/images/"]`)
  await expect(images.first()).toBeVisible()
  await expect
    .poll(() =>
      images.evaluateAll((list) =>
        (list as HTMLImageElement[])
          .filter((img) => img.getBoundingClientRect().top < window.innerHeight && img.loading !== 'lazy')
          .every((img) => img.complete && img.naturalWidth > 0),
      ),
    )
    .toBe(true)
}

/** Narrows the category to its last brand: in the filter panel, or on a phone in the filters' sheet. */
async function chooseLastBrand(page: Page) {
  const openSheet = page.getByTestId('open-filters')
  const onPhone = await openSheet.isVisible()
  if (onPhone) await openSheet.click()
  const scope = onPhone ? page.getByTestId('filter-sheet') : page.getByTestId('filter-panel')
  await scope.locator('input[data-testid="filter-option"][data-code="brand"]').last().click()
  await expect(page).toHaveURL(/\/f\/brand\//)
  if (onPhone) {
    await page.getByTestId('sheet-show').click()
    await expect(page.getByTestId('filter-sheet')).toBeHidden()
  }
}

/** Home, a category and two of its products, online, with the worker in control. */
async function browseOnline(page: Page): Promise<{ category: string; products: string[] }> {
  await page.goto('/')
  await waitForControl(page)
  // the first load came before the worker: now the home page is kept too
  await page.goto('/')
  const category = '/catalog/smartfony'
  await page.goto(category)
  await expect(page.getByTestId('product-card').first()).toBeVisible()
  // products that can be bought now (a pre-order's page has no cart button)
  const hrefs = await page
    .locator('[data-testid="product-card"]:has(button[data-testid="add-to-cart"]:enabled) a[href*="/p/"]')
    .evaluateAll((links) => [...new Set(links.map((a) => new URL((a as HTMLAnchorElement).href).pathname))])
  const products = hrefs.slice(0, 2)
  for (const product of products) {
    await page.goto(product)
    await expect(page.getByTestId('add-to-cart').first()).toBeVisible()
    await expectImagesShown(page, 'main')
  }
  return { category, products }
}

// On the desktop and, tagged `@phone`, on the phone project: a phone is where patchy networks are.
for (const tag of ['', ' @phone'])
  test.describe(`offline reading${tag}`, () => {
    test('pages seen once reopen offline with their pictures, hydrate cleanly and link to each other', async ({
      page,
      context,
    }) => {
      test.setTimeout(180_000)
      const errors = consoleErrors(page)
      const { category, products } = await browseOnline(page)

      await context.setOffline(true)
      navigator_offline.add(page)
      try {
        await page.reload()
        await expect(page.getByTestId('add-to-cart').first()).toBeVisible()
        await expectImagesShown(page, 'main')
        await expect(page.getByTestId('offline-banner')).toContainText('Нет соединения с интернетом')
        await expect(page.getByTestId('offline-banner')).toContainText(
          /данные от \d\d\.\d\d\.\d{4} \d\d:\d\d/,
        )

        for (const path of ['/', category, products[0]!, products[1]!]) {
          const response = await page.goto(path)
          await expect(page.locator('h1').first()).toBeVisible()
          // the worker's kept copy of the server's page, not the shell (whose root holds only the boot text)
          expect(response?.fromServiceWorker()).toBe(true)
          expect(isShell(await response!.text())).toBe(false)
        }
        await page.goto(category)
        await expectImagesShown(page, '[data-testid="category-page"]')

        // in-app navigation from the kept category page to a product seen before
        await page.locator(`[data-testid="product-card"] a[href$="${products[1]}"]`).first().click()
        await expect(page).toHaveURL(new RegExp(`${products[1]}$`))
        await expect(page.getByTestId('add-to-cart').first()).toBeVisible()
        await expectImagesShown(page, 'main')
      } finally {
        await context.setOffline(false)
      }
      await expect(page.getByTestId('offline-banner')).toHaveCount(0)
      // Offline, nothing: a kept page hydrates as it did. Online, a server render the machine's load cut
      // short leaves boundaries to the browser (React's #419), which is the server's doing, not the worker's.
      const offline = errors.filter((e) => e.endsWith(', offline)'))
      expect(offline, 'console errors offline (a hydration mismatch or a CSP refusal shows here)').toEqual([])
      expect(errors.filter((e) => !e.includes('error #419'))).toEqual([])
    })

    test('a page not kept opens as the shell offline, and search answers from the device', async ({
      page,
      context,
    }) => {
      await browseOnline(page)
      const title = await page.locator('h1').first().innerText()
      const word = title.split(/\s+/).find((w) => /^[A-Za-z]{4,}$/.test(w)) ?? 'Смартфон'

      await context.setOffline(true)
      try {
        await page.goto('/search?q=' + encodeURIComponent(word))
        await expect(page.getByTestId('search-offline')).toBeVisible()
        await expect(page.getByTestId('search-page').getByTestId('product-card').first()).toContainText(word)
        await expect(page.getByTestId('offline-banner')).toBeVisible()
      } finally {
        await context.setOffline(false)
      }
    })

    test('checkout and sign-in wait for the network and say so', async ({ page, context }) => {
      const { products } = await browseOnline(page)
      await page.goto(products[0]!)
      const answered = page.waitForResponse(
        (r) => /\/cart\/api\/v3\/carts\/.*products$/.test(r.url()) && r.ok(),
      )
      await page.getByTestId('add-to-cart').first().click()
      await answered
      await page.goto('/cart')
      await expect(page.locator('a[data-testid="checkout-button"]')).toBeVisible()
      await page.goto('/login')
      await expect(page.getByTestId('login-continue')).toBeEnabled()

      await context.setOffline(true)
      try {
        await page.goto('/cart')
        await expect(page.getByTestId('checkout-offline-reason')).toContainText('только онлайн')
        await expect(page.locator('button[data-testid="checkout-button"]')).toBeDisabled()

        await page.goto('/login')
        await expect(page.getByTestId('login-offline')).toContainText('Нет соединения с интернетом')
        await expect(page.getByTestId('login-continue')).toBeDisabled()
      } finally {
        await context.setOffline(false)
      }
      await expect(page.getByTestId('login-offline')).toHaveCount(0)
      await expect(page.getByTestId('login-continue')).toBeEnabled()
    })

    test('a category saved for offline opens its products never visited, with their pictures', async ({
      page,
      context,
    }) => {
      test.setTimeout(240_000)
      await page.goto('/')
      await waitForControl(page)
      // one brand of a category: some twenty products
      await page.goto('/catalog/smartfony')
      await chooseLastBrand(page)
      await expect(page.getByTestId('offline-save-open')).toBeVisible()
      const category = new URL(page.url()).pathname
      await page.getByTestId('offline-save-open').click()
      await expect(page.getByTestId('offline-save-budget')).toContainText(/не больше \d+,\d МБ/)
      await page.getByTestId('offline-save-start').click()
      await expect(page.getByTestId('offline-save-progress')).toBeVisible()
      await expect(page.getByTestId('offline-save-status')).toContainText('Готово', { timeout: 200_000 })
      const status = await page.getByTestId('offline-save-status').innerText()
      const saved = Number(/товаров (\d+)/.exec(status)?.[1])
      expect(saved).toBeGreaterThan(2)

      // a product further down the list, never opened
      const hrefs = await page
        .locator('[data-testid="product-card"] a[href*="/p/"]')
        .evaluateAll((links) => [
          ...new Set(links.map((a) => new URL((a as HTMLAnchorElement).href).pathname)),
        ])
      const unseen = hrefs[Math.min(hrefs.length, saved) - 1]!

      await context.setOffline(true)
      try {
        await page.goto(unseen)
        await expect(page.getByTestId('add-to-cart').first()).toBeVisible()
        await expectImagesShown(page, 'main')
        await page.goto(category)
        await expect(page.getByTestId('offline-saved')).toContainText(`товаров ${saved}`)
        await expect(page.getByTestId('offline-save-open')).toBeDisabled()
      } finally {
        await context.setOffline(false)
      }
    })

    test('saving can be cancelled and keeps what it had', async ({ page }) => {
      await page.goto('/')
      await waitForControl(page)
      await page.goto('/catalog/televizory')
      await page.getByTestId('offline-save-open').click()
      await expect(page.getByTestId('offline-save-budget')).toContainText('МБ')
      await page.getByTestId('offline-save-start').click()
      await expect(page.getByTestId('offline-save-status')).toContainText(/Сохранено товаров: [1-9]/, {
        timeout: 30_000,
      })
      await page.getByTestId('offline-save-cancel').click()
      await expect(page.getByTestId('offline-save-status')).toContainText('Остановлено')
    })
  })
