import { MARKETING_V1, PromoCode, PromoCodeList, ReceivePromoRequest } from '../../../contract/account-area'
import { ErrorBody } from '../../../contract/common'
import { optionalUser } from '../../http/auth'
import type { ModuleRegistration } from '../../http/types'
import { createPromoRepo } from './repo'
import { createPromoService } from './service'

const errors = { 400: ErrorBody, 404: ErrorBody, 429: ErrorBody }

/** Spec 7.9: personal promo codes: the active ones, and receiving one of a partner campaign. */
export const marketingModule: ModuleRegistration = (app, { database }) => {
  const promos = createPromoService(createPromoRepo(database.db))

  app.get(
    `${MARKETING_V1}/promoCodes/active`,
    {
      schema: {
        tags: ['marketing'],
        summary: "The signed-in shopper's usable personal promo codes (empty for a guest)",
        response: { 200: PromoCodeList, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store')
      return promos.active(await optionalUser(req))
    },
  )

  app.post(
    `${MARKETING_V1}/promo-partners/receive`,
    {
      schema: {
        tags: ['marketing'],
        summary: 'Gives the shopper (or a guest, by phone) a personal code of a campaign; once per campaign',
        body: ReceivePromoRequest,
        response: { 200: PromoCode, 201: PromoCode, ...errors, 503: ErrorBody },
      },
    },
    async (req, reply) => {
      const user = await optionalUser(req)
      const owner = user
        ? { userId: user.userId, phone: user.phone }
        : { userId: null, phone: req.body.phone ?? null }
      const { promo, created } = await promos.receive(req.body.code, owner, req.ip)
      return reply.code(created ? 201 : 200).send(promo)
    },
  )
}
