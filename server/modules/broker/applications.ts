import {
  BROKER_ERROR_KEYS as KEYS,
  FINAL_BROKER_STATES,
  type LoanApprovedAccepted,
  type PaymentPartner,
  type PaymentPartners,
} from '../../../contract/broker'
import type { BrokerApplicationStatus } from '../../../contract/values/broker'
import { INITIAL_PAYMENT_PERCENT, MAX_ORDER_SUM } from '../../../contract/values/checkout'
import { CITIES, pagePrefix, type Lang } from '../../../contract/values/common'
import type { z } from 'zod'
import type { CreateBrokerOrderRequest as CreateSchema } from '../../../contract/broker'
import type { Db } from '../../db/connection'
import { conflict, notFound, unprocessable } from '../../http/errors'
import type { BankAnswer, BrokerCallback, LoanBroker } from '../../providers/broker/provider'
import type { ApplicationRow, BrokerRepo } from './repo'
import { REASON_TITLES, STATE_TITLES } from './titles'

type CreateInput = z.output<typeof CreateSchema>
type Financed = (
  orderId: string,
  loan: { amount: number; contractNumber: string; initialPayment: number },
  lang: Lang,
) => Promise<{ outcome: string; redirect: string | null }>

export interface ApplicationDeps {
  db: Db
  repo: BrokerRepo
  broker: LoanBroker
  financed: Financed
  urls: { return: (referenceId: string) => string; callback: string; logo: (bic: string) => string }
  now: () => Date
  newId: () => string
}

const FINANCED = new Set(['loan/installment', 'loan/installment_initial_payment'])

/** The store's result page for an order, in its city and the shopper's language. */
export function resultUrl(cityId: number, lang: Lang, orderId: string, ok: boolean): string {
  const slug = CITIES.find((c) => c.id === cityId)?.slug ?? 'almaty'
  const prefix = pagePrefix(slug, lang)
  const path = `/checkout/result?status=${ok ? 'success' : 'failure'}&orderId=${orderId}`
  return prefix ? `/${prefix}${path}` : path
}

function statusOf(app: ApplicationRow, answers: BankAnswer[]): BrokerApplicationStatus {
  if (app.status === 'paid') return 'resolved'
  if (answers.some((a) => a.state === 'APPROVED' || a.state === 'PREAPPROVED')) return 'ready'
  if (answers.every((a) => FINAL_BROKER_STATES.includes(a.state))) return 'rejected'
  return 'pending'
}

