import Fastify, { type RouteOptions } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { readConfig } from '../config'
import { Readiness } from '../lib/readiness'
import { modules } from '../modules'
import { testDatabase } from './app'

/** One route as a module declares it: its methods, its URL pattern and its zod request schemas. */
export interface DeclaredRoute {
  methods: string[]
  url: string
  schema: Partial<Record<'params' | 'querystring' | 'body' | 'headers', z.ZodType>>
}

/**
 * Every route the store's modules declare, with their zod schemas, watched as `buildApp` would
 * register them (on a scope of their own, closed again; the app's own pages and docs are not modules).
 */
export async function declaredRoutes(): Promise<DeclaredRoute[]> {
  const scope = Fastify().withTypeProvider<ZodTypeProvider>()
  scope.setValidatorCompiler(validatorCompiler)
  scope.setSerializerCompiler(serializerCompiler)
  const routes: DeclaredRoute[] = []
  scope.addHook('onRoute', (route: RouteOptions) => {
    const methods = [route.method].flat().filter((m) => m !== 'HEAD')
    if (!methods.length) return
    routes.push({
      methods,
      url: route.url,
      schema: (route.schema ?? {}) as DeclaredRoute['schema'],
    })
  })
  const config = readConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', STATIC_DIR: './dist' })
  const deps = { config, database: await testDatabase(), buildId: 'test', readiness: new Readiness() }
  for (const module of modules) await scope.register(module, deps)
  await scope.ready()
  await scope.close()
  return routes
}
