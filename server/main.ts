import { buildApp } from './app'
import { ConfigError, readConfig } from './config'
import { openDatabase } from './db/connection'
import { seedIfEmpty } from './seed/seed-if-empty'

async function main() {
  const config = readConfig()
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
  )
  await database.migrate()
  const app = await buildApp({ config, database })
  await seedIfEmpty(database, { products: config.SEED_PRODUCTS, log: (msg: string) => app.log.info(msg) })

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
    }, 15_000).unref()
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

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message)
    process.exit(2)
  }
  console.error(err)
  process.exit(1)
})
