import cluster from 'node:cluster'
import { buildApp } from './app'
import { ConfigError, readConfig, type Config } from './config'
import { openDatabase } from './db/connection'
import { warnIfNoPublicOrigin } from './http/public-origin'
import { runWorkers } from './workers'
import { seedIfEmpty } from './seed/seed-if-empty'

/** How long a stopping server may finish its in-flight requests before the rest are cut. */
const SHUTDOWN_DEADLINE_MS = 15_000

/**
 * The database a process answers requests with: on PostgreSQL, with the bounded waits for a connection
 * and a statement (a database gone away fails requests with 503, never hangs them); `untimed` for the
 * migrations and the seed, whose statements may take minutes.
 */
function openConfiguredDatabase(config: Config, untimed = false) {
  return openDatabase(
    config.DATABASE_URL
      ? {
          url: config.DATABASE_URL,
          poolSize: config.DATABASE_POOL_SIZE,
          ...(untimed
            ? {}
            : {
                connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
                queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
              }),
        }
      : { dataDir: config.DATA_DIR },
  )
}

/** Migrates and, on an empty database, seeds it: once, before any process answers. */
async function prepareDatabase(config: Config) {
  const database = await openConfiguredDatabase(config, true)
  await database.migrate()
  const log = (msg: string) => console.log(JSON.stringify({ level: 30, time: Date.now(), msg }))
  await seedIfEmpty(database, { products: config.SEED_PRODUCTS, reviews: config.SEED_REVIEWS, log })
  return database
}

/** Prepares the database, then opens it for answering requests (PGlite's one handle goes on as it is). */
async function preparedDatabase(config: Config) {
  const database = await prepareDatabase(config)
  if (database.engine === 'pglite') return database
  await database.close()
  return openConfiguredDatabase(config)
}

/** One process answering requests: the whole store, or one of several workers sharing the port. */
async function serve(config: Config, prepared: boolean) {
  const database = prepared ? await openConfiguredDatabase(config) : await preparedDatabase(config)
  const app = await buildApp({ config, database })
  warnIfNoPublicOrigin(config, app.log)

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: finishing in-flight requests')
    // A request that never finishes must not keep a stopping server alive for ever.
    setTimeout(() => {
      app.log.error('shutdown took longer than 15 s: closing the remaining connections')
      app.server.closeAllConnections()
      process.exit(1)
    }, SHUTDOWN_DEADLINE_MS).unref()
    try {
      await app.close()
      await database.close()
      process.exit(0)
    } catch (err) {
      app.log.error({ err }, 'shutdown failed')
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  await app.listen({ host: config.HOST, port: config.PORT })
}

async function main() {
  const config = readConfig()
  if (cluster.isWorker) return serve(config, true)
  if (config.WORKERS === 1) return serve(config, false)
  // Several processes over one PostgreSQL: the database is made ready once, then the workers start.
  const database = await prepareDatabase(config)
  await database.close()
  return runWorkers(config.WORKERS, SHUTDOWN_DEADLINE_MS + 5_000)
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message)
    process.exit(2)
  }
  console.error(err)
  process.exit(1)
})
