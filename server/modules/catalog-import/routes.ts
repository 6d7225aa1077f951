import type { ModuleRegistration } from '../../http/types'
import { createImportService, type ImportService } from './service'

declare module 'fastify' {
  interface FastifyInstance {
    /** Catalogue imports and the back office's edits of a product's price and stock per city. */
    catalogImports: ImportService
  }
}

/** How often a process looks for an import another one left unfinished (its lease lapsed). */
const SWEEP_MS = 5_000
const LEASE_MS = 30_000

/**
 * Catalogue imports (README, Catalogue import): the back office's routes under `/admin/api/v1/catalog`,
 * and the runner that applies staged imports in bounded transactions, in this process or, when it
 * stopped, in another one.
 */
export const catalogImportModule: ModuleRegistration = (app, { database, config }) => {
  const imports = createImportService({
    db: database.db,
    log: app.log,
    options: {
      chunkRows: config.CATALOG_IMPORT_CHUNK_ROWS,
      pauseMs: config.CATALOG_IMPORT_PAUSE_MS,
      leaseMs: LEASE_MS,
    },
  })
  app.decorate('catalogImports', imports)

  if (config.NODE_ENV !== 'test') {
    const sweep = setInterval(() => {
      void imports.kick().catch((err: unknown) => app.log.error({ err }, 'catalog import sweep failed'))
    }, SWEEP_MS)
    sweep.unref()
    app.addHook('onClose', async () => {
      clearInterval(sweep)
      await imports.drain()
    })
  }
}
