import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import {
  CalculationOrder,
  CHECKOUT_ERROR_KEYS,
  CheckoutRequest,
  CreatedOrder,
  CreateOrderRequest,
  DeliveryForCartRequest,
  OMS_V1,
  OMS_V5,
  OrderDetail,
  OrderIdParams,
  PayAgainRequest,
  PaymentMethodsRequest,
  PaymentMethodsResponse,
  PaymentStart,
  QrPayment,
} from '../../../contract/checkout'
import { PAYMENT_V1 } from '../../../contract/account-area'
import { CHECKOUT_V1 } from '../../../contract/values/cart'
import { CITIES, ErrorBody, HEADERS, type Lang } from '../../../contract/common'
import { pagePrefix } from '../../../contract/values/common'
import { DeliveryResult } from '../../../contract/inventory'
import { optionalUser } from '../../http/auth'
import { idempotencyRequest } from '../../http/idempotency'
import { publicOrigin } from '../../http/public-origin'
import type { ModuleRegistration } from '../../http/types'
import type { Db } from '../../db/connection'
import type { PaymentCallback } from '../../providers/card-acquirer/provider'
import { createProviderGuard } from '../../providers/guard'
import type { QrProvider } from '../../providers/qr/provider'
import { createLocalQrProvider } from '../../providers/qr/local'
import { registerLocalQrPages } from '../../providers/qr/pages'
import { qrSvg } from '../../providers/qr/svg'
import { selfDelivery } from '../../providers/self-delivery'
import { signedCallbackRoute } from '../../http/signed-callback'
import type { Actor } from '../cart'
import { registerPreorderRoutes } from './preorder-routes'
import { createLocalSmsProvider } from '../../providers/sms/local'
import { createPreorderArrivals } from './preorder-arrivals'
import { createPreorderService, ensurePreorderTerms } from './preorders'
import { activePointOf, createCheckoutRepo, servicePointOf } from './repo'
import { createCheckoutService, type CheckoutService, type CheckoutUrls, type PaidOrder } from './service'

/** What a module does when an order is paid, in the transaction that records the payment. */
export type OrderPaidListener = (tx: Db, order: PaidOrder) => Promise<void>

declare module 'fastify' {
  interface FastifyInstance {
    checkout: CheckoutService
    /** The QR payment provider checkout starts and asks (tests put faults into it). */
    qrProvider: QrProvider
    orderSettlement: OrderSettlement
    /** Modules subscribe to paid orders here (gift card codes and keys are issued this way). */
    orderPaid: { subscribe(listener: OrderPaidListener): void }
  }
}

/**
 * What an order's moves do to the money and goods checkout took (the orders module calls these, in the
 * transaction that moves the order, under its row lock): the public face's `app.orderSettlement`.
 */
export interface OrderSettlement {
  /** Goods back to stock, gift cards, bonuses and code back, unfinished payments ended, money owed back; answers the work to do after commit. */
  cancelled(tx: Db, orderId: string): Promise<() => Promise<void>>
  /** A received order returned: what it spent comes back, its money is owed back. */
  returned(tx: Db, orderId: string): Promise<void>
  /** Pays back through the providers what the order owes, once per payment; answers paid back and still owed. */
  refund(orderId: string): Promise<{ refunded: number; pending: number }>
  /** Orders whose money is still owed back (for a sweep to ask `refund` again). */
  refundsDue(limit?: number): Promise<string[]>
}

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
  /** An outside service (payment provider, broker, SMS gateway) failed or did not answer in time. */
  502: ErrorBody,
  504: ErrorBody,
}
const EXPIRY_SWEEP_MS = 10_000

const PaymentCallbackBody = z.object({
  sessionId: z.string().max(100),
  merchantRef: z.string().max(100),
  amount: z.number().int(),
  status: z.enum(['approved', 'declined']),
  reason: z.string().max(100).nullable(),
  mask: z.string().max(40).nullable(),
}) satisfies z.ZodType<PaymentCallback>
const ProviderParams = z.object({ provider: z.enum(['card', 'qr']) })
const PaymentParams = z.object({ id: z.uuid() })

