import { expect, type APIRequestContext, type Page } from './fixtures'

/** The shopper's password in every journey that signs up. */
export const PASSWORD = 'Алма2024'

/** 77 + 9 random digits: a number nobody in the journey database has. */
export const randomNational = () => `7${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`

/** The newest code the local SMS provider sent, from the dev outbox (SMS_OUTBOX_ROUTE=1, loopback). */
export async function smsCode(request: APIRequestContext, phone: string, purpose: string): Promise<string> {
  let code = ''
  await expect
    .poll(async () => {
      const res = await request.get(`/dev/sms-outbox?phone=${phone}`)
      const body = (await res.json()) as { messages: { text: string; purpose: string }[] }
      const message = body.messages.find((m) => m.purpose === purpose)
      code = /\b(\d{5})\b/.exec(message?.text ?? '')?.[1] ?? ''
      return code
    })
    .toMatch(/^\d{5}$/)
  return code
}

/** Types the number as a shopper does, checks the mask shows it, and goes on. */
export async function typePhone(page: Page, national: string) {
  const field = page.getByTestId('login-phone')
  await field.click()
  await field.pressSequentially(national)
  await expect(field).toHaveValue(
    `+7 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6, 8)} ${national.slice(8)}`,
  )
  await page.getByTestId('login-continue').click()
}

/** Signs up through the real /login flow, already open: phone, the create form, the SMS code. */
export async function signUpOnLoginPage(page: Page, national: string) {
  await typePhone(page, national)
  await expect(page).toHaveURL(/step=create/)
  await page.getByTestId('create-firstname').fill('Дана')
  await page.getByTestId('create-password').fill(PASSWORD)
  await page.getByTestId('login-submit').click()
  await expect(page).toHaveURL(/step=sms/)
  await page.getByTestId('login-code').fill(await smsCode(page.request, `7${national}`, 'signup'))
  await page.getByTestId('login-submit').click()
}
