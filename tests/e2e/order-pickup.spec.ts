import { randomUUID } from 'node:crypto'
import { expect, test, type Page } from './fixtures'
import { randomNational, signUpOnLoginPage } from './shopper'

/*
 * After the order (purchase flow 7): a shopper collecting at a pickup point names another person to
 * collect it (a warrant) and shows the pickup code; a shopper whose order comes by courier moves it to
 * another date and slot. The orders are placed through the store's own checkout API as the signed-in
 * shopper; everything after that is the order page.
 */

async function signUp(page: Page) {
  await page.goto('/login')
  await signUpOnLoginPage(page, randomNational())
  await expect(page.getByText('Вы успешно вошли')).toBeVisible()
}

/** Puts the cheapest smartphone in the shopper's cart and orders it, paid in cash on receipt. */
async function placeCashOrder(page: Page, kind: 'pickup' | 'courier'): Promise<string> {
  await page.goto('/catalog/smartfony?sorting=price_asc')
  const button = page
    .locator('[data-testid="product-card"] button[data-testid="add-to-cart"]:enabled')
    .first()
  const added = page.waitForResponse((r) => /\/cart\/api\/v3\/carts.*\/products$/.test(r.url()) && r.ok())
  await button.click()
  await added

  const delivery = await page.request.post('/checkout/api/v1/delivery', { data: { city_id: 1 } })
  expect(delivery.status(), await delivery.text()).toBe(200)
  const options = (await delivery.json()) as {
    pickup_points: { service_point_id: number }[]
    stores: { service_point_id: number }[]
    slots: { code: string; date: string }[]
  }
  let shipping: object
  if (kind === 'pickup') {
    const place = [...options.stores, ...options.pickup_points][0]!
    shipping = { type: 'PICKUP', service_point_id: place.service_point_id }
  } else {
    const slot = options.slots[0]!
    shipping = {
      type: 'COURIER_DELIVERY',
      address: { street: 'проспект Абая', house: '150', apartment: '21' },
      date: slot.date,
      slot_code: slot.code,
    }
  }
  const body = {
    city_id: 1,
    receiver: { firstname: 'Айгерим', lastname: 'Нурланова', phone: '77011234567', isOrganization: false },
    shipping,
    payment_method: 'cash_payment',
  }
  const calc = await page.request.post('/oms/api/v1/orders', { data: body, headers: { Uuid: randomUUID() } })
  expect(calc.status(), await calc.text()).toBe(200)
  const sum = ((await calc.json()) as { calculation: { sumToPay: number } }).calculation.sumToPay
  const placed = await page.request.post('/oms/api/v1/orders/checkout', {
    data: { ...body, expected_sum_to_pay: sum },
    headers: { 'Idempotency-Key': randomUUID() },
  })
  expect(placed.status(), await placed.text()).toBe(201)
  return ((await placed.json()) as { order_id: string }).order_id
}

test.describe('after the order', () => {
  test('a shopper collecting at a point names another person to collect it and shows the pickup code', async ({
    page,
  }) => {
    test.slow()
    await signUp(page)
    const orderId = await placeCashOrder(page, 'pickup')
    await page.goto(`/my-account/orders/${orderId}`)
    await expect(page.getByTestId('order-shipping')).toBeVisible()

    // The warrant: a mistyped IIN is caught before it is sent; the right one is saved and shown.
    await expect(page.getByTestId('order-reschedule')).toHaveCount(0)
    await page.getByTestId('warrant-open').click()
    const form = page.getByTestId('warrant-form')
    await form.getByLabel('Фамилия').fill('Жумабаев')
    await form.getByLabel('Имя').fill('Ерлан')
    await form.getByLabel('Телефон').fill('+7 705 123 45 67')
    await form.getByLabel('ИИН').fill('900101300127')
    await page.getByTestId('warrant-submit').click()
    await expect(form.getByText('ИИН введён с ошибкой: проверьте 12 цифр')).toBeVisible()
    await form.getByLabel('ИИН').fill('900101300126')
    const saved = page.waitForResponse((r) => r.url().endsWith(`/orders/${orderId}/warrant`) && r.ok())
    await page.getByTestId('warrant-submit').click()
    await saved
    await expect(page.getByTestId('warrant-saved')).toBeVisible()
    await expect(page.getByTestId('warrant-name')).toHaveText('Жумабаев Ерлан')
    await expect(page.getByTestId('warrant')).toContainText('900101300126')

    // The pickup code: six digits and the QR code holding them, the same after a reload.
    await page.getByTestId('pickup-show').click()
    const digits = page.getByTestId('pickup-digits')
    await expect(digits).toHaveText(/^\d{3} \d{3}$/)
    const code = (await digits.getAttribute('data-code')) ?? ''
    const qr = page.getByTestId('pickup-qr')
    await expect(qr).toBeVisible()
    await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml/)
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    await expect(page.getByTestId('pickup-expires')).toContainText('Код действует до')

    await page.reload()
    await expect(page.getByTestId('warrant-name')).toHaveText('Жумабаев Ерлан')
    await page.getByTestId('pickup-show').click()
    await expect(page.getByTestId('pickup-digits')).toHaveAttribute('data-code', code)

    // A new code on request replaces the old one.
    const refreshed = page.waitForResponse((r) => r.url().endsWith(`/orders/${orderId}/otp/refresh`))
    await page.getByTestId('pickup-refresh').click()
    expect((await refreshed).status()).toBe(200)
    await expect(page.getByTestId('pickup-digits')).toHaveText(/^\d{3} \d{3}$/)
  })

  test('a shopper moves a courier delivery to another date and slot once', async ({ page }) => {
    test.slow()
    await signUp(page)
    const orderId = await placeCashOrder(page, 'courier')
    await page.goto(`/my-account/orders/${orderId}`)
    const before = (await page.getByTestId('order-date').textContent()) ?? ''
    await expect(page.getByTestId('order-warrant')).toHaveCount(0)
    await expect(page.getByTestId('order-pickup-code')).toHaveCount(0)
    await expect(page.getByTestId('reschedule-left')).toHaveText('Осталось переносов: 2 из 2')

    await page.getByTestId('reschedule-open').click()
    await page.getByTestId('reschedule-date').nth(1).click()
    await page.getByTestId('reschedule-slot').last().click()
    const moved = page.waitForResponse((r) => r.url().endsWith('/booking/delivery/reschedule'))
    await page.getByTestId('reschedule-submit').click()
    expect((await moved).status()).toBe(200)

    await expect(page.getByTestId('reschedule-done')).toBeVisible()
    await expect(page.getByTestId('reschedule-left')).toHaveText('Осталось переносов: 1 из 2')
    await expect(page.getByTestId('order-date')).not.toHaveText(before)
    const movedTo = (await page.getByTestId('reschedule-done').textContent()) ?? ''
    expect(movedTo).toContain((await page.getByTestId('order-date').textContent())?.split(',')[0] ?? '-')

    const state = await page.request.get(`/oms/api/v3/booking/delivery/reschedule_count/${orderId}`)
    expect(((await state.json()) as { count: number }).count).toBe(1)
    await page.reload()
    await expect(page.getByTestId('reschedule-left')).toHaveText('Осталось переносов: 1 из 2')
  })
})
