import type { Readable } from 'node:stream'
import {
  ADMIN_CATALOG_V1,
  AdminProduct,
  AdminProductHits,
  CATALOG_IMPORT_ERROR_KEYS as KEYS,
  CityEdit,
  ImportList,
  ImportParams,
  ImportQuery,
  ImportView,
  ProductCityParams,
  ProductSearchQuery,
  ProductSkuParams,
} from '../../../contract/catalog-import'
import { ErrorBody } from '../../../contract/common'
import { HttpError } from '../../http/errors'
import type { App, ModuleRegistration } from '../../http/types'
import { requireStaff } from '../staff'
import { createImportService, type Actor, type ImportService } from './service'

declare module 'fastify' {
  interface FastifyInstance {
    /** Catalogue imports and the back office's edits of a product's price and stock per city. */
    catalogImports: ImportService
  }
}

/** How often a process looks for an import another one left unfinished (its lease lapsed). */
const SWEEP_MS = 5_000
const LEASE_MS = 30_000
const PRIVATE = 'private, no-store'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody }
const tags = ['back office: catalogue']
const security = [{ staffToken: [] }]

/**
 * Catalogue imports (README, Catalogue import): the back office's routes under `/admin/api/v1/catalog`
 * (admins and operators), and the runner that applies staged imports in bounded transactions, in this
 * process or, when it stopped, in another one.
 */
export const catalogImportModule: ModuleRegistration = (app, { database, config }) => {
  const imports = createImportService({
    db: database.db,
    log: app.log,
    options: {
      chunkRows: config.CATALOG_IMPORT_CHUNK_ROWS,
      pauseMs: config.CATALOG_IMPORT_PAUSE_MS,
      pauseRatio: config.CATALOG_IMPORT_PAUSE_RATIO,
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

  const guard = requireStaff('admin', 'operator')
  const actor = (req: { staff: { id: string } | null; ip: string }): Actor => ({
    kind: 'staff',
    id: req.staff!.id,
    ip: req.ip,
  })

  // The file is the request's body, read as it arrives (never buffered whole): its parser lives here only.
  app.register(async (uploads: App) => {
    uploads.removeAllContentTypeParsers()
    uploads.addContentTypeParser('*', (_req, payload, done) => done(null, payload))
    uploads.post(
      `${ADMIN_CATALOG_V1}/imports`,
      {
        bodyLimit: config.CATALOG_IMPORT_MAX_BYTES,
        onRequest: guard,
        schema: {
          tags,
          security,
          summary:
            'Imports products, prices and stock per city: the file as the body, text/csv or application/json (README, Catalogue import); 202 once checked and staged, applied in the background',
          response: { 202: ImportView, 413: ErrorBody, 415: ErrorBody, 422: ErrorBody, ...errors },
        },
      },
      async (req, reply) => {
        const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
        const format = type === 'text/csv' ? 'csv' : type === 'application/json' ? 'json' : null
        if (!format) throw new HttpError(415, 'unsupported_media_type', KEYS.unsupportedFormat)
        const view = await imports.receive(req.body as Readable, format, actor(req))
        return reply.code(202).header('cache-control', PRIVATE).send(view)
      },
    )
  })

  app.get(
    `${ADMIN_CATALOG_V1}/imports`,
    {
      onRequest: guard,
      schema: {
        tags,
        security,
        summary: 'The latest imports, newest first',
        response: { 200: ImportList, ...errors },
      },
    },
    async (_req, reply) => reply.header('cache-control', PRIVATE).send(await imports.list(20)),
  )

  app.get(
    `${ADMIN_CATALOG_V1}/imports/:id`,
    {
      onRequest: guard,
      schema: {
        tags,
        security,
        summary: "An import's status, progress and report: its rejected rows, a page at a time",
        params: ImportParams,
        querystring: ImportQuery,
        response: { 200: ImportView, ...errors },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', PRIVATE)
        .send(await imports.view(req.params.id, req.query.after, req.query.limit)),
  )

  app.get(
    `${ADMIN_CATALOG_V1}/products`,
    {
      onRequest: guard,
      schema: {
        tags,
        security,
        summary: 'Finds products by sku or by words of the title',
        querystring: ProductSearchQuery,
        response: { 200: AdminProductHits, ...errors },
      },
    },
    async (req, reply) => reply.header('cache-control', PRIVATE).send(await imports.search(req.query.q)),
  )

  app.get(
    `${ADMIN_CATALOG_V1}/products/:sku`,
    {
      onRequest: guard,
      schema: {
        tags,
        security,
        summary:
          "A product's price in every city and its stock at every active point (available, held, on hand)",
        params: ProductSkuParams,
        response: { 200: AdminProduct, ...errors },
      },
    },
    async (req, reply) => reply.header('cache-control', PRIVATE).send(await imports.product(req.params.sku)),
  )

  app.patch(
    `${ADMIN_CATALOG_V1}/products/:sku/cities/:cityId`,
    {
      onRequest: guard,
      schema: {
        tags,
        security,
        summary:
          "Sets a product's price and its stock on hand at the city's points; 409 below what open orders hold",
        params: ProductCityParams,
        body: CityEdit,
        response: { 200: AdminProduct, 409: ErrorBody, 422: ErrorBody, ...errors },
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', PRIVATE)
        .send(await imports.editCity(req.params.sku, req.params.cityId, req.body, actor(req))),
  )
}
