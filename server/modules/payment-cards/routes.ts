import {
  AddCardRequest,
  AddCardResponse,
  CardsResponse,
  DefaultCardRequest,
  IdParams,
} from '../../../contract/account-area'
import { ErrorBody } from '../../../contract/common'
import { requireUser } from '../../http/auth'
import { notFound } from '../../http/errors'
import type { ModuleRegistration } from '../../http/types'
import { createLocalCardAcquirer } from '../../providers/card-acquirer/local'
import { registerLocalAcquirerPages } from '../../providers/card-acquirer/pages'
import type { CardAcquirer } from '../../providers/card-acquirer/provider'
import { selfDelivery } from '../../providers/self-delivery'
import { createCardRepo } from './repo'
import { CARDS_BASE, createCardService, type CardService } from './service'

declare module 'fastify' {
  interface FastifyInstance {
    /** The signed-in shopper's saved cards (the profile lists them too). */
    paymentCards: CardService
    /** The card acquirer: this module saves cards with it, checkout charges them. */
    cardAcquirer: CardAcquirer
  }
}

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody }
const tags = ['payment']
const security = [{ bearer: [] }]

/** Spec 7.9: saved cards, the default card, and adding a card through the acquirer's hosted page. */
export const paymentCardsModule: ModuleRegistration = async (app, { database, config }) => {
  const acquirer = createLocalCardAcquirer(database.db, {
    deliver: selfDelivery(app),
    secret: config.PAYMENT_CALLBACK_SECRET,
    log: app.log,
  })
  app.decorate('cardAcquirer', acquirer)
  await registerLocalAcquirerPages(app, acquirer)
  const cards = createCardService(createCardRepo(database.db), acquirer)
  app.decorate('paymentCards', cards)

  app.get(
    CARDS_BASE,
    {
      schema: {
        tags,
        security,
        summary: 'Saved cards (masks only) and the default one',
        response: { 200: CardsResponse, ...errors },
      },
    },
    async (req, reply) => {
      const { userId } = await requireUser(req)
      reply.header('cache-control', 'private, no-store')
      return cards.list(userId)
    },
  )

  app.post(
    CARDS_BASE,
    {
      schema: {
        tags,
        security,
        summary: "Starts adding a card: answers the acquirer page's address to send the shopper to",
        body: AddCardRequest,
        response: { 200: AddCardResponse, ...errors },
      },
    },
    async (req) => {
      const { userId } = await requireUser(req)
      const { returnUrl, failUrl, language } = req.body
      return cards.start(userId, { returnUrl, failUrl, language })
    },
  )

  app.post(
    `${CARDS_BASE}/default`,
    {
      schema: {
        tags,
        security,
        summary: 'Makes a saved card the default',
        body: DefaultCardRequest,
        response: { 200: CardsResponse, ...errors },
      },
    },
    async (req) => {
      const { userId } = await requireUser(req)
      return cards.setDefault(userId, req.body.card_id)
    },
  )

  app.delete(
    `${CARDS_BASE}/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'Deletes a saved card',
        params: IdParams,
        response: { 200: CardsResponse, ...errors },
      },
    },
    async (req) => {
      const { userId } = await requireUser(req)
      return cards.remove(userId, req.params.id)
    },
  )

  // The acquirer's page sends the browser here (a top-level GET, so it may come without a bearer): the
  // result is read from the acquirer itself, never from the URL.
  for (const outcome of ['return', 'fail'] as const)
    app.get(
      `${CARDS_BASE}/bindings/:id/${outcome}`,
      { schema: { hide: true, params: IdParams } },
      async (req, reply) => {
        const target = await cards.finish(req.params.id)
        if (!target) throw notFound()
        return reply.header('cache-control', 'no-store').redirect(target, 303)
      },
    )
}
