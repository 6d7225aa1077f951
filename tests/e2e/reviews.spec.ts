import sharp from 'sharp'
import { E2E_MODERATOR_PHONE } from '../../playwright.config'
import { solvedCaptcha } from './captcha'
import { expect, test, type APIRequestContext, type Page } from './fixtures'
import { PASSWORD, randomNational, signUpOnLoginPage, smsCode, typePhone } from './shopper'

/** Spec browsing 3, 5, 7.3, 7.10: a review with a photo, its moderation, reactions, the information centre. */

interface ListedProduct {
  sku: string
  uri: string
  title: string
  review_count: number
}

/** A product nobody has reviewed yet, as the catalogue lists it. */
async function unreviewedProduct(request: APIRequestContext): Promise<ListedProduct> {
  const res = await request.get('/katalog/api/v2/products/category/smartfony?city_id=1&limit=48')
  expect(res.ok()).toBe(true)
  const { payload } = (await res.json()) as { payload: ListedProduct[] }
  const product = payload.find((p) => p.review_count === 0)
  expect(product, 'a smartphone without reviews').toBeDefined()
  return product!
}

/** The moderator signs in by SMS, as the store's staff do, and gets a bearer token. */
async function moderatorToken(request: APIRequestContext): Promise<string> {
  const captcha = await solvedCaptcha(request)
  const sent = await request.post('/account/api/v1/events/verify/phone', {
    data: { phone: E2E_MODERATOR_PHONE, purpose: 'signin' },
    headers: { 'x-captcha-token': captcha },
  })
  expect(sent.status()).toBe(200)
  const signedIn = await request.put('/account/api/v1/events/verify/token', {
    data: { phone: E2E_MODERATOR_PHONE, token: await smsCode(request, E2E_MODERATOR_PHONE, 'signin') },
  })
  expect(signedIn.status()).toBe(200)
  return ((await signedIn.json()) as { access_token: string }).access_token
}

/** A small real photo: a 640×480 JPEG. */
const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 214, g: 122, b: 48 } } })
    .jpeg({ quality: 80 })
    .toBuffer()

const reviewsTab = (page: Page) =>
  page.getByTestId('product-tab-panel').and(page.locator('[data-tab="reviews"]'))

async function signOut(page: Page) {
  await page.goto('/login')
  await page.getByTestId('sign-out').click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByTestId('account-link')).toHaveAttribute('href', /\/login$/)
}

