import type { Channel } from '../../db/channel'

/**
 * What one process tells every process of the store about the chat. Events are small: a message event
 * says which number a conversation reached, and each process reads the messages its sockets have not
 * seen from the database, so an event lost or late costs nothing but time.
 */
export type ChatEvent =
  | { kind: 'message'; conversation: string; owner: string; seq: number }
  | { kind: 'typing'; conversation: string; author: 'shopper' | 'operator' }
  /** A conversation was opened, taken or closed: its shopper and the operators look at it again. */
  | { kind: 'conversation'; conversation: string; owner: string }

export type ChatBus = Channel<ChatEvent>
