import type { FastifyReply, FastifyRequest } from 'fastify'
import { ErrorBody } from '../../../contract/common'
import {
  AddToWishlistRequest,
  GuestWishlistParams,
  GuestWishlistSkuParams,
  Wishlist,
  WishlistChange,
  WishlistCityQuery,
  WishlistCreated,
  WishlistQuery,
  WishlistSkuParams,
  WISHLIST_V1,
} from '../../../contract/wishlist'
import { requireUser } from '../../http/auth'
import { idempotencyRequest, type Answer } from '../../http/idempotency'
import { createAnswerBuffers, sendLentJson } from '../../http/json-bytes'
import type { ModuleRegistration } from '../../http/types'
import { createWishlistRepo, type WishlistHolder } from './repo'
import { createWishlistService, type ListOwner } from './service'
import { createWishlistWatch } from './watch'

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody }
const tags = ['wishlist']
const BASE = `${WISHLIST_V1}/products`

/** Outside production a list sent as rendered bytes is checked against the contract, as the serializer would. */
const CHECK_RENDERED = process.env.NODE_ENV !== 'production'

declare module 'fastify' {
  interface FastifyInstance {
    /** What other modules ask of the wishlist: the information centre, who to tell about a product. */
    wishlist: WishlistFace
  }
}

export interface WishlistFace {
  /**
   * The signed-in shoppers holding any of these products (catalogue ids) in their named list, with the
   * city each added it in: whom a price drop or a return to stock there concerns. Guests' lists are not
   * counted: nobody could be told.
   */
  holders(productIds: readonly number[]): Promise<WishlistHolder[]>
  /** Tells holders of price drops and returns to stock now (it also runs every minute); answers how many. */
  watch(): Promise<number>
}

/** The buffers lists are joined into, lent one per answer (see `createAnswerBuffers`). */
const answerBuffers = createAnswerBuffers()

/**
 * A list's parts (its cards' cached bytes between small per-item fields) go out as one write: sent part
 * by part, the compressor flushed each of some sixty writes (server/http/compression.ts).
 */
function sendList(reply: FastifyReply, parts: Buffer[]) {
  reply.header('cache-control', 'private, no-store')
  let length = 0
  for (const part of parts) length += part.length
  const body = answerBuffers.take(length)
  let at = 0
  for (const part of parts) at += part.copy(body, at)
  if (CHECK_RENDERED) Wishlist.parse(JSON.parse(body.toString()))
  return sendLentJson(reply, body, answerBuffers)
}

function sendChange(reply: FastifyReply, answer: Answer<WishlistChange> & { replayed: boolean }) {
  reply.header('cache-control', 'private, no-store')
  if (answer.replayed) reply.header('idempotent-replayed', 'true')
  return reply.code(answer.status).send(answer.body)
}

/** A named list is its shopper's; a guest list is reached by its id, its own principal for idempotency keys. */
async function namedOwner(req: FastifyRequest): Promise<ListOwner> {
  return { kind: 'named', userId: (await requireUser(req)).userId }
}
const principalOf = (owner: ListOwner) =>
  owner.kind === 'named' ? `user:${owner.userId}` : `wishlist:${owner.id}`

const WATCH_EVERY_MS = 60_000

