import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import type { NotificationKind } from '../../../contract/values/notifications'
import type { Db } from '../../db/connection'
import { notifications } from '../../db/schema/notifications'

export type NotificationRow = typeof notifications.$inferSelect

export interface NewNotification {
  userId: string
  kind: NotificationKind
  payload: Record<string, unknown>
  dedupeKey: string | null
}

/** Every statement that reads or changes a shopper's notifications names the owner. */
export function createNotificationsRepo(db: Db) {
  const mine = (userId: string) => eq(notifications.userId, userId)
  const unreadOf = (userId: string) => and(mine(userId), eq(notifications.status, 'NEW'))

  async function unread(exec: Db, userId: string): Promise<number> {
    const [row] = await exec.select({ n: count() }).from(notifications).where(unreadOf(userId))
    return row?.n ?? 0
  }

  return {
    /**
     * Writes one notification, in the raiser's transaction when it gives one (so it exists exactly when
     * the change it tells of does). With a dedupe key an event seen again writes nothing: null.
     */
    async insert(exec: Db, row: NewNotification): Promise<string | null> {
      const [inserted] = await exec
        .insert(notifications)
        .values(row)
        .onConflictDoNothing({
          target: [notifications.userId, notifications.dedupeKey],
          where: sql`${notifications.dedupeKey} is not null`,
        })
        .returning({ id: notifications.id })
      return inserted?.id ?? null
    },

    async page(
      userId: string,
      page: number,
      limit: number,
    ): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
      const [rows, [counts]] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(mine(userId))
          .orderBy(desc(notifications.seq))
          .limit(limit)
          .offset((page - 1) * limit),
        db
          .select({
            total: count(),
            unread: sql<number>`count(*) filter (where ${notifications.status} = 'NEW')`.mapWith(Number),
          })
          .from(notifications)
          .where(mine(userId)),
      ])
      return { rows, total: counts?.total ?? 0, unread: counts?.unread ?? 0 }
    },

    unread: (userId: string) => unread(db, userId),

    /**
     * Marks the given notifications read, all or none: an id that is not the shopper's (or no longer
     * exists) undoes the statement. Answers the unread count after it, or null when nothing changed.
     */
    markRead(userId: string, ids: string[], at: Date): Promise<number | null> {
      const wanted = [...new Set(ids)]
      return db
        .transaction(async (tx) => {
          const touched = await tx
            .update(notifications)
            .set({
              status: 'READ',
              readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)`,
            })
            .where(and(mine(userId), inArray(notifications.id, wanted)))
            .returning({ id: notifications.id })
          if (touched.length !== wanted.length) throw new NotAllMine()
          return unread(tx, userId)
        })
        .catch((error: unknown) => {
          if (error instanceof NotAllMine) return null
          throw error
        })
    },

    /** Deletes one of the shopper's notifications; null when it is not theirs. */
    async remove(userId: string, id: string): Promise<number | null> {
      return db.transaction(async (tx) => {
        const gone = await tx
          .delete(notifications)
          .where(and(mine(userId), eq(notifications.id, id)))
          .returning({ id: notifications.id })
        return gone.length === 0 ? null : unread(tx, userId)
      })
    },
  }
}
export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>

/** Rolls a mark-read back when some id was not the shopper's. */
class NotAllMine extends Error {}
