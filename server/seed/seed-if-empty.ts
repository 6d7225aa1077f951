import { sql } from 'drizzle-orm'
import type { Database, Db } from '../db/connection'
import { rows } from '../db/rows'
import { hasBenefits, writeBenefits } from './benefits'
import { ensureContent } from './content'
import { defaultReviewCount, hasSeededReviews, writeReviews } from './reviews'
import { clearCatalog, writeCatalog } from './write'

/** Arbitrary but fixed: every process that seeds takes this transaction-scoped advisory lock first. */
const SEED_LOCK = 7_302_025_001

export interface SeedOptions {
  products: number
  seed?: number
  /** Replace an existing catalogue instead of leaving it alone. */
  reset?: boolean
  /** Reviews to write; as many as products when not given. */
  reviews?: number
  log?: (msg: string) => void
}

/**
 * The planner's statistics of the catalogue tables. Without them it plans the catalogue's and search's
 * queries blind (measured: search p95 and product reads several times slower on 200,000 products), and
 * nothing else gathers them here: PGlite never runs autovacuum, and a PostgreSQL may have it off.
 */
async function hasPlannerStatistics(db: Db): Promise<boolean> {
  const [row] = await rows<{ analyzed: boolean }>(
    db,
    sql`select exists (
      select 1 from pg_stats where schemaname = current_schema() and tablename = 'products'
    ) as analyzed`,
  )
  return row?.analyzed === true
}

async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await rows<{ seeded: boolean }>(db, sql`select exists (select 1 from cities) as seeded`)
  return row?.seeded === true
}

/**
 * Seeds the catalogue in one transaction under an advisory lock: when several server processes start
 * at once on one PostgreSQL, the first seeds and the others wait, then find cities and do nothing.
 * Returns false when a catalogue was already there and `reset` was not asked for.
 */
export async function seedCatalog(database: Database, options: SeedOptions): Promise<boolean> {
  const seeded = await database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`select pg_advisory_xact_lock(${SEED_LOCK})`))
    if (await isSeeded(tx)) {
      if (!options.reset) return false
      options.log?.('seed: emptying the existing catalogue')
      await clearCatalog(tx)
    }
    await writeCatalog(tx, options)
    await writeBenefits(tx)
    await writeReviews(tx, {
      products: options.products,
      reviews: options.reviews ?? defaultReviewCount(options.products),
      seed: options.seed,
      log: options.log,
    })
    await tx.execute(sql`analyze`)
    return true
  })
  // A freshly written catalogue has no visibility map and no hint bits: until a vacuum, every first
  // read of a page writes it back, and the search lexicon keeps the dead rows of its rebuild (188,000
  // beside 21,500 live at 200,000 products). Nothing else would vacuum it: PGlite never runs autovacuum
  // and a PostgreSQL may have it off. Measured at 200,000 products: the first two cart benches after a seed
  // without it ran at 1,300–1,500 req/s, the first after a seed with it at 3,500.
  if (seeded) await database.db.execute(sql`vacuum`)
  return seeded
}

/** Seeds only a database without cities; the server calls it on every start. Returns whether it seeded. */
export async function seedIfEmpty(
  database: Database,
  opts: { products: number; reviews?: number; log?: (msg: string) => void },
): Promise<boolean> {
  // the common case, a seeded database, should not queue behind the lock
  if (await isSeeded(database.db)) {
    // a catalogue seeded before the seed gathered statistics gets them once
    if (!(await hasPlannerStatistics(database.db))) {
      opts.log?.('seed: gathering the planner statistics of the catalogue')
      await database.db.execute(sql`analyze`)
    }
    // a catalogue seeded before the cart's benefits existed gets them once
    if (!(await hasBenefits(database.db)))
      await database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`select pg_advisory_xact_lock(${SEED_LOCK})`))
        if (!(await hasBenefits(tx))) await writeBenefits(tx)
      })
    // a catalogue seeded before the content tables existed gets its content once
    if (await ensureContent(database.db)) opts.log?.('seed: content and delivery rules written')
    // a catalogue seeded before reviews existed gets them once
    if (!(await hasSeededReviews(database.db)))
      await database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`select pg_advisory_xact_lock(${SEED_LOCK})`))
        if (await hasSeededReviews(tx)) return
        const [row] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from products`)
        const products = row?.n ?? 0
        await writeReviews(tx, {
          products,
          reviews: opts.reviews ?? defaultReviewCount(products),
          log: opts.log,
        })
        await tx.execute(sql`analyze reviews`)
      })
    return false
  }
  return seedCatalog(database, { products: opts.products, reviews: opts.reviews, log: opts.log })
}
