import { sql } from 'drizzle-orm'
import { bigint, check, pgSequence, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core'

/**
 * The catalogue's change counter: one row (id 1) whose `version` grows with every statement that
 * writes products, prices, categories, filters, brands or product images. The triggers that bump it
 * live in the migration `0001_catalog_version`; they run inside the writer's transaction, so a
 * server process that reads a new version is sure to see the change behind it. Each process polls
 * it every few seconds and rebuilds its in-memory catalogue index when it moved
 * (`server/modules/catalog/index-holder.ts`).
 */
export const catalogVersion = pgTable(
  'catalog_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('catalog_version_single_row', sql`${t.id} = 1`)],
)

/**
 * Bumped (nextval) by every statement that writes `stocks`. A sequence and not a row: checkouts
 * reserve stock concurrently and must not queue on one row lock. Being outside transactions, a bump
 * can be seen before its writer commits; the poller therefore reloads stock once more on the next
 * tick after a change (see `index-holder.ts`).
 */
export const catalogStockVersion = pgSequence('catalog_stock_version', { startWith: 1, cache: 1 })
