import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { ImportFormat, ImportStatus } from '../../../contract/values/catalog-import'

/*
 * Catalogue imports (README, Catalogue import). A file's rows are checked while it arrives and the good
 * ones kept in `catalog_import_rows`; the import is then applied in transactions of a bounded number of
 * rows, each recording how far it got, so a process that stops mid-way is followed by another that goes
 * on from there (the claim is a lease). The staged rows are deleted when the import is done; the import
 * and its rejected rows stay as its report.
 */

export const catalogImports = pgTable(
  'catalog_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    format: text('format').$type<ImportFormat>().notNull(),
    /** SHA-256 of the file's bytes, hex: the same file imported again is recognised (`same_as`). */
    contentHash: text('content_hash').notNull(),
    bytes: integer('bytes').notNull(),
    status: text('status').$type<ImportStatus>().notNull().default('staged'),
    /** Who sent it: a staff member's id (text, as the audit log keeps actors), null for a tool. */
    staffId: text('staff_id'),
    rowsTotal: integer('rows_total').notNull().default(0),
    rowsRejected: integer('rows_rejected').notNull().default(0),
    /** Staged rows applied so far: the last applied `row_no`. */
    appliedThrough: integer('applied_through').notNull().default(0),
    /** The last staged `row_no` (rows are numbered as in the file, so gaps are rejected rows). */
    lastRow: integer('last_row').notNull().default(0),
    productsCreated: integer('products_created').notNull().default(0),
    productsUpdated: integer('products_updated').notNull().default(0),
    pricesChanged: integer('prices_changed').notNull().default(0),
    stocksChanged: integer('stocks_changed').notNull().default(0),
    /** An earlier import of the very same bytes, when there was one. */
    sameAs: uuid('same_as'),
    error: text('error'),
    /** Until when the process applying it holds it; a lapsed lease lets another process go on. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('catalog_imports_hash_idx').on(t.contentHash),
    index('catalog_imports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('staged', 'applying')`),
    check('catalog_imports_status_check', sql`${t.status} in ('staged', 'applying', 'done', 'failed')`),
  ],
)

/** A checked row waiting to be applied; the columns are the import format's, null where not given. */
export const catalogImportRows = pgTable(
  'catalog_import_rows',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => catalogImports.id, { onDelete: 'cascade' }),
    /** The row's number in the file: CSV lines after the header from 1, JSON array items from 1. */
    rowNo: integer('row_no').notNull(),
    sku: text('sku').notNull(),
    cityId: integer('city_id'),
    price: integer('price'),
    /** With a price: the crossed-out price, null for none (a price row sets both). */
    oldPrice: integer('old_price'),
    pointId: integer('point_id'),
    condition: text('condition'),
    stock: integer('stock'),
    titleRu: text('title_ru'),
    /** With a title: the address a new product gets, `{slug of title_ru}-{sku}`. */
    uri: text('uri'),
    titleKk: text('title_kk'),
    category: text('category'),
    brand: text('brand'),
    model: text('model'),
    descriptionRu: text('description_ru'),
    descriptionKk: text('description_kk'),
    weightGrams: integer('weight_grams'),
  },
  (t) => [primaryKey({ columns: [t.importId, t.rowNo] })],
)

/** A row turned away, with the field and the reason (`details` says more, e.g. the units held). */
export const catalogImportRejections = pgTable(
  'catalog_import_rejections',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => catalogImports.id, { onDelete: 'cascade' }),
    rowNo: integer('row_no').notNull(),
    field: text('field').notNull(),
    reason: text('reason').notNull(),
    /** The value as given, cut to 100 characters. */
    value: text('value'),
    held: integer('held'),
  },
  (t) => [index('catalog_import_rejections_import_idx').on(t.importId, t.rowNo)],
)
