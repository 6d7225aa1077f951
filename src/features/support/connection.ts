import type {
  SupportClientFrame,
  SupportConversation,
  SupportMessage,
  SupportServerFrame,
} from '../../../contract/values/support-chat'
import { SUPPORT_CLOSE } from '../../../contract/values/support-chat'

/** Reconnect waits: the first, and the longest. */
export interface BackoffPolicy {
  baseMs: number
  maxMs: number
}

/*
 * data/backoff.ts's formula, written here: importing it from this lazily loaded chunk split it out of the
 * first chunks into one of its own, which cost the category page bytes it does not have (README, Support chat).
 */
function backoffDelay(attempts: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const exponential = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempts - 1))
  return Math.round(exponential * (0.8 + 0.4 * random()))
}

/** A message the shopper sent that the server has not yet shown back as stored. */
export interface PendingMessage {
  client_id: string
  text: string
  attachment_id: string | null
  /** The error key of a refusal (too many messages, closed…); a failed message is not resent. */
  failed: string | null
}

export interface ChatState {
  /** `connecting` until the socket is open (again), `online` while it is. */
  link: 'connecting' | 'online'
  conversation: SupportConversation | null
  /** What the server stored, by number. */
  messages: SupportMessage[]
  pending: PendingMessage[]
  /** The other side is typing (cleared a few seconds after its last sign). */
  otherTyping: boolean
}

/** The socket as the connection uses it: the browser's WebSocket, or a test's stand-in. */
export interface SocketLike {
  readonly readyState: number
  send(data: string): void
  close(code?: number): void
  onopen: (() => void) | null
  onclose: ((event: { code: number }) => void) | null
  onmessage: ((event: { data: unknown }) => void) | null
  onerror: (() => void) | null
}

export interface ChatConnectionOptions {
  /** The socket's address (`ws(s)://host/support/api/v1/socket?...`). */
  url: () => string
  /** Makes sure the server knows the writer (a guest's cookie, a renewed token) before each connect. */
  prepare: () => Promise<void>
  open?: (url: string) => SocketLike
  /** Reconnect waits: 1 s doubling to 30 s, with jitter. */
  backoff?: BackoffPolicy
  random?: () => number
  /** Which side this window is: typing is shown for the other. */
  side?: 'shopper' | 'operator'
  /** An operator's window names the conversation it shows. */
  conversationId?: string
  typingShownMs?: number
  /** Every frame the server sends, after the connection took it (an operator's list hears `queue`). */
  onFrame?: (frame: SupportServerFrame) => void
  /**
   * The HTTP route a message goes by while the socket is down (the back office's fallback): answers
   * the stored message, or throws an error whose `messageKey` says why. Without it a message waits
   * for the socket.
   */
  sendByHttp?: (message: PendingMessage) => Promise<SupportMessage>
}

const OPEN = 1
/** A typing sign is sent at most this often. */
const TYPING_EVERY_MS = 2_000

