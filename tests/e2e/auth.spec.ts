import { expect, test, type Page } from './fixtures'
import { solvedCaptcha } from './captcha'
import { randomNational, smsCode, typePhone } from './shopper'

async function expectSignedIn(page: Page) {
  await expect(page.getByText('Вы успешно вошли')).toBeVisible()
  await expect(page.getByTestId('account-link')).toHaveAttribute('href', /\/my-account$/)
}

test.describe('signing in by phone', () => {
  test('a new shopper signs up by phone with the SMS code, signs out, and signs back in with the password', async ({
    page,
  }) => {
    const national = randomNational()
    const phone = `7${national}`

    await page.goto('/catalog')
    await expect(page.getByTestId('account-link')).toHaveAttribute('href', /\/login$/)
    await page.getByTestId('account-link').click()
    await expect(page).toHaveURL(/\/login$/)

    // A new number: the kind lookup leads to the sign-up form, then the SMS code.
    await typePhone(page, national)
    await expect(page).toHaveURL(/step=create/)
    await page.getByTestId('create-firstname').fill('Айгерим')
    await page.getByTestId('create-lastname').fill('Нурланова')
    await page.getByTestId('create-password').fill('Алма2024')
    await page.getByTestId('login-submit').click()
    await expect(page).toHaveURL(/step=sms/)
    // The resend countdown starts from the penalty the server answered (20 s).
    await expect(page.getByTestId('login-resend')).toBeDisabled()
    await expect(page.getByTestId('login-resend')).toHaveText(/через (20|19|18) с/)

    // A wrong code first: the spec's message, and nothing signed in.
    const code = await smsCode(page.request, phone, 'signup')
    await page.getByTestId('login-code').fill(code === '00000' ? '11111' : '00000')
    await page.getByTestId('login-submit').click()
    await expect(page.getByText('Неверный код из SMS')).toBeVisible()
    await page.getByTestId('login-code').fill(code)
    await page.getByTestId('login-submit').click()

    // Back where the shopper was, signed in.
    await expectSignedIn(page)
    await expect(page).toHaveURL(/\/catalog$/)
    // The HttpOnly cookies keep the shopper signed in across a reload.
    await page.reload()
    await expect(page.getByTestId('account-link')).toHaveAttribute('href', /\/my-account$/)

    // Sign out: to the index page, the header offers to sign in again.
    await page.goto('/login')
    await page.getByTestId('sign-out').click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByTestId('account-link')).toHaveAttribute('href', /\/login$/)
    expect((await page.request.get('/account/api/v1/profile')).status()).toBe(401)

    // A full account now: the lookup asks for the password; a wrong one gets the spec's message.
    await page.getByTestId('account-link').click()
    await typePhone(page, national)
    await expect(page).toHaveURL(/step=password/)
    await page.getByTestId('login-password').fill('wrong123')
    await page.getByTestId('login-submit').click()
    await expect(page.getByText('Неверный номер телефона или пароль')).toBeVisible()
    await page.getByTestId('login-password').fill('Алма2024')
    await page.getByTestId('login-submit').click()
    await expectSignedIn(page)
    await expect(page).toHaveURL(/\/$/)
  })

  test('a returning shopper who forgot the password recovers it by SMS and lands where they were going', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    const national = randomNational()
    const phone = `7${national}`
    // The shopper registered some time ago (through the same calls the page makes).
    const captcha = () => solvedCaptcha(page.request)
    const sent = await page.request.post('/account/api/v1/events/verify/phone', {
      data: { phone, purpose: 'signup' },
      headers: { 'x-captcha-token': await captcha() },
    })
    expect(sent.status()).toBe(200)
    const signup = await page.request.post('/account/api/v1/auth/signup', {
      data: {
        phone,
        token: await smsCode(page.request, phone, 'signup'),
        password: 'old12345',
        firstname: 'Бауыржан',
      },
    })
    expect(signup.status()).toBe(200)
    await page.context().clearCookies()

    await page.goto('/login?redirect=%2Fcart')
    await typePhone(page, national)
    await expect(page).toHaveURL(/step=password/)
    await page.getByTestId('login-forgot').click()
    await expect(page).toHaveURL(/step=forgot-password/)

    // The sign-up SMS went out moments ago: the button waits out the 20 s penalty, then sends.
    const send = page.getByTestId('recovery-send')
    const codeField = page.getByTestId('login-code')
    await send.click()
    await expect(page.getByText('Слишком много попыток. Попробуйте позже').or(codeField)).toBeVisible()
    if (!(await codeField.isVisible())) {
      await expect(send).toHaveText(/Получить код через \d+ с/)
      await expect(send).toBeEnabled({ timeout: 25_000 })
      await send.click()
    }
    await page.getByTestId('login-code').fill(await smsCode(page.request, phone, 'recovery'))
    await page.getByTestId('recovery-password').fill('new54321')
    await page.getByTestId('login-submit').click()

    await expectSignedIn(page)
    await expect(page).toHaveURL(/\/cart$/)
    // The old password is gone, the new one works.
    const oldSignIn = await page.request.post('/account/api/v1/auth/signin/phone', {
      data: { phone, password: 'old12345' },
    })
    expect(oldSignIn.status()).toBe(401)
    const newSignIn = await page.request.post('/account/api/v1/auth/signin/phone', {
      data: { phone, password: 'new54321' },
    })
    expect(newSignIn.status()).toBe(200)
  })
})
