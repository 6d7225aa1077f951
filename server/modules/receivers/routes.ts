import {
  ACCOUNT_V2,
  AutofillRequest,
  AutofillResponse,
  Receiver,
  ReceiverInput,
  ReceiverList,
  ReceiverUpdate,
} from '../../../contract/account-area'
import { ErrorBody } from '../../../contract/common'
import { requireUser } from '../../http/auth'
import { registerOwnedCollection } from '../../http/owned-collection-routes'
import { createRateLimiter, type Limit } from '../../http/rate-limit'
import type { ModuleRegistration } from '../../http/types'
import { createLocalOrganisationRegistry } from '../../providers/organisation-registry/local'
import { createReceiverRepo } from './repo'
import { createReceiverService, type ReceiverService } from './service'

declare module 'fastify' {
  interface FastifyInstance {
    /** The signed-in shopper's receivers (the profile lists them too). */
    receivers: ReceiverService
  }
}

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 422: ErrorBody, 429: ErrorBody }
const tags = ['account']
const security = [{ bearer: [] }]

/** Spec 7.7: GET, POST, PUT, DELETE /receivers and POST /receivers/autofill {bin}. */
export const receiversModule: ModuleRegistration = (app, { config, database }) => {
  const receivers = createReceiverService({
    repo: createReceiverRepo(database.db),
    // A real registry answers in a few hundred ms; the local one waits as long, except under test.
    registry: createLocalOrganisationRegistry({ delayMs: config.NODE_ENV === 'test' ? 0 : 400 }),
    log: app.log,
  })
  app.decorate('receivers', receivers)
  const path = `${ACCOUNT_V2}/receivers`
  // The registry bills every lookup and answers whether a BIN belongs to an organisation: both cap them.
  const limiter = createRateLimiter(database.db)
  const lookups = {
    perShopper: {
      bucket: 'bin-lookup-user',
      max: config.ORGANISATION_LOOKUPS_PER_SHOPPER_HOUR,
      windowSeconds: 3600,
    },
    perAddress: {
      bucket: 'bin-lookup-address',
      max: config.ORGANISATION_LOOKUPS_PER_ADDRESS_HOUR,
      windowSeconds: 3600,
    },
  } satisfies Record<string, Limit>

  registerOwnedCollection(app, {
    path,
    service: receivers,
    schemas: { list: ReceiverList, item: Receiver, input: ReceiverInput, update: ReceiverUpdate },
    names: { one: 'a receiver', many: 'receivers' },
  })

  app.post(
    `${path}/autofill`,
    {
      schema: {
        tags,
        security,
        summary: 'The organisation of a BIN from the organisation registry; 429 past the hourly lookups',
        body: AutofillRequest,
        response: { 200: AutofillResponse, ...errors, 502: ErrorBody, 504: ErrorBody },
      },
    },
    async (req) => {
      const { userId } = await requireUser(req)
      return receivers.autofill(req.body.bin, async () => {
        await limiter.take(lookups.perShopper, userId)
        await limiter.take(lookups.perAddress, req.ip)
      })
    },
  )
}
