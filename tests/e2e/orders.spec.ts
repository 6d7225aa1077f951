import { readFile } from 'node:fs/promises'
import type { Browser } from '@playwright/test'
import { expect, test, type Page } from './fixtures'
import { randomNational, signUpOnLoginPage } from './shopper'
import { E2E_CANCEL_GIFT_CARD, E2E_SUPPORT_OPERATOR } from '../../playwright.config'
import { pdfText } from '../../server/test/pdf-text'

/*
 * After the order (purchase flow 7): the shopper watches an order move on its page as the store works
 * on it, then takes the receipt and the pickup code to the point; another cancels a paid one, getting
 * the goods' stock and the gift card's money back.
 */

async function signUp(page: Page) {
  await page.goto('/login')
  await signUpOnLoginPage(page, randomNational())
  await expect(page.getByText('Вы успешно вошли')).toBeVisible()
}

/** Adds the cheapest smartphone the listing sells and waits for the server to take it. */
async function addCheapestSmartphone(page: Page): Promise<string> {
  await page.goto('/catalog/smartfony?sorting=price_asc')
  const button = page
    .locator('[data-testid="product-card"] button[data-testid="add-to-cart"]:enabled')
    .first()
  const sku = (await button.getAttribute('data-sku')) ?? ''
  const answered = page.waitForResponse((r) => /\/cart\/api\/v3\/carts.*\/products$/.test(r.url()) && r.ok())
  await button.click()
  await answered
  return sku
}

/** Through the checkout with pickup at the first place offered, paying by `method`; answers the order id. */
async function checkoutWithPickup(page: Page, method: 'cash_payment' | 'card_payment') {
  await page.goto('/cart')
  await page.getByTestId('checkout-button').click()
  await page.getByTestId('receiver-lastname').fill('Серикова')
  await page.getByTestId('checkout-next').click()
  await expect(page.getByTestId('method-pickup')).toBeChecked()
  await page.getByTestId('checkout-next').click()
  await page.getByTestId(`payment-${method}`).check()
  const place = page.getByTestId('place-order')
  await expect(place).toBeEnabled()
  await place.click()
}

/** The units of a product the city's shops and points hold, as the store answers anyone. */
async function stockOf(page: Page, sku: string): Promise<number> {
  const res = await page.request.get(`/inventory/api/v1/stocks/${sku}?city_id=1`)
  expect(res.status()).toBe(200)
  return ((await res.json()) as { total: number }).total
}

async function giftCardBalance(page: Page): Promise<number> {
  const res = await page.request.post(`/marketing/api/v1/giftCards/${E2E_CANCEL_GIFT_CARD}`, { data: {} })
  if (res.status() === 422) return 0
  expect(res.status()).toBe(200)
  return ((await res.json()) as { balance: number }).balance
}

/**
 * The store's operator, signed in to the back office in a browser of their own: finds the order by its
 * number in `/admin/orders`, opens it and moves it with the page's buttons as the warehouse reports.
 */
async function backOfficeOrder(browser: Browser, number: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('/admin/sign-in?next=/admin/orders')
  await page.getByLabel('Логин').fill(E2E_SUPPORT_OPERATOR.login)
  await page.getByLabel('Пароль').fill(E2E_SUPPORT_OPERATOR.password)
  await page.getByRole('button', { name: 'Войти' }).click()
  await expect(page.getByRole('heading', { name: 'Заказы', level: 1 })).toBeVisible()
  await page.getByLabel('Номер').fill(number)
  await page.getByRole('button', { name: 'Найти' }).click()
  await expect(page.getByTestId('admin-order-row')).toHaveCount(1)
  await page
    .getByTestId('admin-order-row')
    .getByRole('link', { name: `№ ${number}` })
    .click()
  await expect(page.getByRole('heading', { name: new RegExp(`^Заказ № ${number}`), level: 1 })).toBeVisible()
  return {
    /** Presses the move's button and waits for the order to show its new status. */
    async move(button: string, status: string) {
      await page.getByRole('button', { name: button, exact: true }).click()
      await expect(page.getByTestId('admin-order-status')).toHaveText(status)
    },
    close: () => context.close(),
  }
}

