import {
  ACCOUNT_V2,
  AutofillRequest,
  AutofillResponse,
  DeleteResponse,
  IdBody,
  IdParams,
  Receiver,
  ReceiverInput,
  ReceiverList,
  ReceiverUpdate,
} from '../../../contract/account-area'
import { ErrorBody } from '../../../contract/common'
import { requireUser } from '../../http/auth'
import type { ModuleRegistration } from '../../http/types'
import { createLocalOrganisationRegistry } from '../../providers/organisation-registry/local'
import { createReceiverRepo } from './repo'
import { createReceiverService } from './service'

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 422: ErrorBody }
const tags = ['account']
const security = [{ bearer: [] }]

/** Spec 7.7: GET, POST, PUT, DELETE /receivers and POST /receivers/autofill {bin}. */
export const receiversModule: ModuleRegistration = (app, { config, database }) => {
  const receivers = createReceiverService({
    repo: createReceiverRepo(database.db),
    // A real registry answers in a few hundred ms; the local one waits as long, except under test.
    registry: createLocalOrganisationRegistry({ delayMs: config.NODE_ENV === 'test' ? 0 : 400 }),
  })
  const path = `${ACCOUNT_V2}/receivers`

  app.get(
    path,
    {
      schema: {
        tags,
        security,
        summary: 'The receivers of the signed-in shopper',
        response: { 200: ReceiverList, ...errors },
      },
    },
    async (req, reply) => {
      const { userId } = await requireUser(req)
      reply.header('cache-control', 'private, no-store')
      return receivers.list(userId)
    },
  )

  app.post(
    path,
    {
      schema: {
        tags,
        security,
        summary: 'Adds a receiver',
        body: ReceiverInput,
        response: { 201: Receiver, ...errors },
      },
    },
    async (req, reply) => {
      const { userId } = await requireUser(req)
      return reply.code(201).send(await receivers.create(userId, req.body))
    },
  )

  app.put(
    path,
    {
      schema: {
        tags,
        security,
        summary: 'Changes a receiver (id in the body)',
        body: ReceiverUpdate,
        response: { 200: Receiver, ...errors },
      },
    },
    async (req) => {
      const { userId } = await requireUser(req)
      const { id, ...input } = req.body
      return receivers.update(userId, id, input)
    },
  )

  app.put(
    `${path}/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'Changes a receiver',
        params: IdParams,
        body: ReceiverInput,
        response: { 200: Receiver, ...errors },
      },
    },
    async (req) => {
      const { userId } = await requireUser(req)
      return receivers.update(userId, req.params.id, req.body)
    },
  )

  app.delete(
    path,
    {
      schema: {
        tags,
        security,
        summary: 'Deletes a receiver (id in the body)',
        body: IdBody,
        response: { 200: DeleteResponse, ...errors },
      },
    },
    async (req) => {
      const { userId } = await requireUser(req)
      await receivers.remove(userId, req.body.id)
      return { deleted: true as const }
    },
  )

  app.delete(
    `${path}/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'Deletes a receiver',
        params: IdParams,
        response: { 200: DeleteResponse, ...errors },
      },
    },
    async (req) => {
      const { userId } = await requireUser(req)
      await receivers.remove(userId, req.params.id)
      return { deleted: true as const }
    },
  )

  app.post(
    `${path}/autofill`,
    {
      schema: {
        tags,
        security,
        summary: 'The organisation of a BIN from the organisation registry',
        body: AutofillRequest,
        response: { 200: AutofillResponse, ...errors, 502: ErrorBody, 504: ErrorBody },
      },
    },
    async (req) => {
      await requireUser(req)
      return receivers.autofill(req.body.bin)
    },
  )
}