/** Applications for an order's financing: create-order, the banks' answers, and the signed loan paying it. */
export function createApplications(deps: ApplicationDeps) {
  const { repo, broker } = deps

  async function own(referenceId: string, userId: string): Promise<ApplicationRow> {
    const app = await repo.application(referenceId)
    if (!app || app.userId !== userId) throw notFound(KEYS.applicationNotFound)
    return app
  }

  /** Takes what the broker says was signed, once, and lets it pay the order; answers where the shopper goes. */
  async function settle(app: ApplicationRow, signed: Omit<BrokerCallback, 'eventId'>, lang: Lang) {
    if (signed.loanAmount !== app.loanAmount) throw conflict(KEYS.callbackRefused)
    const marked = await repo.markSigned(app.id, signed)
    if (!marked) throw conflict(KEYS.callbackRefused)
    const order = await repo.order(app.orderId)
    const paid = await deps.financed(
      app.orderId,
      {
        amount: signed.loanAmount,
        contractNumber: signed.contractNumber,
        initialPayment: app.initialPayment,
      },
      lang,
    )
    if (paid.outcome !== 'not_waiting') await repo.markPaid(app.id)
    return paid.redirect ?? resultUrl(order?.cityId ?? 1, lang, app.orderId, paid.outcome !== 'not_waiting')
  }

  return {
    async create(input: CreateInput, userId: string, lang: Lang) {
      if (!input.verificationId) throw unprocessable(KEYS.loadingDataTryLater)
      const order = await repo.order(input.orderId)
      if (!order || order.userId !== userId) throw notFound(KEYS.orderNotFound)
      if (order.total > MAX_ORDER_SUM) throw unprocessable(KEYS.maxOrderSum, { max: MAX_ORDER_SUM })
      if (order.status !== 'PAYMENT_PENDING' || !FINANCED.has(order.paymentMethod ?? ''))
        throw conflict(KEYS.orderNotFinanceable)
      const handbook = new Set((await repo.statementBanks()).map((b) => b.bic))
      // an empty handbook turns statement use off (purchase flow 5): statements are not read
      const statements = handbook.size === 0 ? [] : input.statements
      if (statements.some((s) => !handbook.has(s.bic))) throw unprocessable(KEYS.loadingDataTryLater)
      const initialPayment =
        order.paymentMethod === 'loan/installment_initial_payment'
          ? Math.round((order.total * INITIAL_PAYMENT_PERCENT) / 100)
          : 0
      const referenceId = deps.newId()
      const verificationId = input.verificationId
      await deps.db.transaction(async (tx) => {
        if (!(await repo.useVerification(tx, verificationId, userId, deps.now())))
          throw unprocessable(KEYS.verificationInvalid)
        await repo.insertApplication(tx, {
          id: referenceId,
          orderId: order.id,
          userId,
          verificationId,
          productType: input.productType,
          loanLength: input.loanLength,
          loanAmount: order.total - initialPayment,
          initialPayment,
          lang,
        })
      })
      await broker.apply({
        referenceId,
        amount: order.total - initialPayment,
        productType: input.productType,
        loanLength: input.loanLength,
        applicant: { taxCode: input.customer.taxCode, income: input.customer.income ?? null },
        statementBics: statements.map((s) => s.bic),
        partnerBics: input.paymentPartners,
        returnUrl: deps.urls.return(referenceId),
        callbackUrl: deps.urls.callback,
        lang,
      })
      return { code: '200' as const, referenceId }
    },

    async partners(referenceId: string, userId: string, lang: Lang): Promise<PaymentPartners> {
      let app = await own(referenceId, userId)
      // a signing whose callback is still on its way is taken now, so the page never waits for it
      if (app.status === 'open') {
        const signed = await broker.signed(referenceId)
        if (signed) {
          await settle(app, signed, lang).catch(() => undefined)
          app = await own(referenceId, userId)
        }
      }
      const [answers, banks, order] = await Promise.all([
        broker.answers(referenceId),
        repo.banks(),
        repo.order(app.orderId),
      ])
      const list = answers ?? []
      const partners: PaymentPartner[] = list.map((a) => {
        const bank = banks.find((b) => b.bic === a.bic)
        const priority = bank?.priority ?? 99
        return {
          code: a.bic,
          title: bank?.title ?? a.bic,
          logo: deps.urls.logo(a.bic),
          state: a.state,
          stateTitle: STATE_TITLES[lang][a.state],
          priority,
          redirectUrl: a.offers[0]?.redirectUrl ?? null,
          offers: a.offers.map((o) => ({
            ...o,
            status: a.state,
            stateTitle: STATE_TITLES[lang][a.state],
            priority,
          })),
          reason: a.reason,
          reasonTitle: a.reason ? REASON_TITLES[lang][a.reason] : null,
        }
      })
      return {
        referenceId,
        orderId: app.orderId,
        status: statusOf(app, list),
        productType: app.productType,
        loanLength: app.loanLength,
        loanAmount: app.loanAmount,
        initialPayment: app.initialPayment,
        signedOfferId: app.signedOfferId,
        resultUrl: resultUrl(order?.cityId ?? 1, lang, app.orderId, true),
        partners: partners.sort((a, b) => a.priority - b.priority),
      }
    },

    /** The shopper back from the bank's page: what the broker says is signed pays the order now. */
    async returned(referenceId: string, lang: Lang): Promise<string> {
      const app = await repo.application(referenceId)
      if (!app) throw notFound(KEYS.applicationNotFound)
      const order = await repo.order(app.orderId)
      const signed = await broker.signed(referenceId)
      if (!signed) return resultUrl(order?.cityId ?? 1, lang, app.orderId, false)
      if (app.status !== 'open') return resultUrl(order?.cityId ?? 1, lang, app.orderId, true)
      return settle(app, signed, lang).catch(() => resultUrl(order?.cityId ?? 1, lang, app.orderId, true))
    },

    /** The broker's signed callback (its signature already checked): each event once. */
    async callback(event: BrokerCallback): Promise<void> {
      if (!(await repo.takeEvent(event.eventId, event.referenceId))) throw conflict(KEYS.callbackRefused)
      const app = await repo.application(event.referenceId)
      if (!app) throw notFound(KEYS.applicationNotFound)
      const signed = await broker.signed(event.referenceId)
      if (!signed || signed.offerId !== event.offerId || signed.loanAmount !== event.loanAmount)
        throw conflict(KEYS.callbackRefused)
      if (app.status !== 'open') return
      await settle(app, signed, app.lang === 'kk' ? 'kk' : 'ru')
    },

    async loanApproved(referenceId: string, userId: string): Promise<LoanApprovedAccepted> {
      const app = await own(referenceId, userId)
      if (app.status === 'open' || !app.contractNumber || !app.signedBic) throw conflict(KEYS.loanNotApproved)
      await repo.markApprovedEvent(app.id, deps.now())
      return { accepted: true, orderId: app.orderId, contractNumber: app.contractNumber, bic: app.signedBic }
    },
  }
}
export type Applications = ReturnType<typeof createApplications>
