import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  check,
  customType,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
} from 'drizzle-orm/pg-core'

/**
 * The catalogue's change counter: one row (id 1) whose `version` grows with every statement that
 * writes products, categories, filters, brands or product images (prices no longer: `price_changes`).
 * The triggers that bump it live in the migration `0001_catalog_version`; they run inside the
 * writer's transaction, so a server process that reads a new version is sure to see the change behind
 * it. Each process polls it every few seconds and rebuilds its in-memory catalogue index when it moved
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

/** PostgreSQL's 64-bit transaction id, read and compared as text. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' })

/** A log of the products some transactions changed (`stock_changes`, `price_changes`): one shape for both. */
function changeLog<Name extends string>(name: Name) {
  return pgTable(
    name,
    {
      id: bigserial('id', { mode: 'number' }).primaryKey(),
      productId: integer('product_id'),
      xid: xid8('xid')
        .notNull()
        .default(sql`pg_current_xact_id()`),
      at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [index(`${name}_xid`).on(t.xid), index(`${name}_at`).on(t.at)],
  )
}

/**
 * Which products' stock a transaction changed, one row per product and writing statement (triggers in
 * the migrations `0013_stock_changes` and `0031_stock_changes_version`; a statement writing more than 200 products records one row
 * with no product, meaning "read all stock again"). Each process's catalogue index reads the rows of
 * transactions from its cursor on (`xid >= ` the oldest transaction still running when it last looked,
 * so a writer that commits late is never missed) and reloads the stock of only those products: an
 * order changes two or three products, where reading all stock is 1.7 million rows at 200,000 products.
 * Rows older than an hour are deleted by the pollers. The last id given out is the stock's version
 * (a sequence and not a row: checkouts reserve stock concurrently and must not queue on one row lock;
 * being outside transactions, it can move before its writer commits, which the readers allow for).
 */
export const stockChanges = changeLog('stock_changes')

/**
 * Which products' prices a transaction changed, as `stock_changes` does for stock (migration
 * `0044_price_changes`): a write to `product_prices` records its products here instead of moving the
 * catalogue's version, and each process rewrites only those products' prices in its index rather than
 * rebuilding it. A statement writing more than 5,000 products, or a truncate, records one row with no
 * product: read all prices again. The last id given out is the prices' version.
 */
export const priceChanges = changeLog('price_changes')