async function actorOf(req: FastifyRequest): Promise<Actor> {
  return { userId: (await optionalUser(req))?.userId ?? null, lang: req.lang }
}

/** Pages of the store in an order's city and the shopper's language (no prefix: Almaty in Russian). */
export function pagePath(cityId: number, lang: Lang, path: string): string {
  const slug = CITIES.find((c) => c.id === cityId)?.slug ?? 'almaty'
  const prefix = pagePrefix(slug, lang)
  return prefix ? `/${prefix}${path}` : path
}

export const checkoutUrls: CheckoutUrls = {
  cardReturn: (id) => `${PAYMENT_V1}/payments/${id}/return`,
  callback: (provider) => `${PAYMENT_V1}/callbacks/${provider}`,
  result: (order, lang, ok) =>
    pagePath(order.cityId, lang, `/checkout/result?status=${ok ? 'success' : 'failure'}&orderId=${order.id}`),
  qrPage: (order, lang) => pagePath(order.cityId, lang, `/kaspi-qr?orderId=${order.id}`),
}

/** The key of a checkout completion: `Idempotency-Key`, or the spec's `Uuid` header. */
function withUuidKey(req: FastifyRequest) {
  if (req.headers[HEADERS.idempotencyKey] === undefined && typeof req.headers.uuid === 'string')
    req.headers[HEADERS.idempotencyKey] = req.headers.uuid
}

/**
 * Purchase flow 7, checkout, orders and payments: payment methods, the calculation, order creation,
 * an order's page, paying again, the QR page's status, and the providers' returns and callbacks.
 */
