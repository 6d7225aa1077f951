import { expect, test, type Page } from './fixtures'
import { randomNational, signUpOnLoginPage } from './shopper'

/*
 * Trade-in (issue 21): a shopper buys a phone, hands an old phone over for it, collects the order at a
 * shop that takes old devices and pays the rest by card; the order shows the credit.
 */

/**
 * Adds a smartphone the store can hand over with a trade-in (held at a shop taking old devices, with no
 * gift to fetch from elsewhere) and dear enough that a card pays something after the credit, and waits for the server to take it.
 */
async function addTradeinPhone(page: Page): Promise<string> {
  await page.goto('/catalog/smartfony')
  const buttons = page.locator('[data-testid="product-card"] button[data-testid="add-to-cart"]:enabled')
  const count = await buttons.count()
  for (let i = 0; i < count; i++) {
    const button = buttons.nth(i)
    const sku = (await button.getAttribute('data-sku')) ?? ''
    const link = await page.request.get(`/trade/api/v1/product-link?city_id=1&sku=${sku}`)
    const offer = (await link.json()) as { available: boolean; price: number | null }
    if (!offer.available || (offer.price ?? 0) < 100_000) continue
    // a gift comes along with the goods and would have to be at the same shop
    const promotions = await page.request.post('/checkout/api/v1/promotions', {
      data: { city_id: 1, products: [{ sku }] },
    })
    if (((await promotions.json()) as unknown[]).length > 0) continue
    const delivery = await page.request.post('/inventory/api/v3/delivery', {
      data: { city_id: 1, products: [{ sku }], is_tradein: true },
    })
    if (((await delivery.json()) as { stores: unknown[] }).stores.length === 0) continue
    const answered = page.waitForResponse(
      (r) => /\/cart\/api\/v3\/carts.*\/products$/.test(r.url()) && r.ok(),
    )
    await button.click()
    await answered
    return sku
  }
  throw new Error('no smartphone on the first page is held at a shop that takes old devices')
}

async function payOnAcquirerPage(page: Page, card: string) {
  await expect(page).toHaveURL(/\/acquirer\/api\/v1\/sessions\//)
  await page.getByLabel('Номер карты').fill(card)
  await page.getByLabel('Срок действия (ММ/ГГ)').fill('12/30')
  await page.getByLabel('CVC/CVV').fill('123')
  await page.getByRole('button', { name: 'Оплатить' }).click()
  await page.getByLabel('Код из SMS').fill('123456')
  await page.getByRole('button', { name: 'Подтвердить' }).click()
}

const amount = async (page: Page, testId: string) =>
  Number(await page.getByTestId(testId).getAttribute('data-amount'))

test('a shopper hands an old phone over for a new one, collects it at a trade-in shop and pays the rest by card', async ({
  page,
}) => {
  test.slow()
  await page.goto('/login')
  await signUpOnLoginPage(page, randomNational())
  await expect(page.getByText('Вы успешно вошли')).toBeVisible()
  const sku = await addTradeinPhone(page)

  // The cart line offers trade-in: an old smartphone in working order, its credit and the new total.
  await page.goto('/cart')
  const line = page.locator(`[data-testid="cart-line"][data-sku="${sku}"]`)
  await expect(line).toBeVisible()
  const before = await amount(page, 'total-grand')
  await line.getByTestId('tradein-open').click()
  await line.getByTestId('tradein-device').selectOption('smartphone')
  await line.getByTestId('tradein-working').check()
  await expect(line.getByTestId('tradein-estimate')).toContainText('45 000')
  await line.getByTestId('tradein-apply').click()
  await expect(line.getByTestId('tradein-chosen')).toContainText('Смартфон')
  await expect(line.getByTestId('tradein-credit')).toContainText('45 000')
  await expect(page.getByTestId('total-tradein')).toContainText('45 000')
  await expect.poll(() => amount(page, 'total-grand')).toBe(before - 45_000)

  // The checkout offers only the shops that take old devices; the first is chosen.
  await page.getByTestId('checkout-button').click()
  await expect(page).toHaveURL(/\/checkout\/receiver$/)
  await page.getByTestId('receiver-lastname').fill('Серикова')
  await page.getByTestId('checkout-next').click()
  await expect(page).toHaveURL(/\/checkout\/delivery$/)
  await expect(page.getByTestId('pickup-place').first().locator('input')).toBeChecked()
  await page.getByTestId('checkout-next').click()

  // Card; cash on receipt is not offered for a trade-in order.
  await expect(page).toHaveURL(/\/checkout\/review-and-payments$/)
  await expect(page.getByTestId('payment-card_payment')).toBeChecked()
  await expect(page.getByTestId('sum-tradein')).toContainText('45 000')
  const total = Number(await page.getByTestId('sum-grand').getAttribute('data-amount'))
  expect(total).toBe(before - 45_000)
  await page.getByTestId('place-order').click()
  await payOnAcquirerPage(page, '4000 0000 0000 3220')

  // The order is paid, collected at the shop, and shows the credit.
  await expect(page).toHaveURL(/\/checkout\/result\?status=success&orderId=/)
  await expect(page.getByTestId('order-outcome')).toHaveAttribute('data-outcome', 'paid')
  await expect(page.getByTestId('sum-tradein')).toContainText('45 000')
  await expect(page.getByTestId('sum-grand')).toHaveAttribute('data-amount', String(total))
})
