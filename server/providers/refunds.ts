import { sql } from 'drizzle-orm'
import type { Db } from '../db/connection'
import { rows } from '../db/rows'

/** The store asks a provider to pay back (part of) a payment it took. */
export interface RefundRequest {
  /** The provider's own id of the paid session. */
  sessionId: string
  amount: number
  /** The store's reference of this refund: asking again with it pays back nothing more. */
  merchantRef: string
}

export type RefundResult =
  | { status: 'refunded'; refundId: string; amount: number }
  | { status: 'declined'; reason: 'not_paid' | 'amount_exceeds_payment' | 'unknown_session' }

/**
 * The local providers' refund, kept in `provider_refunds`: one row per store reference (a repeat answers
 * the first refund), never more in all than the session took. The session's row is locked while the
 * refunds are counted, so two references racing for the last tenge cannot both have it.
 */
export async function localRefund(
  db: Db,
  provider: 'card' | 'qr',
  request: RefundRequest,
  paidSession: (tx: Db) => Promise<{ amount: number } | 'not_paid' | null>,
): Promise<RefundResult> {
  if (!Number.isSafeInteger(request.amount) || request.amount <= 0)
    throw new RangeError(`a refund is a positive whole number of tenge, not ${request.amount}`)
  return db.transaction(async (tx) => {
    const paid = await paidSession(tx)
    if (paid === null) return { status: 'declined', reason: 'unknown_session' } as const
    if (paid === 'not_paid') return { status: 'declined', reason: 'not_paid' } as const
    const [before] = await rows<{ id: string; amount: number }>(
      tx,
      sql`select id, amount from provider_refunds where provider = ${provider} and merchant_ref = ${request.merchantRef}`,
    )
    if (before) return { status: 'refunded', refundId: before.id, amount: before.amount } as const
    const [sum] = await rows<{ refunded: number }>(
      tx,
      sql`select coalesce(sum(amount), 0)::int as refunded from provider_refunds
          where provider = ${provider} and session_id = ${request.sessionId}`,
    )
    if ((sum?.refunded ?? 0) + request.amount > paid.amount)
      return { status: 'declined', reason: 'amount_exceeds_payment' } as const
    const [made] = await rows<{ id: string }>(
      tx,
      sql`insert into provider_refunds (provider, session_id, merchant_ref, amount)
          values (${provider}, ${request.sessionId}, ${request.merchantRef}, ${request.amount}) returning id`,
    )
    return { status: 'refunded', refundId: made!.id, amount: request.amount } as const
  })
}
