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
async function placeForFinancing(page: Page, national: string, method = 'loan/installment') {
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
    .filter({ has: page.getByTestId(`payment-${method}`) })
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

/** The local acquirer's page: a card it approves. */
async function payOnCardPage(page: Page) {
  await expect(page).toHaveURL(/\/acquirer\/api\/v1\/sessions\//)
  await page.getByLabel('Номер карты').fill('4111 1111 1111 1111')
  await page.getByLabel('Срок действия (ММ/ГГ)').fill('12/30')
  await page.getByLabel('CVC/CVV').fill('123')
  await page.getByRole('button', { name: 'Оплатить' }).click()
}

/** Offers from at least `count` banks have arrived (the banks answer over seconds). */
async function approvedBanks(page: Page, count: number) {
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
    .toBeGreaterThanOrEqual(count)
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

/*
 * Each journey runs on the desktop and, tagged `@phone`, on the phone project: shoppers apply for
 * installments from their phones as much as from a computer.
 */
for (const tag of ['', ' @phone'])
  test.describe(`financing${tag}`, () => {
    test(`a shopper applies for a 12-month installment, signs by SMS, attaches a statement, sees offers arrive and pays the order by the loan${tag}`, async ({
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
      await approvedBanks(page, 2)

      // One approves: signed on its page, the order is paid.
      await page.getByTestId('broker-offer-sign').first().click()
      await page.getByRole('button', { name: 'Подписать договор' }).click()
      await expect(page).toHaveURL(/\/checkout\/result\?.*orderId=/)
      await expect(page.getByTestId('order-outcome')).toHaveAttribute('data-outcome', 'paid')
    })

    test(`a shopper every bank refuses sees the reasons and pays the same order by card${tag}`, async ({
      page,
    }) => {
      test.slow()
      const national = randomNational()
      await placeForFinancing(page, national)
      const orderId = new URL(page.url()).searchParams.get('orderId')
      // An income no bank lends against: each declines, the statement banks want a statement, one never answers.
      await applyAndSign(page, `7${national}`, '1000')
      await page.getByTestId('statement-skip').click()
      await expect(page.getByTestId('broker-all-rejected')).toBeVisible({ timeout: 60_000 })
      await expect(page.getByTestId('broker-offer-sign')).toHaveCount(0)
      await page.getByTestId('broker-reasons-open').click()
      await expect(page.getByTestId('broker-reason').first()).toBeVisible()
      await expect(page.getByTestId('broker-reasons')).toContainText('Банк не ответил вовремя')
      await page.keyboard.press('Escape')
      // The other ways to pay are offered for the same order: by card, on the acquirer's page.
      await expect(page.getByTestId('broker-apply-again')).toBeVisible()
      const payAgain = page.getByTestId('pay-again')
      await expect(payAgain.getByTestId('pay-again-kaspi_qr_payment')).toBeVisible()
      await payAgain.getByTestId('pay-again-card_payment').check()
      await payAgain.getByTestId('pay-again-new-card').check()
      await payAgain.getByTestId('pay-again-submit').click()
      await payOnCardPage(page)
      await expect(page).toHaveURL(new RegExp(`/checkout/result\\?status=success&orderId=${orderId}`))
      await expect(page.getByTestId('order-outcome')).toHaveAttribute('data-outcome', 'paid')
    })

    test(`a shopper with an initial payment signs the loan at the bank, pays the first part by card and the order is paid${tag}`, async ({
      page,
    }) => {
      test.slow()
      const national = randomNational()
      await placeForFinancing(page, national, 'loan/installment_initial_payment')
      await applyAndSign(page, `7${national}`, '900000')
      await page.getByTestId('statement-skip').click()
      await expect(page.getByTestId('broker-bank-choice')).toContainText('первоначальный взнос картой')
      await approvedBanks(page, 1)
      await page
        .locator('[data-testid="broker-bank"][data-state="APPROVED"]')
        .first()
        .getByTestId('broker-offer-sign')
        .click()
      await page.getByRole('button', { name: 'Подписать договор' }).click()
      // Back from the bank, straight on to the card page for the initial payment, then back to the order.
      await payOnCardPage(page)
      await expect(page).toHaveURL(/\/checkout\/result\?status=success&orderId=/)
      await expect(page.getByTestId('order-outcome')).toHaveAttribute('data-outcome', 'paid')
    })
  })
