import type { FastifyRequest } from 'fastify'
import multipart from '@fastify/multipart'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import {
  AGREE_V1,
  AGREE_V2,
  AgreementSigned,
  AgreementSignRequest,
  AgreementSpecification,
  AgreementVerified,
  AgreementVerifyRequest,
  BROKER_ERROR_KEYS as KEYS,
  BrokerBanks,
  BrokerOrderCreated,
  CreateBrokerOrderQuery,
  CreateBrokerOrderRequest,
  FILE_V1,
  LOAN_APPROVED_EVENT_PATH,
  LoanApprovedAccepted,
  LoanApprovedEvent,
  PAYMENT_ORDER,
  PaymentPartners,
  PaymentPartnersQuery,
  SpecificationParams,
  STATEMENT_MAX_BYTES,
  StatementBanks,
  StatementUploaded,
} from '../../../contract/broker'
import { ErrorBody } from '../../../contract/common'
import { requireUser } from '../../http/auth'
import { notFound, unprocessable } from '../../http/errors'
import type { ModuleRegistration } from '../../http/types'
import { createLocalLoanBroker } from '../../providers/broker/local'
import { bankLogoSvg } from '../../providers/broker/logo'
import { registerLocalBrokerPages } from '../../providers/broker/pages'
import { createLocalSmsProvider } from '../../providers/sms/local'
import type { SmsProvider } from '../../providers/sms/types'
import type { LoanBroker } from '../../providers/broker/provider'
import { createProviderGuard } from '../../providers/guard'
import { selfDelivery } from '../../providers/self-delivery'
import { signedCallbackRoute } from '../../http/signed-callback'
import { createAgreements } from './agreements'
import { createApplications } from './applications'
import { createBrokerRepo } from './repo'
import { acceptStatement } from './statement'

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
  /** An outside service (payment provider, broker, SMS gateway) failed or did not answer in time. */
  502: ErrorBody,
  504: ErrorBody,
}
const CALLBACK = `${PAYMENT_ORDER}/callbacks/broker`
const logoUrl = (bic: string) => `${PAYMENT_ORDER}/banks/${encodeURIComponent(bic)}/logo.svg`

const BrokerCallbackBody = z.object({
  eventId: z.uuid(),
  referenceId: z.uuid(),
  offerId: z.uuid(),
  contractNumber: z.string().max(60),
  bic: z.string().max(20),
  loanAmount: z.number().int(),
  status: z.literal('SIGNED'),
  signedAt: z.string().max(40),
})

/**
 * Financing through the loan broker (purchase flow 7, Broker): the agreement and its SMS code, the
 * partner banks and the statement banks handbook, the statement upload, applications and their offers,
 * the bank's return and signed callback, and the loan-approved event.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** The loan broker and the SMS gateway of financing (tests put faults into them). */
    financingProviders: { broker: LoanBroker; sms: SmsProvider }
  }
}

