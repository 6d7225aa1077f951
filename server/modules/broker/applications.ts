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
import { createProviderGuard, type ProviderGuard } from '../../providers/guard'
import type { BankAnswer, BrokerCallback, LoanBroker } from '../../providers/broker/provider'
import type { ApplicationRow, BrokerRepo } from './repo'
import { LOAN_CANCELLED_NOTES, REASON_TITLES, STATE_TITLES } from './titles'

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
  /** Every call to the broker on a shopper's request goes through it (deadline, JSON 502/504, log). */
  guard?: ProviderGuard
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
  const guard = deps.guard ?? createProviderGuard()

  async function own(referenceId: string, userId: string): Promise<ApplicationRow> {
    const app = await repo.application(referenceId)
    if (!app || app.userId !== userId) throw notFound(KEYS.applicationNotFound)
    return app
  }

  const langOf = (app: ApplicationRow): Lang => (app.lang === 'kk' ? 'kk' : 'ru')
  const failed = async (app: ApplicationRow, lang: Lang) =>
    resultUrl((await repo.order(app.orderId))?.cityId ?? 1, lang, app.orderId, false)

  /**
   * A bank's signature that came after the store stopped the application (the shopper paid another
   * way, applied again, or the order was cancelled): kept on the application, and the loan is
   * cancelled through the broker, never paid out.
   */
  async function lateSignature(app: ApplicationRow, signed: Omit<BrokerCallback, 'eventId'>) {
    await repo.recordLateSignature(app.id, signed)
    if ((await broker.cancelLoan(app.id, 'late_signature')) === 'cancelled')
      await repo.markLoanCancelled(app.id, deps.now())
  }

  /** Takes what the broker says was signed, once, and lets it pay the order; answers where the shopper goes. */
  async function settle(app: ApplicationRow, signed: Omit<BrokerCallback, 'eventId'>, lang: Lang) {
    if (signed.loanAmount !== app.loanAmount) throw conflict(KEYS.callbackRefused)
    const marked = await repo.markSigned(app.id, signed)
    if (!marked) {
      const now = await repo.application(app.id)
      if (now?.status === 'cancelled') {
        await lateSignature(now, signed)
        return failed(app, lang)
      }
      // the same signature taken a moment ago by the callback or the shopper's return
      if (now?.signedOfferId === signed.offerId)
        return resultUrl((await repo.order(app.orderId))?.cityId ?? 1, lang, app.orderId, true)
      throw conflict(KEYS.callbackRefused)
    }
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
    if (paid.outcome === 'not_waiting') {
      // the order stopped waiting for the loan (paid another way, cancelled, its hold ran out) while
      // the bank signed: the loan is cancelled, so the shopper never pays for the order twice
      if (await repo.markCancelled(app.id, 'late_signature', deps.now(), 'signed'))
        await lateSignature({ ...marked, status: 'cancelled' }, signed)
      return failed(app, lang)
    }
    await repo.markPaid(app.id)
    return paid.redirect ?? resultUrl(order?.cityId ?? 1, lang, app.orderId, true)
  }

  /**
   * Stops every open application of an order at the broker, so none of them can pay it any more (the
   * shopper pays another way, applies again, or the order is cancelled). Answers `signed` when a loan
   * signed first pays (or paid) the order: then nothing may replace it.
   */
  async function release(orderId: string, reason: 'abandoned' | 'superseded' | 'order_cancelled') {
    let outcome: 'released' | 'signed' = 'released'
    const payingStill = async (id: string) => {
      const now = await repo.application(id)
      return now?.status === 'signed' || now?.status === 'paid'
    }
    for (const app of await repo.applicationsOf(orderId)) {
      if (app.status === 'signed' || (app.status === 'paid' && !app.loanCancelledAt)) {
        outcome = 'signed'
        continue
      }
      if (app.status !== 'open') continue
      const withdrawn = await broker.withdraw(app.id, reason)
      if (withdrawn === 'signed') {
        // the shopper signed at the bank before the withdrawal reached it: that signature is taken now
        const signed = await broker.signed(app.id)
        if (signed) await settle(app, signed, langOf(app)).catch(() => undefined)
        if (await payingStill(app.id)) outcome = 'signed'
        continue
      }
      if (!(await repo.markCancelled(app.id, reason, deps.now(), 'open')) && (await payingStill(app.id)))
        outcome = 'signed'
    }
    return outcome
  }

  /**
   * An application the broker did not take (it failed, or did not answer in time and may yet take it):
   * withdrawn there in case it arrived, forgotten here, and its signing given back, so the shopper
   * applies again with the same signing. The shopper never learnt its reference, so no bank's offer
   * under it can reach them, and a callback naming it is refused as unknown.
   */
  async function abandon(referenceId: string, verificationId: string, userId: string) {
    const withdrawn = await guard({ provider: 'broker', operation: 'withdraw' }, () =>
      broker.withdraw(referenceId, 'abandoned'),
    ).catch(() => 'unanswered' as const)
    // signed cannot happen to a reference nobody was shown; were it so, the row stays for the loan's paths
    if (withdrawn === 'signed') return
    await repo.forgetApplication(referenceId, verificationId, userId)
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
      if (!(await repo.verificationUsable(verificationId, userId)))
        throw unprocessable(KEYS.verificationInvalid)
      // an earlier application of the order (refused, or given up) is withdrawn: its late answers pay nothing
      if ((await release(order.id, 'superseded')) === 'signed') throw conflict(KEYS.orderNotFinanceable)
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
      try {
        await guard(
          {
            provider: 'broker',
            operation: 'apply',
            // taken after the store gave up on it: withdrawn again, so no bank scores what nobody sees
            onLate: () => broker.withdraw(referenceId, 'abandoned'),
          },
          () =>
            broker.apply({
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
            }),
        )
      } catch (err) {
        await abandon(referenceId, verificationId, userId)
        throw err
      }
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
      } else if (app.status === 'cancelled' && !app.loanCancelledAt) {
        const signed = await broker.signed(referenceId)
        if (signed) await lateSignature(app, signed)
      }
      const [answers, banks, order] = await Promise.all([
        broker.answers(referenceId),
        repo.banks(),
        repo.order(app.orderId),
      ])
      // a stopped application offers nothing, whatever a bank said before or after it stopped
      const list = (answers ?? []).map((a) =>
        app.status === 'cancelled' &&
        (a.state === 'APPROVED' || a.state === 'PREAPPROVED' || a.offers.length > 0)
          ? { ...a, state: 'PARTNER_CANCELLED' as const, reason: 'cancelled' as const, offers: [] }
          : a,
      )
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
      if (app.status === 'cancelled') {
        if (!app.loanCancelledAt) await lateSignature(app, signed)
        return resultUrl(order?.cityId ?? 1, lang, app.orderId, false)
      }
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
      // taken, and answered 200 so the broker stops sending it: the loan is cancelled, never paid out
      if (app.status === 'cancelled') return lateSignature(app, signed)
      if (app.status !== 'open') return
      await settle(app, signed, langOf(app))
    },

    release,

    /**
     * The order that a loan paid is cancelled: the loan is cancelled through the broker (once), and the
     * order's timeline is told so in the language the shopper applied in.
     */
    async cancelLoan(orderId: string, contractNumber: string) {
      const app = (await repo.applicationsOf(orderId)).find((a) => a.contractNumber === contractNumber)
      if (!app) return { cancelled: false, note: null }
      if ((await broker.cancelLoan(app.id, 'order_cancelled')) !== 'cancelled')
        return { cancelled: false, note: null }
      await repo.markLoanCancelled(app.id, deps.now())
      return { cancelled: true, note: LOAN_CANCELLED_NOTES[langOf(app)](contractNumber) }
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
