import { and, count, eq, gt, lt, min, sql } from 'drizzle-orm'
import type { Db } from '../../db/connection'
import { rateLimitHits } from '../../db/schema/account'

export interface Limit {
  /** Names the limit: 'sms-phone', 'signin-fail-ip'... */
  bucket: string
  max: number
  windowSeconds: number
}

/**
 * Sliding-window limits kept in the database, so every server process counts the same hits. Two
 * processes racing over the last free slot may both be refused, never both let through.
 */
export function createRateLimiter(db: Db) {
  async function usage(limit: Limit, key: string): Promise<{ hits: number; oldest: Date | null }> {
    const [row] = await db
      .select({ hits: count(), oldest: min(rateLimitHits.at) })
      .from(rateLimitHits)
      .where(
        and(
          eq(rateLimitHits.bucket, limit.bucket),
          eq(rateLimitHits.key, key),
          gt(rateLimitHits.at, sql`now() - make_interval(secs => ${limit.windowSeconds})`),
        ),
      )
    return { hits: row?.hits ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null }
  }

  /** Seconds until the oldest hit leaves the window: how long the caller must wait. */
  const penaltyFrom = (limit: Limit, oldest: Date | null) =>
    oldest ? Math.max(1, Math.ceil((oldest.getTime() + limit.windowSeconds * 1000 - Date.now()) / 1000)) : 1

  return {
    /** The penalty in seconds when the limit is used up, 0 when there is room; records nothing. */
    async blocked(limit: Limit, key: string): Promise<number> {
      const { hits, oldest } = await usage(limit, key)
      return hits >= limit.max ? penaltyFrom(limit, oldest) : 0
    },

    /** Records a hit; when it went over the limit, takes it back and answers the penalty. */
    async take(limit: Limit, key: string): Promise<number> {
      const [hit] = await db
        .insert(rateLimitHits)
        .values({ bucket: limit.bucket, key })
        .returning({ id: rateLimitHits.id })
      const { hits, oldest } = await usage(limit, key)
      if (hits <= limit.max) return 0
      if (hit) await db.delete(rateLimitHits).where(eq(rateLimitHits.id, hit.id))
      return penaltyFrom(limit, oldest)
    },

    async record(limit: Limit, key: string): Promise<void> {
      await db.insert(rateLimitHits).values({ bucket: limit.bucket, key })
    },

    async clear(limit: Limit, key: string): Promise<void> {
      await db
        .delete(rateLimitHits)
        .where(and(eq(rateLimitHits.bucket, limit.bucket), eq(rateLimitHits.key, key)))
    },

    /** Drops hits older than any window (a day), so the table stays small. */
    async prune(): Promise<void> {
      await db.delete(rateLimitHits).where(lt(rateLimitHits.at, sql`now() - interval '1 day'`))
    },
  }
}

export type RateLimiter = ReturnType<typeof createRateLimiter>
