import { expect, test, type APIRequestContext } from './fixtures'

async function firstProduct(request: APIRequestContext, category = 'smartfony') {
  const listing = await request.get(`/katalog/api/v2/products/category/${category}?city_id=1&limit=1`)
  expect(listing.ok()).toBe(true)
  return (await listing.json()).payload[0] as { uri: string; title: string }
}

test.describe('pages rendered by the server', () => {
  test('a product page arrives as HTML with its title, price and data for the app', async ({ request }) => {
    const product = await firstProduct(request)
    const answer = await request.get(`/p/${product.uri}`)
    expect(answer.status()).toBe(200)
    expect(answer.headers()['cache-control']).toBe('no-cache')
    const html = await answer.text()
    expect(html).toContain('<html lang="ru">')
    expect(html).toContain('data-testid="product-title"')
    expect(html).toContain(product.title.replace(/&/g, '&amp;').replace(/"/g, '&quot;'))
    const priceBlock = html.slice(
      html.indexOf('data-testid="product-price"'),
      html.indexOf('data-testid="product-price"') + 400,
    )
    expect(priceBlock).toMatch(/>\d[\d\s]*₸</)
    // the data for the app: the router's state with the page's queries, in a script with the page's nonce
    const nonce = /'nonce-([^']+)'/.exec(answer.headers()['content-security-policy'] ?? '')?.[1]
    expect(nonce).toBeTruthy()
    expect(html).toContain(`<script nonce="${nonce}" data-tsr-stream-part="">`)
    expect(html).toContain('$_TSR')
    expect(html).toContain('"product"')

    const kazakh = await (await request.get(`/astana_kk/p/${product.uri}`)).text()
    expect(kazakh).toContain('<html lang="kk">')
  })

  test('an unknown page is a 404, a non-canonical prefix a redirect, the cart the shell', async ({
    request,
  }) => {
    const missing = await request.get('/catalog/no-such-category')
    expect(missing.status()).toBe(404)
    expect(await missing.text()).toContain('data-testid="not-found"')

    const redirected = await request.get('/almaty/catalog', { maxRedirects: 0 })
    expect(redirected.status()).toBe(307)
    expect(redirected.headers().location).toBe('/catalog')

    const cart = await (await request.get('/cart')).text()
    expect(cart).toContain('<div id="root"><div class="boot">')
    expect(cart).not.toContain('$_TSR')
  })

  test('without JavaScript a shopper reads the product and follows its breadcrumbs to the category', async ({
    browser,
    request,
  }) => {
    const product = await firstProduct(request)
    const context = await browser.newContext({ javaScriptEnabled: false })
    try {
      const page = await context.newPage()
      await page.goto(`/p/${product.uri}`)
      await expect(page.getByTestId('product-title')).toHaveText(product.title)
      await expect(page.getByTestId('product-price').first()).toContainText('₸')
      await expect(page.getByTestId('gallery-main')).toBeVisible()
      await page.getByTestId('breadcrumbs').getByRole('link', { name: 'Смартфоны', exact: true }).click()
      await expect(page).toHaveURL(/\/catalog\/(?:[a-z-]+\/)*smartfony$/)
      await expect(page.getByTestId('product-card').first()).toBeVisible()
    } finally {
      await context.close()
    }
  })

  test('the home page carries its category tiles in its state, not the whole catalogue menu', async ({
    request,
  }) => {
    const html = await (await request.get('/')).text()
    expect(html).toContain('data-testid="category-tile"')
    expect(html).toMatch(/level:1\b/)
    // Subcategories four levels deep were 56 KB of inline script a phone ran before answering a tap.
    expect(html).not.toMatch(/level:[2-9]\b/)
  })

  test('home, a category and a product hydrate without a console error and then navigate in the app', async ({
    page,
    request,
  }) => {
    const errors: string[] = []
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text())
    })
    page.on('pageerror', (error) => errors.push(error.message))
    const product = await firstProduct(request)
    for (const path of [
      '/',
      '/catalog/smartfony',
      `/p/${product.uri}`,
      `/astana_kk/p/${product.uri}?tab=availability`,
    ]) {
      await page.goto(path)
      await expect(page.locator('#root main')).toBeVisible()
    }
    expect(errors, 'hydration mismatches and CSP violations show here').toEqual([])

    // After hydration a link is the app's: the page changes without a new document.
    await page.goto('/catalog/smartfony')
    const documents: string[] = []
    page.on('request', (req) => {
      if (req.resourceType() === 'document') documents.push(req.url())
    })
    await page.getByTestId('product-card').first().getByRole('link').first().click()
    await expect(page.getByTestId('product-title')).toBeVisible()
    expect(documents).toEqual([])
  })
})
