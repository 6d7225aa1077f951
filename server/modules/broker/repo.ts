import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm'
import type { BrokerCancelReason } from '../../db/schema/broker'
import type { Db } from '../../db/connection'
import { users } from '../../db/schema/account'
import { orders } from '../../db/schema/account-area'
import {
  agreementSigns,
  agreementSpecifications,
  brokerApplications,
  brokerBankProducts,
  brokerBanks,
  brokerCallbackEvents,
  statementBanks,
} from '../../db/schema/broker'
import type { BankTerms } from '../../providers/broker/provider'

export type BankRow = BankTerms & { logoColor: string; logoText: string }
export type ApplicationRow = typeof brokerApplications.$inferSelect

export function createBrokerRepo(db: Db) {
  return {
    async banks(): Promise<BankRow[]> {
      const [banks, products] = await Promise.all([
        db
          .select()
          .from(brokerBanks)
          .where(eq(brokerBanks.isActive, true))
          .orderBy(asc(brokerBanks.priority)),
        db.select().from(brokerBankProducts).orderBy(asc(brokerBankProducts.id)),
      ])
      return banks.map((b) => ({
        bic: b.bic,
        title: b.title,
        logoColor: b.logoColor,
        logoText: b.logoText,
        needsStatement: b.needsStatement,
        priority: b.priority,
        scoringSeconds: b.scoringSeconds,
        products: products
          .filter((p) => p.bic === b.bic)
          .map((p) => ({
            productType: p.productType,
            schedule: p.schedule,
            loanLengths: p.loanLengths,
            rate: p.rate,
            minAmount: p.minAmount,
            maxAmount: p.maxAmount,
          })),
      }))
    },

    async logo(bic: string) {
      const [bank] = await db
        .select({ color: brokerBanks.logoColor, text: brokerBanks.logoText })
        .from(brokerBanks)
        .where(eq(brokerBanks.bic, bic))
      if (bank) return bank
      const [statement] = await db
        .select({ color: statementBanks.logoColor, text: statementBanks.logoText })
        .from(statementBanks)
        .where(eq(statementBanks.bic, bic))
      return statement ?? null
    },

    statementBanks: () => db.select().from(statementBanks).orderBy(asc(statementBanks.id)),

    async specification(code: string) {
      const [row] = await db
        .select()
        .from(agreementSpecifications)
        .where(eq(agreementSpecifications.code, code))
      return row ?? null
    },

    async phoneOf(userId: string): Promise<string | null> {
      const [row] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId))
      return row?.phone ?? null
    },

    async insertSign(values: typeof agreementSigns.$inferInsert) {
      const [row] = await db.insert(agreementSigns).values(values).returning()
      return row!
    },

    async sign(id: string, userId: string) {
      const [row] = await db
        .select()
        .from(agreementSigns)
        .where(and(eq(agreementSigns.id, id), eq(agreementSigns.userId, userId)))
      return row ?? null
    },

    /** Takes one attempt, atomically: null when none is left (parallel guesses cannot exceed the budget). */
    async takeAttempt(id: string): Promise<number | null> {
      const [row] = await db
        .update(agreementSigns)
        .set({ attemptsLeft: sql`${agreementSigns.attemptsLeft} - 1` })
        .where(
          and(
            eq(agreementSigns.id, id),
            gt(agreementSigns.attemptsLeft, 0),
            isNull(agreementSigns.verifiedAt),
          ),
        )
        .returning({ left: agreementSigns.attemptsLeft })
      return row ? row.left : null
    },

    async markVerified(id: string, at: Date) {
      const [row] = await db
        .update(agreementSigns)
        .set({ verifiedAt: at })
        .where(and(eq(agreementSigns.id, id), isNull(agreementSigns.verifiedAt)))
        .returning()
      return row ?? null
    },

    /** Whether a verified signing of this shopper is there, unused (taken atomically by `useVerification`). */
    async verificationUsable(id: string, userId: string): Promise<boolean> {
      const found = await db
        .select({ id: agreementSigns.id })
        .from(agreementSigns)
        .where(
          and(
            eq(agreementSigns.id, id),
            eq(agreementSigns.userId, userId),
            isNotNull(agreementSigns.verifiedAt),
            isNull(agreementSigns.usedAt),
          ),
        )
      return found.length > 0
    },

    /** A verified signing serves one application: taken atomically. */
    /**
     * An application the broker never took is forgotten and its signing usable again (a signing
     * authorises one application), both or neither; one that moved on from `open` is kept.
     */
    async forgetApplication(id: string, verificationId: string, userId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(brokerApplications)
          .where(and(eq(brokerApplications.id, id), eq(brokerApplications.status, 'open')))
          .returning({ id: brokerApplications.id })
        if (gone.length === 0) return false
        await tx
          .update(agreementSigns)
          .set({ usedAt: null })
          .where(and(eq(agreementSigns.id, verificationId), eq(agreementSigns.userId, userId)))
        return true
      })
    },

    async useVerification(tx: Db, id: string, userId: string, at: Date): Promise<boolean> {
      const rows = await tx
        .update(agreementSigns)
        .set({ usedAt: at })
        .where(
          and(
            eq(agreementSigns.id, id),
            eq(agreementSigns.userId, userId),
            isNotNull(agreementSigns.verifiedAt),
            isNull(agreementSigns.usedAt),
          ),
        )
        .returning({ id: agreementSigns.id })
      return rows.length > 0
    },

    async order(id: string) {
      const [row] = await db
        .select({
          id: orders.id,
          userId: orders.userId,
          cityId: orders.cityId,
          status: orders.status,
          paymentMethod: orders.paymentMethod,
          total: orders.total,
        })
        .from(orders)
        .where(eq(orders.id, id))
      return row ?? null
    },

    async insertApplication(tx: Db, values: typeof brokerApplications.$inferInsert) {
      await tx.insert(brokerApplications).values(values)
    },

    async application(id: string): Promise<ApplicationRow | null> {
      const [row] = await db.select().from(brokerApplications).where(eq(brokerApplications.id, id))
      return row ?? null
    },

    /** An order's applications, oldest first. */
    applicationsOf(orderId: string): Promise<ApplicationRow[]> {
      return db
        .select()
        .from(brokerApplications)
        .where(eq(brokerApplications.orderId, orderId))
        .orderBy(asc(brokerApplications.createdAt), asc(brokerApplications.id))
    },

    /**
     * Records the signed offer of an open application, once: null when it is no longer open (signed
     * already, or stopped by the store), so a signature and a withdrawal never both take it.
     */
    async markSigned(id: string, s: { offerId: string; bic: string; contractNumber: string }) {
      const [row] = await db
        .update(brokerApplications)
        .set({
          status: 'signed',
          signedOfferId: s.offerId,
          signedBic: s.bic,
          contractNumber: s.contractNumber,
        })
        .where(
          and(
            eq(brokerApplications.id, id),
            eq(brokerApplications.status, 'open'),
            isNull(brokerApplications.signedOfferId),
          ),
        )
        .returning()
      return row ?? null
    },

    /** Stops an application that is still in `from`: false when it moved on meanwhile. */
    async markCancelled(id: string, reason: BrokerCancelReason, at: Date, from: 'open' | 'signed') {
      const rows = await db
        .update(brokerApplications)
        .set({ status: 'cancelled', cancelReason: reason, cancelledAt: at })
        .where(and(eq(brokerApplications.id, id), eq(brokerApplications.status, from)))
        .returning({ id: brokerApplications.id })
      return rows.length > 0
    },

    /** A signature that came after the application was stopped: kept, to say which loan was cancelled. */
    async recordLateSignature(id: string, s: { offerId: string; bic: string; contractNumber: string }) {
      await db
        .update(brokerApplications)
        .set({ signedOfferId: s.offerId, signedBic: s.bic, contractNumber: s.contractNumber })
        .where(
          and(
            eq(brokerApplications.id, id),
            eq(brokerApplications.status, 'cancelled'),
            isNull(brokerApplications.signedOfferId),
          ),
        )
    },

    async markLoanCancelled(id: string, at: Date) {
      await db
        .update(brokerApplications)
        .set({ loanCancelledAt: at })
        .where(and(eq(brokerApplications.id, id), isNull(brokerApplications.loanCancelledAt)))
    },

    async markPaid(id: string) {
      await db.update(brokerApplications).set({ status: 'paid' }).where(eq(brokerApplications.id, id))
    },

    /** A callback's event id, taken once: false for a replay. */
    async takeEvent(eventId: string, referenceId: string): Promise<boolean> {
      const rows = await db
        .insert(brokerCallbackEvents)
        .values({ eventId, referenceId })
        .onConflictDoNothing()
        .returning({ id: brokerCallbackEvents.eventId })
      return rows.length > 0
    },

    /** The loan-approved event, once per application. */
    async markApprovedEvent(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(brokerApplications)
        .set({ approvedEventAt: at })
        .where(and(eq(brokerApplications.id, id), isNull(brokerApplications.approvedEventAt)))
        .returning({ id: brokerApplications.id })
      return rows.length > 0
    },
  }
}
export type BrokerRepo = ReturnType<typeof createBrokerRepo>
