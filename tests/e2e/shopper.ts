import { expect, type APIRequestContext, type Page } from './fixtures'

/** The shopper's password in every journey that signs up. */
export const PASSWORD = 'Алма2024'

/** 77 + 9 random digits: a number nobody in the journey database has. */
export const randomNational = () => `7${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`

/** What `pattern` finds in the newest message of `purpose` the local SMS provider sent to a phone. */
async function fromSms(request: APIRequestContext, phone: string, purpose: string, pattern: RegExp) {
  let found = ''
  await expect
    .poll(async () => {
      const res = await request.get(`/dev/sms-outbox?phone=${phone}`)
      const body = (await res.json()) as { messages: { text: string; purpose: string }[] }
      found = pattern.exec(body.messages.find((m) => m.purpose === purpose)?.text ?? '')?.[0] ?? ''
      return found
    })
    .not.toBe('')
  return found
}

/** The newest code the local SMS provider sent, from the dev outbox (SMS_OUTBOX_ROUTE=1, loopback). */
export const smsCode = (request: APIRequestContext, phone: string, purpose: string) =>
  fromSms(request, phone, purpose, /\b\d{5}\b/)

/** The personal promo code sent to a phone by SMS (a guest's code never reaches the page). */
export const promoCodeSentTo = (request: APIRequestContext, phone: string) =>
  fromSms(request, phone, 'promo', /\bWELCOME-[A-Z0-9]{6}\b/)

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

/** Signs in an account that exists (a seeded one) by the SMS code, through the real /login flow. */
export async function signInBySms(page: Page, phone: string) {
  await page.goto('/login')
  await typePhone(page, phone.slice(1))
  await expect(page).toHaveURL(/step=sms/)
  await page.getByTestId('login-code').fill(await smsCode(page.request, phone, 'signin'))
  await page.getByTestId('login-submit').click()
}
