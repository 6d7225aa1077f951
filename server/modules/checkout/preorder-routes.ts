import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { ErrorBody, HEADERS } from '../../../contract/common'
import {
  CreatedPreorder,
  CreatePreorderRequest,
  PREORDERS_V1,
  PREORDERS_V2,
  PreorderCalculation,
  PreorderCallback,
  PreorderCallbackRequest,
  PreorderCityQuery,
  PreorderProduct,
  PreorderRequest,
  PreorderSkuParams,
} from '../../../contract/preorders'
import { optionalUser } from '../../http/auth'
import { idempotencyRequest } from '../../http/idempotency'
import type { Actor } from '../cart'
import type { PreorderService } from './preorders'

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody }

async function actorOf(req: FastifyRequest): Promise<Actor> {
  return { userId: (await optionalUser(req))?.userId ?? null, lang: req.lang }
}

/** Purchase flow 7, pre-orders: a product's terms, "tell me when it arrives", the calculation and the order. */
export function registerPreorderRoutes(app: FastifyInstance, preorders: PreorderService) {
  const tags = ['pre-orders']
  const security = [{ bearer: [] }]
  const routes = app.withTypeProvider<ZodTypeProvider>()

  routes.get(
    `${PREORDERS_V2}/products/:sku`,
    {
      schema: {
        tags,
        summary: 'A pre-order product in a city: price, expected date, prepayment, how many one order takes',
        params: PreorderSkuParams,
        querystring: PreorderCityQuery,
        response: { 200: PreorderProduct, ...errors },
      },
    },
    async (req) => preorders.product(req.params.sku, req.query.city_id, req.lang),
  )

  routes.post(
    `${PREORDERS_V1}/:sku/callbacks`,
    {
      schema: {
        tags,
        summary: 'Tell me when it arrives: the shopper’s phone (a signed-in shopper’s own when left out)',
        params: PreorderSkuParams,
        body: PreorderCallbackRequest,
        response: { 201: PreorderCallback, 200: PreorderCallback, ...errors },
      },
    },
    async (req, reply) => {
      const answer = await preorders.callback(req.params.sku, req.body, await actorOf(req))
      return reply.code(answer.created ? 201 : 200).send(answer)
    },
  )

  for (const url of [`${PREORDERS_V2}/orders`, PREORDERS_V1])
    routes.post(
      url,
      {
        schema: {
          tags,
          summary: 'The calculation of a pre-order: the price, the prepayment now and the rest at pickup',
          body: PreorderRequest,
          response: { 200: PreorderCalculation, ...errors },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'private, no-store')
        return preorders.calculate(req.body, await actorOf(req))
      },
    )

  for (const url of [`${PREORDERS_V2}/checkout`, `${PREORDERS_V1}/checkout`])
    routes.post(
      url,
      {
        schema: {
          tags,
          security,
          summary: 'Places a pre-order and starts its prepayment by card or QR (idempotent)',
          body: CreatePreorderRequest,
          response: { 201: CreatedPreorder, 200: CreatedPreorder, ...errors },
        },
        onRequest: async (req) => {
          if (req.headers[HEADERS.idempotencyKey] === undefined && typeof req.headers.uuid === 'string')
            req.headers[HEADERS.idempotencyKey] = req.headers.uuid
        },
      },
      async (req, reply) => {
        const actor = await actorOf(req)
        const answer = await preorders.create(
          req.body,
          actor,
          idempotencyRequest(req, actor.userId ?? 'guest'),
        )
        if (answer.replayed) reply.header('idempotent-replayed', 'true')
        return reply.code(answer.status).send(answer.body)
      },
    )
}
