import { randomUUID } from 'node:crypto'
import type { Browser } from '@playwright/test'
import type { PushMessage } from '../../contract/values/push'
import { E2E_OPERATOR_PHONE } from '../../playwright.config'
import { decryptPush, testBrowser } from '../../server/test/push'
import { expect, test, type Page } from './fixtures'
import { randomNational, signInBySms, signUpOnLoginPage } from './shopper'

/*
 * Web push (issue 24): the shopper turns push on in the account, an order moves, and the store's push
 * reaches the service worker, which shows it; tapping it opens the order.
 *
 * Chromium's own pushManager.subscribe registers with Google's push service, which this machine cannot
 * reach (it waits until it gives up), so the page gets a stand-in PushManager holding keys this test
 * made. Everything after is real: the store's local provider encrypts the message to those keys as
 * web-push does, the test decrypts it with them, and the DevTools protocol delivers it to the worker.
 */

const ENDPOINT = `https://push.example.test/e2e/${randomUUID()}`

async function operatorMoves(browser: Browser, orderId: string, status: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signInBySms(page, E2E_OPERATOR_PHONE)
  await expect(page.getByText('Вы успешно вошли')).toBeVisible()
  const res = await page.request.post(`/oms/api/v1/operator/orders/${orderId}/status`, { data: { status } })
  expect(res.status(), await res.text()).toBe(200)
  await context.close()
}

async function placePickupOrder(page: Page): Promise<string> {
  await page.goto('/catalog/smartfony?sorting=price_asc')
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
  await page.getByTestId('checkout-next').click()
  await page.getByTestId('payment-cash_payment').check()
  await page.getByTestId('place-order').click()
  await expect(page).toHaveURL(/\/checkout\/result\?/)
  return new URL(page.url()).searchParams.get('orderId') ?? ''
}

test('a shopper turns push on in the account, gets an order status push from the service worker, and its tap opens the order', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.slow()
  const device = testBrowser(ENDPOINT)
  await context.grantPermissions(['notifications'], { origin: baseURL! })
  await context.addInitScript(
    ({ endpoint, p256dh, auth }) => {
      const bytes = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))
      const make = (key: Uint8Array) => ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: key.buffer },
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: async () => (localStorage.removeItem('e2e-push-key'), true),
      })
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = new Uint8Array(options!.applicationServerKey as ArrayBuffer)
        localStorage.setItem('e2e-push-key', btoa(String.fromCharCode(...key)))
        return make(key) as unknown as PushSubscription
      }
      PushManager.prototype.getSubscription = async function () {
        const key = localStorage.getItem('e2e-push-key')
        return key ? (make(bytes(key)) as unknown as PushSubscription) : null
      }
    },
    { endpoint: ENDPOINT, ...device.subscription.keys },
  )

  await page.goto('/login')
  await signUpOnLoginPage(page, randomNational())
  await expect(page.getByText('Вы успешно вошли')).toBeVisible()

  // Opt in: nothing is subscribed until the shopper asks.
  await page.goto('/my-account/information')
  const settings = page.getByTestId('push-settings')
  await expect(settings.getByTestId('push-enable')).toBeVisible()
  await settings.getByTestId('push-enable').click()
  await expect(settings.getByTestId('push-enabled')).toBeVisible()
  // the browser was subscribed with the store's VAPID key
  const vapid = (await (await page.request.get('/notifications/api/v1/push/vapid-public-key')).json()) as {
    public_key: string
  }
  const used = await page.evaluate(() => localStorage.getItem('e2e-push-key'))
  expect(Buffer.from(used!, 'base64').toString('base64url')).toBe(vapid.public_key)

  // Topics: price drops off, order status stays on.
  await settings.getByTestId('push-topic-price_drop').uncheck()
  await expect(settings.getByTestId('push-topic-price_drop')).not.toBeChecked()
  const listed = (await (await page.request.get('/notifications/api/v1/push/subscriptions')).json()) as {
    subscriptions: { endpoint: string; topics: Record<string, boolean> }[]
  }
  expect(listed.subscriptions).toEqual([
    expect.objectContaining({
      endpoint: ENDPOINT,
      topics: { order_status: true, price_drop: false, back_in_stock: true },
    }),
  ])

  // An order moves; the store pushes its new status (the local provider keeps what it would post).
  const orderId = await placePickupOrder(page)
  expect(orderId).not.toBe('')
  await operatorMoves(browser, orderId, 'ASSEMBLING')
  let pushed: { payload: string; body: string } | undefined
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/dev/push-outbox?endpoint=${encodeURIComponent(ENDPOINT)}`)
        const { messages } = (await res.json()) as { messages: { payload: string; body: string }[] }
        pushed = messages.find(
          (m) => (JSON.parse(m.payload) as PushMessage).body === 'Заказ собирается на складе.',
        )
        return pushed !== undefined
      },
      { timeout: 20_000 },
    )
    .toBe(true)
  const decrypted = decryptPush(device, Buffer.from(pushed!.body, 'base64'))
  const message = JSON.parse(decrypted) as PushMessage
  expect(message).toEqual({
    title: expect.stringMatching(/^Статус заказа №\u00a0\S+$/),
    body: 'Заказ собирается на складе.',
    url: `/my-account/orders/${orderId}`,
    tag: `order-${orderId}`,
  })

  // The push service's part: the DevTools protocol hands the decrypted message to the worker.
  await page.goto('/')
  const cdp = await context.newCDPSession(page)
  const registrations: { registrationId: string; scopeURL: string }[] = []
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations))
  await cdp.send('ServiceWorker.enable')
  await expect.poll(() => registrations.length).toBeGreaterThan(0)
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(baseURL!).origin,
    registrationId: registrations[0]!.registrationId,
    data: decrypted,
  })
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        data: n.data as unknown,
      })),
    )
  await expect
    .poll(shown)
    .toEqual([{ title: message.title, body: message.body, tag: message.tag, data: { url: message.url } }])

  // The tap: the open store window goes to the order. (Chromium lets only a tap it dispatched itself
  // open or focus windows; the worker's handler, dispatched here, moves the open window, which needs no
  // such permission. Opening a new window is covered by src/sw/push.test.ts.)
  const worker = context.serviceWorkers()[0]!
  await worker.evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScope
    const [notification] = await scope.registration.getNotifications()
    try {
      scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: notification! }))
    } catch {
      // waitUntil refuses an event a script made; the handler's work has started all the same
    }
  })
  await expect(page).toHaveURL(new RegExp(`/my-account/orders/${orderId}$`))
  await expect.poll(shown).toEqual([])

  // Turning push off ends the subscription at the store and in the browser.
  await page.goto('/my-account/information')
  await page.getByTestId('push-disable').click()
  await expect(page.getByTestId('push-enable')).toBeVisible()
  const after = (await (await page.request.get('/notifications/api/v1/push/subscriptions')).json()) as {
    subscriptions: unknown[]
  }
  expect(after.subscriptions).toEqual([])
})
