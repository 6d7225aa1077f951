import type { SQLWrapper } from 'drizzle-orm'
import type { Db } from './connection'

/**
 * Runs raw SQL and returns its rows. Both drivers answer `{ rows }`, but Drizzle's shared Postgres type
 * cannot know that, so the cast lives here once instead of in every module.
 */
export async function rows<T extends Record<string, unknown>>(
  db: Db,
  query: SQLWrapper | string,
): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}