export const newClientId = () =>
  (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`).replace(/[^A-Za-z0-9]/g, '')

/**
 * The chat's live connection: opens the socket, asks for what came after the last message it has on
 * every (re)connect, resends what the shopper wrote that the server has not confirmed (same client id,
 * so nothing is stored twice), reconnects with backoff, and keeps the state the window shows.
 */
export function createChatConnection(options: ChatConnectionOptions) {
  const open = options.open ?? ((url: string) => new WebSocket(url) as unknown as SocketLike)
  const backoff = options.backoff ?? { baseMs: 1_000, maxMs: 30_000 }
  const side = options.side ?? 'shopper'
  let state: ChatState = {
    link: 'connecting',
    conversation: null,
    messages: [],
    pending: [],
    otherTyping: false,
  }
  const listeners = new Set<() => void>()
  let socket: SocketLike | null = null
  let attempts = 0
  let stopped = false
  let retry: ReturnType<typeof setTimeout> | null = null
  let typingClear: ReturnType<typeof setTimeout> | null = null
  let typingSentAt = 0
  let typingDue: ReturnType<typeof setTimeout> | null = null

  const set = (next: Partial<ChatState>) => {
    state = { ...state, ...next }
    for (const listener of listeners) listener()
  }
  const lastSeq = () => state.messages.at(-1)?.seq ?? 0

  const sendFrame = (frame: SupportClientFrame) => {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(frame))
  }

  const sendTyping = () => {
    typingDue = null
    typingSentAt = Date.now()
    sendFrame({ type: 'typing', conversation_id: options.conversationId })
  }
  const dropDueTyping = () => {
    if (typingDue) clearTimeout(typingDue)
    typingDue = null
  }

  const markFailed = (clientId: string, key: string) =>
    set({ pending: state.pending.map((p) => (p.client_id === clientId ? { ...p, failed: key } : p)) })

  const sendPending = (message: PendingMessage) => {
    if (socket?.readyState !== OPEN && options.sendByHttp) {
      options.sendByHttp(message).then(
        (stored) =>
          onFrame({
            type: 'messages',
            conversation_id: state.conversation?.id ?? options.conversationId ?? '',
            messages: [stored],
          }),
        (error: unknown) =>
          markFailed(
            message.client_id,
            (error as { messageKey?: string }).messageKey ?? 'errors:somethingWentWrong',
          ),
      )
      return
    }
    sendFrame({
      type: 'send',
      client_id: message.client_id,
      text: message.text,
      attachment_id: message.attachment_id,
      conversation_id: options.conversationId,
    })
  }

  function onFrame(frame: SupportServerFrame) {
    switch (frame.type) {
      case 'conversation': {
        const same = frame.conversation?.id === state.conversation?.id
        // another conversation began (the last one was closed): its messages start afresh
        set({ conversation: frame.conversation, messages: same ? state.messages : [] })
        return
      }
      case 'messages': {
        if (state.conversation && frame.conversation_id !== state.conversation.id) return
        const bySeq = new Map(state.messages.map((m) => [m.seq, m]))
        for (const m of frame.messages) bySeq.set(m.seq, m)
        const stored = new Set(frame.messages.map((m) => m.client_id))
        const theirs = frame.messages.some((m) => m.author !== side)
        set({
          messages: [...bySeq.values()].sort((a, b) => a.seq - b.seq),
          pending: state.pending.filter((p) => !stored.has(p.client_id)),
          otherTyping: theirs ? false : state.otherTyping,
        })
        return
      }
      case 'typing': {
        if (frame.author === side) return
        set({ otherTyping: true })
        if (typingClear) clearTimeout(typingClear)
        typingClear = setTimeout(() => set({ otherTyping: false }), options.typingShownMs ?? 4_000)
        return
      }
      case 'error': {
        if (frame.client_id) markFailed(frame.client_id, frame.message)
        return
      }
      default:
        return
    }
  }

  function schedule() {
    if (stopped || retry) return
    attempts++
    retry = setTimeout(
      () => {
        retry = null
        void connect()
      },
      backoffDelay(attempts, backoff, options.random),
    )
  }

  async function connect() {
    if (stopped) return
    set({ link: 'connecting' })
    try {
      await options.prepare()
    } catch {
      schedule()
      return
    }
    if (stopped) return
    const s = open(options.url())
    socket = s
    s.onopen = () => {
      attempts = 0
      set({ link: 'online' })
      sendFrame({
        type: 'resume',
        conversation_id: options.conversationId ?? state.conversation?.id,
        after: lastSeq(),
      })
      for (const message of state.pending) if (!message.failed) sendPending(message)
    }
    s.onmessage = (event) => {
      let frame: SupportServerFrame
      try {
        frame = JSON.parse(String(event.data)) as SupportServerFrame
      } catch {
        return // not a frame of this store
      }
      onFrame(frame)
      options.onFrame?.(frame)
    }
    s.onclose = (event) => {
      if (socket !== s) return
      socket = null
      if (stopped) return
      set({ link: 'connecting', otherTyping: false })
      // the sign-in behind the socket ended: `prepare` renews it (or makes the device a guest) first
      if (event.code === SUPPORT_CLOSE.unauthorized) attempts = Math.max(attempts, 1)
      schedule()
    }
    s.onerror = () => {}
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    start() {
      stopped = false
      void connect()
    },
    /** Takes what an HTTP answer brought (the fallback's reading) as if the socket had sent it. */
    receive: (frame: SupportServerFrame) => onFrame(frame),
    /** Writes a message: shown at once as pending, sent now or when the socket is back. */
    send(text: string, attachmentId: string | null = null) {
      const message: PendingMessage = {
        client_id: newClientId(),
        text: text.trim(),
        attachment_id: attachmentId,
        failed: null,
      }
      if (!message.text && !attachmentId) return
      // the message itself ends the typing the other side sees: no sign after it
      dropDueTyping()
      set({ pending: [...state.pending, message] })
      sendPending(message)
    },
    /** Sends a failed message again under the same client id. */
    retry(clientId: string) {
      const message = state.pending.find((p) => p.client_id === clientId)
      if (!message) return
      const again = { ...message, failed: null }
      set({ pending: state.pending.map((p) => (p.client_id === clientId ? again : p)) })
      sendPending(again)
    },
    /**
     * The writer is typing: the other side hears it, at most every 2 s. A change inside those 2 s is
     * told at their end, not dropped: a word typed at once soon after the last sign (a short answer
     * right after a message) would otherwise never show.
     */
    typing() {
      if (typingDue) return
      const wait = typingSentAt + TYPING_EVERY_MS - Date.now()
      if (wait <= 0) sendTyping()
      else typingDue = setTimeout(sendTyping, wait)
    },
    stop() {
      stopped = true
      if (retry) clearTimeout(retry)
      if (typingClear) clearTimeout(typingClear)
      dropDueTyping()
      retry = null
      const s = socket
      socket = null
      s?.close(1000)
    },
  }
}

export type ChatConnection = ReturnType<typeof createChatConnection>
