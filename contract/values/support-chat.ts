/**
 * The support chat (README, Support chat): its paths, limits and the frames its WebSocket carries
 * (see contract/support-chat.ts for the schemas the server checks them with).
 */

export const SUPPORT_V1 = '/support/api/v1'
/** The shopper's (or guest's) live connection. */
export const SUPPORT_SOCKET = `${SUPPORT_V1}/socket`
/** The back office's chat routes and the operators' live connection. */
export const SUPPORT_ADMIN_V1 = '/admin/api/v1/support'
export const SUPPORT_OPERATOR_SOCKET = `${SUPPORT_ADMIN_V1}/socket`

/** The guest's HttpOnly cookie: a random token whose SHA-256 names the guest's conversations. */
export const SUPPORT_GUEST_COOKIE = 'supportGuest'

export const SUPPORT_LIMITS = {
  /** Characters in one message. */
  textMax: 2000,
  /** A picture sent in the chat (JPEG, PNG or WebP, judged by its bytes). */
  imageMaxBytes: 5 * 1024 * 1024,
  /** Messages one shopper (or guest) may send in a minute. */
  messagesPerMinute: 20,
  /** Pictures one shopper (or guest) may send in an hour. */
  picturesPerHour: 20,
  /** Conversations one client address may open in an hour. */
  conversationsPerAddressHour: 20,
  /** Messages one answer or one catch-up frame carries at most. */
  page: 200,
} as const

/**
 * Where the chat's button does not show (spec 2.8): the cart, the checkout and the gift cards, with
 * whatever follows them, after the city and language prefix.
 */
export const SUPPORT_HIDDEN_PATHS = ['/cart', '/checkout', '/gift-cards'] as const

export type SupportConversationStatus = 'waiting' | 'taken' | 'closed'
export type SupportAuthor = 'shopper' | 'operator'

export interface SupportMessage {
  /** The message's number in its conversation: 1, 2, 3… (a gap is a resend that stored nothing). */
  seq: number
  author: SupportAuthor
  text: string
  /** A picture: its id at the image service (`imageUrl(id, 272)` for a preview, 800 to open). */
  attachment_id: string | null
  /** The sender's own id for it, when it gave one: the sender recognises its pending message. */
  client_id: string | null
  created_at: string
}

export interface SupportConversation {
  id: string
  status: SupportConversationStatus
  /** The operator's login once one has taken it (the back office); null for the shopper. */
  taken_by: string | null
  last_seq: number
  created_at: string
  last_message_at: string
}

/** What a client sends on the socket. */
export type SupportClientFrame =
  /** Catch up: every message of the (current, or named for an operator) conversation after `after`. */
  | { type: 'resume'; conversation_id?: string; after: number }
  | { type: 'send'; client_id: string; text: string; attachment_id?: string | null; conversation_id?: string }
  | { type: 'typing'; conversation_id?: string }

/** What the server sends on the socket. */
export type SupportServerFrame =
  | { type: 'conversation'; conversation: SupportConversation | null }
  | { type: 'messages'; conversation_id: string; messages: SupportMessage[] }
  | { type: 'typing'; conversation_id: string; author: SupportAuthor }
  /** The message with this client id is stored under `seq`. */
  | { type: 'ack'; client_id: string; seq: number; conversation_id: string }
  | { type: 'error'; code: string; message: string; client_id?: string; penalty?: number }
  /** Operators: the waiting and taken conversations changed; read the list again. */
  | { type: 'queue' }

/** Error keys of the chat, translated by the client. */
export const SUPPORT_ERROR_KEYS = {
  notFound: 'support:notFound',
  alreadyTaken: 'support:alreadyTaken',
  notYours: 'support:notYours',
  closed: 'support:closed',
  badFrame: 'support:badFrame',
  foreignOrigin: 'support:foreignOrigin',
  socketOnly: 'support:socketOnly',
} as const

/** Close codes of the socket the client acts on (4000-4999 are the application's). */
export const SUPPORT_CLOSE = {
  /** The sign-in behind the socket ended: do not reconnect with the same credentials. */
  unauthorized: 4401,
} as const
