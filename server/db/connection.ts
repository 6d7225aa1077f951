import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import type { Db } from './db'
import { rows } from './rows'
import * as schema from './schema'

export type { Db, Schema } from './db'
export type Engine = 'pglite' | 'postgres'

export interface Database {
  db: Db
  engine: Engine
  /** Applies the committed SQL migrations; safe to call on every start. */
  migrate(): Promise<void>
  /**
   * PGlite only: the whole database as one file a new PGlite starts from in well under a second, where
   * starting empty, migrating and seeding takes seconds (the tests give each worker a copy).
   */
  image?(): Promise<Blob>
  /**
   * PostgreSQL only: a connection of its own, outside the pool, for LISTEN (a pooled one goes back to
   * other work and stops hearing). The caller ends it.
   */
  connectListener?(): Promise<pg.Client>
  close(): Promise<void>
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/**
 * Connections each server process keeps to PostgreSQL. Fewer answered faster on two cores (the checkout
 * bench at 32 connections, PostgreSQL 200k: calculations 1,714 req/s, p95 28 ms with 6 against 1,212
 * req/s, p95 50 ms with 20), but with 6 the bench's preparation of carts can still wait for ever on a
 * connection some request needs inside its own transaction: until that is found, 20.
 */
export const DEFAULT_POOL_SIZE = 20

export type DatabaseTarget =
  { url: string; poolSize?: number } | { dataDir: string } | { memory: true; image?: Blob }

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? DEFAULT_POOL_SIZE,
    })
    const db = drizzlePg(pool, { schema }) as unknown as Db
    return {
      db,
      engine: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR }),
      connectListener: async () => {
        const client = new pg.Client({ connectionString: target.url })
        await client.connect()
        return client
      },
      close: () => pool.end(),
    }
  }
  let dataDir: string | undefined
  if ('dataDir' in target) {
    dataDir = path.resolve(target.dataDir, 'pglite')
    mkdirSync(dataDir, { recursive: true })
  }
  const image = 'memory' in target ? target.image : undefined
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    ...(image ? { loadDataDir: image } : {}),
  })
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return {
    db,
    engine: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    image: () => client.dumpDataDir('none'),
    close: () => client.close(),
  }
}

interface Journal {
  entries: { idx: number; tag: string }[]
}

let journalTags: string[] | undefined

function migrationTags(): string[] {
  journalTags ??= (
    JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as Journal
  ).entries.map((e) => e.tag)
  return journalTags
}

export interface DatabaseStatus {
  version: string
  /** The tag of the newest applied migration, e.g. `0003_search_lexicon`, or null on an empty database. */
  migration: string | null
}

/** One round trip that proves the database answers and says which schema it has. */
export async function databaseStatus(db: Db): Promise<DatabaseStatus> {
  const [row] = await rows<{ v: string; n: number }>(
    db,
    sql`select current_setting('server_version') as v,
               (select count(*) from drizzle.__drizzle_migrations)::int as n`,
  )
  const applied = Number(row?.n ?? 0)
  return {
    version: String(row?.v ?? 'unknown'),
    migration: applied === 0 ? null : (migrationTags()[applied - 1] ?? null),
  }
}
