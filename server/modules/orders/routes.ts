import { OMS_V3, OrderHistory, OrderHistoryQuery } from '../../../contract/account-area'
import { ErrorBody } from '../../../contract/common'
import { requireUser } from '../../http/auth'
import type { ModuleRegistration } from '../../http/types'
import { registerOrderPickupRoutes } from './pickup-routes'
import { createOrderRepo } from './repo'

/** Spec 7.10: the order history (v3), 25 a page, filtered by status, dates and organisation receivers. */
export const ordersModule: ModuleRegistration = (app, deps) => {
  const repo = createOrderRepo(deps.database.db)
  registerOrderPickupRoutes(app, deps)

  app.get(
    `${OMS_V3}/orders/history`,
    {
      schema: {
        tags: ['orders'],
        security: [{ bearer: [] }],
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
}
