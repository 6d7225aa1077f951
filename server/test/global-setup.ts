import { openDatabase } from '../db/connection'
import { seedIfEmpty } from '../seed/seed-if-empty'
import { resetPostgres, testDatabaseUrl, testEngine, TEST_SEED_PRODUCTS } from './database'

/**
 * On PostgreSQL the workers share one database: it is reset, migrated and seeded once here, before
 * any worker starts, and tests isolate themselves by the data they create. PGlite needs nothing here:
 * each worker opens its own in-memory database.
 */
export default async function setup() {
  if (testEngine() !== 'postgres') return
  const url = testDatabaseUrl()
  await resetPostgres(url)
  const database = await openDatabase({ url })
  try {
    await database.migrate()
    await seedIfEmpty(database, { products: TEST_SEED_PRODUCTS })
  } finally {
    await database.close()
  }
}
