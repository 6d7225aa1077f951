import { z } from 'zod'
import { CityId, text } from './common'
import { SUPPORT_LIMITS } from './values/support-chat'

export {
  SUPPORT_ADMIN_V1,
  SUPPORT_CLOSE,
  SUPPORT_ERROR_KEYS,
  SUPPORT_GUEST_COOKIE,
  SUPPORT_HIDDEN_PATHS,
  SUPPORT_LIMITS,
  SUPPORT_OPERATOR_SOCKET,
  SUPPORT_SOCKET,
  SUPPORT_V1,
  type SupportClientFrame,
  type SupportServerFrame,
} from './values/support-chat'

/**
 * The support chat (`/support/api/v1`, the back office's under `/admin/api/v1/support`): a shopper or
 * a guest writes, an operator takes the conversation and answers. The WebSocket carries the same
 * messages live; these routes are its fallback and what a client reads first.
 */

const ClientId = text().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8-64 letters, digits, - or _')
const AttachmentId = text().regex(/^u-[0-9a-f]{24}$/, 'must be an id the chat gave for a picture')
const MessageText = text().max(SUPPORT_LIMITS.textMax)

export const SupportMessageSchema = z.object({
  seq: z.number().int(),
  author: z.enum(['shopper', 'operator']),
  text: z.string(),
  attachment_id: z.string().nullable(),
  client_id: z.string().nullable(),
  created_at: z.string(),
})

export const SupportConversationSchema = z.object({
  id: z.uuid(),
  status: z.enum(['waiting', 'taken', 'closed']),
  taken_by: z.string().nullable(),
  last_seq: z.number().int(),
  created_at: z.string(),
  last_message_at: z.string(),
})

export const SupportSessionBody = z.object({
  /** The cart this device holds (a guest's), shown to the operator beside the conversation. */
  cart_id: z.uuid().nullish(),
  city_id: CityId.optional(),
})

export const SupportSession = z.object({
  /** Who the chat takes the writer for: a signed-in shopper, or a guest known by this device's cookie. */
  identity: z.enum(['shopper', 'guest']),
  conversation: SupportConversationSchema.nullable(),
})

export const SupportSince = z.object({
  /** The last message number the client has; what came after it is answered. */
  after: z.coerce.number().int().min(0).default(0),
})

export const SupportMessages = z.object({
  conversation: SupportConversationSchema.nullable(),
  messages: z.array(SupportMessageSchema),
})

export const SupportSendBody = z
  .object({
    client_id: ClientId,
    text: MessageText.default(''),
    attachment_id: AttachmentId.nullish(),
  })
  .refine((b) => b.text.trim() !== '' || b.attachment_id, {
    message: 'a message needs text or a picture',
    path: ['text'],
  })

export const SupportSent = z.object({
  conversation: SupportConversationSchema,
  message: SupportMessageSchema,
})

export const SupportAttachment = z.object({ attachment_id: z.string() })

export const SupportWidgets = z.object({
  /** The messenger bot the help link opens; null when the store has none configured. */
  bot_url: z.string().nullable(),
  /** The partner widget's script; null when none is configured (nothing is loaded then). */
  partner_widget_url: z.string().nullable(),
  /** The one path (after the city and language prefix) the partner widget is not loaded on. */
  partner_widget_skip_path: z.string().nullable(),
})

/** Frames a client sends on the socket; anything else is answered with an error frame. */
export const SupportClientFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('resume'),
    conversation_id: z.uuid().optional(),
    after: z.number().int().min(0),
  }),
  z.object({
    type: z.literal('send'),
    client_id: ClientId,
    text: MessageText.default(''),
    attachment_id: AttachmentId.nullish(),
    conversation_id: z.uuid().optional(),
  }),
  z.object({ type: z.literal('typing'), conversation_id: z.uuid().optional() }),
])

// --- the back office -------------------------------------------------------------------------------

export const SupportQueueQuery = z.object({
  /** `open`: waiting and taken (the default); `closed`: the last closed ones. */
  status: z.enum(['open', 'closed']).default('open'),
})

export const SupportQueueItem = SupportConversationSchema.extend({
  /** Who wrote: the shopper's phone, or null for a guest. */
  shopper_phone: z.string().nullable(),
  /** The signed-in shopper's name as the profile gives it; null for a guest or a profile without one. */
  shopper_name: z.string().nullable(),
  /** The newest message's text (a picture's is empty), to tell conversations apart. */
  last_text: z.string(),
})
export const SupportQueue = z.object({ conversations: z.array(SupportQueueItem) })

export const SupportConversationParams = z.object({ id: z.uuid() })

export const SupportOperatorSend = z
  .object({ client_id: ClientId, text: MessageText })
  .refine((b) => b.text.trim() !== '', { message: 'a message needs text', path: ['text'] })

export type SupportSession = z.infer<typeof SupportSession>
export type SupportWidgets = z.infer<typeof SupportWidgets>

const Money = z.number().int()

/** A conversation as the operator opens it: its messages, and the shopper's cart and recent orders beside. */
export const SupportConversationDetail = z.object({
  conversation: SupportConversationSchema,
  messages: z.array(SupportMessageSchema),
  shopper: z.object({
    kind: z.enum(['shopper', 'guest']),
    phone: z.string().nullable(),
    name: z.string().nullable(),
  }),
  /** The cart the shopper's device holds, priced now; null when there is none (or it was ordered). */
  cart: z
    .object({
      lines: z.array(
        z.object({ sku: z.string(), title: z.string(), quantity: z.number().int(), price: Money }),
      ),
      total: Money,
    })
    .nullable(),
  /** The shopper's newest orders (none for a guest). */
  orders: z.array(
    z.object({
      order_id: z.string(),
      number: z.string(),
      status: z.string(),
      created_at: z.string(),
      total: Money,
    }),
  ),
})
export type SupportConversationDetail = z.infer<typeof SupportConversationDetail>
export type SupportQueue = z.infer<typeof SupportQueue>
