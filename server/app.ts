import { randomUUID } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import compress from '@fastify/compress'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify from 'fastify'
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { HEADERS } from '../contract/common'
import type { Config } from './config'
import type { Database } from './db/connection'
import { COMPRESSION } from './http/compression'
import { errorHandlingOptions, registerErrorHandling } from './http/errors-plugin'
import { registerRequestContext } from './http/request-context'
import { registerOriginCheck } from './http/origin-check'
import { registerSecurityHeaders } from './http/security'
import { Readiness } from './lib/readiness'
import { registerStaticSite } from './http/static-site'
import type { App } from './http/types'
import { modules } from './modules'

export interface BuildOptions {
  config: Config
  database: Database
  /** Log to stdout as JSON (the server) or not at all (tests). */
  logger?: boolean
  /** Parts still being prepared (a test passes its own to watch the health check follow them). */
  readiness?: Readiness
}

function readBuildId(staticDir: string): string {
  const file = path.resolve(staticDir, 'build.json')
  if (!existsSync(file)) return 'dev'
  return (JSON.parse(readFileSync(file, 'utf8')) as { buildId?: string }).buildId ?? 'dev'
}

export async function buildApp({
  config,
  database,
  logger = true,
  readiness = new Readiness(),
}: BuildOptions): Promise<App> {
  const app = Fastify({
    logger: logger
      ? { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] }
      : false,
    bodyLimit: config.BODY_LIMIT_BYTES,
    requestIdHeader: HEADERS.requestId,
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    // Start-up hooks wait on the embedded database, which answers one query at a time while the catalogue
    // index is built: on a busy two-core machine they took over Fastify's default 10 s and the store did
    // not start. The readiness probe says when the store is ready; a start is not refused for being slow.
    pluginTimeout: 120_000,
    forceCloseConnections: 'idle',
    trustProxy: config.TRUST_PROXY,
    ...errorHandlingOptions,
  }).withTypeProvider<ZodTypeProvider>()

  // Once shutdown starts, answers still being written tell the client to drop the connection, so a
  // kept-alive socket does not hold the process open for the whole keep-alive timeout.
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('connection', 'close')
    done(null, payload)
  })

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)
  registerRequestContext(app)
  registerSecurityHeaders(app)
  registerOriginCheck(app, config.PUBLIC_ORIGIN)
  await app.register(compress, COMPRESSION)

  await app.register(swagger, {
    openapi: {
      info: { title: 'Storefront API', version: '1' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          // the back office's staff token (contract/values/staff.ts), never a shopper's
          staffToken: { type: 'apiKey', in: 'header', name: 'X-Staff-Token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true })
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger())

  const deps = { config, database, buildId: readBuildId(config.STATIC_DIR), readiness }
  for (const module of modules) await app.register(module, deps)

  await registerStaticSite(app, config.STATIC_DIR, {
    publicOrigin: config.PUBLIC_ORIGIN,
    pageCacheBytes: Math.round(config.PAGE_CACHE_MB * 1_000_000),
  })
  return app
}