test('a shopper reviews a product with a photo, a moderator approves it, another shopper likes it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const product = await unreviewedProduct(request)
  const text = `Пользуюсь месяц: экран яркий, батареи хватает на два дня. Отзыв ${Date.now().toString(36)}`
  const author = randomNational()

  // The reviewer signs up and opens the product's reviews: none yet.
  await page.goto('/login')
  await signUpOnLoginPage(page, author)
  await expect(page.getByText('Вы успешно вошли')).toBeVisible()
  await page.goto(`/p/${product.uri}?tab=reviews`)
  await expect(reviewsTab(page).getByTestId('reviews-empty')).toHaveText('Отзывов пока нет. Будьте первым!')

  // Four stars, the text, pros and cons, a photo; the photo goes up after the review is created.
  await reviewsTab(page).getByTestId('write-review').click()
  const form = page.getByTestId('review-form')
  await form
    .locator('label')
    .filter({ has: page.getByRole('radio', { name: '4 из 5' }) })
    .click()
  await expect(form.getByRole('radio', { name: '4 из 5' })).toBeChecked()
  await form.getByLabel('Отзыв').fill(text)
  await form.getByLabel('Достоинства').fill('Экран, батарея')
  await form.getByLabel('Недостатки').fill('Скользкий корпус')
  await form
    .getByLabel('Фотографии (JPEG, PNG, WebP до 10 МБ)')
    .setInputFiles({ name: 'na-stole.jpg', mimeType: 'image/jpeg', buffer: await photo() })
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/feedback/api/v2/reviews'),
  )
  const uploaded = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && /\/feedback\/api\/v2\/reviews\/\d+\/images$/.test(r.url()),
  )
  await form.getByTestId('review-submit').click()
  const createdResponse = await created
  expect(createdResponse.status()).toBe(201)
  const { id } = (await createdResponse.json()) as { id: number }
  const upload = await uploaded
  expect(upload.status()).toBe(200)
  const withPhoto = (await upload.json()) as { status: string; media: { type: string }[] }
  expect(withPhoto.media.map((m) => m.type)).toEqual(['image'])
  expect(withPhoto.status).toBe('NEW')
  // The form closes; the review waits for the moderator and the product page shows nothing yet.
  await expect(form).toHaveCount(0)
  await expect(reviewsTab(page).getByTestId('write-review')).toBeVisible()
  await expect(reviewsTab(page).getByTestId('reviews-empty')).toBeVisible()

  // A shopper cannot moderate (the page's cookies sign the call); the moderator approves.
  const decision = { data: { status: 'APPROVED' } }
  const url = `/feedback/api/v2/moderation/reviews/${id}`
  expect((await page.request.post(url, decision)).status()).toBe(403)
  const token = await moderatorToken(request)
  const approved = await request.post(url, { ...decision, headers: { authorization: `Bearer ${token}` } })
  expect(approved.status()).toBe(204)

  // Published: on the product page with its photo, the summary and the filters count it.
  await page.reload()
  const review = reviewsTab(page).locator(`[data-testid="review"][data-review-id="${id}"]`)
  await expect(review.getByTestId('review-text')).toHaveText(text)
  await expect(review).toContainText('Достоинства: Экран, батарея')
  await expect(review).toContainText('Недостатки: Скользкий корпус')
  await expect(review.getByRole('img', { name: 'Оценка 4 из 5' })).toBeVisible()
  await expect(review.getByTestId('review-likes')).toHaveText('0')
  const thumbnail = review.getByRole('button', { name: 'Открыть фото 1' }).locator('img')
  await expect(thumbnail).toBeVisible()
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)
  await expect(reviewsTab(page).getByTestId('reviews-filter-all')).toHaveText('Все 1')
  await expect(reviewsTab(page).getByTestId('reviews-filter-wPhoto')).toHaveText('С фото 1')
  await expect(reviewsTab(page).getByTestId('positive-share')).toHaveText('100,0% покупателей рекомендуют')

  // Another shopper likes it: the count goes up at once and stays after a reload.
  await signOut(page)
  await page.goto('/login')
  await signUpOnLoginPage(page, randomNational())
  await expect(page.getByText('Вы успешно вошли')).toBeVisible()
  await page.goto(`/p/${product.uri}?tab=reviews`)
  const like = review.getByTestId('review-like')
  await expect(like).toHaveAttribute('aria-pressed', 'false')
  const liked = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().includes(`/reviews/${id}/reactions?type=LIKE`),
  )
  await like.click()
  expect((await liked).status()).toBe(200)
  await expect(review.getByTestId('review-likes')).toHaveText('1')
  await expect(like).toHaveAttribute('aria-pressed', 'true')
  await page.reload()
  await expect(review.getByTestId('review-likes')).toHaveText('1')
  await expect(like).toHaveAttribute('aria-pressed', 'true')

  // The reviewer comes back: the bell holds the approval, which leads to the review.
  await signOut(page)
  await page.goto('/login')
  await typePhone(page, author)
  await expect(page).toHaveURL(/step=password/)
  await page.getByTestId('login-password').fill(PASSWORD)
  await page.getByTestId('login-submit').click()
  await expect(page.getByText('Вы успешно вошли')).toBeVisible()
  await page.goto(`/p/${product.uri}?tab=reviews`)
  await expect(review.getByTestId('review-likes')).toHaveText('1')
  const bell = page.getByTestId('notifications-bell')
  await expect(bell.getByTestId('notifications-count')).toHaveAttribute('data-count', '1')
  await expect(bell).toHaveAccessibleName('Уведомления: 1 непрочитанных')
  await bell.click()
  const note = page.getByTestId('notifications-panel').getByTestId('notification')
  await expect(note).toHaveCount(1)
  await expect(note).toHaveAttribute('data-kind', 'review_approved')
  await expect(note).toContainText('Ваш отзыв опубликован')
  await expect(note).toContainText(
    `Отзыв о товаре «${product.title}» прошёл модерацию и опубликован на странице товара.`,
  )
  await expect(note).toContainText('Новое')
  // Opening the panel read it.
  await expect(bell.getByTestId('notifications-count')).toHaveAttribute('data-count', '0')
  await note.getByRole('link', { name: 'Ваш отзыв опубликован' }).click()
  await expect(page).toHaveURL(new RegExp(`/my-account/reviews/${id}$`))
  await expect(page.getByTestId('my-review-status')).toHaveText('Опубликованы')
  await expect(page.getByTestId('my-review')).toContainText(text)
})
