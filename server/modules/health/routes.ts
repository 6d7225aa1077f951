import { ErrorBody } from '../../../contract/common'
import { Health } from '../../../contract/health'
import { databaseStatus } from '../../db/connection'
import type { ModuleRegistration } from '../../http/types'

export const healthModule: ModuleRegistration = (app, { database, buildId, readiness }) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary:
          'Liveness with database engine and migration; 503 while the store is still starting, or the database is away',
        // 503 is either the store starting (its health) or the database away (the error shape)
        response: { 200: Health, 503: Health.or(ErrorBody) },
      },
    },
    async (_req, reply) => {
      const pending = readiness.pending()
      const body = {
        status: pending.length ? ('starting' as const) : ('ok' as const),
        pending,
        database: { engine: database.engine, ...(await databaseStatus(database.db)) },
        uptime_s: Math.round(process.uptime()),
        build_id: buildId,
      }
      return reply.code(pending.length ? 503 : 200).send(body)
    },
  )
}
