import { FLAGS_V1, FlagEvaluation, FlagEvaluationRequest } from '../../../contract/account-area'
import { ErrorBody } from '../../../contract/common'
import type { ModuleRegistration } from '../../http/types'
import { createFlagRepo } from './repo'
import { createFlagService } from './service'

/** Spec 7.10: feature flag evaluation for a device id, deterministic, configured in the database. */
export const flagsModule: ModuleRegistration = (app, { database }) => {
  const repo = createFlagRepo(database.db)
  const flags = createFlagService(repo)
  app.addHook('onReady', async () => {
    await repo.ensureDefaults()
  })

  app.post(
    `${FLAGS_V1}/evaluation`,
    {
      schema: {
        tags: ['flags'],
        summary: 'The variant of a flag for a device (entityID)',
        body: FlagEvaluationRequest,
        response: { 200: FlagEvaluation, 400: ErrorBody, 404: ErrorBody },
      },
    },
    (req) => flags.evaluate(req.body.entityID, req.body.flagID),
  )
}
