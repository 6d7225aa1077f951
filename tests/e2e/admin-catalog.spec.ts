import { E2E_SUPPORT_OPERATOR } from '../../playwright.config'
import { expect, test, type APIRequestContext } from './fixtures'

const CATEGORY = 'smartfony'
const ALMATY = 1
const ROWS = 1_000

interface Listed {
  sku: string
  price: number
}

/** Every product of the category with its price in Almaty, as the store's public catalogue lists them. */
async function categoryProducts(request: APIRequestContext): Promise<Listed[]> {
  const products: Listed[] = []
  for (let page = 1; ; page++) {
    const res = await request.get(
      `/katalog/api/v2/products/category/${CATEGORY}?city_id=${ALMATY}&limit=100&page=${page}`,
    )
    expect(res.ok()).toBe(true)
    const body = (await res.json()) as { total: number; payload: Listed[] }
    products.push(...body.payload.map(({ sku, price }) => ({ sku, price })))
    if (products.length >= body.total || body.payload.length === 0) return products
  }
}

/** A price that differs from the old one and is easy to find on the page. */
const changed = (price: number) => (price > 1_000 ? price - 777 : price + 777)

/** `123 456 ₸` as the store writes it (grouped by no-break spaces). */
const money = (amount: number) => String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')

test('an operator imports 1,000 price changes for a category in Almaty and the category page shows them', async ({
  page,
  request,
}) => {
  const products = await categoryProducts(request)
  expect(products.length).toBeGreaterThan(24)
  // A file of 1,000 rows over the category's products: a product named by several rows takes its last
  // one, so the rows before it carry other prices on purpose.
  const lines = ['sku,city_id,price']
  for (let row = 0; row < ROWS; row++) {
    const product = products[row % products.length]!
    const last = row >= ROWS - products.length
    lines.push(`${product.sku},${ALMATY},${changed(product.price) + (last ? 0 : 1 + (row % 5))}`)
  }

  await page.goto('/admin/sign-in?next=/admin/catalog')
  await page.getByLabel('Логин').fill(E2E_SUPPORT_OPERATOR.login)
  await page.getByLabel('Пароль').fill(E2E_SUPPORT_OPERATOR.password)
  await page.getByRole('button', { name: 'Войти' }).click()
  await expect(page.getByRole('heading', { name: 'Каталог', level: 1 })).toBeVisible()

  await page.getByTestId('catalog-import-file').setInputFiles({
    name: 'smartfony-almaty.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${lines.join('\n')}\n`),
  })
  await page.getByRole('button', { name: 'Загрузить' }).click()
  const report = page.getByTestId('catalog-import')
  await expect(report).toHaveAttribute('data-status', 'done', { timeout: 30_000 })
  // the header is row 1: a thousand price rows after it
  await expect(page.getByTestId('catalog-import-progress')).toHaveText(`Обработано строк: ${ROWS} из ${ROWS}`)
  await expect(report).toContainText('Отклонено строк: 0.')
  await expect(page.getByTestId('catalog-imports')).toContainText('готово')

  // the category's first product with its new price (the index catches up within seconds)
  const first = products[0]!
  await page.goto(`/catalog/${CATEGORY}`)
  const card = page.locator(`[data-testid="product-card"][data-sku="${first.sku}"]`)
  await expect(async () => {
    await page.reload()
    await expect(card).toContainText(`${money(changed(first.price))}\u00a0₸`, { timeout: 1_000 })
  }).toPass({ timeout: 20_000, intervals: [1_000] })
})
