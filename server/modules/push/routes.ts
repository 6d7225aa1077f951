import { z } from 'zod'
import { CityId, ErrorBody } from '../../../contract/common'
import {
  PUSH_V1,
  PushSubscribeBody,
  PushSubscriptionDeleted,
  PushSubscriptionList,
  PushSubscriptionParams,
  PushSubscriptionPatch,
  PushSubscriptionView,
  VapidPublicKey,
} from '../../../contract/push'
import { requireUser } from '../../http/auth'
import type { ModuleRegistration } from '../../http/types'
import { createLocalPushProvider } from '../../providers/push/local'
import type { PushProvider } from '../../providers/push/types'
import { createWebPushProvider } from '../../providers/push/web-push'
import { registerDevPushOutbox } from './dev-outbox'
import { createPushRepo } from './repo'
import { createPushSender, type PushSender } from './sender'
import { createPushService, isPrivateHost } from './service'
import { ensureVapidKeys } from './vapid'

declare module 'fastify' {
  interface FastifyInstance {
    /** Web push's sender: tests run its sweep themselves (the server sweeps every few seconds). */
    pushSender: PushSender
  }
}

const SWEEP_MS = 3_000
/** Subscriptions of ended sign-ins are looked for once in this many sweeps. */
const ENDED_EVERY = 20

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 422: ErrorBody }
const tags = ['push']
const security = [{ bearer: [] }]
const CityOf = z.object({ city_id: CityId.default(1) })
const OptionalCity = z.object({ city_id: CityId.optional() })

/**
 * Web push (`/notifications/api/v1/push`): the VAPID public key, and the signed-in shopper's
 * subscriptions with their topics. What is pushed comes from the information centre: a trigger queues
 * each order-status and wishlist notification for the subscriptions that want it, and the sweep sends it.
 */
export const pushModule: ModuleRegistration = (app, { database, config }) => {
  const db = database.db
  const vapidKeys = once(() => ensureVapidKeys(db))
  // the providers sign with the keys, which live in the database: made on first use, after migrations
  const local = once(async () =>
    createLocalPushProvider(db, { ...(await vapidKeys()), subject: config.PUSH_VAPID_SUBJECT }),
  )
  const real = once(async () =>
    createWebPushProvider({ vapid: { ...(await vapidKeys()), subject: config.PUSH_VAPID_SUBJECT } }),
  )
  const chosen = config.PUSH_PROVIDER === 'web-push' ? real : local
  const provider: PushProvider = {
    name: config.PUSH_PROVIDER,
    send: async (...args) => (await chosen()).send(...args),
  }

  const repo = createPushRepo(db)
  const service = createPushService({
    repo,
    publicKey: async () => (await vapidKeys()).publicKey,
    endpointAllowed: (url) => config.NODE_ENV !== 'production' || !isPrivateHost(url.hostname),
  })
  const sender = createPushSender({ repo, provider, log: app.log })
  app.decorate('pushSender', sender)

  app.addHook('onReady', async () => {
    await vapidKeys()
  })
  if (config.PUSH_PROVIDER === 'local')
    registerDevPushOutbox(app, config, async (endpoint) => (await local()).outbox(endpoint))

  if (config.NODE_ENV !== 'test') {
    let running = false
    let sweeps = 0
    const sweep = setInterval(() => {
      if (running) return
      running = true
      const ended = sweeps++ % ENDED_EVERY === 0 ? sender.dropEnded() : null
      Promise.all([sender.sweep(), ended])
        .catch((err: unknown) => app.log.error({ err }, 'push: the sweep failed'))
        .finally(() => (running = false))
    }, SWEEP_MS)
    sweep.unref()
    app.addHook('onClose', async () => clearInterval(sweep))
  }

  app.get(
    `${PUSH_V1}/vapid-public-key`,
    {
      schema: {
        tags,
        summary: "The store's VAPID public key, the applicationServerKey of pushManager.subscribe",
        response: { 200: VapidPublicKey },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=3600')
      return service.vapidPublicKey()
    },
  )

  app.get(
    `${PUSH_V1}/subscriptions`,
    {
      schema: {
        tags,
        security,
        summary: "The signed-in shopper's push subscriptions, one per browser",
        response: { 200: PushSubscriptionList, ...errors },
      },
    },
    async (req, reply) => {
      const { userId } = await requireUser(req)
      reply.header('cache-control', 'private, no-store')
      return service.list(userId)
    },
  )

  app.post(
    `${PUSH_V1}/subscriptions`,
    {
      schema: {
        tags,
        security,
        summary: "Subscribes this browser, with the shopper's consent, in the request's language and city",
        querystring: CityOf,
        body: PushSubscribeBody,
        response: { 200: PushSubscriptionView, ...errors },
      },
    },
    async (req) => {
      const user = await requireUser(req)
      return service.subscribe(user, req.body, req.lang, req.query.city_id)
    },
  )

  app.patch(
    `${PUSH_V1}/subscriptions/:id`,
    {
      schema: {
        tags,
        security,
        summary: "Changes a subscription's topics, language or city",
        params: PushSubscriptionParams,
        querystring: OptionalCity,
        body: PushSubscriptionPatch,
        response: { 200: PushSubscriptionView, ...errors },
      },
    },
    async (req) => {
      const { userId } = await requireUser(req)
      return service.update(userId, req.params.id, req.body, req.query.city_id)
    },
  )

  app.delete(
    `${PUSH_V1}/subscriptions/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'Ends a subscription: nothing more is pushed to that browser',
        params: PushSubscriptionParams,
        response: { 200: PushSubscriptionDeleted, ...errors },
      },
    },
    async (req) => {
      const { userId } = await requireUser(req)
      return service.remove(userId, req.params.id)
    },
  )
}

/** Runs `make` once, on first call; a failure is forgotten, so the next call tries again. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | null = null
  return () => {
    made ??= make().catch((error: unknown) => {
      made = null
      throw error
    })
    return made
  }
}
