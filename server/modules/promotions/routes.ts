import {
  CHECKOUT_V1,
  PMS_V1,
  ProductPromotions,
  ProductPromotionsRequest,
  PromotionDetail,
  PromotionIdParams,
  PromotionRegisterRequest,
  PromotionRegistration,
  PromotionSummary,
} from '../../../contract/cart'
import { MARKETING_V1 } from '../../../contract/values/account-area'
import { requireUser } from '../../http/auth'
import { registerOrderPromotions } from './register'
import { CityId, ErrorBody } from '../../../contract/common'
import { z } from 'zod'
import type { ModuleRegistration } from '../../http/types'
import { createPromotionsService } from './service'

const CityQuery = z.object({ city_id: CityId.default(1) })
const errors = { 400: ErrorBody, 404: ErrorBody }
const registerErrors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody }

/** Purchase flow 7: the promotions of the storefront and those a list of products qualifies for. */
export const promotionsModule: ModuleRegistration = (app, { database }) => {
  const promotions = createPromotionsService(database.db, {
    benefits: app.pricing,
    lines: app.pricingLines,
    categories: () => app.catalog.categories(),
  })

  app.get(
    `${PMS_V1}/promotions`,
    {
      schema: {
        tags: ['promotions'],
        summary: 'Promotions running now in the city (an empty list when none)',
        querystring: CityQuery,
        response: { 200: z.array(PromotionSummary), ...errors },
      },
    },
    async (req) => promotions.list(req.query.city_id, req.lang),
  )

  app.get(
    `${PMS_V1}/promotions/:id`,
    {
      schema: {
        tags: ['promotions'],
        summary: 'A running promotion with its rules and products; 404 when unknown, ended or elsewhere',
        params: PromotionIdParams,
        querystring: CityQuery,
        response: { 200: PromotionDetail, ...errors },
      },
    },
    async (req) => promotions.detail(req.params.id, req.query.city_id, req.lang),
  )

  app.post(
    `${CHECKOUT_V1}/promotions`,
    {
      schema: {
        tags: ['promotions'],
        summary: 'The promotions these products qualify for, first product of each rule chosen',
        body: ProductPromotionsRequest,
        response: { 200: ProductPromotions, ...errors },
      },
    },
    async (req) => promotions.forProducts(req.body.products, req.body.city_id, req.lang),
  )

  app.post(
    `${MARKETING_V1}/promotions/register`,
    {
      schema: {
        tags: ['promotions'],
        security: [{ bearer: [] }],
        summary: 'A paid order of the shopper takes part in the promotions its goods qualify for (once)',
        body: PromotionRegisterRequest,
        response: { 200: PromotionRegistration, ...registerErrors },
      },
    },
    async (req, reply) => {
      const { userId } = await requireUser(req)
      reply.header('cache-control', 'private, no-store')
      return registerOrderPromotions(database.db, promotions, req.body.orderId, userId, req.lang)
    },
  )
}
