import { ErrorBody } from '../../../contract/common'
import { IdParams } from '../../../contract/account-area'
import { OMS_V1 } from '../../../contract/values/checkout'
import {
  BOOKING_V3,
  OrderRescheduleRequest,
  OrderRescheduleState,
  PickupCode,
  Warrant,
  WarrantInput,
} from '../../../contract/order-pickup'
import { requireUser } from '../../http/auth'
import { createRateLimiter } from '../../http/rate-limit'
import type { App, Deps } from '../../http/types'
import { qrSvg } from '../../providers/qr/svg'
import { createPickupCodes } from './otp'
import { createRescheduler } from './reschedule'
import { createWarrants } from './warrant'

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody }
const security = [{ bearer: [] }]
const tags = ['orders']

/**
 * After the order (purchase flow 7): moving a courier delivery, a warrant for another person to collect a
 * pickup order, and the pickup one-time code. Every route is the order owner's: 404 for anyone else.
 */
export function registerOrderPickupRoutes(app: App, { database }: Deps) {
  const db = database.db
  const rescheduler = createRescheduler({ db, courierDates: app.courierReschedule })
  const warrants = createWarrants(db)
  const codes = createPickupCodes({ db, limiter: createRateLimiter(db), qrSvg })

  app.get(
    `${BOOKING_V3}/reschedule_count/:id`,
    {
      schema: {
        tags,
        security,
        summary:
          'How often the courier delivery of an order was moved, the limit, and the dates it may move to',
        params: IdParams,
        response: { 200: OrderRescheduleState, ...errors },
      },
    },
    async (req, reply) => {
      const { userId } = await requireUser(req)
      reply.header('cache-control', 'private, no-store')
      return rescheduler.state(req.params.id, userId, req.lang)
    },
  )

  app.post(
    `${BOOKING_V3}/reschedule`,
    {
      schema: {
        tags,
        security,
        summary: 'Moves the courier delivery of an order to an offered date and slot (at most twice)',
        body: OrderRescheduleRequest,
        response: { 200: OrderRescheduleState, ...errors },
      },
    },
    async (req) => {
      const { userId } = await requireUser(req)
      return rescheduler.reschedule(userId, req.body, req.lang)
    },
  )

  app.post(
    `${OMS_V1}/orders/:id/warrant`,
    {
      schema: {
        tags,
        security,
        summary:
          'Names another person (name, phone, IIN) who may collect a pickup order; replaces an earlier one',
        params: IdParams,
        body: WarrantInput,
        response: { 200: Warrant, ...errors },
      },
    },
    async (req) => {
      const { userId } = await requireUser(req)
      return warrants.write(req.params.id, userId, req.body)
    },
  )

  app.get(
    `${OMS_V1}/orders/warrant/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'The warrant of an order (by the order id); 404 when none was written',
        params: IdParams,
        response: { 200: Warrant, ...errors },
      },
    },
    async (req, reply) => {
      const { userId } = await requireUser(req)
      reply.header('cache-control', 'private, no-store')
      return warrants.read(req.params.id, userId)
    },
  )

  const codeSchema = (summary: string) => ({
    tags,
    security,
    summary,
    params: IdParams,
    response: { 200: PickupCode, ...errors, 429: ErrorBody },
  })
  app.get(
    `${OMS_V1}/orders/:id/otp`,
    { schema: codeSchema('The pickup one-time code of an order, as digits and a QR code') },
    async (req, reply) => {
      const { userId } = await requireUser(req)
      reply.header('cache-control', 'private, no-store')
      return codes.current(req.params.id, userId)
    },
  )
  // The spec's clients ask for a new code with GET; POST says the same for clients that keep GET safe.
  for (const method of ['GET', 'POST'] as const)
    app.route({
      method,
      url: `${OMS_V1}/orders/:id/otp/refresh`,
      schema: codeSchema('A new pickup code in place of the old one; 429 when asked too often'),
      handler: async (req, reply) => {
        const { userId } = await requireUser(req)
        reply.header('cache-control', 'private, no-store')
        return codes.refresh(req.params.id, userId)
      },
    })
}
