import { sql } from 'drizzle-orm'
import {
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { NotificationKind, NotificationStatus } from '../../../contract/values/notifications'

/*
 * The information centre (spec browsing 3 "Notification", 7.10). `user_id` is the account module's user
 * id as text, as in the account area: rows are only ever read and changed with the owner in the statement.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    /** What happened, as the raising module described it (checked against the kind's schema). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<NotificationStatus>().notNull().default('NEW'),
    /**
     * Set by a raiser whose event may be seen twice (a price watch run again): one notification per
     * shopper and key.
     */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The order they were written in: what "newest first" sorts by. Several are often written in one
     * transaction (a payment and the order's new status), where `created_at` is the same for all.
     */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // The list, newest first, and its paging.
    index('notifications_user_seq_idx').on(t.userId, t.seq.desc()),
    // The bell's count reads only the unread ones.
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'NEW'`),
    uniqueIndex('notifications_user_dedupe_idx')
      .on(t.userId, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
    check('notifications_status_check', sql`${t.status} in ('NEW', 'READ')`),
  ],
)
