import { ACTIONER_V1, ActionAccepted, ActionEvent, ActionParams } from '../../../contract/account-area'
import { ErrorBody } from '../../../contract/common'
import { optionalUser } from '../../http/auth'
import type { ModuleRegistration } from '../../http/types'
import { createEventRepo } from './repo'
import { createEventService } from './service'

/** Spec 7.10: POST /actioner/api/v1/events/{actionCode}, from guests and signed-in shoppers alike. */
export const actionerModule: ModuleRegistration = (app, { database }) => {
  const events = createEventService(createEventRepo(database.db))

  app.post(
    `${ACTIONER_V1}/events/:actionCode`,
    {
      schema: {
        tags: ['events'],
        summary: 'Records a client event (event_type, subject, affiliation, created_at and any other fields)',
        params: ActionParams,
        body: ActionEvent,
        response: { 202: ActionAccepted, 400: ErrorBody, 413: ErrorBody },
      },
    },
    async (req, reply) => {
      const user = await optionalUser(req)
      const id = await events.record(req.params.actionCode, req.body, {
        userId: user?.userId ?? null,
        sessionId: req.sessionId,
      })
      return reply.code(202).send({ id, accepted: true as const })
    },
  )
}
