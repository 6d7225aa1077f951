import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type * as schema from './schema'

/** The schema's tables, as Drizzle types them. */
export type Schema = typeof schema
/** A database or a transaction, on either engine: what repos are handed. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>
