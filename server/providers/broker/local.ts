import { randomUUID } from 'node:crypto'
import { and, eq, isNotNull, isNull } from 'drizzle-orm'
import type { Db } from '../../db/connection'
import { localBrokerApplications } from '../../db/schema/broker'
import { createCallbackSender, type CallbackLog } from '../callbacks'
import type { CallbackDelivery } from '../signature'
import type {
  BankAnswer,
  BankTerms,
  BrokerCallback,
  LoanApplication,
  LoanBroker,
  LoanCancelReason,
  OfferTerms,
} from './provider'
import { scoreBank } from './scoring'

/** Where the local broker's bank pages live. */
export const LOCAL_BROKER_BASE = '/broker/api/v1'

export interface LocalBrokerOptions {
  /** The participants and their terms, read when an application is scored. */
  banks: () => Promise<BankTerms[]>
  deliver?: CallbackDelivery
  secret?: string
  log?: CallbackLog
  callbackDelayMs?: number
  /** How many times faster than real banks they score (tests and journeys hurry them). */
  speed?: number
  now?: () => Date
}

type Stored = typeof localBrokerApplications.$inferSelect

export interface SignOutcome {
  kind: 'signed' | 'not_signable' | 'unknown'
  returnUrl: string | null
}

/**
 * The local loan broker: applications are rows, and each bank's answer is worked out from the time the
 * application has waited (banks score on their own timers, see `scoreBank`), so any server process
 * answers the same. Signing an offer on its bank page is taken once, atomically, and posted to the
 * store as a signed callback.
 */
