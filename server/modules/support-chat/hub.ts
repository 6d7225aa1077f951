import type {
  SupportAuthor,
  SupportConversation,
  SupportServerFrame,
} from '../../../contract/values/support-chat'
import { SUPPORT_LIMITS } from '../../../contract/values/support-chat'
import type { ChatBus, ChatEvent } from './bus'
import { ownerKey, publicConversation, type ChatIdentity, type SupportRepo } from './repo'

/** One open socket of this process: a shopper's (or guest's) window, or an operator's back office. */
export interface Peer {
  readonly role: SupportAuthor
  /** The shopper's identity; null for an operator. */
  readonly identity: ChatIdentity | null
  /** The conversation the socket shows (the shopper's current one, the one an operator opened). */
  conversationId: string | null
  /** The last message number this socket was sent. */
  lastSeq: number
  send(frame: SupportServerFrame): void
}

interface PeerState {
  pumping: boolean
  again: boolean
  typingAt: number
}

/** A socket sends "typing" at most this often; more is dropped. */
const TYPING_EVERY_MS = 1_000

/**
 * This process's sockets and what they are owed. Every change comes through the bus (the process's own
 * included), and a socket is sent what the database holds after the last number it got: so a message
 * is sent to each socket once, in order, whichever process stored it, and a socket that reconnects
 * after missing some asks from its last number.
 */
export function createHub({ repo, bus, log }: { repo: SupportRepo; bus: ChatBus; log: LogLike }) {
  const state = new Map<Peer, PeerState>()
  const byConversation = new Map<string, Set<Peer>>()
  const byOwner = new Map<string, Set<Peer>>()
  const operators = new Set<Peer>()

  const add = <K>(map: Map<K, Set<Peer>>, key: K, peer: Peer) => {
    let set = map.get(key)
    if (!set) map.set(key, (set = new Set()))
    set.add(peer)
  }
  const remove = <K>(map: Map<K, Set<Peer>>, key: K, peer: Peer) => {
    const set = map.get(key)
    if (!set) return
    set.delete(peer)
    if (set.size === 0) map.delete(key)
  }

  /** Sends the socket every stored message after its last number; one read at a time per socket. */
  async function pump(peer: Peer): Promise<void> {
    const s = state.get(peer)
    if (!s) return
    if (s.pumping) {
      s.again = true
      return
    }
    s.pumping = true
    try {
      do {
        s.again = false
        const conversation = peer.conversationId
        if (!conversation) break
        const messages = await repo.since(conversation, peer.lastSeq, SUPPORT_LIMITS.page)
        // the socket left, or moved to another conversation, while the read ran
        if (!state.has(peer) || peer.conversationId !== conversation) continue
        const last = messages.at(-1)
        if (!last) continue
        peer.lastSeq = last.seq
        peer.send({ type: 'messages', conversation_id: conversation, messages })
        if (messages.length === SUPPORT_LIMITS.page) s.again = true
      } while (s.again)
    } catch (err) {
      log.error({ err }, 'support chat: reading messages for a socket failed')
    } finally {
      s.pumping = false
    }
  }

  /** Points the socket at a conversation, having seen its messages up to `after`, and catches it up. */
  function watch(peer: Peer, conversationId: string | null, after: number) {
    if (peer.conversationId) remove(byConversation, peer.conversationId, peer)
    peer.conversationId = conversationId
    peer.lastSeq = after
    if (conversationId) add(byConversation, conversationId, peer)
    void pump(peer)
  }

  /** A shopper's socket: their current conversation, then what came after what they have. */
  async function showCurrent(peer: Peer, have?: { conversationId?: string; after: number }) {
    if (!peer.identity) return
    const current = await repo.current(peer.identity)
    if (!state.has(peer)) return
    peer.send({ type: 'conversation', conversation: current ? publicConversation(current) : null })
    const after = current && have?.conversationId === current.id ? have.after : 0
    watch(peer, current?.id ?? null, after)
  }

  async function onEvent(event: ChatEvent) {
    if (event.kind === 'message') {
      for (const peer of byConversation.get(event.conversation) ?? []) {
        if (event.seq > peer.lastSeq) void pump(peer)
      }
      return
    }
    if (event.kind === 'typing') {
      for (const peer of byConversation.get(event.conversation) ?? []) {
        if (peer.role !== event.author)
          peer.send({ type: 'typing', conversation_id: event.conversation, author: event.author })
      }
      return
    }
    const stored = await repo.byId(event.conversation)
    if (!stored) return
    const conversation: SupportConversation = publicConversation(stored)
    for (const peer of byOwner.get(event.owner) ?? []) {
      if (peer.conversationId === conversation.id) peer.send({ type: 'conversation', conversation })
      else if (conversation.status !== 'closed') {
        // a new conversation of this shopper (another tab or device opened it): the window follows it
        peer.send({ type: 'conversation', conversation })
        watch(peer, conversation.id, 0)
      }
    }
    for (const peer of byConversation.get(conversation.id) ?? []) {
      if (peer.role === 'operator') peer.send({ type: 'conversation', conversation })
    }
    for (const peer of operators) peer.send({ type: 'queue' })
  }

  const unsubscribe = bus.subscribe((event) => {
    onEvent(event).catch((err: unknown) => log.error({ err }, 'support chat: an event failed'))
  })
  // events may have gone by unheard: every socket reads again from its last number
  const unresync = bus.onResync(() => {
    for (const peer of state.keys()) {
      if (peer.role === 'operator') {
        peer.send({ type: 'queue' })
        void pump(peer)
      } else void showCurrent(peer, { conversationId: peer.conversationId ?? undefined, after: peer.lastSeq })
    }
  })

  return {
    /** Registers a socket; the returned function forgets it (the socket closed). */
    join(peer: Peer): () => void {
      state.set(peer, { pumping: false, again: false, typingAt: 0 })
      if (peer.identity) add(byOwner, ownerKey(peer.identity), peer)
      if (peer.role === 'operator') operators.add(peer)
      return () => {
        state.delete(peer)
        if (peer.identity) remove(byOwner, ownerKey(peer.identity), peer)
        if (peer.conversationId) remove(byConversation, peer.conversationId, peer)
        operators.delete(peer)
      }
    },

    /** A shopper's socket asks to catch up (on connect, and after every reconnect). */
    resumeShopper: (peer: Peer, have: { conversationId?: string; after: number }) => showCurrent(peer, have),

    /** An operator's socket opens a conversation, having its messages up to `after`. */
    watch,

    /** The peer is typing in its conversation: the other side hears it, in any process. */
    async typing(peer: Peer): Promise<void> {
      const s = state.get(peer)
      if (!s || !peer.conversationId) return
      const now = Date.now()
      if (now - s.typingAt < TYPING_EVERY_MS) return
      s.typingAt = now
      await bus.publish({ kind: 'typing', conversation: peer.conversationId, author: peer.role })
    },

    /** Sockets this process holds (for tests and the health of the chat). */
    size: () => state.size,

    close() {
      unsubscribe()
      unresync()
      state.clear()
      byConversation.clear()
      byOwner.clear()
      operators.clear()
    },
  }
}

export interface LogLike {
  error(obj: object, msg: string): void
  warn(obj: object, msg: string): void
}

export type Hub = ReturnType<typeof createHub>
