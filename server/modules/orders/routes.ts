import { OMS_V3, OrderHistory, OrderHistoryQuery } from '../../../contract/account-area'
import { OrderIdParams } from '../../../contract/checkout'
import { OMS_V1 } from '../../../contract/values/checkout'
import { ErrorBody } from '../../../contract/common'
import {
  OMS_OPERATOR_V1,
  OperatorStatusRequest,
  OrderCancelation,
  OrderTimeline,
  ORDERS_ERROR_KEYS,
  ReorderAnswer,
  ReorderQuery,
} from '../../../contract/orders'
import { requireUser } from '../../http/auth'
import { forbidden } from '../../http/errors'
import { idempotencyRequest } from '../../http/idempotency'
import type { ModuleRegistration } from '../../http/types'
import { registerOrderPickupRoutes } from './pickup-routes'
import { createLifecycleRepo } from './lifecycle-repo'
import { createOrderLifecycle, type OrderLifecycle } from './lifecycle'
import { createOrderRepo } from './repo'

declare module 'fastify' {
  interface FastifyInstance {
    orderLifecycle: OrderLifecycle
    /** A shopper's orders, newest first, as their history shows them (the support chat's operator sees them). */
    orderHistory: (userId: string, query: { limit: number; skip: number }) => Promise<OrderHistory>
  }
}

/** The role that lets an account move orders (`npm run operator -- grant <phone>`). */
export const OPERATOR_ROLE = 'operator'
const SWEEP_MS = 10_000

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
}

/**
 * Orders after checkout: the history (spec 7.10, 25 a page, filtered by status, dates and
 * organisation receivers), an order's timeline, the shopper's cancel and reorder (purchase flow 7),
 * and the operator's moves. The warehouse is simulated by `npm run fulfil`, or in this process when
 * FULFILMENT_SPEED is set.
 */
export const ordersModule: ModuleRegistration = (app, deps) => {
  const { database, config } = deps
  const db = database.db
  registerOrderPickupRoutes(app, deps)
  const repo = createOrderRepo(db)
  app.decorate('orderHistory', (userId, query) => repo.history(userId, query))
  const lifecycleRepo = createLifecycleRepo(db)
  const lifecycle = createOrderLifecycle({
    db,
    repo: lifecycleRepo,
    notify: app.notify,
    settlement: app.orderSettlement,
    transitionsTtlMs: config.NODE_ENV === 'test' ? 0 : 5_000,
  })
  app.decorate('orderLifecycle', lifecycle)

  if (config.NODE_ENV !== 'test') {
    const speed = config.FULFILMENT_SPEED
    let running = false
    const sweep = setInterval(() => {
      if (running) return
      running = true
      Promise.all([lifecycle.refundDue(), speed > 0 ? lifecycle.fulfil(speed) : null])
        .catch((err: unknown) => app.log.error({ err }, 'orders: the sweep failed'))
        .finally(() => (running = false))
    }, SWEEP_MS)
    sweep.unref()
    app.addHook('onClose', async () => clearInterval(sweep))
  }

  const tags = ['orders']
  const security = [{ bearer: [] }]

  app.get(
    `${OMS_V3}/orders/history`,
    {
      schema: {
        tags,
        security,
        summary: "The signed-in shopper's orders, newest first; `skip` is the page index",
        querystring: OrderHistoryQuery,
        response: { 200: OrderHistory, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (req, reply) => {
      const { userId } = await requireUser(req)
      reply.header('cache-control', 'private, no-store')
      return repo.history(userId, req.query)
    },
  )

  app.get(
    `${OMS_V1}/orders/:id/timeline`,
    {
      schema: {
        tags,
        security,
        summary: "An order's statuses, oldest first, who moved it, and whether the shopper may cancel it",
        params: OrderIdParams,
        response: { 200: OrderTimeline, ...errors },
      },
    },
    async (req, reply) => {
      const { userId } = await requireUser(req)
      reply.header('cache-control', 'private, no-store')
      return lifecycle.timeline(req.params.id, userId)
    },
  )

  app.patch(
    `${OMS_V1}/orders/:id/cancelation`,
    {
      schema: {
        tags,
        security,
        summary:
          'Cancels the order while it may be cancelled: stock, gift cards, bonuses and code come back, the payment is refunded (once)',
        params: OrderIdParams,
        response: { 200: OrderCancelation, ...errors },
      },
    },
    async (req) => {
      const { userId } = await requireUser(req)
      return lifecycle.cancel(req.params.id, userId)
    },
  )

  app.get(
    `${OMS_V1}/orders/:id/reorder`,
    {
      schema: {
        tags,
        security,
        summary:
          "Puts the order's goods in the shopper's cart (at least the ordered quantity each); notices say what is unavailable",
        params: OrderIdParams,
        querystring: ReorderQuery,
        response: { 200: ReorderAnswer, ...errors },
      },
    },
    async (req, reply) => {
      const { userId } = await requireUser(req)
      reply.header('cache-control', 'private, no-store')
      const goods = await lifecycle.goods(req.params.id, userId)
      return app.cartCheckout.refill({ userId, lang: req.lang }, req.query.city_id, goods, {
        ...idempotencyRequest(req, userId),
        key: null,
      })
    },
  )

  app.post(
    `${OMS_OPERATOR_V1}/orders/:id/status`,
    {
      schema: {
        tags,
        security,
        summary:
          "An operator moves an order (the operator role); a move the order's status does not allow is 409",
        params: OrderIdParams,
        body: OperatorStatusRequest,
        response: { 200: OrderTimeline, ...errors },
      },
    },
    async (req) => {
      const { userId } = await requireUser(req)
      if (!(await lifecycleRepo.hasRole(userId, OPERATOR_ROLE)))
        throw forbidden(ORDERS_ERROR_KEYS.operatorOnly)
      await lifecycle.move(req.params.id, req.body.status, 'operator', {
        note: req.body.note ?? null,
        audit: { actorKind: 'staff', actorId: userId, ip: req.ip },
      })
      return lifecycle.timeline(req.params.id)
    },
  )
}
