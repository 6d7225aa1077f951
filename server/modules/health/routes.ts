import { Health } from '../../../contract/health'
import { databaseStatus } from '../../db/connection'
import type { ModuleRegistration } from '../../http/types'

export const healthModule: ModuleRegistration = (app, { database, buildId }) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness with database engine and migration',
        response: { 200: Health },
      },
    },
    async () => ({
      status: 'ok' as const,
      database: { engine: database.engine, ...(await databaseStatus(database.db)) },
      uptime_s: Math.round(process.uptime()),
      build_id: buildId,
    }),
  )
}
