import { Health } from '../../../contract/health'
import { appliedMigration, serverVersion } from '../../db/connection'
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
      database: {
        engine: database.engine,
        version: await serverVersion(database.db),
        migration: await appliedMigration(database.db),
      },
      uptime_s: Math.round(process.uptime()),
      build_id: buildId,
    }),
  )
}
