import {
  SUPPORT_ERROR_KEYS,
  SUPPORT_LIMITS,
  type SupportMessage,
} from '../../../contract/values/support-chat'
import type { Db } from '../../db/connection'
import { HttpError, notFound, unprocessable } from '../../http/errors'
import type { Limit, RateLimiter } from '../../http/rate-limit'
import type { ChatBus } from './bus'
import {
  ownerKey,
  publicConversation,
  type ChatIdentity,
  type StoredConversation,
  type SupportRepo,
} from './repo'

export const MESSAGE_LIMIT: Limit = {
  bucket: 'support-message',
  max: SUPPORT_LIMITS.messagesPerMinute,
  windowSeconds: 60,
}
/** Per client address too: a guest could otherwise start afresh with a new cookie. */
export const MESSAGE_ADDRESS_LIMIT: Limit = {
  bucket: 'support-message-ip',
  max: SUPPORT_LIMITS.messagesPerMinute * 3,
  windowSeconds: 60,
}
export const PICTURE_LIMIT: Limit = {
  bucket: 'support-picture',
  max: SUPPORT_LIMITS.picturesPerHour,
  windowSeconds: 3600,
}
export const CONVERSATION_ADDRESS_LIMIT: Limit = {
  bucket: 'support-conversation-ip',
  max: SUPPORT_LIMITS.conversationsPerAddressHour,
  windowSeconds: 3600,
}

export interface ShopperContext {
  cartId: string | null
  cityId: number
  lang: string
  /** The client's address, for the limits per address. */
  ip: string
}

export interface Outgoing {
  clientId: string
  text: string
  attachmentId: string | null
}

export interface StaffActor {
  id: string
  login: string
  /** The client's address of the request that acts. */
  ip?: string | null
}

/** What the chat records in the audit log, in the change's own transaction (the audit module's `recordAudit`). */
export type ChatAudit = (
  tx: Db,
  entry: {
    staff: StaffActor
    action: 'support.take' | 'support.close'
    conversationId: string
    ip: string | null
  },
) => Promise<void>

export interface SupportServiceDeps {
  repo: SupportRepo
  bus: ChatBus
  limiter: Pick<RateLimiter, 'take'>
  /** Media's uploads: a picture is judged by its bytes and kept as an image-service upload. */
  storePicture: (bytes: Buffer, ownerUserId: string | null) => Promise<{ id: string }>
  audit: ChatAudit
}

const alreadyTaken = () => new HttpError(409, 'conflict', SUPPORT_ERROR_KEYS.alreadyTaken)
const notYours = () => new HttpError(409, 'conflict', SUPPORT_ERROR_KEYS.notYours)
const closed = () => new HttpError(409, 'conflict', SUPPORT_ERROR_KEYS.closed)
const noConversation = () => notFound(SUPPORT_ERROR_KEYS.notFound)

