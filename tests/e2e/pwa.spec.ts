import { chromium } from '@playwright/test'
import { expect, test, waitForControl } from './fixtures'

/**
 * The store as an installable, offline-capable app: the manifest, Chrome's own installability verdict,
 * the service worker taking control, the shell surviving a reload without network, and API paths never
 * being answered with the shell.
 */

interface ManifestIcon {
  src: string
  sizes: string
  type: string
  purpose?: string
}
interface WebManifest {
  name: string
  short_name: string
  description: string
  lang: string
  start_url: string
  scope: string
  display: string
  background_color: string
  theme_color: string
  icons: ManifestIcon[]
  shortcuts: Array<{ name: string; url: string }>
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('ascii')).toBe('PNG')
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

test('the manifest is linked and describes an installable store', async ({ page }) => {
  await page.goto('/')
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(href).toBeTruthy()

  const response = await page.request.get(new URL(href!, page.url()).href)
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toMatch(/application\/manifest\+json/)
  const manifest = (await response.json()) as WebManifest

  expect(manifest.name).toMatch(/\S/)
  expect(manifest.short_name).toMatch(/\S/)
  expect(manifest.description).toMatch(/\S/)
  expect(manifest).toMatchObject({ lang: 'ru', start_url: '/', scope: '/', display: 'standalone' })
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i)
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i)
  expect(manifest.shortcuts.map((s) => s.url)).toEqual(expect.arrayContaining(['/catalog', '/cart']))

  const purposeOf = (icon: ManifestIcon) => icon.purpose ?? 'any'
  const wanted = [
    { sizes: '192x192', purpose: 'any' },
    { sizes: '512x512', purpose: 'any' },
    { sizes: '512x512', purpose: 'maskable' },
  ]
  for (const { sizes, purpose } of wanted) {
    const icon = manifest.icons.find((i) => i.sizes === sizes && purposeOf(i).split(' ').includes(purpose))
    expect(icon, `a ${sizes} ${purpose} icon`).toBeDefined()
    expect(icon!.type).toBe('image/png')
    const image = await page.request.get(new URL(icon!.src, page.url()).href)
    expect(image.status()).toBe(200)
    expect(image.headers()['content-type']).toBe('image/png')
    const { width, height } = pngSize(await image.body())
    expect(`${width}x${height}`).toBe(sizes)
  }
})

test('Chrome finds the store installable once its worker is active', async ({ baseURL }, testInfo) => {
  // Chrome never offers to install from an incognito profile, which is what a test context is.
  const context = await chromium.launchPersistentContext(testInfo.outputPath('profile'), {
    ...testInfo.project.use.launchOptions,
    baseURL,
  })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto('/')
    await waitForControl(page)

    const cdp = await context.newCDPSession(page)
    const { errors, url } = await cdp.send('Page.getAppManifest')
    expect(url).toMatch(/\/manifest\.webmanifest$/)
    expect(errors).toEqual([])
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
    expect(installabilityErrors).toEqual([])
  } finally {
    await context.close()
  }
})

test('the service worker controls the page after a reload', async ({ page }) => {
  await page.goto('/')
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.reload()
  const controller = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)
  expect(controller).toMatch(/\/sw\.js$/)
  const registration = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration()
    return { scope: reg?.scope, active: reg?.active?.state }
  })
  expect(registration.active).toBe('activated')
  expect(new URL(registration.scope!).pathname).toBe('/')
})

test('a page reloaded offline still shows the shop', async ({ page, context }) => {
  await page.goto('/')
  await waitForControl(page)
  await expect(page.locator('header').first()).toBeVisible()
  await page.goto('/catalog/smartfony')
  await expect(page.locator('header').first()).toBeVisible()
  await expect(page.locator('h1').first()).toBeVisible()

  await context.setOffline(true)
  try {
    await page.goto('/')
    await expect(page.locator('header').first()).toBeVisible()
    await expect(page.locator('h1').first()).toBeVisible()

    await page.goto('/catalog/smartfony')
    await expect(page.locator('header').first()).toBeVisible()
    await expect(page.locator('h1').first()).toBeVisible()

    await page.reload()
    await expect(page.locator('header').first()).toBeVisible()
    await expect(page.locator('h1').first()).toBeVisible()
  } finally {
    await context.setOffline(false)
  }
})

test('an unknown API path is a JSON 404, never the shell', async ({ page, context }) => {
  await page.goto('/')
  await waitForControl(page)

  const fetched = await page.evaluate(async () => {
    const response = await fetch('/katalog/api/v1/does-not-exist')
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: await response.text(),
    }
  })
  expect(fetched.status).toBe(404)
  expect(fetched.type).toMatch(/application\/json/)
  expect(JSON.parse(fetched.body)).toHaveProperty('error.code')

  // A navigation is what the worker's shell fallback answers, so it is the case that matters.
  const navigated = await page.goto('/katalog/api/v1/does-not-exist')
  expect(navigated?.status()).toBe(404)
  expect(navigated?.headers()['content-type']).toMatch(/application\/json/)
  expect(await navigated?.json()).toHaveProperty('error.code')

  await page.goto('/')
  await waitForControl(page)
  await context.setOffline(true)
  try {
    // No network and nothing cached: the browser's own error, not the shell pretending the path exists.
    await expect(page.goto('/katalog/api/v1/does-not-exist')).rejects.toThrow(/net::ERR_/)
  } finally {
    await context.setOffline(false)
  }
})
