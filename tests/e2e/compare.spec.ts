import { expect, test, type APIRequestContext, type Page, waitForControl } from './fixtures'

interface ListedProduct {
  sku: string
  uri: string
  title: string
  availability: string
}

/** In-stock products of a category in Almaty, as the catalogue lists them. */
async function productsOf(request: APIRequestContext, category: string, count: number) {
  const res = await request.get(`/katalog/api/v2/products/category/${category}?city_id=1&limit=24`)
  expect(res.ok()).toBe(true)
  const { payload } = (await res.json()) as { payload: ListedProduct[] }
  const inStock = payload.filter((p) => p.availability === 'InStock').slice(0, count)
  expect(inStock).toHaveLength(count)
  return inStock
}

async function compareFromProductPage(page: Page, uri: string) {
  await page.goto(`/p/${uri}`)
  await page.locator('main').getByTestId('add-to-compare').first().click()
}

test('a shopper compares three phones, is refused a fridge, and reads the comparison offline', async ({
  page,
  context,
  request,
}) => {
  const phones = await productsOf(request, 'smartfony', 3)
  const [fridge] = await productsOf(request, 'holodilniki', 1)

  await page.goto('/')
  await waitForControl(page)

  // two phones from their pages, the third from a card of the phones' listing
  for (const phone of phones.slice(0, 2)) {
    await compareFromProductPage(page, phone.uri)
    await expect(page.getByText('Товар добавлен к сравнению')).toBeVisible()
  }
  await page.goto('/catalog/smartfony')
  const card = page.locator(`[data-testid="product-card"][data-sku="${phones[2]!.sku}"]`)
  await card.getByTestId('add-to-compare').click()
  await expect(card.getByTestId('add-to-compare')).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByTestId('compare-count')).toHaveAttribute('data-count', '3')

  // the same phone again: refused, with the way to the list
  await card.getByTestId('add-to-compare').click()
  await expect(page.getByText('Товар уже есть в сравнении')).toBeVisible()

  // a fridge shares no category but the catalogue with phones: refused, with the offer to clear the list
  await compareFromProductPage(page, fridge!.uri)
  await expect(page.getByText('Этот товар нельзя сравнить с товарами из списка')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Очистить список и добавить' })).toBeVisible()
  await expect(page.getByTestId('compare-count')).toHaveAttribute('data-count', '3')

  await page.getByTestId('compare-link').click()
  await expect(page).toHaveURL(/\/compare$/)
  const heads = page.getByTestId('compare-product')
  await expect(heads).toHaveCount(3)
  for (const phone of phones) await expect(page.getByRole('link', { name: phone.title })).toBeVisible()
  const rows = page.getByTestId('compare-row')
  const all = await rows.count()
  expect(all).toBeGreaterThan(3)

  // four columns fit a desktop: three phones need no sideways scrolling
  const scroller = page.getByTestId('compare-scroller')
  expect(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true)

  await page.getByTestId('compare-differences').check()
  await expect.poll(() => rows.count()).toBeLessThan(all)
  await page.getByTestId('compare-differences').uncheck()
  await expect(rows).toHaveCount(all)

  // buy one from the comparison
  const answered = page.waitForResponse((r) => /\/cart\/api\/v3\/carts\/.*products$/.test(r.url()) && r.ok())
  await heads.first().getByTestId('add-to-cart').click()
  await answered
  await expect(page.getByTestId('cart-count')).toHaveAttribute('data-count', '1')

  // offline, the comparison still opens from what this device keeps
  await context.setOffline(true)
  try {
    await page.reload()
    await expect(page.getByTestId('compare-product')).toHaveCount(3)
    for (const phone of phones) await expect(page.getByRole('link', { name: phone.title })).toBeVisible()
    await expect(page.getByTestId('compare-row')).toHaveCount(all)
  } finally {
    await context.setOffline(false)
  }

  await heads.nth(1).getByTestId('compare-remove').click()
  await expect(page.getByTestId('compare-product')).toHaveCount(2)
  await expect(page.getByTestId('compare-count')).toHaveAttribute('data-count', '2')
})

test('@phone two phones side by side on a phone, a third scrolls in', async ({ page, request }) => {
  const phones = await productsOf(request, 'smartfony', 3)
  for (const phone of phones) {
    await compareFromProductPage(page, phone.uri)
    await expect(page.getByText('Товар добавлен к сравнению')).toBeVisible()
  }
  await page.goto('/compare')
  const heads = page.getByTestId('compare-product')
  await expect(heads).toHaveCount(3)
  const scroller = page.getByTestId('compare-scroller')
  const { client, scroll } = await scroller.evaluate((el) => ({
    client: el.clientWidth,
    scroll: el.scrollWidth,
  }))
  // each product takes half the width: two visible, the third past the edge
  expect(scroll).toBeGreaterThan(client * 1.4)
  const first = await heads.first().boundingBox()
  expect(first!.width).toBeGreaterThan(client * 0.45)
  expect(first!.width).toBeLessThan(client * 0.55)
  await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }))
  await expect(heads.nth(2)).toBeInViewport()
})
