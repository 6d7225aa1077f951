import { and, asc, eq, gt, gte, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/connection'
import { users } from '../../db/schema/account'
import { bonusLevels, bonusTransactions, orders } from '../../db/schema/account-area'

export interface Level {
  code: string
  percent: number
  threshold: number
  isDefault: boolean
}

/** The programme's levels as it starts; marketing changes the table, and a restart keeps their changes. */
export const DEFAULT_LEVELS: Level[] = [
  { code: 'base', percent: 1, threshold: 0, isDefault: true },
  { code: 'silver', percent: 2, threshold: 300_000, isDefault: false },
  { code: 'gold', percent: 3, threshold: 1_000_000, isDefault: false },
  { code: 'platinum', percent: 5, threshold: 3_000_000, isDefault: false },
]

export interface Balance {
  accessible: number
  notAccessible: number
  nearestEnd: Date | null
  nearestSum: number
}

export function createBonusRepo(db: Db) {
  return {
    async ensureLevels(): Promise<void> {
      await db.insert(bonusLevels).values(DEFAULT_LEVELS).onConflictDoNothing()
    },

    levels(): Promise<Level[]> {
      return db.select().from(bonusLevels).orderBy(asc(bonusLevels.threshold))
    },

    /** Completed purchases since `since`, and the date of the latest one. */
    async purchases(userId: string, since: Date): Promise<{ sum: number; last: Date | null }> {
      const [row] = await db
        .select({
          sum: sql<number>`coalesce(sum(${orders.total}), 0)::int`,
          last: sql<string | null>`max(${orders.createdAt})`,
        })
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.status, 'COMPLETED'), gte(orders.createdAt, since)))
      return { sum: row?.sum ?? 0, last: row?.last ? new Date(row.last) : null }
    },

    async balance(userId: string, now: Date): Promise<Balance> {
      const live = or(isNull(bonusTransactions.expiresAt), gt(bonusTransactions.expiresAt, now))
      const [row] = await db
        .select({
          accessible: sql<number>`coalesce(sum(${bonusTransactions.amount}) filter (where ${bonusTransactions.availableFrom} <= ${now}), 0)::int`,
          notAccessible: sql<number>`coalesce(sum(${bonusTransactions.amount}) filter (where ${bonusTransactions.availableFrom} > ${now}), 0)::int`,
        })
        .from(bonusTransactions)
        .where(and(eq(bonusTransactions.userId, userId), live))
      const [nearest] = await db
        .select({ end: bonusTransactions.expiresAt, sum: sql<number>`sum(${bonusTransactions.amount})::int` })
        .from(bonusTransactions)
        .where(
          and(
            eq(bonusTransactions.userId, userId),
            gt(bonusTransactions.amount, 0),
            gt(bonusTransactions.expiresAt, now),
          ),
        )
        .groupBy(bonusTransactions.expiresAt)
        .orderBy(asc(bonusTransactions.expiresAt))
        .limit(1)
      return {
        accessible: Math.max(0, row?.accessible ?? 0),
        notAccessible: Math.max(0, row?.notAccessible ?? 0),
        nearestEnd: nearest?.end ?? null,
        nearestSum: nearest?.sum ?? 0,
      }
    },

    async accrue(
      userId: string,
      amount: number,
      availableFrom: Date,
      expiresAt: Date | null,
      orderId?: string,
    ) {
      await db.insert(bonusTransactions).values({ userId, amount, availableFrom, expiresAt, orderId })
    },

    /** The account of a phone (7XXXXXXXXXX): operators name shoppers by the phone they sign in with. */
    async userIdByPhone(phone: string): Promise<string | null> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone))
      return row?.id ?? null
    },

    /** An operator's credit: spendable from `at`, never expiring, tied to no order (a refund leaves it). */
    async credit(userId: string, amount: number, note: string | null, at: Date) {
      await db
        .insert(bonusTransactions)
        .values({ userId, kind: 'manual', amount, availableFrom: at, expiresAt: null, note })
    },
  }
}
export type BonusRepo = ReturnType<typeof createBonusRepo>
