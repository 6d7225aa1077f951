import type { Channel } from '../../db/channel'
import { Lru } from '../../lib/lru'
import type { AuthUser } from '../../http/auth'
import type { Revocation } from './repo'

/** The database's channel every process hears ended sign-ins on. */
export const REVOCATIONS_CHANNEL = 'auth_revoked'

export interface AccessTokensOptions {
  /** The database's answer: the user behind a live token, and how long the token has left. */
  lookup(token: string): Promise<(AuthUser & { msLeft: number }) | undefined>
  /** Where every process hears of sign-ins ended anywhere. */
  revocations: Channel<Revocation>
  /** How long a checked token is answered from memory at most; a revocation heard ends it at once. */
  ttlMs?: number
  maxEntries?: number
  now?: () => number
}

/**
 * The access-token check of every signed-in request, remembered for a while per process: a shopper's
 * requests come in bursts (the checkout page asks the cart, the delivery, the methods and the
 * calculation, then places the order), and each check was a round trip of its own. Over the checkout
 * bench (README: Checkout) answering it from memory gave 384-444 orders/s against 336-395 without, on
 * the same machine, alternating.
 *
 * A sign-in ended in any process ends here as soon as the revocation is heard (a NOTIFY on PostgreSQL).
 * Nothing is answered from memory while the listening connection is down, everything is forgotten when
 * it is back (what was said meanwhile went to nobody), and a check that was under way when a revocation
 * came is not remembered. What is left is a process that stops between ending a sign-in and telling the
 * others: its tokens live on elsewhere for `ttlMs` at most.
 */
export function createAccessTokens({
  lookup,
  revocations,
  ttlMs = 30_000,
  maxEntries = 10_000,
  now = Date.now,
}: AccessTokensOptions) {
  const known = new Lru<string, AuthUser>({ maxEntries, ttlMs, now })
  // moves on every revocation, so a check that read the database before it is not remembered after it
  let epoch = 0

  const forget = (ended: Revocation) => {
    epoch++
    known.deleteWhere((user) =>
      'session' in ended ? user.signInId === ended.session : user.userId === ended.user,
    )
  }
  const forgetAll = () => {
    epoch++
    known.clear()
  }
  revocations.subscribe(forget)
  revocations.onResync(forgetAll)

  return {
    /** The signed-in user, or null for an unknown, expired or revoked token. */
    async verify(token: string): Promise<AuthUser | null> {
      if (revocations.listening()) {
        const hit = known.get(token)
        if (hit) return hit
      } else known.delete(token)
      const seen = epoch
      const row = await lookup(token)
      if (!row) return null
      const user: AuthUser = { userId: row.userId, phone: row.phone, signInId: row.signInId }
      if (seen === epoch && revocations.listening()) known.set(token, user, row.msLeft)
      return user
    },
    /** Ends the sign-ins here at once and tells every other process. */
    async revoked(ended: Revocation): Promise<void> {
      forget(ended)
      await revocations.publish(ended)
    },
    /** How many tokens are remembered (for tests). */
    size: () => known.size,
  }
}