test.describe('orders after checkout', () => {
  test('a shopper orders with pickup, watches the order move to "ready for pickup" on its page, opens the receipt, shows the pickup code and is handed the goods', async ({
    page,
    browser,
  }) => {
    test.slow()
    await signUp(page)
    await addCheapestSmartphone(page)
    await checkoutWithPickup(page, 'cash_payment')
    await expect(page).toHaveURL(/\/checkout\/result\?/)
    const orderId = new URL(page.url()).searchParams.get('orderId') ?? ''
    expect(orderId).not.toBe('')

    await page.goto(`/my-account/orders/${orderId}`)
    const steps = page.getByTestId('timeline-step')
    await expect(steps).toHaveCount(1)
    await expect(steps.first()).toHaveAttribute('data-status', 'NEW')
    await expect(steps.first()).toContainText('Заказ принят')
    await expect(page.getByTestId('cancel-order')).toBeVisible()

    // The warehouse puts the order together and brings it to the pickup point; the operator moves it in
    // the back office, and the shopper's page, left open, shows each move as the store reports it.
    const number = ((await page.getByTestId('order-number').textContent()) ?? '').replace(/^Заказ № /, '')
    const operator = await backOfficeOrder(browser, number)
    await operator.move('Собрать', 'Собирается')
    await operator.move('Готов к выдаче', 'Готов к выдаче')
    const current = page.locator('[data-testid="timeline-step"][data-current]')
    await expect(current).toHaveAttribute('data-status', 'READY_FOR_PICKUP', { timeout: 25_000 })
    await expect(current).toContainText('Готов к выдаче')
    await expect(steps).toHaveCount(3)
    await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'READY_FOR_PICKUP')

    // The information centre told the shopper too.
    const notes = await page.request.get('/notifications/api/v1/notes')
    expect(notes.status()).toBe(200)
    const texts = ((await notes.json()) as { notes: { text: string }[] }).notes.map((n) => n.text)
    expect(texts).toContain('Заказ готов к выдаче.')

    // At the pickup point: the receipt as a PDF, and the pickup code as digits and a QR code.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('document-check').click(),
    ])
    const receipt = await readFile(await download.path())
    expect(receipt.subarray(0, 5).toString()).toBe('%PDF-')
    // the order panel's heading reads "Заказ № <number>", as the receipt does
    const heading = (await page.getByTestId('order-number').textContent()) ?? ''
    expect(heading).toMatch(/^Заказ № \S+$/)
    expect(await pdfText(receipt)).toContain(heading)
    await page.getByTestId('pickup-show').click()
    await expect(page.getByTestId('pickup-digits')).toHaveText(/^\d{3} \d{3}$/)
    await expect(page.getByTestId('pickup-qr')).toBeVisible()

    // The point hands the goods over, and the shopper's page says the order is received.
    await operator.move('Выдан покупателю', 'Получен')
    await operator.close()
    await expect(current).toHaveAttribute('data-status', 'COMPLETED', { timeout: 25_000 })
    await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'COMPLETED')
  })

  test('another shopper cancels a paid order and sees it cancelled, the stock and the gift card come back', async ({
    page,
  }) => {
    test.slow()
    await signUp(page)
    const sku = await addCheapestSmartphone(page)
    const stockBefore = await stockOf(page, sku)
    const cardBefore = await giftCardBalance(page)
    expect(cardBefore).toBeGreaterThan(0)
    await page.goto('/cart')
    await page.getByTestId('gift-card-input').fill(E2E_CANCEL_GIFT_CARD)
    await page.getByTestId('gift-card-apply').click()
    await expect(page.getByTestId('total-gift-cards')).toBeVisible()
    const spent = Number(await page.getByTestId('total-gift-cards').getAttribute('data-amount'))
    expect(spent).toBeGreaterThan(0)

    await checkoutWithPickup(page, 'card_payment')
    await expect(page).toHaveURL(/\/acquirer\/api\/v1\/sessions\//)
    await page.getByLabel('Номер карты').fill('4111 1111 1111 1111')
    await page.getByLabel('Срок действия (ММ/ГГ)').fill('12/30')
    await page.getByLabel('CVC/CVV').fill('123')
    await page.getByRole('button', { name: 'Оплатить' }).click()
    await expect(page).toHaveURL(/\/checkout\/result\?status=success&orderId=/)
    await expect(page.getByTestId('order-outcome')).toHaveAttribute('data-outcome', 'paid')
    const orderId = new URL(page.url()).searchParams.get('orderId') ?? ''
    expect(await stockOf(page, sku)).toBe(stockBefore - 1)
    expect(await giftCardBalance(page)).toBe(cardBefore - spent)

    await page.goto(`/my-account/orders/${orderId}`)
    await expect(page.locator('[data-testid="timeline-step"][data-current]')).toHaveAttribute(
      'data-status',
      'PROCESSING',
    )
    await page.getByTestId('cancel-order').click()
    await expect(page.getByRole('dialog')).toContainText('Товары вернутся в продажу')
    await page.getByTestId('confirm-cancel').click()
    await expect(page.getByText('Заказ отменён. Деньги отправлены обратно на карту.')).toBeVisible()
    await expect(page.locator('[data-testid="timeline-step"][data-current]')).toHaveAttribute(
      'data-status',
      'CANCELLED',
    )
    await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'CANCELLED')
    await expect(page.getByTestId('order-payment')).toHaveAttribute('data-status', 'refunded')
    await expect(page.getByTestId('cancel-order')).toHaveCount(0)

    expect(await stockOf(page, sku)).toBe(stockBefore)
    expect(await giftCardBalance(page)).toBe(cardBefore)

    // Reorder puts the phone back in the cart.
    await page.getByTestId('reorder').click()
    await expect(page).toHaveURL(/\/cart$/)
    await expect(page.locator(`[data-testid="cart-line"][data-sku="${sku}"]`)).toBeVisible()
  })
})
