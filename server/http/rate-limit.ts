import { and, count, eq, gt, lt, min, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/connection'
import { rows } from '../db/rows'
import { attemptBackoff, rateLimitHits } from '../db/schema/account'
import { tooManyRequests } from './errors'

export interface Limit {
  /** Names the limit: 'sms-phone', 'signin-fail-ip'... */
  bucket: string
  max: number
  windowSeconds: number
}

/**
 * Attempts that slow down after failures rather than stop: the first `free` attempts go at once, each
 * one after waits `baseSeconds` doubled per further failure, at most `maxSeconds`. A key that goes quiet
 * for `forgetSeconds` starts afresh; a success starts it afresh at once.
 */
export interface Backoff {
  bucket: string
  free: number
  baseSeconds: number
  maxSeconds: number
  forgetSeconds: number
}

/** The wait after `failures` attempts without a success, as an interval, for a count the statement computes. */
function waitAfter(rule: Backoff, failures: SQL): SQL {
  return sql`make_interval(secs => case when (${failures}) < ${rule.free}::int then 0
    else least(${rule.maxSeconds}::float8, ${rule.baseSeconds}::float8 * power(2, least(30, (${failures}) - ${rule.free}::int))) end)`
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
    /** Records a hit; when it went over the limit, takes it back and refuses with 429 and the penalty. */
    async take(limit: Limit, key: string): Promise<void> {
      const [hit] = await db
        .insert(rateLimitHits)
        .values({ bucket: limit.bucket, key })
        .returning({ id: rateLimitHits.id })
      const { hits, oldest } = await usage(limit, key)
      if (hits <= limit.max) return
      if (hit) await db.delete(rateLimitHits).where(eq(rateLimitHits.id, hit.id))
      throw tooManyRequests(penaltyFrom(limit, oldest))
    },

    /**
     * Refuses with 429 while the window already holds `max` hits, adding none: for budgets that only
     * what went wrong spends (`record` after the work), so a caller that gets through costs nothing.
     */
    async check(limit: Limit, key: string): Promise<void> {
      const { hits, oldest } = await usage(limit, key)
      if (hits >= limit.max) throw tooManyRequests(penaltyFrom(limit, oldest))
    },

    /** Adds a hit without refusing: something already done spent the budget `check` guards. */
    async record(limit: Limit, key: string): Promise<void> {
      await db.insert(rateLimitHits).values({ bucket: limit.bucket, key })
    },

    /**
     * Takes an attempt before the work it guards, counting it as a failure until `succeeded` says
     * otherwise: one upsert counts and compares under the key's row lock, so of a burst of concurrent
     * attempts only those the count allows get through, in any number of processes. Refuses with 429 and
     * the seconds to wait when the key must wait.
     */
    async attempt(rule: Backoff, key: string): Promise<void> {
      // clock_timestamp(), not now(): an attempt that waited for the row lock compares against the
      // time it got it, not the earlier start of its statement.
      const at = sql`clock_timestamp()`
      const fresh = sql`a.updated_at < ${at} - make_interval(secs => ${rule.forgetSeconds}::int)`
      const failures = sql`case when ${fresh} then 1 else a.failures + 1 end`
      const taken = await rows<{ failures: number }>(
        db,
        sql`insert into attempt_backoff as a (bucket, key, failures, next_at, updated_at)
            values (${rule.bucket}, ${key}, 1, ${at} + ${waitAfter(rule, sql`1`)}, ${at})
            on conflict (bucket, key) do update set
              failures = ${failures},
              next_at = ${at} + ${waitAfter(rule, failures)},
              updated_at = ${at}
            where ${fresh} or a.next_at <= ${at}
            returning a.failures`,
      )
      if (taken.length > 0) return
      const [row] = await rows<{ wait: number }>(
        db,
        sql`select ceil(extract(epoch from next_at - clock_timestamp()))::int as wait from attempt_backoff
            where bucket = ${rule.bucket} and key = ${key}`,
      )
      throw tooManyRequests(Math.max(1, row?.wait ?? 1))
    },

    /** The attempt was right: the key starts afresh. */
    async succeeded(rule: Backoff, key: string): Promise<void> {
      await db
        .delete(attemptBackoff)
        .where(and(eq(attemptBackoff.bucket, rule.bucket), eq(attemptBackoff.key, key)))
    },

    /**
     * The attempt was right, but the key is shared by others who may be guessing (a client address):
     * only this attempt stops counting as a failure.
     */
    async givenBack(rule: Backoff, key: string): Promise<void> {
      const failures = sql`greatest(0, a.failures - 1)`
      await db.execute(
        sql`update attempt_backoff as a
            set failures = ${failures}, next_at = least(a.next_at, now() + ${waitAfter(rule, failures)})
            where bucket = ${rule.bucket} and key = ${key}`,
      )
    },

    /** Drops hits and quiet attempt records older than any window (a day), so the tables stay small. */
    async prune(): Promise<void> {
      await db.delete(rateLimitHits).where(lt(rateLimitHits.at, sql`now() - interval '1 day'`))
      await db.delete(attemptBackoff).where(lt(attemptBackoff.updatedAt, sql`now() - interval '1 day'`))
    },
  }
}

export type RateLimiter = ReturnType<typeof createRateLimiter>
