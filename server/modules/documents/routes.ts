import type { FastifyReply, FastifyRequest } from 'fastify'
import { OMS_V3 } from '../../../contract/account-area'
import { OrderIdParams } from '../../../contract/checkout'
import { OMS_V1 } from '../../../contract/values/checkout'
import { ErrorBody } from '../../../contract/common'
import {
  BarcodeRequest,
  Offer,
  OFFER_V1,
  OfferEmailQuery,
  OfferEmailSent,
  OfferIdParams,
  OfferRequest,
  PDF_BARCODE_PATH,
  PdfBytes,
} from '../../../contract/documents'
import { optionalUser } from '../../http/auth'
import { createRateLimiter } from '../../http/rate-limit'
import type { ModuleRegistration } from '../../http/types'
import { createLocalMailProvider } from '../../providers/mail/local'
import type { MailProvider } from '../../providers/mail/types'
import { AdminDocumentParams, ADMIN_API_V1 } from '../../../contract/back-office'
import type { Actor } from '../cart'
import { requireStaff, staffOf } from '../staff'
import { contentDisposition } from './content-disposition'
import { registerDevMailOutbox } from './dev-mail-outbox'
import { createDocumentsRepo } from './repo'
import { createDocumentsService, type Pdf } from './service'

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends mail (the local provider keeps it in `mail_outbox`, see `/dev/mail-outbox`). */
    mail: MailProvider
  }
}

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody }
const pdf = {
  description: 'The document as a PDF',
  content: { 'application/pdf': { schema: PdfBytes } },
}

async function actorOf(req: FastifyRequest): Promise<Actor> {
  return { userId: (await optionalUser(req))?.userId ?? null, lang: req.lang }
}

/** A PDF answer: the shopper's own document, never kept by a shared cache. */
function sendPdf(reply: FastifyReply, file: Pdf) {
  return reply
    .header('cache-control', 'private, no-store')
    .header('content-disposition', contentDisposition(file.filename))
    .type('application/pdf')
    .send(file.bytes)
}

/**
 * Purchase flow 7, documents: the receipt, the organisation's invoice and the barcode of an order (its
 * owner only: anyone else's order is 404), and commercial offers from the cart, emailed through the
 * mail provider. Every document is a PDF in the request's language, with an embedded font.
 */
export const documentsModule: ModuleRegistration = (app, { database, config }) => {
  const db = database.db
  const repo = createDocumentsRepo(db)
  const mail = createLocalMailProvider(db)
  app.decorate('mail', mail as MailProvider)
  registerDevMailOutbox(app, config, mail)
  const documents = createDocumentsService({
    repo,
    order: (id, actor) => app.checkout.order(id, actor, (point) => repo.servicePoint(point, actor.lang)),
    staffOrder: (id, lang) => app.checkout.staffOrder(id, (point) => repo.servicePoint(point, lang)),
    cart: (ref, cityId, actor) => app.cartCheckout.priced(ref, cityId, actor),
    mail,
    limiter: createRateLimiter(db),
    seller: {
      name: config.SELLER_NAME,
      bin: config.SELLER_BIN,
      address: config.SELLER_ADDRESS,
      iban: config.SELLER_IBAN,
      bank: config.SELLER_BANK,
      bik: config.SELLER_BIK,
    },
  })
  const tags = ['documents']
  const security = [{ bearer: [] }]

  // The spec's path, and the same under the base the store's other order calls use.
  for (const [url, hide] of [
    [`${OMS_V1}/orders/:id/check`, false],
    ['/orders/:id/check', true],
  ] as const)
    app.get(
      url,
      {
        compress: false,
        schema: {
          hide,
          tags,
          security,
          summary: "The order's receipt (товарный чек) as a PDF, its owner only (downloads limited, 429)",
          params: OrderIdParams,
          response: { 200: pdf, ...errors, 429: ErrorBody },
        },
      },
      async (req, reply) =>
        sendPdf(reply, await documents.receipt(req.params.id, await actorOf(req), req.ip)),
    )

  app.get(
    `${OMS_V3}/orders/:id/invoice`,
    {
      compress: false,
      schema: {
        tags,
        security,
        summary:
          "The invoice of an organisation's order as a PDF: seller's and buyer's BIN, bank details, 12% VAT",
        params: OrderIdParams,
        response: { 200: pdf, ...errors, 429: ErrorBody },
      },
    },
    async (req, reply) => sendPdf(reply, await documents.invoice(req.params.id, await actorOf(req), req.ip)),
  )

  app.post(
    PDF_BARCODE_PATH,
    {
      compress: false,
      schema: {
        tags,
        security,
        summary: "The order's number as a Code 128 barcode, in a PDF",
        body: BarcodeRequest,
        response: { 200: pdf, ...errors, 429: ErrorBody },
      },
    },
    async (req, reply) =>
      sendPdf(reply, await documents.barcode(req.body.order_id, await actorOf(req), req.ip)),
  )

  app.post(
    `${OFFER_V1}/offers`,
    {
      schema: {
        tags,
        security,
        summary: "A commercial offer of the shopper's cart for an organisation (its PDF is at `url`)",
        body: OfferRequest,
        response: { 201: Offer, ...errors },
      },
    },
    async (req, reply) => {
      const offer = await documents.createOffer(req.body, await actorOf(req))
      return reply.code(201).header('cache-control', 'private, no-store').send(offer)
    },
  )

  app.get(
    `${OFFER_V1}/offers/:id`,
    {
      compress: false,
      schema: {
        tags,
        security,
        summary: 'A commercial offer as a PDF, in the request’s language',
        params: OfferIdParams,
        response: { 200: pdf, ...errors, 429: ErrorBody },
      },
    },
    async (req, reply) => sendPdf(reply, await documents.offerPdf(req.params.id, await actorOf(req), req.ip)),
  )

  app.get(
    `${OFFER_V1}/offers/:id/emails`,
    {
      schema: {
        tags,
        security,
        summary: 'Sends the offer’s PDF to an address (limited per offer and per client, 429 over it)',
        params: OfferIdParams,
        querystring: OfferEmailQuery,
        response: { 200: OfferEmailSent, ...errors, 429: ErrorBody },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store')
      return documents.emailOffer(req.params.id, req.query.email, await actorOf(req), req.ip)
    },
  )

  // The back office prints any order's documents for an operator (README, The back office).
  app.get(
    `${ADMIN_API_V1}/orders/:id/documents/:kind`,
    {
      compress: false,
      onRequest: requireStaff('operator'),
      schema: {
        tags: ['back office'],
        security: [{ staffToken: [] }],
        summary: "An order's receipt, invoice (organisations) or barcode as a PDF, for an operator",
        params: AdminDocumentParams,
        response: { 200: pdf, ...errors, 429: ErrorBody },
      },
    },
    async (req, reply) => {
      const staff = staffOf(req)
      const file = await documents.forStaff(
        req.params.kind,
        req.params.id,
        { id: staff.id, lang: req.lang },
        req.ip,
      )
      await app.audit.record({
        actorKind: 'staff',
        actorId: staff.id,
        action: `order.document.${req.params.kind}`,
        subjectKind: 'order',
        subjectId: req.params.id,
        ip: req.ip,
      })
      return sendPdf(reply, file)
    },
  )
}
