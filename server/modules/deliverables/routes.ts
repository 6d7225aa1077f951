import { sql } from 'drizzle-orm'
import { CHECKOUT_ERROR_KEYS, OMS_V1, OrderIdParams } from '../../../contract/checkout'
import { ErrorBody } from '../../../contract/common'
import { OrderDeliverables } from '../../../contract/deliverables'
import { rows } from '../../db/rows'
import { requireUser } from '../../http/auth'
import { notFound } from '../../http/errors'
import type { ModuleRegistration } from '../../http/types'
import { issueDeliverables } from './issue'

interface DeliverableRow extends Record<string, unknown> {
  kind: 'gift_card' | 'esd_key'
  sku: string
  title: string
  code: string
  amount: number | null
  balance: number | null
  valid_to: string | Date | null
}

/**
 * Gift certificates and digital products (purchase flow 3: `isGiftcard`, `esdKeys`): when an order is
 * paid (checkout's `orderPaid`), each certificate unit becomes a gift card with its own code, spendable
 * in any cart, and each digital unit gets its licence key; the order's owner reads them with the order.
 */
export const deliverablesModule: ModuleRegistration = (app, { database }) => {
  const db = database.db
  app.orderPaid.subscribe(async (tx, order) => {
    await issueDeliverables(tx, order.orderId, new Date())
  })

  app.get(
    `${OMS_V1}/orders/:id/deliverables`,
    {
      schema: {
        tags: ['orders'],
        security: [{ bearer: [] }],
        summary: 'The gift card codes and licence keys a paid order of the shopper issued',
        params: OrderIdParams,
        response: { 200: OrderDeliverables, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (req, reply) => {
      const { userId } = await requireUser(req)
      reply.header('cache-control', 'private, no-store')
      const [owned] = await rows<{ id: string }>(
        db,
        sql`select id from orders where id = ${req.params.id} and user_id = ${userId}`,
      )
      if (!owned) throw notFound(CHECKOUT_ERROR_KEYS.orderNotFound)
      const found = await rows<DeliverableRow>(
        db,
        sql`select d.kind, d.sku, d.title, d.code, d.amount, g.balance, g.valid_to
            from order_deliverables d left join gift_cards g on d.kind = 'gift_card' and g.code = d.code
            where d.order_id = ${owned.id} order by d.position, d.unit`,
      )
      return {
        gift_cards: found
          .filter((d) => d.kind === 'gift_card')
          .map((d) => ({
            sku: d.sku,
            title: d.title,
            code: d.code,
            amount: d.amount ?? 0,
            balance: d.balance ?? 0,
            valid_to: d.valid_to === null ? null : new Date(d.valid_to).toISOString(),
          })),
        esd_keys: found
          .filter((d) => d.kind === 'esd_key')
          .map((d) => ({ sku: d.sku, title: d.title, key: d.code })),
      }
    },
  )
}
