import { test as base, type Page } from '@playwright/test'

export { expect } from '@playwright/test'
export type { APIRequestContext, Page } from '@playwright/test'

/**
 * A server-rendered page shows before the app has started, and its buttons do nothing until it has
 * hydrated (`<html data-app="ready">`, src/app/app.tsx). A shopper waits for the page to react; a
 * journey waits for that mark after every page load, so it acts on the app and not on the plain HTML.
 */
async function untilAppReady(page: Page) {
  await page.waitForFunction(
    () => document.documentElement.dataset.app === 'ready' || !document.getElementById('root'),
  )
}

function waitForAppOnLoads(page: Page) {
  const goto = page.goto.bind(page)
  const reload = page.reload.bind(page)
  page.goto = async (...args) => {
    const response = await goto(...args)
    await untilAppReady(page)
    return response
  }
  page.reload = async (...args) => {
    const response = await reload(...args)
    await untilAppReady(page)
    return response
  }
}

export const test = base.extend({
  context: async ({ context }, use) => {
    for (const page of context.pages()) waitForAppOnLoads(page)
    context.on('page', waitForAppOnLoads)
    await use(context)
  },
})

/** Resolves once a service worker controls the page (clients.claim on activate), so what it reads is kept. */
export async function waitForControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (navigator.serviceWorker.controller) return
    await new Promise<void>((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
    )
  })
}

/** Whether a document is the built shell (its root holds only the boot text), not a page the server rendered. */
export const isShell = (html: string) => html.includes('<div class="boot">')
