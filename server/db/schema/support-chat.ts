import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { Lang } from '../../../contract/common'

/*
 * The support chat (README, Support chat). A conversation belongs to a signed-in shopper (`user_id`, the
 * account's id as text, as in `notifications`) or to a guest, known by the SHA-256 of the random token
 * in the guest's HttpOnly cookie. It waits for an operator, is taken by one (`taken_by`, the staff
 * member's id) and is closed. Its messages are numbered in the conversation (`seq`, from `last_seq`,
 * which the insert bumps under the conversation's row lock), so a client that reconnects asks for
 * what came after the last number it saw and misses nothing.
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id'),
    guestTokenHash: text('guest_token_hash'),
    status: text('status').$type<'waiting' | 'taken' | 'closed'>().notNull().default('waiting'),
    takenBy: text('taken_by'),
    /** The operator's login when they took it, as the back office lists it. */
    takenByName: text('taken_by_name'),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    /** The cart the shopper's device holds (a guest's cart id), shown to the operator beside the chat. */
    cartId: uuid('cart_id'),
    cityId: smallint('city_id').notNull().default(1),
    lang: text('lang').$type<Lang>().notNull().default('ru'),
    lastSeq: integer('last_seq').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    check('support_conversations_owner_check', sql`(${t.userId} is null) <> (${t.guestTokenHash} is null)`),
    check('support_conversations_status_check', sql`${t.status} in ('waiting', 'taken', 'closed')`),
    check(
      'support_conversations_taken_check',
      sql`(${t.status} = 'taken') = (${t.takenBy} is not null) or ${t.status} = 'closed'`,
    ),
    // one open conversation per shopper and per guest: a second tab or process finds the first
    uniqueIndex('support_conversations_open_user_idx')
      .on(t.userId)
      .where(sql`${t.status} <> 'closed' and ${t.userId} is not null`),
    uniqueIndex('support_conversations_open_guest_idx')
      .on(t.guestTokenHash)
      .where(sql`${t.status} <> 'closed' and ${t.guestTokenHash} is not null`),
    index('support_conversations_user_idx').on(t.userId, t.createdAt),
    index('support_conversations_guest_idx').on(t.guestTokenHash, t.createdAt),
    index('support_conversations_queue_idx').on(t.status, t.lastMessageAt),
  ],
)

export const supportMessages = pgTable(
  'support_messages',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => supportConversations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    author: text('author').$type<'shopper' | 'operator' | 'system'>().notNull(),
    /** The staff member's id for an operator's message; null for the shopper's and the store's own. */
    authorId: text('author_id'),
    text: text('text').notNull().default(''),
    /** A picture sent with the message: its id at the image service (media's uploads). */
    attachmentId: text('attachment_id'),
    /** The sender's own id for the message: a resend after a lost answer stores nothing twice. */
    clientId: text('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.seq] }),
    check('support_messages_author_check', sql`${t.author} in ('shopper', 'operator', 'system')`),
    check('support_messages_content_check', sql`${t.text} <> '' or ${t.attachmentId} is not null`),
    uniqueIndex('support_messages_client_idx').on(t.conversationId, t.clientId),
  ],
)