export const brokerModule: ModuleRegistration = async (app, { database, config }) => {
  const db = database.db
  const repo = createBrokerRepo(db)
  const now = () => new Date()
  const broker = createLocalLoanBroker(db, {
    banks: () => repo.banks(),
    deliver: selfDelivery(app),
    secret: config.PAYMENT_CALLBACK_SECRET,
    log: app.log,
    speed: config.BROKER_SPEED,
  })
  await registerLocalBrokerPages(app, broker)
  const guard = createProviderGuard({ timeoutMs: config.PROVIDER_TIMEOUT_MS, log: app.log })
  const sms = createLocalSmsProvider(db)
  const agreements = createAgreements(repo, sms, now, guard)
  const applications = createApplications({
    db,
    repo,
    broker,
    financed: (orderId, loan, lang) => app.checkout.financed(orderId, loan, lang),
    urls: { return: (id) => `${PAYMENT_ORDER}/return?referenceId=${id}`, callback: CALLBACK, logo: logoUrl },
    now,
    newId: randomUUID,
    guard,
  })
  app.decorate('financingProviders', { broker, sms })
  app.checkout.attachFinancing({
    release: (orderId, reason) => applications.release(orderId, reason),
    cancelLoan: (orderId, contract) => applications.cancelLoan(orderId, contract),
  })
  const tags = ['broker']
  const security = [{ bearer: [] }]
  const userOf = async (req: FastifyRequest) => (await requireUser(req)).userId

  app.get(
    `${AGREE_V1}/specifications/:code`,
    {
      schema: {
        tags,
        summary: 'The agreement the shopper signs',
        params: SpecificationParams,
        response: { 200: AgreementSpecification, ...errors },
      },
    },
    async (req) => agreements.specification(req.params.code, req.lang),
  )
  app.post(
    `${AGREE_V1}/agreement/sign`,
    {
      schema: {
        tags,
        security,
        summary: 'Signs the agreement: an SMS code goes to the shopper',
        body: AgreementSignRequest,
        response: { 200: AgreementSigned, ...errors },
      },
    },
    async (req) => agreements.sign(req.body, await userOf(req)),
  )
  app.post(
    `${AGREE_V2}/agreement/verify`,
    {
      schema: {
        tags,
        security,
        summary: 'Verifies the SMS code of a signing',
        body: AgreementVerifyRequest,
        response: { 200: AgreementVerified, ...errors },
      },
    },
    async (req) => agreements.verify(req.body.sign_agreement_id, req.body.code, await userOf(req)),
  )

  app.get(
    `${PAYMENT_ORDER}/partners`,
    {
      schema: {
        tags,
        summary: 'The loan broker participants: the partner banks and their products',
        response: { 200: BrokerBanks },
      },
    },
    async () =>
      (await repo.banks()).map((b) => ({
        bic: b.bic,
        title: b.title,
        logo: logoUrl(b.bic),
        needsStatement: b.needsStatement,
        priority: b.priority,
        products: b.products,
      })),
  )
  app.get(
    `${PAYMENT_ORDER}/statement-banks`,
    {
      schema: {
        tags,
        summary: 'The statement banks handbook (empty: statement use off)',
        response: { 200: StatementBanks },
      },
    },
    async () =>
      (await repo.statementBanks()).map((b) => ({
        id: b.id,
        bic: b.bic,
        title: b.title,
        logo: logoUrl(b.bic),
      })),
  )
  app.get(
    `${PAYMENT_ORDER}/banks/:bic/logo.svg`,
    {
      schema: {
        tags,
        summary: "A bank's logo as the store draws it",
        params: z.object({ bic: z.string().regex(/^[A-Z0-9]{8,11}$/) }),
      },
    },
    async (req, reply) => {
      const logo = await repo.logo(req.params.bic)
      if (!logo) throw notFound()
      return reply
        .header('cache-control', 'public, max-age=86400')
        .type('image/svg+xml')
        .send(bankLogoSvg(logo.color, logo.text) as never)
    },
  )

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: STATEMENT_MAX_BYTES, files: 1, fields: 5 } })
    scope.withTypeProvider<ZodTypeProvider>().post(
      `${FILE_V1}/statement`,
      {
        schema: {
          tags,
          security,
          summary: 'Uploads a bank statement: a PDF of at most 2 MB',
          response: { 200: StatementUploaded, 413: ErrorBody, ...errors },
        },
      },
      async (req) => {
        await userOf(req)
        if (!req.isMultipart()) throw unprocessable(KEYS.uploadPdf)
        const file = await req.file()
        if (!file) throw unprocessable(KEYS.uploadPdf)
        const bytes = await file.toBuffer().catch(() => null)
        return acceptStatement(
          file.filename,
          bytes ?? Buffer.alloc(STATEMENT_MAX_BYTES + 1),
          bytes === null || file.file.truncated,
        )
      },
    )
  })

  app.post(
    `${PAYMENT_ORDER}/create-order`,
    {
      bodyLimit: 4 * STATEMENT_MAX_BYTES,
      schema: {
        tags,
        security,
        summary: 'Applies for the financing of an order; answers referenceId',
        querystring: CreateBrokerOrderQuery,
        body: CreateBrokerOrderRequest,
        response: { 200: BrokerOrderCreated, ...errors },
      },
    },
    async (req) => applications.create(req.body, await userOf(req), req.lang),
  )
  app.get(
    `${PAYMENT_ORDER}/get-payment-partners`,
    {
      schema: {
        tags,
        security,
        summary: "The banks' answers and offers for an application",
        querystring: PaymentPartnersQuery,
        response: { 200: PaymentPartners, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store')
      return applications.partners(req.query.referenceId, await userOf(req), req.lang)
    },
  )
  app.get(
    `${PAYMENT_ORDER}/return`,
    { schema: { hide: true, querystring: PaymentPartnersQuery } },
    async (req, reply) => reply.redirect(await applications.returned(req.query.referenceId, req.lang), 303),
  )
  app.post(
    LOAN_APPROVED_EVENT_PATH,
    {
      schema: {
        tags,
        security,
        summary: 'The shopper saw the approved loan (once per application)',
        body: LoanApprovedEvent,
        response: { 200: LoanApprovedAccepted, ...errors },
      },
    },
    async (req) => applications.loanApproved(req.body.referenceId, await userOf(req)),
  )

  await signedCallbackRoute(app, {
    path: CALLBACK,
    secret: config.PAYMENT_CALLBACK_SECRET,
    tags,
    summary: "The broker's signed word that an offer was signed at its bank",
    params: z.object({}),
    body: BrokerCallbackBody,
    badSignature: KEYS.badSignature,
    handle: (body) => applications.callback(body),
  })
}
