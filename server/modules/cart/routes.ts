import { deepStrictEqual } from 'node:assert/strict'
import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  AddMarketingUnitRequest,
  Cart,
  CART_V2,
  CART_V3,
  CartCityQuery,
  CartIdParams,
  CartProductsRequest,
  CartSettingsRequest,
  CreateCartRequest,
  DeletedCart,
  ProductsBatchRequest,
  PromotionsRequest,
  RemoveMarketingUnitRequest,
  RemoveProductQuery,
  RemovePromotionQuery,
  RemoveTradeinQuery,
  SharedCart,
  SharedCartCreated,
  SharedCartParams,
  SharedCartRequest,
  TradeinRequest,
} from '../../../contract/cart'
import { ErrorBody } from '../../../contract/common'
import { CART_ERROR_KEYS } from '../../../contract/values/cart'
import { optionalUser } from '../../http/auth'
import { cartKey, codeGuessRules, createCodeGuessGuard, sessionKey, userKey } from '../../http/code-guesses'
import { createRateLimiter } from '../../http/rate-limit'
import { createAnswerBuffers, sendLentJson } from '../../http/json-bytes'
import { idempotencyRequest, type Answer, type IdempotencyRequest } from '../../http/idempotency'
import type { ModuleRegistration } from '../../http/types'
import { createPricingLinesRepo, type PricingLinesRepo } from './pricing-lines'
import { createProductSource } from './product-source'
import { createCartRepo } from './repo'
import { createCartService, type Actor, type CartRef } from './service'

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
}
const cartAnswers = { 200: Cart, ...errors }

/** `/carts/{id}...` for a cart by id, `/carts...` for the signed-in shopper's named cart. */
const variants = (base: string, suffix: string) => [
  { url: `${base}/carts/:id${suffix}`, params: { params: CartIdParams } },
  { url: `${base}/carts${suffix}`, params: {} },
]

const refOf = (req: FastifyRequest): CartRef => {
  const id = (req.params as { id?: string } | undefined)?.id
  return id ? { id } : 'named'
}

async function actorOf(req: FastifyRequest): Promise<Actor> {
  return { userId: (await optionalUser(req))?.userId ?? null, lang: req.lang }
}

/**
 * Who sends a key that acts for no cart yet: the shopper, or a guest's device (its session id, else
 * its address), so one caller's key never answers another's request.
 */
const senderOf = (req: FastifyRequest, actor: Actor) =>
  actor.userId ? `user:${actor.userId}` : req.sessionId ? `session:${req.sessionId}` : `address:${req.ip}`

/** The key's scope: a cart by id is its own principal; the named cart is its user's. */
const idemOf = (req: FastifyRequest, ref: CartRef, actor: Actor) =>
  idempotencyRequest(req, ref === 'named' ? senderOf(req, actor) : `cart:${ref.id}`)

/**
 * Outside production, an answer sent as rendered is checked against the contract as the serializer
 * would, and against the answer it was rendered from.
 */
const CHECK_RENDERED = process.env.NODE_ENV !== 'production'

/** The buffers cart changes render their answers into, shared by the process's carts. */
const answerBuffers = createAnswerBuffers()

function send<T>(reply: FastifyReply, answer: Answer<T> & { replayed?: boolean; json?: Buffer }) {
  reply.header('cache-control', 'private, no-store')
  if (answer.replayed) reply.header('idempotent-replayed', 'true')
  reply.code(answer.status)
  // a change's answer comes rendered: its products' own fields are kept rendered (cart-json.ts)
  if (answer.json !== undefined) {
    if (CHECK_RENDERED) {
      Cart.parse(answer.body)
      deepStrictEqual(JSON.parse(answer.json.toString()), JSON.parse(JSON.stringify(answer.body)))
    }
    return sendLentJson(reply, answer.json, answerBuffers)
  }
  return reply.send(answer.body)
}

/** A change of the cart the request names, for whoever sent it, under the request's idempotency key. */
async function change<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  run: (ref: CartRef, actor: Actor, idem: IdempotencyRequest) => Promise<Answer<T> & { replayed?: boolean }>,
) {
  const ref = refOf(req)
  const actor = await actorOf(req)
  return send(reply, await run(ref, actor, idemOf(req, ref, actor)))
}

/**
 * Purchase flow 7, the cart (`/cart/api/v2|v3`). Both bases answer every path, except where the spec
 * ties a verb to one: creating (POST v2), adding (POST v3), setting (PUT v2), the batch and sharing (v3).
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** Lines of skus, or of a cart the caller may see, as pricing takes them: for loans, promotions, codes. */
    pricingLines: PricingLinesRepo
    /** What checkout needs of a cart: its priced state, and closing it when it becomes an order. */
    cartCheckout: CartCheckout
  }
}

