import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type {
  SupportClientFrame,
  SupportMessage,
  SupportServerFrame,
} from '../../../contract/values/support-chat'
import { createChatConnection, type SocketLike } from './connection'

/** A socket the test opens, answers and drops by hand. */
class FakeSocket implements SocketLike {
  readyState = 0
  sent: SupportClientFrame[] = []
  onopen: (() => void) | null = null
  onclose: ((event: { code: number }) => void) | null = null
  onmessage: ((event: { data: unknown }) => void) | null = null
  onerror: (() => void) | null = null
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data) as SupportClientFrame)
  }
  close() {
    this.readyState = 3
  }
  accept() {
    this.readyState = 1
    this.onopen?.()
  }
  push(frame: SupportServerFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) })
  }
  drop(code = 1006) {
    this.readyState = 3
    this.onclose?.({ code })
  }
}

const CONVERSATION = {
  id: '11111111-1111-4111-8111-111111111111',
  status: 'waiting' as const,
  taken_by: null,
  last_seq: 0,
  created_at: '2026-11-26T10:00:00Z',
  last_message_at: '2026-11-26T10:00:00Z',
}
const message = (
  seq: number,
  author: 'shopper' | 'operator',
  text: string,
  client_id: string | null = null,
): SupportMessage => ({
  seq,
  author,
  text,
  attachment_id: null,
  client_id,
  created_at: '2026-11-26T10:00:00Z',
})

let sockets: FakeSocket[]
let prepared: number

beforeEach(() => {
  vi.useFakeTimers()
  sockets = []
  prepared = 0
})
afterEach(() => vi.useRealTimers())

function connect() {
  const connection = createChatConnection({
    url: () => 'ws://store/support/api/v1/socket',
    prepare: async () => {
      prepared++
    },
    open: (url) => {
      const socket = new FakeSocket(url)
      sockets.push(socket)
      return socket
    },
    random: () => 0.5,
  })
  connection.start()
  return connection
}

const latest = () => sockets.at(-1) as FakeSocket

