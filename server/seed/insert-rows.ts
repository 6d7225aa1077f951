import { sql } from 'drizzle-orm'
import type { Db } from '../db/connection'

/** Rows per INSERT; the JSON of one statement stays in the low megabytes. */
const ROWS_PER_STATEMENT = 5000

/**
 * Inserts rows through one JSON parameter expanded by json_populate_recordset, so a batch of any size
 * is a single bind parameter (PostgreSQL allows 65,535) and parses fast on both engines. Columns are
 * named from the row objects, so columns other modules add later (generated ones included) are left alone.
 */
export async function insertRows(
  db: Pick<Db, 'execute'>,
  table: string,
  rows: readonly object[],
): Promise<void> {
  if (rows.length === 0) return
  const columns = sql.join(
    Object.keys(rows[0] as object).map((c) => sql.identifier(c)),
    sql`, `,
  )
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const json = JSON.stringify(rows.slice(i, i + ROWS_PER_STATEMENT))
    await db.execute(
      sql`insert into ${sql.identifier(table)} (${columns}) select ${columns} from json_populate_recordset(null::${sql.identifier(table)}, ${json}::json)`,
    )
  }
}
