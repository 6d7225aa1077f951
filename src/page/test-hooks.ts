/**
 * A way for tests to make a page fail to render, so the fallback error screen can be checked end to end.
 *
 * It needs BOTH of:
 *   1. the query parameter `__throw=1` on any page, e.g. `/catalog?__throw=1`, and
 *   2. the development build (`vite dev`, vitest), or the flag `localStorage['storefront:test-hooks'] = '1'`
 *      in the browser, which the Playwright journeys set with `context.addInitScript` before the page loads.
 *
 * A shopper has neither, so the production store never throws on purpose.
 */
export const TEST_HOOKS_STORAGE_KEY = 'storefront:test-hooks'
export const THROW_PARAM = '__throw'

export class TestRenderError extends Error {
  override readonly name = 'TestRenderError'
}

function testHooksEnabled(): boolean {
  if (import.meta.env.DEV) return true
  try {
    return globalThis.localStorage?.getItem(TEST_HOOKS_STORAGE_KEY) === '1'
  } catch {
    return false
  }
}

/** Whether the current page was asked to fail; `search` is the router's parsed query. */
export function shouldThrowForTest(search: Record<string, unknown>): boolean {
  const value = search[THROW_PARAM]
  if (value !== 1 && value !== '1' && value !== true) return false
  return testHooksEnabled()
}