export function createLocalLoanBroker(db: Db, options: LocalBrokerOptions) {
  const now = options.now ?? (() => new Date())
  const speed = options.speed ?? 1
  const send = createCallbackSender<BrokerCallback>({
    deliver: options.deliver,
    secret: options.secret,
    delayMs: options.callbackDelayMs,
    log: options.log,
  })
  const pageOf = (referenceId: string) => (offerId: string) =>
    `${LOCAL_BROKER_BASE}/applications/${referenceId}/offers/${offerId}`

  const applicationOf = (row: Stored): LoanApplication => ({
    referenceId: row.referenceId,
    amount: row.amount,
    productType: row.productType,
    loanLength: row.loanLength,
    applicant: row.applicant,
    statementBics: row.statementBics,
    partnerBics: row.partnerBics,
    returnUrl: row.returnUrl,
    callbackUrl: row.callbackUrl,
    lang: row.lang === 'kk' ? 'kk' : 'ru',
  })

  async function load(referenceId: string): Promise<Stored | null> {
    const [row] = await db
      .select()
      .from(localBrokerApplications)
      .where(eq(localBrokerApplications.referenceId, referenceId))
    return row ?? null
  }

  async function score(row: Stored): Promise<BankAnswer[]> {
    const at = now()
    const elapsed = ((at.getTime() - row.createdAt.getTime()) / 1000) * speed
    const application = applicationOf(row)
    const asked = (await options.banks()).filter(
      (b) => row.partnerBics.length === 0 || row.partnerBics.includes(b.bic),
    )
    const stopped = row.withdrawnAt !== null || row.loanCancelledAt !== null
    return asked.map((bank) => {
      const answer = scoreBank(bank, application, elapsed, at, pageOf(row.referenceId))
      // once one offer is signed, the other banks' offers are withdrawn; a withdrawn application, or
      // one whose loan was cancelled, has no bank still scoring or offering (the signed offer stays
      // what it was: the broker still says what was signed)
      const otherThanSigned =
        row.signedOfferId && answer.offers.length > 0 && answer.offers[0]!.id !== row.signedOfferId
      const given =
        answer.state === 'REJECTED' ||
        answer.state === 'PARTNER_CANCELLED' ||
        (row.signedOfferId !== null && answer.offers[0]?.id === row.signedOfferId)
      if (otherThanSigned || (stopped && !given))
        return { ...answer, state: 'PARTNER_CANCELLED' as const, reason: 'cancelled' as const, offers: [] }
      return answer
    })
  }

  async function offerOf(referenceId: string, offerId: string) {
    const row = await load(referenceId)
    if (!row) return null
    const answers = await score(row)
    const answer = answers.find((a) => a.offers.some((o) => o.id === offerId))
    const offer = answer?.offers.find((o) => o.id === offerId)
    const bank = answer ? (await options.banks()).find((b) => b.bic === answer.bic) : undefined
    return { row, answer: answer ?? null, offer: offer ?? null, bankTitle: bank?.title ?? null }
  }

  const callbackOf = (row: Stored, offer: OfferTerms, bic: string, signedAt: Date) => ({
    referenceId: row.referenceId,
    offerId: offer.id,
    contractNumber: offer.contractNumber,
    bic,
    loanAmount: offer.loanAmount,
    status: 'SIGNED' as const,
    signedAt: signedAt.toISOString(),
  })

  const broker = {
    async apply(application: LoanApplication): Promise<void> {
      await db.insert(localBrokerApplications).values({
        referenceId: application.referenceId,
        amount: application.amount,
        productType: application.productType,
        loanLength: application.loanLength,
        applicant: application.applicant,
        statementBics: application.statementBics,
        partnerBics: application.partnerBics,
        returnUrl: application.returnUrl,
        callbackUrl: application.callbackUrl,
        lang: application.lang,
        createdAt: now(),
      })
    },

    async answers(referenceId: string): Promise<BankAnswer[] | null> {
      const row = await load(referenceId)
      return row ? score(row) : null
    },

    async signed(referenceId: string) {
      const row = await load(referenceId)
      if (!row?.signedOfferId || !row.signedAt) return null
      const found = await offerOf(referenceId, row.signedOfferId)
      if (!found?.offer || !found.answer) return null
      return callbackOf(row, found.offer, found.answer.bic, row.signedAt)
    },

    /** The bank page's view of an offer: its terms and whether it can still be signed. */
    offerPage: offerOf,

    /**
     * The shopper signs an approved offer on its bank's page: taken once per application (a second
     * offer, or the same one again, signs nothing), then the broker's signed callback leaves.
     */
    async sign(referenceId: string, offerId: string): Promise<SignOutcome> {
      const found = await offerOf(referenceId, offerId)
      if (!found) return { kind: 'unknown', returnUrl: null }
      const { row, answer, offer } = found
      const signable = answer && offer && (answer.state === 'APPROVED' || answer.state === 'PREAPPROVED')
      if (!signable) return { kind: 'not_signable', returnUrl: row.returnUrl }
      const signedAt = now()
      const taken = await db
        .update(localBrokerApplications)
        .set({ signedOfferId: offerId, signedAt })
        .where(
          and(
            eq(localBrokerApplications.referenceId, referenceId),
            isNull(localBrokerApplications.signedOfferId),
            isNull(localBrokerApplications.withdrawnAt),
          ),
        )
        .returning({ id: localBrokerApplications.referenceId })
      if (taken.length === 0) return { kind: 'not_signable', returnUrl: row.returnUrl }
      send(row.callbackUrl, { eventId: randomUUID(), ...callbackOf(row, offer, answer.bic, signedAt) })
      return { kind: 'signed', returnUrl: row.returnUrl }
    },

    async withdraw(referenceId: string, reason: LoanCancelReason) {
      const taken = await db
        .update(localBrokerApplications)
        .set({ withdrawnAt: now(), cancelReason: reason })
        .where(
          and(
            eq(localBrokerApplications.referenceId, referenceId),
            isNull(localBrokerApplications.signedOfferId),
            isNull(localBrokerApplications.withdrawnAt),
          ),
        )
        .returning({ id: localBrokerApplications.referenceId })
      if (taken.length > 0) return 'withdrawn' as const
      const row = await load(referenceId)
      if (!row) return 'unknown' as const
      return row.signedOfferId ? ('signed' as const) : ('withdrawn' as const)
    },

    async cancelLoan(referenceId: string, reason: LoanCancelReason) {
      const taken = await db
        .update(localBrokerApplications)
        .set({ loanCancelledAt: now(), cancelReason: reason })
        .where(
          and(
            eq(localBrokerApplications.referenceId, referenceId),
            isNotNull(localBrokerApplications.signedOfferId),
            isNull(localBrokerApplications.loanCancelledAt),
          ),
        )
        .returning({ id: localBrokerApplications.referenceId })
      if (taken.length > 0) return 'cancelled' as const
      const row = await load(referenceId)
      if (!row) return 'unknown' as const
      return row.loanCancelledAt ? ('cancelled' as const) : ('not_signed' as const)
    },
  }
  return broker satisfies LoanBroker
}
export type LocalLoanBroker = ReturnType<typeof createLocalLoanBroker>
