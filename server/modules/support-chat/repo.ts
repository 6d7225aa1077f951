import { sql } from 'drizzle-orm'
import type {
  SupportConversation,
  SupportConversationStatus,
  SupportMessage,
} from '../../../contract/values/support-chat'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'

/** Who writes as the shopper: a signed-in account, or a guest known by the hash of its cookie's token. */
export type ChatIdentity = { kind: 'shopper'; userId: string } | { kind: 'guest'; tokenHash: string }

/** One string per identity, carried by the bus's events so every process finds the shopper's sockets. */
export const ownerKey = (identity: ChatIdentity) =>
  identity.kind === 'shopper' ? `u:${identity.userId}` : `g:${identity.tokenHash}`

interface ConversationRow extends Record<string, unknown> {
  id: string
  user_id: string | null
  guest_token_hash: string | null
  status: SupportConversationStatus
  taken_by: string | null
  taken_by_name: string | null
  cart_id: string | null
  city_id: number
  lang: string
  last_seq: number
  created_at: Date | string
  last_message_at: Date | string
}

interface MessageRow extends Record<string, unknown> {
  seq: number
  author: 'shopper' | 'operator'
  text: string
  attachment_id: string | null
  client_id: string | null
  created_at: Date | string
}

const iso = (value: Date | string) => new Date(value).toISOString()

/** A shopper's name from the profile of `users u`, null when the profile has none. */
const SHOPPER_NAME = sql`nullif(trim(coalesce(u.firstname, '') || ' ' || coalesce(u.lastname, '')), '')`

export interface StoredConversation extends SupportConversation {
  owner: string
  userId: string | null
  takenById: string | null
  cartId: string | null
  cityId: number
}

function conversationOf(row: ConversationRow): StoredConversation {
  return {
    id: row.id,
    status: row.status,
    taken_by: row.taken_by_name,
    last_seq: Number(row.last_seq),
    created_at: iso(row.created_at),
    last_message_at: iso(row.last_message_at),
    owner: row.user_id ? `u:${row.user_id}` : `g:${row.guest_token_hash ?? ''}`,
    userId: row.user_id,
    takenById: row.taken_by,
    cartId: row.cart_id,
    cityId: Number(row.city_id),
  }
}

export const publicConversation = (c: StoredConversation): SupportConversation => ({
  id: c.id,
  status: c.status,
  taken_by: c.taken_by,
  last_seq: c.last_seq,
  created_at: c.created_at,
  last_message_at: c.last_message_at,
})

const messageOf = (row: MessageRow): SupportMessage => ({
  seq: Number(row.seq),
  author: row.author,
  text: row.text,
  attachment_id: row.attachment_id,
  client_id: row.client_id,
  created_at: iso(row.created_at),
})

const ownerWhere = (identity: ChatIdentity) =>
  identity.kind === 'shopper'
    ? sql`user_id = ${identity.userId}`
    : sql`guest_token_hash = ${identity.tokenHash}`

export interface QueueRow extends StoredConversation {
  shopper_phone: string | null
  shopper_name: string | null
  last_text: string
}

