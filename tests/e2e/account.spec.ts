import { expect, test } from './fixtures'
import { promoCodeSentTo, randomNational, signUpOnLoginPage as signUp } from './shopper'
import { localOrganisations } from '../../server/providers/organisation-registry/local'

test.describe('the account area', () => {
  test('a guest browses two minutes and gets a promo code; signs up; fills profile, address, organisation receiver by BIN and a card', async ({
    page,
  }) => {
    // Two minutes of the offer's clock, a sign-up and four forms: the longest journey of the store.
    test.slow()
    const national = randomNational()
    await page.clock.install()
    // The offer runs once flag 85 says so: the clock may only move after that answer is in.
    const flagAnswered = page.waitForResponse((r) => r.url().includes('/flags/api/v1/evaluation') && r.ok())

    // Spec 4: the first eligible page only marks the offer seen; the timer runs on the next ones.
    // The offer's code comes lazily after the page's, so the home page is marked seen once that code and
    // the flag's answer are in: a shopper who leaves sooner has the next eligible page marked instead.
    const progress = () =>
      page.evaluate(
        () =>
          JSON.parse(sessionStorage.getItem('guestPromoOffer') ?? 'null') as {
            seen?: boolean
            elapsedMs?: number
          } | null,
      )
    const elapsed = async () => (await progress())?.elapsedMs ?? 0
    await page.goto('/')
    await flagAnswered
    await expect.poll(async () => (await progress())?.seen).toBe(true)
    await page.getByTestId('header-category-link').filter({ hasText: 'Смартфоны' }).first().click()
    await expect(page).toHaveURL(/\/catalog\/smartfony$/)
    // The page may still be handling the navigation: move the clock a second at a time until a tick counts.
    await expect
      .poll(async () => {
        await page.clock.runFor(1_000)
        return elapsed()
      })
      .toBeGreaterThan(0)
    await page.clock.runFor(119_000 - (await elapsed()))
    await expect(page.getByTestId('guest-offer')).toHaveCount(0)
    await page.clock.runFor(2_000)
    const offer = page.getByTestId('guest-offer')
    await expect(offer).toBeVisible()
    await page.getByTestId('guest-offer-phone').fill(`+7${national}`)
    await page.getByTestId('guest-offer-submit').click()

    // The code goes to the phone by SMS, never onto the page; the guest area says where it went, and the
    // code waits for the account of that phone.
    await expect(page).toHaveURL(/\/my-account\/guest$/)
    await expect(page.getByTestId('guest-promo-sent')).toHaveText(
      `Мы отправили промокод в SMS на номер +7 ${national.slice(0, 3)} ••• •• ${national.slice(8)}.`,
    )
    await expect(page.getByTestId('guest-promo')).not.toContainText('WELCOME-')
    const code = await promoCodeSentTo(page.request, `7${national}`)
    await page.getByTestId('guest-sign-in').click()
    await expect(page).toHaveURL(/\/login\?redirect=/)
    await signUp(page, national)
    await expect(page).toHaveURL(/\/my-account\/mycoupons$/)
    await expect(page.getByTestId('promo-code')).toContainText(code)

    // Information: read mode, then edit mode, then read mode with the new data.
    await page.getByTestId('account-nav').getByRole('link', { name: 'Личные данные' }).click()
    await expect(page.getByTestId('profile-name')).toHaveText('Дана')
    await page.getByTestId('profile-edit').click()
    const form = page.getByTestId('profile-form')
    await form.getByLabel('Фамилия').fill('Серикова')
    await form.getByLabel('Электронная почта').fill(`dana${national}@example.kz`)
    await page.getByTestId('profile-save').click()
    await expect(page.getByTestId('profile-name')).toHaveText('Дана Серикова')
    await expect(page.getByTestId('profile-email')).toHaveText(`dana${national}@example.kz`)

    // An address: street, house, floor, apartment.
    await page.getByTestId('account-nav').getByRole('link', { name: 'Адреса доставки' }).click()
    await page.getByTestId('address-add').click()
    const address = page.getByTestId('address-form')
    await address.getByLabel('Улица').fill('проспект Абая')
    await address.getByLabel('Дом').fill('150')
    await address.getByLabel('Этаж').fill('5')
    await address.getByLabel('Квартира или офис').fill('21')
    await page.getByTestId('address-save').click()
    await expect(page.getByTestId('address-item')).toContainText('проспект Абая, 150, этаж 5, кв. 21')
    await expect(page.getByTestId('address-item')).toContainText('Основной')

    // An organisation receiver filled from the registry by its BIN; the email falls back to the profile's.
    const organisation = localOrganisations()[1]!
    await page.getByTestId('receiver-add').click()
    const receiver = page.getByTestId('receiver-form')
    await receiver.getByLabel('Имя').fill('Ерлан')
    await receiver.getByLabel('Фамилия').fill('Ахметов')
    await receiver.getByLabel('Телефон').fill('+7 701 555 44 33')
    await page.getByTestId('receiver-is-organization').check()
    await receiver
      .getByLabel('БИН организации')
      .fill(`${organisation.bin.slice(0, 11)}${(Number(organisation.bin[11]) + 1) % 10}`)
    await page.getByTestId('receiver-bin-lookup').click()
    await expect(receiver.getByText('БИН введён с ошибкой')).toBeVisible()
    await receiver.getByLabel('БИН организации').fill(organisation.bin)
    await page.getByTestId('receiver-bin-lookup').click()
    await expect(page.getByTestId('receiver-organization-found')).toContainText(organisation.name)
    await page.getByTestId('receiver-save').click()
    const saved = page.getByTestId('receiver-item')
    await expect(saved.getByTestId('receiver-organization')).toContainText(organisation.bin)
    await expect(saved).toContainText(`dana${national}@example.kz`)

    // A card through the acquirer's hosted page: a declined card first, then a good one.
    await page.getByTestId('account-nav').getByRole('link', { name: 'Сохранённые карты' }).click()
    await page.getByTestId('card-add').click()
    await expect(page).toHaveURL(/\/acquirer\/api\/v1\/sessions\//)
    await page.getByLabel('Номер карты').fill('4000 0000 0000 0002')
    await page.getByLabel('Срок действия (ММ/ГГ)').fill('12/30')
    await page.getByLabel('CVC/CVV').fill('123')
    await page.getByRole('button', { name: 'Привязать карту' }).click()
    await expect(page).toHaveURL(/\/my-account\/cards\?reason=do_not_honor$/)
    await expect(page.getByTestId('card-failed')).toBeVisible()
    await expect(page.getByTestId('card-item')).toHaveCount(0)

    await page.getByTestId('card-add').click()
    await page.getByLabel('Номер карты').fill('4111 1111 1111 1111')
    await page.getByLabel('Срок действия (ММ/ГГ)').fill('12/30')
    await page.getByLabel('CVC/CVV').fill('123')
    await page.getByRole('button', { name: 'Привязать карту' }).click()
    await expect(page).toHaveURL(/\/my-account\/cards\?card=/)
    await expect(page.getByTestId('card-added')).toBeVisible()
    await expect(page.getByTestId('card-item')).toContainText('411111 •••• 1111')
    await expect(page.getByTestId('card-item')).toContainText('Основная')

    // Orders and bonuses of a new shopper; then sign out to the index page, and the account is closed.
    await page.getByTestId('account-nav').getByRole('link', { name: 'Мои заказы' }).click()
    await expect(page.getByText('Вы ещё ничего не заказывали.')).toBeVisible()
    await page.getByTestId('account-nav').getByRole('link', { name: 'Мои бонусы' }).click()
    await expect(page.getByTestId('bonuses')).toHaveAttribute('data-status', 'HAS_NO_BONUS')
    await page.getByTestId('sign-out').click()
    await expect(page).toHaveURL(/\/$/)
    await page.goto('/my-account/address-book')
    await expect(page).toHaveURL(/\/login\?redirect=%2Fmy-account%2Faddress-book/)
  })
})
