import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { inject } from 'vitest'
import { openDatabase, type Database } from '../db/connection'

/** The catalogue size the server tests share: big enough for every listing, small enough to seed in seconds. */
export const TEST_SEED_PRODUCTS = 400

export function testEngine(): 'pglite' | 'postgres' {
  return process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite'
}

export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL')
  return url
}

/** Drops everything in the PostgreSQL test database so each run starts from the committed migrations. */
export async function resetPostgres(url: string): Promise<void> {
  const database = await openDatabase({ url })
  try {
    await database.db.execute(sql`drop schema if exists public cascade`)
    await database.db.execute(sql`drop schema if exists drizzle cascade`)
    await database.db.execute(sql`create schema public`)
  } finally {
    await database.close()
  }
}

/**
 * Opens the engine under test, migrated and seeded by the global setup. On PGlite it lives in memory
 * for this worker, opened from the setup's image.
 */
export async function openTestDatabase(): Promise<Database> {
  if (testEngine() === 'postgres') return openDatabase({ url: testDatabaseUrl() })
  const image = new Blob([readFileSync(inject('pgliteImage'))])
  return openDatabase({ memory: true, image })
}
