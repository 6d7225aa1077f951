import { buildApp } from '../app'
import { readConfig } from '../config'
import type { Database } from '../db/connection'
import type { App } from '../http/types'
import { openTestDatabase } from './database'

let shared: Promise<{ app: App; database: Database }> | undefined

/**
 * One app and one database per test worker: PGlite's first start costs seconds, so files share it and
 * isolate by data (their own phone numbers, carts, ids) instead of by new databases.
 */
export function testApp(overrides: Record<string, string> = {}): Promise<{ app: App; database: Database }> {
  if (Object.keys(overrides).length > 0) return createTestApp(overrides)
  shared ??= createTestApp({})
  return shared
}

async function createTestApp(overrides: Record<string, string>) {
  const database = await openTestDatabase()
  const config = readConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', STATIC_DIR: './dist', ...overrides })
  const app = await buildApp({ config, database, logger: false })
  await app.ready()
  return { app, database }
}