export const checkoutModule: ModuleRegistration = async (app, { database, config }) => {
  const db = database.db
  const secret = config.PAYMENT_CALLBACK_SECRET
  if (config.NODE_ENV === 'production' && !process.env.PAYMENT_CALLBACK_SECRET)
    app.log.warn('PAYMENT_CALLBACK_SECRET is unset: payment callbacks are signed with the built-in secret')
  const qr = createLocalQrProvider(db, { deliver: selfDelivery(app), secret, log: app.log })
  await registerLocalQrPages(app, qr)
  const repo = createCheckoutRepo(db)
  const paidListeners: OrderPaidListener[] = []
  const checkout = createCheckoutService({
    db,
    repo,
    carts: app.cartCheckout,
    delivery: (ask, lang) => app.delivery(ask, lang),
    cards: app.paymentCards,
    acquirer: app.cardAcquirer,
    qr,
    qrSvg,
    urls: checkoutUrls,
    notify: app.notify,
    guard: createProviderGuard({ timeoutMs: config.PROVIDER_TIMEOUT_MS, log: app.log }),
    paid: async (tx, order) => {
      for (const listener of paidListeners) await listener(tx, order)
    },
  })
  app.decorate('checkout', checkout)
  app.decorate('qrProvider', qr)
  app.decorate('orderSettlement', {
    cancelled: checkout.cancelled,
    returned: checkout.returned,
    refund: checkout.refund,
    refundsDue: checkout.refundsDue,
  } satisfies OrderSettlement)
  app.decorate('orderPaid', { subscribe: (listener: OrderPaidListener) => void paidListeners.push(listener) })
  app.addHook('onReady', async () => {
    await repo.ensurePaymentRules()
    await ensurePreorderTerms(db)
  })
  const arrivals = createPreorderArrivals({
    db,
    sms: createLocalSmsProvider(db),
    notify: app.notify,
    log: app.log,
  })
  if (config.NODE_ENV !== 'test') {
    let telling = false
    const sweep = setInterval(() => {
      checkout.expireDue().catch((err: unknown) => app.log.error({ err }, 'checkout: expiring orders failed'))
      if (telling) return
      telling = true
      arrivals
        .run()
        .catch((err: unknown) => app.log.error({ err }, 'checkout: telling of pre-order arrivals failed'))
        .finally(() => (telling = false))
    }, EXPIRY_SWEEP_MS)
    sweep.unref()
    app.addHook('onClose', async () => clearInterval(sweep))
  }

  const tags = ['checkout']
  const security = [{ bearer: [] }]

  registerPreorderRoutes(
    app,
    createPreorderService({ db, repo, checkout, pointOf: (id, lang) => activePointOf(db, id, lang) }),
  )

  app.post(
    `${CHECKOUT_V1}/paymentMethods`,
    {
      schema: {
        tags,
        summary: 'The payment methods this cart, delivery and buyer may use, and the saved cards',
        body: PaymentMethodsRequest,
        response: { 200: PaymentMethodsResponse, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store')
      return checkout.paymentMethods(req.body, await actorOf(req))
    },
  )

  app.post(
    `${CHECKOUT_V1}/delivery`,
    {
      schema: {
        tags,
        summary:
          "The delivery options of the cart's goods (with gifts and kit parts), as checkout prices them",
        body: DeliveryForCartRequest,
        response: { 200: DeliveryResult, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store')
      return checkout.delivery(req.body, await actorOf(req))
    },
  )

  app.post(
    `${OMS_V1}/orders`,
    {
      schema: {
        tags,
        summary: 'The calculation of an order from the cart: every sum from the server’s own prices',
        body: CheckoutRequest,
        response: { 200: CalculationOrder, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store')
      return checkout.calculate(req.body, await actorOf(req))
    },
  )

  for (const url of [`${OMS_V1}/orders/checkout`, `${OMS_V5}/orders`])
    app.post(
      url,
      {
        schema: {
          tags,
          security,
          summary: 'Places the order: holds the goods, spends the benefits, starts the payment (idempotent)',
          body: CreateOrderRequest,
          response: { 201: CreatedOrder, 200: CreatedOrder, ...errors },
        },
        onRequest: async (req) => withUuidKey(req),
      },
      async (req, reply) => {
        const actor = await actorOf(req)
        const answer = await checkout.createOrder(
          req.body,
          actor,
          idempotencyRequest(req, actor.userId ?? 'guest'),
        )
        if (answer.replayed) reply.header('idempotent-replayed', 'true')
        return reply.code(answer.status).send(answer.body)
      },
    )

  app.get(
    `${OMS_V1}/orders/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'An order of the signed-in shopper: items, sums, delivery, receiver, payment',
        params: OrderIdParams,
        response: { 200: OrderDetail, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store')
      return checkout.order(req.params.id, await actorOf(req), (id) => servicePointOf(db, id, req.lang))
    },
  )

  app.post(
    `${PAYMENT_V1}/orders/:id/payments`,
    {
      schema: {
        tags,
        security,
        summary: 'Pays an unpaid order again (card or QR) while it holds its goods',
        params: OrderIdParams,
        body: PayAgainRequest,
        response: { 200: PaymentStart, ...errors },
      },
    },
    async (req) => checkout.payAgain(req.params.id, await actorOf(req), req.body),
  )

  app.get(
    `${PAYMENT_V1}/orders/:id/qr`,
    {
      schema: {
        tags,
        security,
        summary: "The order's QR payment: its code as SVG and its status",
        params: OrderIdParams,
        response: { 200: QrPayment, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store')
      return checkout.qrPayment(req.params.id, await actorOf(req), publicOrigin(req, config.PUBLIC_ORIGIN))
    },
  )

  app.get(
    `${PAYMENT_V1}/payments/:id/return`,
    { schema: { hide: true, params: PaymentParams } },
    async (req, reply) => reply.redirect(await checkout.cardReturn(req.params.id, req.lang), 303),
  )

  await signedCallbackRoute(app, {
    path: `${PAYMENT_V1}/callbacks/:provider`,
    secret,
    tags: ['payment'],
    summary: "A payment provider's signed result (`X-Signature: sha256=<HMAC of the body>`)",
    params: ProviderParams,
    body: PaymentCallbackBody,
    badSignature: CHECKOUT_ERROR_KEYS.badSignature,
    handle: (body, params) => checkout.callback(params.provider, body),
  })
}