/** Spec browsing 7.4, the wishlist (`/wishlist/api/v1`). */
export const wishlistModule: ModuleRegistration = (app, { database, config }) => {
  const repo = createWishlistRepo()
  const catalog = () => app.catalog.index()
  const wishlist = createWishlistService({ db: database.db, repo, catalog })
  const watch = createWishlistWatch({ db: database.db, catalog, notify: app.notify, log: app.log })
  app.decorate('wishlist', { holders: wishlist.holders, watch: watch.run } satisfies WishlistFace)
  // tests run the watch themselves, when they have changed what it watches
  if (config.NODE_ENV !== 'test') {
    const timer = setInterval(() => {
      watch.run().catch((err: unknown) => app.log.warn({ err }, 'wishlist watch failed'))
    }, WATCH_EVERY_MS)
    timer.unref()
    app.addHook('onClose', async () => clearInterval(timer))
  }

  // ── the signed-in shopper's named list ────────────────────────────────────────────────────────────

  app.get(
    BASE,
    {
      schema: {
        tags,
        summary: "The signed-in shopper's list in a city's prices and stock, in one of the spec's sorts",
        querystring: WishlistQuery,
        response: { 200: Wishlist, ...errors },
      },
    },
    async (req, reply) => {
      const owner = await namedOwner(req)
      return sendList(reply, await wishlist.read(owner, req.query.cityId, req.query.sorting, req.lang))
    },
  )

  app.post(
    BASE,
    {
      schema: {
        tags,
        summary: "Adds a product to the signed-in shopper's list (422 when it is there already)",
        body: AddToWishlistRequest,
        response: { 200: WishlistChange, ...errors },
      },
    },
    async (req, reply) => {
      const owner = await namedOwner(req)
      const idem = idempotencyRequest(req, principalOf(owner))
      return sendChange(reply, await wishlist.add(owner, req.body.sku, req.body.city_id, idem))
    },
  )

  app.delete(
    `${BASE}/:sku`,
    {
      schema: {
        tags,
        summary: "Removes a product from the signed-in shopper's list",
        params: WishlistSkuParams,
        querystring: WishlistCityQuery,
        response: { 200: WishlistChange, ...errors },
      },
    },
    async (req, reply) => {
      const owner = await namedOwner(req)
      const idem = idempotencyRequest(req, principalOf(owner))
      return sendChange(reply, await wishlist.remove(owner, req.params.sku, idem))
    },
  )

  // ── a guest's list, by its id ─────────────────────────────────────────────────────────────────────

  app.post(
    `${BASE}/create`,
    {
      schema: {
        tags,
        summary: 'Starts a guest list and answers its id',
        response: { 201: WishlistCreated, ...errors },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'private, no-store')
      return reply.code(201).send({ wishlistId: await wishlist.create() })
    },
  )

  app.get(
    `${BASE}/guest/:wishlistId`,
    {
      schema: {
        tags,
        summary: "A guest's list in a city's prices and stock (404 when there is no such list)",
        params: GuestWishlistParams,
        querystring: WishlistQuery,
        response: { 200: Wishlist, ...errors },
      },
    },
    async (req, reply) => {
      const owner: ListOwner = { kind: 'guest', id: req.params.wishlistId }
      return sendList(reply, await wishlist.read(owner, req.query.cityId, req.query.sorting, req.lang))
    },
  )

  app.post(
    `${BASE}/guest/:wishlistId`,
    {
      schema: {
        tags,
        summary: "Adds a product to a guest's list (422 when it is there already)",
        params: GuestWishlistParams,
        body: AddToWishlistRequest,
        response: { 200: WishlistChange, ...errors },
      },
    },
    async (req, reply) => {
      const owner: ListOwner = { kind: 'guest', id: req.params.wishlistId }
      const idem = idempotencyRequest(req, principalOf(owner))
      return sendChange(reply, await wishlist.add(owner, req.body.sku, req.body.city_id, idem))
    },
  )

  app.delete(
    `${BASE}/guest/:wishlistId/:sku`,
    {
      schema: {
        tags,
        summary: "Removes a product from a guest's list",
        params: GuestWishlistSkuParams,
        querystring: WishlistCityQuery,
        response: { 200: WishlistChange, ...errors },
      },
    },
    async (req, reply) => {
      const owner: ListOwner = { kind: 'guest', id: req.params.wishlistId }
      const idem = idempotencyRequest(req, principalOf(owner))
      return sendChange(reply, await wishlist.remove(owner, req.params.sku, idem))
    },
  )

  app.post(
    `${BASE}/merge/:wishlistId`,
    {
      schema: {
        tags,
        summary: "Merges a guest's list into the signed-in shopper's and ends it; answers the merged list",
        params: GuestWishlistParams,
        querystring: WishlistQuery.pick({ cityId: true }),
        response: { 200: Wishlist, ...errors },
      },
    },
    async (req, reply) => {
      const { userId } = await requireUser(req)
      return sendList(reply, await wishlist.merge(userId, req.params.wishlistId, req.query.cityId, req.lang))
    },
  )
}
