import { randomBytes } from 'node:crypto'
import { and, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Db } from '../../db/connection'
import { acquirerSessions, type AcquirerSessionStatus } from '../../db/schema/account-area'
import { createCallbackSender, type CallbackLog } from '../callbacks'
import { localRefund } from '../refunds'
import type { CallbackDelivery } from '../signature'
import {
  cardBrand,
  expiryValid,
  luhnValid,
  MAX_3DS_ATTEMPTS,
  maskCard,
  TEST_3DS_CODE,
  TEST_CARDS,
} from './cards'
import type { BindingResult, CardAcquirer, PaymentResult } from './provider'

/** The hosted pages of the local acquirer live under this API base of the same server. */
export const LOCAL_ACQUIRER_BASE = '/acquirer/api/v1'
/** A hosted-page session is good for 15 minutes, like a real acquirer's payment page. */
const SESSION_TTL_MS = 15 * 60_000

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** The statuses of a session still waiting for the shopper. */
const PENDING: AcquirerSessionStatus[] = ['form', 'challenge']

type SessionRow = typeof acquirerSessions.$inferSelect

export interface LocalSession {
  id: string
  kind: 'binding' | 'payment'
  status: AcquirerSessionStatus
  successUrl: string
  failUrl: string
  language: 'ru' | 'kk'
  /** What a payment charges (tenge); null for a binding. */
  amount: number | null
  mask: string | null
  attempts: number
  expired: boolean
}

export type FormOutcome =
  | { kind: 'approved' | 'declined' | 'challenge'; session: LocalSession }
  | { kind: 'invalid'; field: 'pan' | 'expiry' | 'cvc'; session: LocalSession }
  | { kind: 'gone' }

export interface CardForm {
  pan: string
  expiry: string
  cvc: string
}

/** The acquirer the store talks to, plus what its own hosted pages need. */
export interface LocalCardAcquirer extends CardAcquirer {
  session(id: string): Promise<LocalSession | null>
  submitCard(id: string, form: CardForm): Promise<FormOutcome>
  submitChallenge(
    id: string,
    code: string,
  ): Promise<FormOutcome | { kind: 'retry'; session: LocalSession; attemptsLeft: number }>
  cancel(id: string): Promise<FormOutcome>
}

export interface LocalCardAcquirerOptions {
  now?: () => Date
  /**
   * Posts a payment's signed result to its `callbackUrl`. Without it no callback is sent, and the store
   * learns results only by asking (`paymentResult`). Bindings never send one.
   */
  deliver?: CallbackDelivery | undefined
  /** The secret the store verifies callbacks with; required when `deliver` is given. */
  secret?: string | undefined
  /** How long after a payment's result its callback leaves (300 ms unless given). */
  callbackDelayMs?: number | undefined
  /** The pauses before each of the retries of a failed delivery. */
  retryDelaysMs?: readonly number[] | undefined
  /** Where a callback that could not be delivered is reported (the console unless given). */
  log?: CallbackLog | undefined
}

const newToken = () => `tok_${randomBytes(16).toString('hex')}`

function toSession(row: SessionRow, now: Date): LocalSession {
  return {
    id: row.id,
    kind: row.kind === 'payment' ? 'payment' : 'binding',
    status: row.status,
    successUrl: row.successUrl,
    failUrl: row.failUrl,
    language: row.language === 'kk' ? 'kk' : 'ru',
    amount: row.kind === 'payment' ? row.amount : null,
    mask: row.mask,
    attempts: row.attempts,
    expired: row.expiresAt.getTime() <= now.getTime(),
  }
}

/**
 * The built-in acquirer (README: test cards). Its sessions live in the database like the rest of the
 * store's state, so any server process can serve any step of the hosted page.
 *
 * A payment session posts one signed callback when it ends (approved or declined): every step moves a
 * session on in one UPDATE conditioned on the status it expects, and only the request whose UPDATE
 * moved it sends the callback, so a replayed or doubled form post never sends a second one.
 */
