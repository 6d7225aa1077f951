import { buildApp } from '../app'
import { readConfig } from '../config'
import type { Database } from '../db/connection'
import type { App } from '../http/types'
import { openTestDatabase } from './database'

let sharedDatabase: Promise<Database> | undefined
let sharedApp: Promise<{ app: App; database: Database }> | undefined

/** One database per test worker: PGlite's first start costs seconds, so files share it and isolate by data. */
export function testDatabase(): Promise<Database> {
  sharedDatabase ??= openTestDatabase()
  return sharedDatabase
}

/** The worker's shared app, ready for `app.inject`. */
export function testApp(): Promise<{ app: App; database: Database }> {
  sharedApp ??= buildTestApp().then(async (built) => {
    await built.app.ready()
    return built
  })
  return sharedApp
}

/**
 * A fresh app over the shared database, not yet ready, for tests that change the configuration or add
 * routes of their own. The caller readies and closes it.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
): Promise<{ app: App; database: Database }> {
  const database = await testDatabase()
  // The tests stand for many shoppers behind a proxy on this machine: each names its own address in
  // X-Forwarded-For, which only a configured proxy may do (the store's default trusts nobody).
  const config = readConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    STATIC_DIR: './dist',
    TRUST_PROXY: 'loopback',
    // the captcha's proof of work, small: the tests solve hundreds of challenges
    CAPTCHA_MAX_NUMBER: '1000',
    // On PostgreSQL the test files share one database and run at once, and the contract fuzz guesses
    // hundreds of codes: the store-wide and per-address budgets of unknown codes would be spent by
    // files other than the one whose test then fails. Tests of those limits build an app with them low.
    GIFT_CARD_MISSES_PER_MINUTE: '100000',
    PROMO_CODE_MISSES_PER_MINUTE: '100000',
    CODE_CHECK_FREE_MISSES_PER_ADDRESS: '100000',
    ...env,
  })
  const app = await buildApp({ config, database, logger: false })
  return { app, database }
}
