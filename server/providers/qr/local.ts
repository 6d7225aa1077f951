import { and, eq, gt, lte } from 'drizzle-orm'
import type { Db } from '../../db/connection'
import { qrSessions, type QrSessionStatus } from '../../db/schema/checkout'
import { createCallbackSender, type CallbackLog } from '../callbacks'
import { localRefund } from '../refunds'
import type { CallbackDelivery } from '../signature'
import type { QrProvider, QrSession } from './provider'

/** The local QR provider's scan pages live under this API base of the same server. */
export const LOCAL_QR_BASE = '/qr-provider/api/v1'
/** A QR payment waits 10 minutes for the phone. */
export const QR_SESSION_TTL_MS = 10 * 60_000

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

type SessionRow = typeof qrSessions.$inferSelect

export interface LocalQrProviderOptions {
  now?: () => Date
  /** Posts a session's signed result to its `callbackUrl`. */
  deliver: CallbackDelivery
  /** The secret the store verifies callbacks with. */
  secret: string
  /** How long after a session's end its callback leaves (300 ms unless given). */
  callbackDelayMs?: number | undefined
  /** The pauses before each of the retries of a failed delivery. */
  retryDelaysMs?: readonly number[] | undefined
  /** Where a callback that could not be delivered is reported (the console unless given). */
  log?: CallbackLog | undefined
  /**
   * What a session's payload (the QR code) starts with: the scan pages' base as a phone reaches it,
   * `/qr-provider/api/v1` unless given (e.g. `https://store.example.kz/qr-provider/api/v1`).
   */
  publicPath?: string | undefined
}

/** The provider the store talks to, plus what its own scan page needs. */
export interface LocalQrProvider extends QrProvider {
  /** The phone pays ("Оплатить"): a pending session becomes paid, once. Null for an unknown id. */
  pay(sessionId: string): Promise<QrSession | null>
}

/**
 * The built-in QR provider: its sessions live in the `qr_sessions` table. A session ends once (paid,
 * cancelled, or expired when read after its 10 minutes) in one UPDATE conditioned on `pending`, and
 * only the request whose UPDATE ended it posts the signed callback.
 */
export function createLocalQrProvider(db: Db, options: LocalQrProviderOptions): LocalQrProvider {
  const now = options.now ?? (() => new Date())
  const publicPath = (options.publicPath ?? LOCAL_QR_BASE).replace(/\/+$/, '')
  const send = createCallbackSender({
    deliver: options.deliver,
    secret: options.secret,
    delayMs: options.callbackDelayMs,
    retryDelaysMs: options.retryDelaysMs,
    log: options.log,
  })

  const toSession = (row: SessionRow): QrSession => ({
    sessionId: row.id,
    payload: `${publicPath}/sessions/${row.id}`,
    status: row.status,
    amount: row.amount,
    expiresAt: row.expiresAt,
  })

  function ended(row: SessionRow) {
    if (row.status === 'pending') return
    send(row.callbackUrl, {
      sessionId: row.id,
      merchantRef: row.merchantRef,
      amount: row.amount,
      status: row.status === 'paid' ? 'approved' : 'declined',
      reason: row.status === 'paid' ? null : row.status,
      mask: null,
    })
  }

  async function read(id: string): Promise<SessionRow | null> {
    if (!UUID.test(id)) return null
    const [row] = await db.select().from(qrSessions).where(eq(qrSessions.id, id))
    return row ?? null
  }

  /** Ends a pending session; the one caller whose UPDATE ended it sends the callback. */
  async function finish(id: string, status: Exclude<QrSessionStatus, 'pending'>, at: Date) {
    const [row] = await db
      .update(qrSessions)
      .set({ status })
      .where(
        and(
          eq(qrSessions.id, id),
          eq(qrSessions.status, 'pending'),
          // Paying or cancelling needs a session still in its time; expiring needs one past it.
          status === 'expired' ? lte(qrSessions.expiresAt, at) : gt(qrSessions.expiresAt, at),
        ),
      )
      .returning()
    if (row) ended(row)
    return row ?? null
  }

  /** A pending session past its time is expired when read, and sends its callback then. */
  async function readSettled(id: string): Promise<SessionRow | null> {
    const row = await read(id)
    if (!row || row.status !== 'pending') return row
    const at = now()
    if (row.expiresAt.getTime() > at.getTime()) return row
    return (await finish(id, 'expired', at)) ?? read(id)
  }

  /** Pays or cancels a session still pending and in its time; the session as it is afterwards. */
  async function end(id: string, status: 'paid' | 'cancelled'): Promise<SessionRow | null> {
    const row = await readSettled(id)
    if (!row || row.status !== 'pending') return row
    // Null when another request ended it first, or its time ran out since the read.
    return (await finish(id, status, now())) ?? readSettled(id)
  }

  return {
    async createPayment(request) {
      if (!Number.isSafeInteger(request.amount) || request.amount <= 0)
        throw new RangeError(`a payment's amount is a positive whole number of tenge, not ${request.amount}`)
      if (!request.callbackUrl) throw new TypeError('a payment needs its callbackUrl')
      const [row] = await db
        .insert(qrSessions)
        .values({
          merchantRef: request.merchantRef,
          amount: request.amount,
          callbackUrl: request.callbackUrl,
          expiresAt: new Date(now().getTime() + QR_SESSION_TTL_MS),
        })
        .returning()
      return toSession(row!)
    },

    async session(id) {
      const row = await readSettled(id)
      return row && toSession(row)
    },

    async cancelPayment(id) {
      await end(id, 'cancelled')
    },

    refundPayment(request) {
      return localRefund(db, 'qr', request, async (tx) => {
        if (!UUID.test(request.sessionId)) return null
        const [row] = await tx
          .select()
          .from(qrSessions)
          .where(eq(qrSessions.id, request.sessionId))
          .for('update')
        if (!row) return null
        return row.status === 'paid' ? { amount: row.amount } : 'not_paid'
      })
    },

    async pay(id) {
      const row = await end(id, 'paid')
      return row && toSession(row)
    },
  }
}
