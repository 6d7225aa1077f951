import type { SupportServerFrame } from '../../contract/values/support-chat'
import { E2E_SUPPORT_OPERATOR } from '../../playwright.config'
import { expect, test, type Page } from './fixtures'

declare global {
  interface Window {
    operatorFrames: SupportServerFrame[]
    operatorSocket: WebSocket
  }
}

/** The operator's live connection, opened from a page of the operator's own browser context. */
async function openOperatorSocket(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        window.operatorFrames = []
        const socket = new WebSocket(`ws://${location.host}/admin/api/v1/support/socket`)
        socket.onmessage = (event) => window.operatorFrames.push(JSON.parse(String(event.data)))
        socket.onopen = () => resolve()
        socket.onerror = () => reject(new Error('the operator socket did not open'))
        window.operatorSocket = socket
      }),
  )
}

const operatorSends = (page: Page, frame: object) =>
  page.evaluate((f) => window.operatorSocket.send(JSON.stringify(f)), frame)

const operatorGot = (page: Page, check: string) =>
  expect
    .poll(() => page.evaluate(() => JSON.stringify(window.operatorFrames)), { timeout: 10_000 })
    .toContain(check)

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

  // the operator, in a browser of their own: signs in, finds the conversation waiting, takes it
  const operatorContext = await browser.newContext()
  const operator = await operatorContext.newPage()
  const signIn = await operatorContext.request.post('/admin/api/v1/auth/sign-in', {
    data: E2E_SUPPORT_OPERATOR,
  })
  expect(signIn.status()).toBe(200)
  const queue = await operatorContext.request.get('/admin/api/v1/support/conversations')
  const waiting = (
    (await queue.json()) as { conversations: { id: string; last_text: string }[] }
  ).conversations.find((c) => c.last_text.includes('Подойдёт ли этот кабель'))
  expect(waiting).toBeDefined()
  const id = waiting?.id as string
  expect(
    (await operatorContext.request.post(`/admin/api/v1/support/conversations/${id}/take`)).status(),
  ).toBe(200)
  await expect(page.getByTestId('support-status')).toHaveText('Оператор на связи')

  await operator.goto('/api/health')
  await openOperatorSocket(operator)
  await operatorSends(operator, { type: 'resume', conversation_id: id, after: 0 })
  await operatorGot(operator, 'Подойдёт ли этот кабель')

  // the operator types, the shopper sees it; the answer arrives live
  await operatorSends(operator, { type: 'typing', conversation_id: id })
  await expect(page.getByTestId('support-typing')).toHaveText('Оператор печатает…')
  await operatorSends(operator, {
    type: 'send',
    conversation_id: id,
    client_id: 'e2eanswer0001',
    text: 'Да, подойдёт: HDMI 2.1 есть у всех моделей этой серии.',
  })
  const answer = page.locator('[data-testid="support-message"][data-author="operator"]')
  await expect(answer).toContainText('HDMI 2.1 есть у всех моделей')
  await expect(page.getByTestId('support-typing')).toHaveCount(0)

  // the shopper types, the operator sees it; the shopper's answer arrives live
  await page.getByTestId('support-input').fill('Спасибо')
  await operatorGot(operator, '"type":"typing","conversation_id":"' + id + '","author":"shopper"')
  await page.getByTestId('support-input').press('Enter')
  await operatorGot(operator, '"text":"Спасибо"')

  // folded, the window stays connected: a new answer marks the button
  await page.getByRole('button', { name: 'Свернуть чат' }).click()
  await operatorSends(operator, {
    type: 'send',
    conversation_id: id,
    client_id: 'e2eanswer0002',
    text: 'Обращайтесь!',
  })
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