describe('the chat connection', () => {
  it('asks for what came after its last message on every connect, and resends what was not confirmed', async () => {
    const connection = connect()
    await vi.advanceTimersByTimeAsync(0)
    latest().accept()
    expect(latest().sent).toEqual([{ type: 'resume', after: 0 }])
    latest().push({ type: 'conversation', conversation: CONVERSATION })
    latest().push({
      type: 'messages',
      conversation_id: CONVERSATION.id,
      messages: [message(1, 'shopper', 'Привет')],
    })

    connection.send('Где заказ?')
    const sent = latest().sent.at(-1)
    expect(sent).toMatchObject({ type: 'send', text: 'Где заказ?' })
    expect(connection.getState().pending).toHaveLength(1)

    // the line drops before the server confirmed it
    latest().drop()
    expect(connection.getState().link).toBe('connecting')
    await vi.advanceTimersByTimeAsync(1_000)
    expect(sockets).toHaveLength(2)
    expect(prepared).toBe(2)
    latest().accept()
    expect(latest().sent).toEqual([
      { type: 'resume', conversation_id: CONVERSATION.id, after: 1 },
      expect.objectContaining({
        type: 'send',
        client_id: (sent as { client_id: string }).client_id,
        text: 'Где заказ?',
      }),
    ])
    latest().push({
      type: 'messages',
      conversation_id: CONVERSATION.id,
      messages: [message(2, 'shopper', 'Где заказ?', (sent as { client_id: string }).client_id)],
    })
    expect(connection.getState().pending).toEqual([])
    expect(connection.getState().messages.map((m) => m.seq)).toEqual([1, 2])
  })

  it('waits longer after each failed reconnect, up to 30 s', async () => {
    connect()
    await vi.advanceTimersByTimeAsync(0)
    const waits: number[] = []
    for (let i = 0; i < 7; i++) {
      latest().drop()
      const before = sockets.length
      let waited = 0
      while (sockets.length === before) {
        await vi.advanceTimersByTimeAsync(100)
        waited += 100
      }
      waits.push(waited)
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000])
  })

  it('shows the operator typing for a moment, and clears it when the answer comes', async () => {
    const connection = connect()
    await vi.advanceTimersByTimeAsync(0)
    latest().accept()
    latest().push({ type: 'conversation', conversation: CONVERSATION })
    latest().push({ type: 'typing', conversation_id: CONVERSATION.id, author: 'operator' })
    expect(connection.getState().otherTyping).toBe(true)
    latest().push({
      type: 'messages',
      conversation_id: CONVERSATION.id,
      messages: [message(1, 'operator', 'Здравствуйте!')],
    })
    expect(connection.getState().otherTyping).toBe(false)
    latest().push({ type: 'typing', conversation_id: CONVERSATION.id, author: 'operator' })
    await vi.advanceTimersByTimeAsync(4_000)
    expect(connection.getState().otherTyping).toBe(false)
    // its own typing is not shown back
    latest().push({ type: 'typing', conversation_id: CONVERSATION.id, author: 'shopper' })
    expect(connection.getState().otherTyping).toBe(false)
  })

  it('tells its own typing at most every 2 s, a change inside them at their end, none after a message', async () => {
    const connection = connect()
    await vi.advanceTimersByTimeAsync(0)
    latest().accept()
    latest().push({ type: 'conversation', conversation: CONVERSATION })
    const signs = () => latest().sent.filter((f) => f.type === 'typing').length
    connection.typing()
    expect(signs()).toBe(1)
    // a word typed at once 1.5 s later: told when the 2 s are up, once however often it changes
    await vi.advanceTimersByTimeAsync(1_500)
    connection.typing()
    connection.typing()
    expect(signs()).toBe(1)
    await vi.advanceTimersByTimeAsync(499)
    expect(signs()).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(signs()).toBe(2)
    // typed and sent within the 2 s: the message ends the typing, no sign follows it
    await vi.advanceTimersByTimeAsync(500)
    connection.typing()
    connection.send('Спасибо')
    await vi.advanceTimersByTimeAsync(5_000)
    expect(signs()).toBe(2)
    // after the 2 s a change is told at once again
    connection.typing()
    expect(signs()).toBe(3)
  })

  it('marks a refused message failed, and retries it under the same client id', async () => {
    const connection = connect()
    await vi.advanceTimersByTimeAsync(0)
    latest().accept()
    connection.send('много')
    const clientId = connection.getState().pending[0]?.client_id as string
    latest().push({
      type: 'error',
      code: 'too_many_requests',
      message: 'errors:tooManyRequests',
      client_id: clientId,
    })
    expect(connection.getState().pending[0]?.failed).toBe('errors:tooManyRequests')
    connection.retry(clientId)
    expect(connection.getState().pending[0]?.failed).toBeNull()
    expect(
      latest()
        .sent.filter((f) => f.type === 'send')
        .map((f) => (f as { client_id: string }).client_id),
    ).toEqual([clientId, clientId])
  })

  it('starts afresh when another conversation begins (the last one was closed)', async () => {
    const connection = connect()
    await vi.advanceTimersByTimeAsync(0)
    latest().accept()
    latest().push({ type: 'conversation', conversation: { ...CONVERSATION, status: 'closed' } })
    latest().push({
      type: 'messages',
      conversation_id: CONVERSATION.id,
      messages: [message(1, 'shopper', 'старое')],
    })
    const next = { ...CONVERSATION, id: '22222222-2222-4222-8222-222222222222' }
    latest().push({ type: 'conversation', conversation: next })
    expect(connection.getState().messages).toEqual([])
    // a late frame of the old conversation is not mixed in
    latest().push({
      type: 'messages',
      conversation_id: CONVERSATION.id,
      messages: [message(2, 'operator', 'поздно')],
    })
    expect(connection.getState().messages).toEqual([])
  })
})
