import { expect, test, type Page } from './fixtures'
import { randomNational, signUpOnLoginPage } from './shopper'

/*
 * Financing through the loan broker (purchase flow 2-5): the order is placed with an installment, the
 * agreement is signed with the SMS code, the banks answer over time on the local broker, and a signed
 * offer pays the order; a shopper every bank refuses sees why and the other ways to pay.
 */

const agreementCode = async (page: Page, phone: string) => {
  let code = ''
  await expect
    .poll(async () => {
      const res = await page.request.get(`/dev/sms-outbox?phone=${phone}`)
      const body = (await res.json()) as { messages: { text: string; purpose: string }[] }
      code = /\b\d{6}\b/.exec(body.messages.find((m) => m.purpose === 'agreement')?.text ?? '')?.[0] ?? ''
      return code
    })
    .not.toBe('')
  return code
}

/** A shopper with a smartphone in the cart, on the payment step with an installment chosen and placed. */
async function placeForFinancing(page: Page, national: string) {
  await page.goto('/login')
  await signUpOnLoginPage(page, national)
  await expect(page.getByText('Вы успешно вошли')).toBeVisible()
  await page.goto('/catalog/smartfony')
  const button = page
    .locator('[data-testid="product-card"] button[data-testid="add-to-cart"]:enabled')
    .first()
  const answered = page.waitForResponse((r) => /\/cart\/api\/v3\/carts.*\/products$/.test(r.url()) && r.ok())
  await button.click()
  await answered
  await page.goto('/cart')
  await page.getByTestId('checkout-button').click()
  await page.getByTestId('receiver-lastname').fill('Серикова')
  await page.getByTestId('checkout-next').click()
  await expect(page).toHaveURL(/\/checkout\/delivery$/)
  await page.getByTestId('checkout-next').click()
  await page
    .locator('label')
    .filter({ has: page.getByTestId('payment-loan/installment') })
    .click()
  const place = page.getByTestId('place-order')
  await expect(place).toHaveText('Оформить и подать заявку в банки')
  await expect(place).toBeEnabled()
  await place.click()
  await expect(page).toHaveURL(/\/checkout\/review-and-payments\?orderId=/)
}

/** CHOICE as it starts (installment, 12 months), the applicant, then the agreement signed by SMS. */
async function applyAndSign(page: Page, phone: string, income: string) {
  await expect(page.getByTestId('broker-product-installment')).toBeChecked()
  await expect(page.getByTestId('broker-term-12')).toBeChecked()
  await page.getByTestId('broker-tax-code').fill('900101300123')
  await page.getByTestId('broker-income').fill(income)
  await page.getByTestId('broker-apply').click()
  const modal = page.getByTestId('broker-agreement')
  await expect(modal.getByTestId('broker-agreement-text')).toBeVisible()
  for (const consent of await modal.getByTestId('broker-consent').all()) await consent.check()
  await modal.getByTestId('broker-agreement-sign').click()
  await modal.getByTestId('broker-agreement-code').fill(await agreementCode(page, phone))
  await modal.getByTestId('broker-agreement-verify').click()
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

test.describe('financing', () => {
  test('a shopper applies for a 12-month installment, signs by SMS, attaches a statement, sees offers arrive and pays the order by the loan', async ({
    page,
  }) => {
    test.slow()
    const national = randomNational()
    await placeForFinancing(page, national)
    await applyAndSign(page, `7${national}`, '900000')

    // A bank needs a statement: UPLOAD, the choice, then completed with its size.
    const upload = page.getByTestId('statement-choice')
    await expect(upload).toBeVisible()
    await upload
      .getByTestId('statement-file')
      .setInputFiles({ name: 'vypiska.pdf', mimeType: 'application/pdf', buffer: PDF })
    await expect(page.getByTestId('statement-name')).toContainText('vypiska.pdf · 1 КБ')
    await page.getByTestId('statement-continue').click()

    // The banks answer over time: first all calculating, then offers from at least two banks.
    await expect(page.getByTestId('broker-bank-choice')).toBeVisible()
    await expect(page.getByTestId('broker-progress')).toContainText('ответили 0 из')
    await expect
      .poll(
        async () =>
          new Set(
            await page
              .locator('[data-testid="broker-bank"][data-state="APPROVED"]')
              .evaluateAll((els) => els.map((e) => e.getAttribute('data-bank'))),
          ).size,
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(2)

    // One approves: signed on its page, the order is paid.
    await page.getByTestId('broker-offer-sign').first().click()
    await page.getByRole('button', { name: 'Подписать договор' }).click()
    await expect(page).toHaveURL(/\/checkout\/result\?.*orderId=/)
    await expect(page.getByTestId('order-outcome')).toHaveAttribute('data-outcome', 'paid')
  })

  test('a shopper every bank refuses sees the reasons and the other ways to pay', async ({ page }) => {
    test.slow()
    const national = randomNational()
    await placeForFinancing(page, national)
    // An income no bank lends against: each declines, the statement banks want a statement, one never answers.
    await applyAndSign(page, `7${national}`, '1000')
    await page.getByTestId('statement-skip').click()
    await expect(page.getByTestId('broker-all-rejected')).toBeVisible({ timeout: 60_000 })
    await expect(page.getByTestId('broker-offer-sign')).toHaveCount(0)
    await page.getByTestId('broker-reasons-open').click()
    await expect(page.getByTestId('broker-reason').first()).toBeVisible()
    await expect(page.getByTestId('broker-reasons')).toContainText('Банк не ответил вовремя')
    await page.keyboard.press('Escape')
    // The other ways to pay: the goods go back to the cart and the checkout lists the methods.
    await page.getByTestId('broker-pay-otherwise-submit').click()
    // The placed order's form was forgotten: the checkout starts again with the cart's goods.
    await expect(page).toHaveURL(/\/checkout\/receiver$/)
    await page.getByTestId('receiver-lastname').fill('Серикова')
    await page.getByTestId('checkout-next').click()
    await page.getByTestId('checkout-next').click()
    await expect(page).toHaveURL(/\/checkout\/review-and-payments$/)
    await expect(page.getByTestId('payment-card_payment')).toBeVisible()
    await expect(page.getByTestId('payment-kaspi_qr_payment')).toBeVisible()
  })
})
