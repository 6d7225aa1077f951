import { EventEmitter } from 'node:events'
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
import { createLocalChannel, createPgChannel, type Channel, type ChannelLog } from './channel'
import type { Db } from './db'
import { isDatabaseUnavailable } from './errors'
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
   * Events every process of the store hears: NOTIFY on PostgreSQL (each channel opened keeps a LISTEN
   * connection of its own), an emitter on PGlite, whose store is one process. The caller closes it.
   */
  channel<T>(name: string, log: ChannelLog): Channel<T>
  close(): Promise<void>
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/**
 * Connections each server process keeps to PostgreSQL. Fewer answer faster on two cores: the checkout
 * bench (32 connections, PostgreSQL 200k, 28 November) gave calculation p95 25.2-27.8 ms with 10
 * against 27.1-34.5 ms with 20, order creation p95 60.9-70.0 ms against 66.8-77.9 ms; 6 was no better
 * than 10. It was 20 while a request could wait for a second connection inside its own transaction
 * (the category tree, the benefit tables): `small-pool.test.ts` now orders for 24 shoppers through 3.
 */
export const DEFAULT_POOL_SIZE = 10

/**
 * How long a request may wait for a PostgreSQL connection (a free one of the pool, or a new one being
 * opened) and for one statement's answer before it fails, so a database that went away makes requests
 * fail at once with 503 instead of hanging (README: Faults and soak).
 */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000
export const DEFAULT_QUERY_TIMEOUT_MS = 30_000

export interface PostgresTarget {
  url: string
  poolSize?: number
  /** Wait for a pooled or new connection (pg's `connectionTimeoutMillis`); 0 waits for ever. */
  connectTimeoutMs?: number
  /**
   * Wait for a statement's answer: PostgreSQL cancels it after this (`statement_timeout`) and the client
   * gives up on a connection that stopped answering (`query_timeout`); 0 waits for ever (migrations, seed).
   */
  queryTimeoutMs?: number
}

export type DatabaseTarget = PostgresTarget | { dataDir: string } | { memory: true; image?: Blob }

interface Checkout {
  release: (err?: Error | boolean) => void
  released: boolean
  /** The connection failed under a statement: the pool must close it rather than lend it again. */
  broken: Error | undefined
}

const checkouts = new WeakMap<pg.PoolClient, Checkout>()
const watched = new WeakSet<pg.PoolClient>()

/** Watches a client's statements, once per client: a connection's failure marks its checkout broken. */
function watch(client: pg.PoolClient) {
  if (watched.has(client)) return
  watched.add(client)
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  client.query = ((...args: unknown[]) => {
    const result = query(...args)
    if (!(result instanceof Promise)) return result
    return result.catch((err: unknown) => {
      const checkout = checkouts.get(client)
      if (checkout && !checkout.released && isDatabaseUnavailable(err)) {
        checkout.broken = err instanceof Error ? err : new Error(String(err))
        const first = args[0]
        const text = typeof first === 'string' ? first : (first as { text?: unknown } | undefined)?.text
        // drizzle's transaction() sends BEGIN outside the try whose finally releases the client
        // (drizzle-orm 0.45, issues #6241 and #6114): a failed BEGIN would hold the client for ever
        if (typeof text === 'string' && /^\s*begin\b/i.test(text)) checkout.release(checkout.broken)
      }
      throw err
    })
  }) as typeof client.query
}

/**
 * node-postgres's pool, lending connections that are given back whatever happens to them: a connection
 * that failed under a statement (the database went away, a statement outlived `query_timeout`) is
 * closed on its release instead of lent to the next request, and a transaction whose BEGIN failed gives
 * its connection back. Without it, every transaction begun while the database was away kept one of the
 * pool's connections for good, and a store whose database came back hung on an empty pool.
 */
class ReleasingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>
  override connect(
    callback: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): void
  override connect(
    callback?: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): Promise<pg.PoolClient> | void {
    // the pool's own query() passes a callback and gives the client back with the error itself
    if (callback) return super.connect(callback)
    return super.connect().then((client) => {
      watch(client)
      const release = client.release.bind(client)
      const checkout: Checkout = { release, released: false, broken: undefined }
      checkout.release = (err) => {
        if (checkout.released) return
        checkout.released = true
        release(err ?? checkout.broken)
      }
      checkouts.set(client, checkout)
      client.release = checkout.release
      return client
    })
  }
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) {
    const queryTimeout = target.queryTimeoutMs ?? 0
    const pool = new ReleasingPool({
      connectionString: target.url,
      max: target.poolSize ?? DEFAULT_POOL_SIZE,
      connectionTimeoutMillis: target.connectTimeoutMs ?? 0,
      keepAlive: true,
      ...(queryTimeout > 0
        ? // the client waits a little longer than the server, so a slow statement ends as PostgreSQL's
          // cancel (the connection stays usable) and only a silent connection as the client's timeout
          { statement_timeout: queryTimeout, query_timeout: queryTimeout + 1_000 }
        : {}),
    })
    // An idle connection whose server went away (restart, network cut) is dropped by the pool and the
    // pool says so with 'error': unheard, that event would end the process. The next request opens a
    // new connection, or fails with 503 while the database is away.
    pool.on('error', () => {})
    // The same for a connection a request holds (a transaction between two statements): its 'error'
    // has no pool listener then. Its next statement fails (503) and the pool drops it on release.
    pool.on('connect', (client) => client.on('error', () => {}))
    const db = drizzlePg(pool, { schema }) as unknown as Db
    return {
      db,
      engine: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR }),
      channel: (name, log) =>
        createPgChannel({
          channel: name,
          notify: async (payload) => void (await pool.query('select pg_notify($1, $2)', [name, payload])),
          connect: async () => {
            const client = new pg.Client({ connectionString: target.url })
            await client.connect()
            return client
          },
          log,
        }),
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
  const hub = new EventEmitter()
  hub.setMaxListeners(0)
  return {
    db,
    engine: 'pglite',
    channel: (name) => createLocalChannel(hub, name),
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