export function createSupportService({ repo, bus, limiter, storePicture, audit }: SupportServiceDeps) {
  const trimmed = (text: string) => text.trim()

  async function checkPicture(id: string | null) {
    if (id && !(await repo.isPicture(id)))
      throw unprocessable(SUPPORT_ERROR_KEYS.notFound, { field: 'attachment_id' })
  }

  async function announce(conversation: StoredConversation) {
    await bus.publish({ kind: 'conversation', conversation: conversation.id, owner: conversation.owner })
  }

  return {
    /** The identity's current conversation; a guest who has signed in brings its open one along. */
    async session(identity: ChatIdentity, guestTokenHash: string | null, context: ShopperContext) {
      if (identity.kind === 'shopper' && guestTokenHash) {
        const adopted = await repo.adopt(guestTokenHash, identity.userId)
        if (adopted) await announce(adopted)
      }
      const current = await repo.current(identity)
      if (current && current.status !== 'closed')
        await repo.noteDevice(current.id, { cartId: context.cartId, cityId: context.cityId })
      return { identity: identity.kind, conversation: current ? publicConversation(current) : null }
    },

    async messages(identity: ChatIdentity, after: number) {
      const current = await repo.current(identity)
      return {
        conversation: current ? publicConversation(current) : null,
        messages: current ? await repo.since(current.id, after, SUPPORT_LIMITS.page) : [],
      }
    },

    /**
     * A shopper's message: the limits are taken first, then it goes to the open conversation (opened
     * now when there is none) and every process hears of it. A resend of the same client id stores
     * nothing and answers the first.
     */
    async sendAsShopper(identity: ChatIdentity, out: Outgoing, context: ShopperContext) {
      await limiter.take(MESSAGE_LIMIT, ownerKey(identity))
      await limiter.take(MESSAGE_ADDRESS_LIMIT, context.ip)
      await checkPicture(out.attachmentId)
      for (let attempt = 0; attempt < 2; attempt++) {
        const current = await repo.current(identity)
        let conversation = current?.status === 'closed' ? null : current
        let opened = false
        if (!conversation) {
          // a resend of a message the closed conversation already holds is answered from there
          if (current) {
            const again = await repo.append(current.id, { ...asRow(out), author: 'shopper', authorId: null })
            if (again && !again.fresh) return sent(again)
          }
          await limiter.take(CONVERSATION_ADDRESS_LIMIT, context.ip)
          ;({ conversation, opened } = await repo.openFor(identity, context))
        }
        const stored = await repo.append(conversation.id, {
          ...asRow(out),
          author: 'shopper',
          authorId: null,
        })
        if (opened) await announce(stored?.conversation ?? conversation)
        // closed by an operator between the two statements: the message opens the next conversation
        if (!stored) continue
        if (stored.fresh) await publishMessage(stored.conversation, stored.message.seq)
        return sent(stored)
      }
      throw closed()
    },

    /** An operator's answer, in a conversation they have taken. */
    async sendAsOperator(staff: StaffActor, conversationId: string, out: Outgoing) {
      const conversation = await repo.byId(conversationId)
      if (!conversation) throw noConversation()
      if (conversation.status === 'closed') throw closed()
      if (conversation.status !== 'taken' || conversation.takenById !== staff.id) throw notYours()
      const stored = await repo.append(conversationId, {
        ...asRow(out),
        author: 'operator',
        authorId: staff.id,
      })
      if (!stored) throw closed()
      if (stored.fresh) await publishMessage(stored.conversation, stored.message.seq)
      return sent(stored)
    },

    /** May this operator type and write in the conversation (taken by them, still open)? */
    async isOperatorOf(staff: StaffActor, conversationId: string): Promise<boolean> {
      const conversation = await repo.byId(conversationId)
      return conversation?.status === 'taken' && conversation.takenById === staff.id
    },

    /** Takes a waiting conversation: of two operators taking it at once, one gets it and one a 409. */
    async take(staff: StaffActor, conversationId: string) {
      const taken = await repo.take(conversationId, { id: staff.id, name: staff.login }, (tx) =>
        audit(tx, { staff, action: 'support.take', conversationId, ip: staff.ip ?? null }),
      )
      if (!taken) {
        const conversation = await repo.byId(conversationId)
        if (!conversation) throw noConversation()
        if (conversation.status === 'taken' && conversation.takenById === staff.id)
          return publicConversation(conversation)
        throw conversation.status === 'closed' ? closed() : alreadyTaken()
      }
      await announce(taken)
      return publicConversation(taken)
    },

    /** Closes a conversation that is waiting or that this operator has taken. */
    async close(staff: StaffActor, conversationId: string) {
      const done = await repo.close(conversationId, staff.id, (tx) =>
        audit(tx, { staff, action: 'support.close', conversationId, ip: staff.ip ?? null }),
      )
      if (!done) {
        const conversation = await repo.byId(conversationId)
        if (!conversation) throw noConversation()
        if (conversation.status === 'closed') return publicConversation(conversation)
        throw notYours()
      }
      await announce(done)
      return publicConversation(done)
    },

    queue: (status: 'open' | 'closed') => repo.queue(status, 200),

    byId: (id: string) => repo.byId(id),

    since: (conversationId: string, after: number) => repo.since(conversationId, after, SUPPORT_LIMITS.page),

    /** A picture for a message: the limit first, then media judges it by its bytes. */
    async storePicture(identity: ChatIdentity, bytes: Buffer) {
      await limiter.take(PICTURE_LIMIT, ownerKey(identity))
      const stored = await storePicture(bytes, identity.kind === 'shopper' ? identity.userId : null)
      return { attachment_id: stored.id }
    },
  }

  async function publishMessage(conversation: StoredConversation, seq: number) {
    await bus.publish({ kind: 'message', conversation: conversation.id, owner: conversation.owner, seq })
  }

  function asRow(out: Outgoing) {
    return { text: trimmed(out.text), attachmentId: out.attachmentId, clientId: out.clientId }
  }
}

function sent(stored: { conversation: StoredConversation; message: SupportMessage }) {
  return { conversation: publicConversation(stored.conversation), message: stored.message }
}

export type SupportService = ReturnType<typeof createSupportService>
