import type { Lang } from '../../../contract/common'
import type {
  Notification,
  NotificationDeleted,
  NotificationKind,
  NotificationList,
  NotificationPayload,
  UnreadCount,
} from '../../../contract/notifications'
import type { Db } from '../../db/connection'
import { notFound } from '../../http/errors'
import { checkedPayload, readPayload } from './payloads'
import type { NotificationRow, NotificationsRepo } from './repo'
import { describe } from './texts'

export interface NotifyOptions {
  /** The raiser's transaction: the notification is written with the change it tells of, or not at all. */
  tx?: Db
  /** An event the raiser may see again (a price watch run twice) notifies once per shopper and key. */
  dedupeKey?: string
}

/**
 * What other modules call to tell a shopper something (the public face's `notify`). Answers the new
 * notification's id, or null when the dedupe key had already notified.
 */
export type Notify = <K extends NotificationKind>(
  userId: string,
  kind: K,
  payload: NotificationPayload<K>,
  options?: NotifyOptions,
) => Promise<string | null>

function present(row: NotificationRow, lang: Lang): Notification | null {
  const payload = readPayload(row.kind, row.payload)
  if (!payload) return null
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    ...describe(row.kind, payload, lang),
    payload,
    created_at: row.createdAt.toISOString(),
  } as Notification
}

export function createNotificationsService(
  db: Db,
  repo: NotificationsRepo,
  now: () => Date = () => new Date(),
) {
  const notify: Notify = async (userId, kind, payload, options = {}) =>
    repo.insert(options.tx ?? db, {
      userId,
      kind,
      payload: checkedPayload(kind, payload),
      dedupeKey: options.dedupeKey ?? null,
    })

  return {
    notify,

    async list(userId: string, page: number, limit: number, lang: Lang): Promise<NotificationList> {
      const found = await repo.page(userId, page, limit)
      return {
        notes: found.rows.flatMap((row) => present(row, lang) ?? []),
        total: found.total,
        unread: found.unread,
        page,
        limit,
      }
    },

    async unread(userId: string): Promise<UnreadCount> {
      return { unread: await repo.unread(userId) }
    },

    async markRead(userId: string, ids: string[]): Promise<UnreadCount> {
      const unread = await repo.markRead(userId, ids, now())
      if (unread === null) throw notFound()
      return { unread }
    },

    async remove(userId: string, id: string): Promise<NotificationDeleted> {
      const unread = await repo.remove(userId, id)
      if (unread === null) throw notFound()
      return { deleted: true, unread }
    },
  }
}
export type NotificationsService = ReturnType<typeof createNotificationsService>
