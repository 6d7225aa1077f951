import { E2E_SUPPORT_OPERATOR } from '../../playwright.config'
import { expect, test } from './fixtures'

test('a guest and an operator chat live both ways, each seeing the other typing', async ({
  page,
  browser,
}) => {
  await page.goto('/catalog')
  const launcher = page.getByTestId('support-launcher')
  await expect(launcher).toBeVisible()
  await launcher.click()
  const panel = page.getByTestId('support-panel')
  await expect(panel.getByRole('heading', { name: 'Чат поддержки' })).toBeVisible()
  await expect(page.getByTestId('support-status')).toHaveText('Поддержка магазина')
  await page.getByTestId('support-input').fill('Здравствуйте! Подойдёт ли этот кабель к телевизору?')
  await page.getByTestId('support-send').click()
  await expect(page.getByTestId('support-message')).toHaveText(/Подойдёт ли этот кабель/)
  await expect(page.getByTestId('support-status')).toHaveText('Ждём свободного оператора')

  // the operator, in a browser of their own: signs in to the back office, finds the conversation
  // waiting in the support chat's list, opens and takes it
  const operatorContext = await browser.newContext()
  const operator = await operatorContext.newPage()
  await operator.goto('/admin/sign-in?next=/admin/support')
  await operator.getByLabel('Логин').fill(E2E_SUPPORT_OPERATOR.login)
  await operator.getByLabel('Пароль').fill(E2E_SUPPORT_OPERATOR.password)
  await operator.getByRole('button', { name: 'Войти' }).click()
  await expect(operator.getByRole('heading', { name: 'Чат поддержки' })).toBeVisible()
  const waiting = operator.getByTestId('admin-conversation').filter({ hasText: 'Подойдёт ли этот кабель' })
  await expect(waiting).toHaveAttribute('data-status', 'waiting')
  await waiting.click()
  await expect(operator.getByTestId('admin-chat-message')).toContainText('Подойдёт ли этот кабель')
  await operator.getByRole('button', { name: 'Взять диалог' }).click()
  await expect(operator.getByTestId('admin-chat-status')).toHaveText(`Ведёт ${E2E_SUPPORT_OPERATOR.login}`)
  await expect(page.getByTestId('support-status')).toHaveText('Оператор на связи')

  // the operator types, the shopper sees it; the answer (Enter) arrives live
  const answerBox = operator.getByTestId('admin-chat-input')
  await answerBox.fill('Да, подойдёт: HDMI 2.1 есть у всех моделей этой серии.')
  await expect(page.getByTestId('support-typing')).toHaveText('Оператор печатает…')
  await answerBox.press('Enter')
  const answer = page.locator('[data-testid="support-message"][data-author="operator"]')
  await expect(answer).toContainText('HDMI 2.1 есть у всех моделей')
  await expect(page.getByTestId('support-typing')).toHaveCount(0)
  await expect(operator.locator('[data-testid="admin-chat-message"][data-author="operator"]')).toContainText(
    'HDMI 2.1 есть у всех моделей',
  )
  await expect(operator.getByTestId('admin-chat-pending')).toHaveCount(0)

  // the shopper types, the operator sees it; the shopper's answer arrives live
  await page.getByTestId('support-input').fill('Спасибо')
  await expect(operator.getByTestId('admin-chat-typing')).toHaveText('Покупатель печатает…')
  await page.getByTestId('support-input').press('Enter')
  await expect(
    operator.locator('[data-testid="admin-chat-message"][data-author="shopper"]').last(),
  ).toContainText('Спасибо')

  // folded, the window stays connected: a new answer marks the button
  await page.getByRole('button', { name: 'Свернуть чат', exact: true }).click()
  await answerBox.fill('Обращайтесь!')
  await answerBox.press('Enter')
  await expect(page.getByTestId('support-unseen')).toBeVisible()

  // a reload reconnects and shows the whole conversation again from the database
  await page.reload()
  await page.getByTestId('support-launcher').click()
  await expect(page.getByTestId('support-message')).toHaveCount(4)
  await expect(page.getByTestId('support-message').last()).toContainText('Обращайтесь!')
  await operatorContext.close()
})

test('the chat button is not on the cart, the checkout or the gift cards', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByTestId('support-launcher')).toBeVisible()
  for (const path of ['/cart', '/gift-cards', '/astana_kk/cart']) {
    await page.goto(path)
    await page.waitForTimeout(2_500)
    await expect(page.getByTestId('support-launcher'), path).toHaveCount(0)
  }
})
