import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify'
import fp from 'fastify-plugin'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Lang } from '../../contract/common'
import type { Config } from '../config'
import type { Database } from '../db/connection'
import type { Readiness } from '../lib/readiness'

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>

/** What every module gets when it registers its routes. */
export interface Deps {
  config: Config
  database: Database
  buildId: string
  /** Parts still being prepared; `/api/health` answers 503 until none is left. */
  readiness: Readiness
}

export type ModuleRegistration = (app: App, deps: Deps) => void | Promise<void>

/**
 * A service module as a Fastify plugin with a name and the modules it needs: Fastify refuses to start
 * when one is missing or registered after it. Its routes and hooks go on the app itself (not an
 * encapsulated child), and a service other modules use is an app decoration, typed in the module by
 * declaration merging (`app.catalog`).
 */
export function defineModule(name: string, register: ModuleRegistration, dependencies: string[] = []) {
  return fp<Deps>(async (instance, deps) => register(instance as unknown as App, deps), {
    name,
    dependencies,
  })
}

declare module 'fastify' {
  interface FastifyRequest {
    /** `ru` or `kk`, from the language header (spec 7); `ru` when absent or unknown. */
    lang: Lang
    /** The client's session id header, when it sent a well-formed one. */
    sessionId: string | null
  }
}
