// TEMPORARY: runs media.test.ts before migrations and the seed exist. Deleted before hand-off.
import { sql } from 'drizzle-orm'
import { vi } from 'vitest'
vi.mock('../../test/database', async () => {
  const { openDatabase } = await import('../../db/connection')
  return {
    openTestDatabase: async () => {
      const database = await openDatabase({ memory: true })
      await database.db.execute(
        sql`create table images (id text primary key, product_id integer, position integer not null default 0, kind text not null, color text not null, label text not null default '', variant integer not null default 0)`,
      )
      return database
    },
  }
})
await import('./media.test')