export function createSupportRepo(db: Db) {
  return {
    /** The identity's newest conversation, open or not: what its chat window shows. */
    async current(identity: ChatIdentity): Promise<StoredConversation | null> {
      const [row] = await rows<ConversationRow>(
        db,
        sql`select * from support_conversations where ${ownerWhere(identity)}
            order by (status <> 'closed') desc, created_at desc limit 1`,
      )
      return row ? conversationOf(row) : null
    },

    async byId(id: string): Promise<StoredConversation | null> {
      const [row] = await rows<ConversationRow>(db, sql`select * from support_conversations where id = ${id}`)
      return row ? conversationOf(row) : null
    },

    /**
     * The identity's open conversation, opened now when there is none; `opened` says which. Two tabs
     * or processes opening at once meet on the unique index of open conversations and share one.
     */
    async openFor(
      identity: ChatIdentity,
      context: { cartId: string | null; cityId: number; lang: string },
    ): Promise<{ conversation: StoredConversation; opened: boolean }> {
      const user = identity.kind === 'shopper' ? identity.userId : null
      const guest = identity.kind === 'guest' ? identity.tokenHash : null
      for (let attempt = 0; attempt < 3; attempt++) {
        const [inserted] = await rows<ConversationRow>(
          db,
          sql`insert into support_conversations (user_id, guest_token_hash, cart_id, city_id, lang)
              values (${user}, ${guest}, ${context.cartId}, ${context.cityId}, ${context.lang})
              on conflict do nothing returning *`,
        )
        if (inserted) return { conversation: conversationOf(inserted), opened: true }
        const [open] = await rows<ConversationRow>(
          db,
          sql`select * from support_conversations where ${ownerWhere(identity)} and status <> 'closed'`,
        )
        // closed between the two statements: open another
        if (open) return { conversation: conversationOf(open), opened: false }
      }
      throw new Error('support chat: could not open a conversation')
    },

    /** What the device says of itself: its cart and city, for the operator's side panel. */
    async noteDevice(id: string, context: { cartId: string | null; cityId: number }) {
      await db.execute(
        sql`update support_conversations set cart_id = coalesce(${context.cartId}::uuid, cart_id), city_id = ${context.cityId}
            where id = ${id} and status <> 'closed'`,
      )
    },

    /**
     * A guest who signs in brings an open guest conversation along, unless the account has one open
     * already (then the guest's stays where it is).
     */
    async adopt(tokenHash: string, userId: string): Promise<StoredConversation | null> {
      const [row] = await rows<ConversationRow>(
        db,
        sql`update support_conversations set user_id = ${userId}, guest_token_hash = null
            where guest_token_hash = ${tokenHash} and status <> 'closed'
              and not exists (select 1 from support_conversations o where o.user_id = ${userId} and o.status <> 'closed')
            returning *`,
      )
      return row ? conversationOf(row) : null
    },

    /**
     * Stores a message under the conversation's next number, which the update takes under the
     * conversation's row lock (so numbers never repeat, in any number of processes). A resend of a
     * client id already stored answers the stored message and stores nothing (`fresh: false`).
     * Null when the conversation is closed or unknown.
     */
    async append(
      conversationId: string,
      message: {
        author: 'shopper' | 'operator'
        authorId: string | null
        text: string
        attachmentId: string | null
        clientId: string
      },
    ): Promise<{ message: SupportMessage; conversation: StoredConversation; fresh: boolean } | null> {
      return db.transaction(async (tx) => {
        const t = tx as unknown as Db
        // the conversation's row lock orders every writer of it, resends of one client id included
        const [locked] = await rows<ConversationRow>(
          t,
          sql`select * from support_conversations where id = ${conversationId} for update`,
        )
        if (!locked) return null
        const [before] = await rows<MessageRow>(
          t,
          sql`select seq, author, text, attachment_id, client_id, created_at from support_messages
              where conversation_id = ${conversationId} and client_id = ${message.clientId}`,
        )
        if (before) return { message: messageOf(before), conversation: conversationOf(locked), fresh: false }
        if (locked.status === 'closed') return null
        const [conversation] = await rows<ConversationRow>(
          t,
          sql`update support_conversations set last_seq = last_seq + 1, last_message_at = now()
              where id = ${conversationId} returning *`,
        )
        if (!conversation) return null
        const [stored] = await rows<MessageRow>(
          t,
          sql`insert into support_messages (conversation_id, seq, author, author_id, text, attachment_id, client_id)
              values (${conversationId}, ${conversation.last_seq}, ${message.author}, ${message.authorId},
                      ${message.text}, ${message.attachmentId}, ${message.clientId})
              returning seq, author, text, attachment_id, client_id, created_at`,
        )
        if (!stored) throw new Error('support chat: the message was not stored')
        return { message: messageOf(stored), conversation: conversationOf(conversation), fresh: true }
      })
    },

    /** The conversation's messages after `after`, oldest first, at most `limit`. */
    async since(conversationId: string, after: number, limit: number): Promise<SupportMessage[]> {
      const found = await rows<MessageRow>(
        db,
        sql`select seq, author, text, attachment_id, client_id, created_at from support_messages
            where conversation_id = ${conversationId} and seq > ${after}
            order by seq limit ${limit}`,
      )
      return found.map(messageOf)
    },

    /**
     * Takes a waiting conversation for one operator: one conditional update, so of two operators one
     * wins. `within` runs in the same transaction when it did (the audit entry commits with the change).
     */
    async take(
      id: string,
      staff: { id: string; name: string },
      within: (tx: Db) => Promise<void>,
    ): Promise<StoredConversation | null> {
      return db.transaction(async (tx) => {
        const [row] = await rows<ConversationRow>(
          tx as unknown as Db,
          sql`update support_conversations set status = 'taken', taken_by = ${staff.id}, taken_by_name = ${staff.name}, taken_at = now()
              where id = ${id} and status = 'waiting' returning *`,
        )
        if (row) await within(tx as unknown as Db)
        return row ? conversationOf(row) : null
      })
    },

    /** Closes a conversation that is waiting or taken by this operator; `within` as for `take`. */
    async close(
      id: string,
      staffId: string,
      within: (tx: Db) => Promise<void>,
    ): Promise<StoredConversation | null> {
      return db.transaction(async (tx) => {
        const [row] = await rows<ConversationRow>(
          tx as unknown as Db,
          sql`update support_conversations set status = 'closed', closed_at = now()
              where id = ${id} and (status = 'waiting' or (status = 'taken' and taken_by = ${staffId}))
              returning *`,
        )
        if (row) await within(tx as unknown as Db)
        return row ? conversationOf(row) : null
      })
    },

    /** The back office's list: open conversations (waiting first, oldest first) or the newest closed. */
    async queue(status: 'open' | 'closed', limit: number): Promise<QueueRow[]> {
      const found = await rows<
        ConversationRow & {
          shopper_phone: string | null
          shopper_name: string | null
          last_text: string | null
        }
      >(
        db,
        sql`select c.*, u.phone as shopper_phone, ${SHOPPER_NAME} as shopper_name,
                   (select m.text from support_messages m where m.conversation_id = c.id order by m.seq desc limit 1) as last_text
            from support_conversations c left join users u on u.id = c.user_id::uuid
            where ${status === 'open' ? sql`c.status <> 'closed'` : sql`c.status = 'closed'`}
            order by ${
              status === 'open'
                ? sql`(c.status = 'waiting') desc, c.last_message_at asc`
                : sql`c.closed_at desc nulls last`
            }
            limit ${limit}`,
      )
      return found.map((row) => ({
        ...conversationOf(row),
        shopper_phone: row.shopper_phone,
        shopper_name: row.shopper_name,
        last_text: row.last_text ?? '',
      }))
    },

    /** The phone and name the operator sees for a signed-in shopper. */
    async shopper(userId: string): Promise<{ phone: string; name: string } | null> {
      const [row] = await rows<{ phone: string; name: string | null }>(
        db,
        sql`select u.phone, ${SHOPPER_NAME} as name from users u where u.id = ${userId}::uuid`,
      )
      return row ? { phone: row.phone, name: row.name ?? '' } : null
    },

    /** Whether a picture id is one the image service keeps as an upload. */
    async isPicture(id: string): Promise<boolean> {
      const [row] = await rows<{ found: number }>(
        db,
        sql`select 1 as found from uploaded_files where id = ${id} and kind = 'image'`,
      )
      return Boolean(row)
    },
  }
}

export type SupportRepo = ReturnType<typeof createSupportRepo>