export function createLocalCardAcquirer(db: Db, options: LocalCardAcquirerOptions = {}): LocalCardAcquirer {
  const now = options.now ?? (() => new Date())
  const send = createCallbackSender({
    deliver: options.deliver,
    secret: options.secret,
    delayMs: options.callbackDelayMs,
    retryDelaysMs: options.retryDelaysMs,
    log: options.log,
  })

  /** Sends the callback of a payment that has just ended; a binding or a pending session sends none. */
  function ended(row: SessionRow) {
    if (row.kind !== 'payment' || !row.callbackUrl) return
    if (row.status !== 'approved' && row.status !== 'declined') return
    send(row.callbackUrl, {
      sessionId: row.id,
      merchantRef: row.merchantRef,
      amount: row.amount ?? 0,
      status: row.status,
      reason: row.status === 'declined' ? (row.declineReason ?? 'declined') : null,
      mask: row.mask,
    })
  }

  async function read(id: string): Promise<SessionRow | null> {
    if (!UUID.test(id)) return null
    const [row] = await db.select().from(acquirerSessions).where(eq(acquirerSessions.id, id))
    return row ?? null
  }

  /**
   * A payment nobody finished in time is declined (`expired`) when it is next read, and sends its
   * callback then. A binding stays as it is: its page is simply gone.
   */
  async function readSettled(id: string): Promise<SessionRow | null> {
    const row = await read(id)
    if (!row || row.kind !== 'payment' || !PENDING.includes(row.status)) return row
    const at = now()
    if (row.expiresAt.getTime() > at.getTime()) return row
    const [expired] = await db
      .update(acquirerSessions)
      .set({ status: 'declined', declineReason: 'expired' })
      .where(
        and(
          eq(acquirerSessions.id, id),
          inArray(acquirerSessions.status, PENDING),
          lte(acquirerSessions.expiresAt, at),
        ),
      )
      .returning()
    if (expired) {
      ended(expired)
      return expired
    }
    return read(id)
  }

  async function session(id: string): Promise<LocalSession | null> {
    const row = await readSettled(id)
    return row && toSession(row, now())
  }

  /**
   * Moves a session on only from the status the step expects, so a replayed form changes nothing; the
   * one request that moved it sends the payment's callback.
   */
  async function transition(
    id: string,
    from: AcquirerSessionStatus | AcquirerSessionStatus[],
    values: Partial<typeof acquirerSessions.$inferInsert>,
  ): Promise<boolean> {
    const [row] = await db
      .update(acquirerSessions)
      .set(values)
      .where(
        and(
          eq(acquirerSessions.id, id),
          Array.isArray(from) ? inArray(acquirerSessions.status, from) : eq(acquirerSessions.status, from),
        ),
      )
      .returning()
    if (!row) return false
    ended(row)
    return true
  }

  /**
   * The session when it is at the step a form posts to. Otherwise the answer for that form: a session
   * that has moved on (a doubled or replayed post) sends the shopper where it went; an expired or
   * unknown one is gone.
   */
  async function open(
    id: string,
    status: AcquirerSessionStatus,
  ): Promise<{ session: LocalSession } | { answer: FormOutcome }> {
    const s = await session(id)
    if (!s || s.expired) return { answer: { kind: 'gone' } }
    return s.status === status ? { session: s } : { answer: outcomeOf(s) }
  }

  function outcomeOf(s: LocalSession): FormOutcome {
    if (s.status === 'approved' || s.status === 'declined') return { kind: s.status, session: s }
    return { kind: 'challenge', session: s }
  }

  /** Where the session is now, whichever request moved it there. */
  async function outcome(id: string): Promise<FormOutcome> {
    const s = await session(id)
    return s ? outcomeOf(s) : { kind: 'gone' }
  }

  /** Declines a session still waiting for the shopper, at whichever step it is. */
  const cancelPending = (id: string) =>
    transition(id, PENDING, { status: 'declined', declineReason: 'cancelled' })

  return {
    async createBinding(request) {
      const [row] = await db
        .insert(acquirerSessions)
        .values({
          merchantRef: request.merchantRef,
          successUrl: request.successUrl,
          failUrl: request.failUrl,
          language: request.language,
          expiresAt: new Date(now().getTime() + SESSION_TTL_MS),
        })
        .returning({ id: acquirerSessions.id })
      const id = row!.id
      return { sessionId: id, redirectUri: `${LOCAL_ACQUIRER_BASE}/sessions/${id}` }
    },

    async bindingResult(id): Promise<BindingResult> {
      const row = await read(id)
      if (!row || row.kind !== 'binding') return { status: 'declined', reason: 'unknown_session' }
      if (row.status === 'approved' && row.cardToken && row.mask && row.brand && row.expiry)
        return {
          status: 'approved',
          token: row.cardToken,
          mask: row.mask,
          brand: row.brand,
          expiry: row.expiry,
        }
      if (row.status === 'declined') return { status: 'declined', reason: row.declineReason ?? 'declined' }
      return { status: 'pending' }
    },

    async createPayment(request) {
      if (!Number.isSafeInteger(request.amount) || request.amount <= 0)
        throw new RangeError(`a payment's amount is a positive whole number of tenge, not ${request.amount}`)
      if (!request.callbackUrl) throw new TypeError('a payment needs its callbackUrl')
      // A saved card skips the form: the card is known, only 3-D Secure is asked. The mask is the one
      // of the binding that issued the token; an unknown token is declined at once.
      let card: { mask: string | null; brand: string | null; expiry: string | null } | undefined
      if (request.cardToken !== undefined) {
        ;[card] = await db
          .select({
            mask: acquirerSessions.mask,
            brand: acquirerSessions.brand,
            expiry: acquirerSessions.expiry,
          })
          .from(acquirerSessions)
          .where(
            and(
              eq(acquirerSessions.cardToken, request.cardToken),
              eq(acquirerSessions.kind, 'binding'),
              eq(acquirerSessions.status, 'approved'),
            ),
          )
          .limit(1)
      }
      const start: Partial<typeof acquirerSessions.$inferInsert> =
        request.cardToken === undefined
          ? {}
          : card
            ? { status: 'challenge', ...card }
            : { status: 'declined', declineReason: 'unknown_card' }
      const [row] = await db
        .insert(acquirerSessions)
        .values({
          kind: 'payment',
          merchantRef: request.merchantRef,
          amount: request.amount,
          callbackUrl: request.callbackUrl,
          successUrl: request.successUrl,
          failUrl: request.failUrl,
          language: request.language,
          expiresAt: new Date(now().getTime() + SESSION_TTL_MS),
          ...start,
        })
        .returning()
      // Declined at once (unknown card): that insert is the session's one end.
      ended(row!)
      return { sessionId: row!.id, redirectUri: `${LOCAL_ACQUIRER_BASE}/sessions/${row!.id}` }
    },

    async paymentResult(id): Promise<PaymentResult> {
      const row = await readSettled(id)
      if (!row || row.kind !== 'payment') return { status: 'declined', reason: 'unknown_session' }
      if (row.status === 'approved')
        return { status: 'approved', amount: row.amount ?? 0, mask: row.mask ?? '' }
      if (row.status === 'declined') return { status: 'declined', reason: row.declineReason ?? 'declined' }
      return { status: 'pending' }
    },

    async cancelPayment(id) {
      // A payment past its time is declined (`expired`) by this read, not cancelled.
      const row = await readSettled(id)
      if (row?.kind === 'payment' && PENDING.includes(row.status)) await cancelPending(id)
    },

    refundPayment(request) {
      return localRefund(db, 'card', request, async (tx) => {
        if (!UUID.test(request.sessionId)) return null
        const [row] = await tx
          .select()
          .from(acquirerSessions)
          .where(eq(acquirerSessions.id, request.sessionId))
          .for('update')
        if (!row || row.kind !== 'payment') return null
        return row.status === 'approved' ? { amount: row.amount ?? 0 } : 'not_paid'
      })
    },

    session,

    async submitCard(id, form) {
      const step = await open(id, 'form')
      if ('answer' in step) return step.answer
      const s = step.session
      const pan = form.pan.replace(/[\s-]/g, '')
      if (!luhnValid(pan)) return { kind: 'invalid', field: 'pan', session: s }
      if (!expiryValid(form.expiry.trim(), now())) return { kind: 'invalid', field: 'expiry', session: s }
      if (!/^\d{3,4}$/.test(form.cvc.trim())) return { kind: 'invalid', field: 'cvc', session: s }
      const card = { mask: maskCard(pan), brand: cardBrand(pan), expiry: form.expiry.trim() }
      // A payment charges the card; only a binding issues a token to charge it again later.
      const token = () => (s.kind === 'binding' ? { cardToken: newToken() } : {})
      const declined = TEST_CARDS.declined[pan]
      if (declined) await transition(id, 'form', { status: 'declined', declineReason: declined, ...card })
      else if ((TEST_CARDS.challenge as readonly string[]).includes(pan))
        await transition(id, 'form', { status: 'challenge', ...card })
      else await transition(id, 'form', { status: 'approved', ...token(), ...card })
      return outcome(id)
    },

    async submitChallenge(id, code) {
      const step = await open(id, 'challenge')
      if ('answer' in step) return step.answer
      const s = step.session
      if (code.trim() === TEST_3DS_CODE) {
        await transition(id, 'challenge', {
          status: 'approved',
          ...(s.kind === 'binding' ? { cardToken: newToken() } : {}),
        })
        return outcome(id)
      }
      const [row] = await db
        .update(acquirerSessions)
        .set({ attempts: sql`${acquirerSessions.attempts} + 1` })
        .where(and(eq(acquirerSessions.id, id), eq(acquirerSessions.status, 'challenge')))
        .returning({ attempts: acquirerSessions.attempts })
      if (!row) return outcome(id)
      if (row.attempts >= MAX_3DS_ATTEMPTS) {
        await transition(id, 'challenge', { status: 'declined', declineReason: '3ds_failed' })
        return outcome(id)
      }
      return { kind: 'retry', session: s, attemptsLeft: MAX_3DS_ATTEMPTS - row.attempts }
    },

    async cancel(id) {
      // A payment past its time has just been declined (`expired`) by this read.
      const s = await session(id)
      if (!s) return { kind: 'gone' }
      if (PENDING.includes(s.status)) {
        await cancelPending(id)
        return outcome(id)
      }
      return s.expired ? { kind: 'gone' } : outcomeOf(s)
    },
  }
}
