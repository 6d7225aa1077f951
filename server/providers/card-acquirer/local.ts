import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/connection'
import { acquirerSessions, type AcquirerSessionStatus } from '../../db/schema/account-area'
import {
  cardBrand,
  expiryValid,
  luhnValid,
  MAX_3DS_ATTEMPTS,
  maskCard,
  TEST_3DS_CODE,
  TEST_CARDS,
} from './cards'
import type { BindingResult, CardAcquirer } from './provider'

/** The hosted pages of the local acquirer live under this API base of the same server. */
export const LOCAL_ACQUIRER_BASE = '/acquirer/api/v1'
/** A hosted-page session is good for 15 minutes, like a real acquirer's payment page. */
const SESSION_TTL_MS = 15 * 60_000

export interface LocalSession {
  id: string
  status: AcquirerSessionStatus
  successUrl: string
  failUrl: string
  language: 'ru' | 'kk'
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

const newToken = () => `tok_${randomBytes(16).toString('hex')}`

/**
 * The built-in acquirer (README: test cards). Its sessions live in the database like the rest of the
 * store's state, so any server process can serve any step of the hosted page.
 */
export function createLocalCardAcquirer(db: Db, now: () => Date = () => new Date()): LocalCardAcquirer {
  async function session(id: string): Promise<LocalSession | null> {
    const [row] = await db.select().from(acquirerSessions).where(eq(acquirerSessions.id, id))
    if (!row) return null
    return {
      id: row.id,
      status: row.status,
      successUrl: row.successUrl,
      failUrl: row.failUrl,
      language: row.language === 'kk' ? 'kk' : 'ru',
      mask: row.mask,
      attempts: row.attempts,
      expired: row.expiresAt.getTime() <= now().getTime(),
    }
  }

  /** Moves a session on only from the status the step expects, so a replayed form changes nothing. */
  async function transition(
    id: string,
    from: AcquirerSessionStatus,
    values: Partial<typeof acquirerSessions.$inferInsert>,
  ): Promise<boolean> {
    const updated = await db
      .update(acquirerSessions)
      .set(values)
      .where(and(eq(acquirerSessions.id, id), eq(acquirerSessions.status, from)))
      .returning({ id: acquirerSessions.id })
    return updated.length === 1
  }

  async function open(id: string, status: AcquirerSessionStatus): Promise<LocalSession | null> {
    const s = await session(id)
    return s && !s.expired && s.status === status ? s : null
  }

  async function outcome(id: string, kind: 'approved' | 'declined' | 'challenge'): Promise<FormOutcome> {
    const s = await session(id)
    return s ? { kind, session: s } : { kind: 'gone' }
  }

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
      const [row] = await db.select().from(acquirerSessions).where(eq(acquirerSessions.id, id))
      if (!row) return { status: 'declined', reason: 'unknown_session' }
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

    session,

    async submitCard(id, form) {
      const s = await open(id, 'form')
      if (!s) return { kind: 'gone' }
      const pan = form.pan.replace(/[\s-]/g, '')
      if (!luhnValid(pan)) return { kind: 'invalid', field: 'pan', session: s }
      if (!expiryValid(form.expiry.trim(), now())) return { kind: 'invalid', field: 'expiry', session: s }
      if (!/^\d{3,4}$/.test(form.cvc.trim())) return { kind: 'invalid', field: 'cvc', session: s }
      const card = { mask: maskCard(pan), brand: cardBrand(pan), expiry: form.expiry.trim() }
      const declined = TEST_CARDS.declined[pan]
      if (declined) {
        await transition(id, 'form', { status: 'declined', declineReason: declined, ...card })
        return outcome(id, 'declined')
      }
      if ((TEST_CARDS.challenge as readonly string[]).includes(pan)) {
        await transition(id, 'form', { status: 'challenge', ...card })
        return outcome(id, 'challenge')
      }
      await transition(id, 'form', { status: 'approved', cardToken: newToken(), ...card })
      return outcome(id, 'approved')
    },

    async submitChallenge(id, code) {
      const s = await open(id, 'challenge')
      if (!s) return { kind: 'gone' }
      if (code.trim() === TEST_3DS_CODE) {
        await transition(id, 'challenge', { status: 'approved', cardToken: newToken() })
        return outcome(id, 'approved')
      }
      const [row] = await db
        .update(acquirerSessions)
        .set({ attempts: sql`${acquirerSessions.attempts} + 1` })
        .where(and(eq(acquirerSessions.id, id), eq(acquirerSessions.status, 'challenge')))
        .returning({ attempts: acquirerSessions.attempts })
      if (row && row.attempts >= MAX_3DS_ATTEMPTS) {
        await transition(id, 'challenge', { status: 'declined', declineReason: '3ds_failed' })
        return outcome(id, 'declined')
      }
      return { kind: 'retry', session: s, attemptsLeft: MAX_3DS_ATTEMPTS - (row?.attempts ?? 0) }
    },

    async cancel(id) {
      const s = await session(id)
      if (!s || (s.status !== 'form' && s.status !== 'challenge')) return { kind: 'gone' }
      await transition(id, s.status, { status: 'declined', declineReason: 'cancelled' })
      return outcome(id, 'declined')
    },
  }
}