export interface CartCheckout {
  /** The cart as the shopper's next read would answer it, priced from the server's own tables. */
  priced(ref: CartRef, cityId: number, actor: Actor): Promise<Cart>
  /**
   * Reorder: puts the items in the shopper's named cart (at least the quantity each, capped by stock),
   * answering the cart with notices for what is unavailable or capped.
   */
  refill(
    actor: Actor,
    cityId: number,
    items: { sku: string; quantity: number }[],
    idem: IdempotencyRequest,
  ): Promise<Cart>
}

export const cartModule: ModuleRegistration = (app, { database, config }) => {
  const categories = () => app.catalog.categories()
  app.decorate('pricingLines', createPricingLinesRepo(database.db, categories))
  const repo = createCartRepo(
    database.db,
    createProductSource({ cache: process.env.NODE_ENV !== 'test', reader: database.db }),
  )
  const cart = createCartService({
    take: answerBuffers.take,
    db: database.db,
    repo,
    pricingFor: (db) => app.pricing.forConnection(db),
    categories,
  })
  app.decorate('cartCheckout', {
    priced: (ref, cityId, actor) => cart.get(ref, cityId, actor),
    refill: async (actor, cityId, items, idem) => (await cart.refill(actor, cityId, items, idem)).body,
  } satisfies CartCheckout)
  // A change reads the category tree inside its transaction, where on PGlite reading the categories
  // would wait for that transaction: the tree is read once before the first request.
  app.addHook('onReady', async () => {
    await categories().catch((err: unknown) => app.log.error({ err }, 'cart: the category tree failed'))
  })
  const tags = ['cart']
  // Applying a code answers whether it exists as the marketing checks do: the same counts guard both.
  const limiter = createRateLimiter(database.db)
  const codeGuesses = {
    gift_card: createCodeGuessGuard(limiter, codeGuessRules(config, 'gift_card'), [
      CART_ERROR_KEYS.giftCardNotFound,
    ]),
    promo_code: createCodeGuessGuard(limiter, codeGuessRules(config, 'promo_code'), [
      CART_ERROR_KEYS.promoCodeNotFound,
    ]),
  }

  app.post(
    `${CART_V2}/carts`,
    {
      schema: {
        tags,
        summary: 'Creates an anonymous cart',
        body: CreateCartRequest,
        response: { 201: Cart, ...errors },
      },
    },
    async (req, reply) => {
      const actor = await actorOf(req)
      return send(
        reply,
        await cart.create(req.body.city_id, actor, idempotencyRequest(req, senderOf(req, actor))),
      )
    },
  )

  for (const base of [CART_V2, CART_V3]) {
    for (const { url, params } of variants(base, '')) {
      app.get(
        url,
        {
          schema: {
            tags,
            summary: 'A cart, repriced in the given city',
            ...params,
            querystring: CartCityQuery,
            response: cartAnswers,
          },
        },
        async (req, reply) => {
          reply.header('cache-control', 'private, no-store')
          return cart.get(refOf(req), req.query.city_id, await actorOf(req))
        },
      )
      app.delete(
        url,
        {
          schema: { tags, summary: 'Closes the cart', ...params, response: { 200: DeletedCart, ...errors } },
        },
        (req, reply) => change(req, reply, (ref, actor, idem) => cart.remove(ref, actor, idem)),
      )
    }

    app.post(
      `${base}/carts/merge/:id`,
      {
        schema: {
          tags,
          summary: "Merges a guest cart into the signed-in shopper's named cart",
          params: CartIdParams,
          querystring: CartCityQuery,
          response: cartAnswers,
        },
      },
      async (req, reply) => {
        const actor = await actorOf(req)
        const idem = idempotencyRequest(req, senderOf(req, actor))
        return send(reply, await cart.merge(req.params.id, actor, req.query.city_id, idem))
      },
    )

    for (const { url, params } of variants(base, '/products')) {
      app.delete(
        url,
        {
          schema: {
            tags,
            summary: 'Removes a line and its services',
            ...params,
            querystring: RemoveProductQuery,
            response: cartAnswers,
          },
        },
        (req, reply) =>
          change(req, reply, (ref, actor, idem) =>
            cart.removeProduct(ref, actor, req.query.city_id, req.query.product_id, idem),
          ),
      )
    }

    for (const { url, params } of variants(base, '/products/activeProducts')) {
      app.delete(
        url,
        {
          schema: {
            tags,
            summary: 'Removes the inactive lines',
            ...params,
            querystring: CartCityQuery,
            response: cartAnswers,
          },
        },
        (req, reply) =>
          change(req, reply, (ref, actor, idem) => cart.removeInactive(ref, actor, req.query.city_id, idem)),
      )
    }

    for (const { url, params } of variants(base, '/promotions')) {
      for (const method of ['POST', 'PUT'] as const) {
        app.route({
          method,
          url,
          schema: {
            tags,
            summary: "Stores the shopper's promotion choices",
            ...params,
            body: PromotionsRequest,
            response: cartAnswers,
          },
          handler: (req, reply) =>
            change(req, reply, (ref, actor, idem) => cart.choosePromotions(ref, actor, req.body, idem)),
        })
      }
      app.delete(
        url,
        {
          schema: {
            tags,
            summary: 'Removes a promotion choice',
            ...params,
            querystring: RemovePromotionQuery,
            response: cartAnswers,
          },
        },
        (req, reply) =>
          change(req, reply, (ref, actor, idem) => cart.removePromotion(ref, actor, req.query, idem)),
      )
    }

    for (const { url, params } of variants(base, '/marketingUnits')) {
      app.post(
        url,
        {
          schema: {
            tags,
            summary: 'Applies a promo code or a gift card; 429 after too many unknown codes',
            ...params,
            body: AddMarketingUnitRequest,
            response: { ...cartAnswers, 429: ErrorBody },
          },
        },
        (req, reply) =>
          change(req, reply, (ref, actor, idem) =>
            codeGuesses[req.body.unitType](
              {
                address: req.ip,
                shopper: [
                  cartKey(ref === 'named' ? null : ref.id),
                  sessionKey(req.sessionId),
                  userKey(actor.userId),
                ],
              },
              () => cart.addMarketingUnit(ref, actor, req.body, idem),
            ),
          ),
      )
      app.delete(
        url,
        {
          schema: {
            tags,
            summary: 'Removes a promo code or a gift card',
            ...params,
            body: RemoveMarketingUnitRequest,
            response: cartAnswers,
          },
        },
        (req, reply) =>
          change(req, reply, (ref, actor, idem) => cart.removeMarketingUnit(ref, actor, req.body, idem)),
      )
    }

    for (const { url, params } of variants(base, '/tradein')) {
      app.put(
        url,
        {
          schema: {
            tags,
            summary: 'Hands an old device over for a line (trade-in): its credit comes off the line',
            ...params,
            body: TradeinRequest,
            response: cartAnswers,
          },
        },
        (req, reply) =>
          change(req, reply, (ref, actor, idem) => cart.chooseTradein(ref, actor, req.body, idem)),
      )
      app.delete(
        url,
        {
          schema: {
            tags,
            summary: "Takes a line's old device back out of the cart",
            ...params,
            querystring: RemoveTradeinQuery,
            response: cartAnswers,
          },
        },
        (req, reply) =>
          change(req, reply, (ref, actor, idem) => cart.removeTradein(ref, actor, req.query, idem)),
      )
    }

    for (const { url, params } of [
      { url: `${base}/carts/:id/cart`, params: { params: CartIdParams } },
      { url: `${base}/carts`, params: {} },
    ]) {
      app.put(
        url,
        {
          schema: {
            tags,
            summary: 'The city and the bonuses to spend',
            ...params,
            body: CartSettingsRequest,
            response: cartAnswers,
          },
        },
        (req, reply) => change(req, reply, (ref, actor, idem) => cart.settings(ref, actor, req.body, idem)),
      )
    }
  }

  for (const { url, params } of variants(CART_V3, '/products')) {
    app.post(
      url,
      {
        schema: {
          tags,
          summary: 'Adds quantities',
          ...params,
          body: CartProductsRequest,
          response: cartAnswers,
        },
      },
      (req, reply) =>
        change(req, reply, (ref, actor, idem) => cart.putProducts(ref, actor, req.body, 'add', idem)),
    )
  }
  for (const { url, params } of variants(CART_V2, '/products')) {
    app.put(
      url,
      {
        schema: {
          tags,
          summary: 'Sets quantities and ticks',
          ...params,
          body: CartProductsRequest,
          response: cartAnswers,
        },
      },
      (req, reply) =>
        change(req, reply, (ref, actor, idem) => cart.putProducts(ref, actor, req.body, 'set', idem)),
    )
  }
  for (const { url, params } of variants(CART_V3, '/productsBatch')) {
    app.post(
      url,
      {
        schema: {
          tags,
          summary: 'Adds every product or none',
          ...params,
          body: ProductsBatchRequest,
          response: cartAnswers,
        },
      },
      (req, reply) =>
        change(req, reply, (ref, actor, idem) => cart.putProducts(ref, actor, req.body, 'add', idem)),
    )
  }

  app.post(
    `${CART_V3}/carts/shared`,
    {
      schema: {
        tags,
        summary: 'Shares a list of products by link',
        body: SharedCartRequest,
        response: { 201: SharedCartCreated, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await cart.share(req.body)),
  )
  app.get(
    `${CART_V3}/carts/shared/:id`,
    {
      schema: {
        tags,
        summary: 'A shared cart in the given city',
        params: SharedCartParams,
        querystring: CartCityQuery,
        response: { 200: SharedCart, ...errors },
      },
    },
    async (req) => cart.shared(req.params.id, req.query.city_id, req.lang),
  )
}
