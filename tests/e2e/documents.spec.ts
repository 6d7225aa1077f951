import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from './fixtures'
import { randomNational, signUpOnLoginPage } from './shopper'
import { localOrganisations } from '../../server/providers/organisation-registry/local'
import { pdfText } from '../../server/test/pdf-text'

/*
 * Documents (purchase flow 7): an organisation gets a commercial offer of its cart as a PDF and has it
 * emailed, orders with a cashless transfer, and downloads the order's invoice and receipt, in Russian
 * and in Kazakh. Every file is read back as text: it is a real PDF saying the right things.
 */

const choose = (page: Page, testId: string) =>
  page
    .locator('label')
    .filter({ has: page.getByTestId(testId) })
    .click()

/** Clicks what starts a download and answers the saved file's text (and the name it was saved under). */
async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()])
  const path = await download.path()
  const bytes = await readFile(path)
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
  return { name: download.suggestedFilename(), text: await pdfText(bytes) }
}

test('an organisation gets a commercial offer of its cart, emails it, orders by transfer and downloads the invoice and the receipt', async ({
  page,
}) => {
  test.slow()
  const organisation = localOrganisations()[1]!
  await page.goto('/login')
  await signUpOnLoginPage(page, randomNational())
  await expect(page.getByText('Вы успешно вошли')).toBeVisible()

  await page.goto('/catalog/smartfony?sorting=price_asc')
  const add = page.locator('[data-testid="product-card"] button[data-testid="add-to-cart"]:enabled').first()
  const sku = (await add.getAttribute('data-sku')) ?? ''
  const added = page.waitForResponse((r) => /\/cart\/api\/v3\/carts.*\/products$/.test(r.url()) && r.ok())
  await add.click()
  await added

  // The commercial offer, from the cart: the organisation by its BIN, the PDF saved at once.
  await page.goto('/cart')
  await page.getByTestId('offer-open').click()
  await page.getByTestId('offer-bin').fill(organisation.bin)
  await page.getByTestId('offer-lookup').click()
  await expect(page.getByTestId('offer-name')).toHaveValue(organisation.name)
  await expect(page.getByTestId('offer-address')).toHaveValue(organisation.address)
  const offer = await downloaded(page, () => page.getByTestId('offer-create').click())
  expect(offer.name).toMatch(/^offer-KP-\d+\.pdf$/)
  const number = offer.name.replace(/^offer-KP-(\d+)\.pdf$/, 'КП-$1')
  expect(offer.text).toContain(`Коммерческое предложение № ${number}`)
  expect(offer.text).toContain(`${organisation.name}, БИН ${organisation.bin}`)
  expect(offer.text).toContain(sku)
  expect(offer.text).toMatch(/Итого \d[\d ]* ₸/)
  expect(offer.text).toContain('В том числе НДС 12%')
  await expect(page.getByTestId('offer-ready')).toContainText(number)

  // Emailed through the mail provider: the message holds the same PDF.
  const email = `buyer-${Date.now()}@example.kz`
  await page.getByTestId('offer-email').fill(email)
  await page.getByTestId('offer-send').click()
  await expect(page.getByTestId('offer-sent')).toContainText(email)
  const outbox = await page.request.get(`/dev/mail-outbox?to=${encodeURIComponent(email)}`)
  expect(outbox.status()).toBe(200)
  const { messages } = (await outbox.json()) as {
    messages: { subject: string; attachments: { url: string; content_type: string }[] }[]
  }
  expect(messages).toHaveLength(1)
  expect(messages[0]!.subject).toBe(`Коммерческое предложение № ${number}`)
  const attachment = await page.request.get(messages[0]!.attachments[0]!.url)
  expect(attachment.headers()['content-type']).toBe('application/pdf')
  expect(await pdfText(await attachment.body())).toContain(`Коммерческое предложение № ${number}`)
  await page.keyboard.press('Escape')

  // The order, as an organisation paying by transfer (organisations get courier delivery).
  await page.getByTestId('checkout-button').click()
  await expect(page).toHaveURL(/\/checkout\/receiver$/)
  await choose(page, 'buyer-organization')
  await page.getByTestId('receiver-lastname').fill('Ахметов')
  await page.getByTestId('organization-bin').fill(organisation.bin)
  await page.getByTestId('organization-lookup').click()
  await expect(page.getByTestId('organization-name')).toHaveValue(organisation.name)
  await page.getByTestId('checkout-next').click()
  await page.getByTestId('address-street').fill('улица Достык')
  await page.getByTestId('address-house').fill('5')
  await page.getByTestId('checkout-next').click()
  await page.getByTestId('payment-cashless_payment').check()
  const place = page.getByTestId('place-order')
  await expect(place).toBeEnabled()
  await place.click()
  await expect(page).toHaveURL(/\/checkout\/result\?/)
  const orderId = new URL(page.url()).searchParams.get('orderId') ?? ''
  expect(orderId).not.toBe('')

  // The order page's documents: the invoice with both BINs and the VAT, the receipt.
  await page.goto(`/my-account/orders/${orderId}`)
  await expect(page.getByTestId('order-documents')).toBeVisible()
  const invoice = await downloaded(page, () => page.getByTestId('document-invoice').click())
  expect(invoice.name).toMatch(/^invoice-\d+\.pdf$/)
  const orderNumber = invoice.name.replace(/^invoice-(\d+)\.pdf$/, '$1')
  expect(invoice.text).toContain(`Счёт на оплату № ${orderNumber}`)
  expect(invoice.text).toContain(`БИН ${organisation.bin}, ${organisation.name}`)
  expect(invoice.text).toMatch(/БИН \d{12}, ТОО «Storefront Retail»/)
  expect(invoice.text).toContain('В том числе НДС 12%')
  expect(invoice.text).toMatch(/Всего наименований \d+, на сумму \d[\d ]* ₸/)
  const receipt = await downloaded(page, () => page.getByTestId('document-check').click())
  expect(receipt.name).toBe(`check-${orderNumber}.pdf`)
  expect(receipt.text).toContain(`Заказ № ${orderNumber}`)
  expect(receipt.text).toContain('Безналичный расчёт по счёту')

  // In Kazakh, the same order's invoice speaks Kazakh.
  await page.goto(`/almaty_kk/my-account/orders/${orderId}`)
  const kk = await downloaded(page, () => page.getByTestId('document-invoice').click())
  expect(kk.text).toContain(`№ ${orderNumber} төлем шоты`)
  expect(kk.text).toContain(`БСН ${organisation.bin}`)
  expect(kk.text).toContain('Оның ішінде ҚҚС 12%')
  await expect(page.getByTestId('document-barcode')).toBeVisible()
})
