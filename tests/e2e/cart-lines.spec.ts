import { expect, test, type Page } from './fixtures'
import { randomNational, signUpOnLoginPage } from './shopper'

/*
 * What a cart line can be (issue 21): a service that follows its product, and a pre-order, which is not
 * a cart line at all but an order of its own with a prepayment.
 */

async function signUp(page: Page, national: string) {
  await page.goto('/login')
  await signUpOnLoginPage(page, national)
  await expect(page.getByText('Вы успешно вошли')).toBeVisible()
}

interface ListedProduct {
  sku: string
  uri: string
  availability: string
}

async function listing(page: Page, category: string, sorting = 'score'): Promise<ListedProduct[]> {
  const res = await page.request.get(
    `/katalog/api/v2/products/category/${category}?city_id=1&limit=48&sorting=${sorting}`,
  )
  expect(res.ok()).toBe(true)
  return ((await res.json()) as { payload: ListedProduct[] }).payload
}

test.describe('cart lines', () => {
  test('a shopper adds installation to a washing machine: it follows the machine’s quantity and leaves with it', async ({
    page,
  }) => {
    const machine = (await listing(page, 'stiralnye-mashiny')).find((p) => p.availability === 'InStock')
    expect(machine).toBeDefined()
    await page.goto(`/p/${machine!.uri}`)
    await page.getByTestId('product-tab').and(page.locator('[data-tab="services"]')).click()
    const offer = page
      .getByTestId('service-offer')
      .filter({ hasText: 'Подключение стиральной машины' })
      .first()
    await expect(offer).toBeVisible()
    const add = offer.getByTestId('add-to-cart')
    const serviceSku = await add.getAttribute('data-sku')
    const answered = page.waitForResponse(
      (r) => /\/products$/.test(r.url()) && r.request().method() === 'POST',
    )
    await add.click()
    expect((await answered).ok()).toBe(true)
    await expect(offer.getByTestId('add-to-cart')).toHaveAttribute('data-in-cart', 'true')

    await page.goto('/cart')
    const line = page.locator(`[data-testid="cart-line"][data-sku="${machine!.sku}"]`)
    await expect(line).toBeVisible()
    const service = line.locator(`[data-testid="cart-service"][data-sku="${serviceSku}"]`)
    await expect(service).toContainText('Подключение стиральной машины')

    // a second machine: a second installation, as the server answers
    const changed = page.waitForResponse(
      (r) => /\/products$/.test(r.url()) && r.request().method() === 'PUT' && r.ok(),
    )
    await line.getByTestId('quantity-increase').first().click()
    const cart = (await (await changed).json()) as {
      products: { sku: string; quantity: number }[]
      services: { sku: string; quantity: number }[]
    }
    expect(cart.products.find((p) => p.sku === machine!.sku)?.quantity).toBe(2)
    expect(cart.services.find((s) => s.sku === serviceSku)?.quantity).toBe(2)

    // the machine goes, its installation with it
    await line.getByTestId('line-remove').first().click()
    await expect(line).toHaveCount(0)
    await page.reload()
    await expect(page.locator(`[data-testid="cart-service"][data-sku="${serviceSku}"]`)).toHaveCount(0)
  })

  test('a shopper pre-orders a phone: asks to be told, then prepays by card and sees the pre-order', async ({
    page,
  }) => {
    test.slow()
    const phone = (await listing(page, 'smartfony', 'new')).find((p) => p.availability === 'PreOrder')
    expect(phone, 'the seed has a smartphone on pre-order').toBeDefined()

    // the product page's button leads to the pre-order, not the cart
    await page.goto(`/p/${phone!.uri}`)
    await page.locator(`a[data-testid="preorder"][data-sku="${phone!.sku}"]`).first().click()
    await expect(page).toHaveURL(new RegExp(`/preorder/${phone!.sku}$`))
    await expect(page.getByTestId('preorder-terms')).toBeVisible()
    await expect(page.getByTestId('preorder-date')).toContainText(/\d{2}\.\d{2}\.\d{4}/)

    // a guest may ask to be told when it arrives
    const national = randomNational()
    await page.getByTestId('preorder-notify-phone').pressSequentially(national)
    await page.getByTestId('preorder-notify-submit').click()
    await expect(page.getByTestId('preorder-notify-done')).toContainText(`+7 ${national.slice(0, 3)} •••`)
    await expect(page.getByTestId('preorder-sign-in')).toBeVisible()

    await signUp(page, national)
    await page.goto(`/preorder/${phone!.sku}`)
    await expect(page.getByTestId('preorder-firstname')).toHaveValue('Дана')
    await page.getByTestId('preorder-lastname').fill('Серикова')
    await page.getByTestId('preorder-point').first().check()
    const toPay = page.getByTestId('preorder-to-pay')
    await expect(toPay).toBeVisible()
    const prepayment = Number(await toPay.getAttribute('data-amount'))
    expect(prepayment).toBeGreaterThan(0)
    await page.getByTestId('preorder-submit').click()

    await expect(page).toHaveURL(/\/acquirer\/api\/v1\/sessions\//)
    await page.getByLabel('Номер карты').fill('4111 1111 1111 1111')
    await page.getByLabel('Срок действия (ММ/ГГ)').fill('12/30')
    await page.getByLabel('CVC/CVV').fill('123')
    await page.getByRole('button', { name: 'Оплатить' }).click()

    await expect(page).toHaveURL(/\/checkout\/result\?status=success&orderId=/)
    await expect(page.getByTestId('order-outcome')).toHaveAttribute('data-outcome', 'paid')
    await expect(page.getByTestId('order-preorder')).toBeVisible()
    await expect(page.getByTestId('order-shipping')).toContainText('Самовывоз')
    await expect(page.locator('[data-testid="order-view"]')).toContainText('Ожидается')
  })

  test('a shopper buys a gift card, pays by card, and spends the issued code in a new cart', async ({
    page,
  }) => {
    test.slow()
    await signUp(page, randomNational())
    await page.goto('/gift-cards')
    const card = page.getByTestId('gift-card').first()
    const buy = card.locator('button[data-testid="add-to-cart"]')
    await expect(buy).toBeEnabled()
    const added = page.waitForResponse((r) => /\/cart\/api\/v3\/carts.*\/products$/.test(r.url()) && r.ok())
    await buy.click()
    await added

    await page.goto('/cart')
    await page.getByTestId('checkout-button').click()
    await expect(page).toHaveURL(/\/checkout\/receiver$/)
    await page.getByTestId('receiver-lastname').fill('Серикова')
    await page.getByTestId('checkout-next').click()
    // nothing to carry: the certificate is handed over at a shop, free
    await expect(page).toHaveURL(/\/checkout\/delivery$/)
    await expect(page.getByTestId('pickup-place').first().locator('input')).toBeChecked()
    await page.getByTestId('checkout-next').click()
    await expect(page).toHaveURL(/\/checkout\/review-and-payments$/)
    await expect(page.getByTestId('payment-card_payment')).toBeChecked()
    const place = page.getByTestId('place-order')
    await expect(place).toBeEnabled()
    await place.click()

    await expect(page).toHaveURL(/\/acquirer\/api\/v1\/sessions\//)
    await page.getByLabel('Номер карты').fill('5555 5555 5555 4444')
    await page.getByLabel('Срок действия (ММ/ГГ)').fill('12/30')
    await page.getByLabel('CVC/CVV').fill('123')
    await page.getByRole('button', { name: 'Оплатить' }).click()

    // paid: the order shows the gift card it issued
    await expect(page).toHaveURL(/\/checkout\/result\?status=success&orderId=/)
    await expect(page.getByTestId('order-outcome')).toHaveAttribute('data-outcome', 'paid')
    const issued = page.getByTestId('issued-gift-card')
    await expect(issued).toHaveCount(1)
    const code = (await issued.getAttribute('data-code')) ?? ''
    expect(code).toMatch(/^GC-/)
    expect(code).not.toBe('GIFT10000')

    // a new cart: a smartphone, paid in part with the new code
    await page.goto('/catalog/smartfony?sorting=price_asc')
    const phoneButton = page
      .locator('[data-testid="product-card"] button[data-testid="add-to-cart"]:enabled')
      .first()
    const phoneAdded = page.waitForResponse(
      (r) => /\/cart\/api\/v3\/carts.*\/products$/.test(r.url()) && r.ok(),
    )
    await phoneButton.click()
    await phoneAdded
    await page.goto('/cart')
    await page.getByTestId('gift-card-input').fill(code)
    const applied = page.waitForResponse(
      (r) => /\/marketingUnits$/.test(r.url()) && r.request().method() === 'POST',
    )
    await page.getByTestId('gift-card-apply').click()
    const answer = await applied
    expect(answer.ok()).toBe(true)
    const cart = (await answer.json()) as { giftCardSum: number; marketingUnits: { code: string }[] }
    expect(cart.giftCardSum).toBeGreaterThan(0)
    expect(cart.marketingUnits.map((u) => u.code.toUpperCase())).toContain(code)
    await expect(page.getByTestId('gift-card-applied')).toContainText(code)
  })
})
