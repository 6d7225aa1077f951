import type { SQL, SQLWrapper, Table } from 'drizzle-orm'
import type { Db } from './db'

/**
 * A table's row as raw SQL returns it: the columns' SQL names (snake_case) with the types Drizzle
 * infers from the schema, so a hand-written query's row type is never a second copy of the table.
 */
export type SqlRow<T extends Table> = {
  [K in keyof T['_']['columns'] as T['_']['columns'][K]['_']['name']]: T['$inferSelect'][K &
    keyof T['$inferSelect']]
}

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

/** The parts of Drizzle's database (and transaction) that `db.execute` uses, with the statement name it leaves out. */
interface Internals {
  dialect: { sqlToQuery(sql: SQL): { sql: string; params: unknown[] } }
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: false,
    ): { execute(): Promise<unknown> }
  }
}

/**
 * Like `rows`, as a named prepared statement: PostgreSQL parses it once per connection and, after a few
 * runs, keeps its plan, where an unnamed statement is parsed and planned on every run. For the hot
 * statements of a request whose planning costs more than running them. A statement with a list
 * parameter is still planned on every run (a plan for the two values given always looks cheaper than a
 * generic one): its text lives in a PL/pgSQL function that forces the generic plan (migration 0019). The text must be the same on
 * every call with a name (values go in parameters, lists as one array parameter); PGlite ignores the
 * name and runs it as any other statement.
 */
export async function preparedRows<T extends Record<string, unknown>>(
  db: Db,
  name: string,
  query: SQLWrapper,
): Promise<T[]> {
  const { dialect, session } = db as unknown as Internals
  const result = (await session
    .prepareQuery(dialect.sqlToQuery(query.getSQL()), undefined, name, false)
    .execute()) as {
    rows: T[]
  }
  return result.rows
}

/**
 * Like `preparedRows`, for a statement whose text is a constant and whose values come as a list: nothing
 * is built per call. Building a wide insert through Drizzle's query builder cost the store 0.45 ms of
 * CPU per order (a tenth of order creation's, checkout bench at 200,000 products), more than sending it.
 */
export async function statementRows<T extends Record<string, unknown>>(
  db: Db,
  name: string,
  text: string,
  params: unknown[],
): Promise<T[]> {
  const { session } = db as unknown as Internals
  const result = (await session.prepareQuery({ sql: text, params }, undefined, name, false).execute()) as {
    rows: T[]
  }
  return result.rows
}

/**
 * A list as one PostgreSQL array literal, to pass as a single parameter (`= any($1::int[])`,
 * `unnest($1::int[])`): the statement's text stays the same whatever the list's length. `null` is NULL.
 */
export function arrayLiteral(values: readonly (number | boolean | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : typeof v === 'boolean' ? (v ? 't' : 'f') : String(v))).join(',')}}`
}

/** Texts as one array literal, each quoted; quotes and backslashes inside are dropped (skus, codes). */
export function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '')}"`).join(',')}}`
}
