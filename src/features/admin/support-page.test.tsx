import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SupportConversationDetail, SupportQueue } from '../../../contract/support-chat'
import type {
  SupportClientFrame,
  SupportConversation,
  SupportServerFrame,
} from '../../../contract/values/support-chat'
import { AdminSupportPage } from './support-page'
import { errorAnswer, fakeFetch, json, type RecordedCall } from '../../testing/fake-fetch'
import { applyAdminLang } from './locale'
import { renderAdminPage } from './render-admin-page'

const ID = '77777777-7777-4777-8777-777777777777'
const AT = '2026-05-01T05:00:00.000Z'

/** The operators' socket as the page sees it: the test opens it, reads what it sent, answers frames. */
class FakeSocket {
  static last: FakeSocket | null = null
  readyState = 0
  sent: SupportClientFrame[] = []
  onopen: (() => void) | null = null
  onclose: ((event: { code: number }) => void) | null = null
  onmessage: ((event: { data: unknown }) => void) | null = null
  onerror: (() => void) | null = null
  constructor(readonly url: string) {
    FakeSocket.last = this
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as SupportClientFrame)
  }
  close() {
    this.readyState = 3
  }
  opened() {
    this.readyState = 1
    act(() => this.onopen?.())
  }
  frame(frame: SupportServerFrame) {
    act(() => this.onmessage?.({ data: JSON.stringify(frame) }))
  }
}

let conversation: SupportConversation
let calls: RecordedCall[]
let sendAnswer: (call: RecordedCall) => Response

const detail = (): SupportConversationDetail => ({
  conversation,
  messages: [
    {
      seq: 1,
      author: 'shopper',
      text: 'Подойдёт ли кабель?',
      attachment_id: null,
      client_id: 'shopper0001',
      created_at: AT,
    },
  ],
  shopper: { kind: 'shopper', phone: '77011112233', name: 'Дана' },
  cart: { lines: [{ sku: 'SKU-1', title: 'Кабель HDMI', quantity: 2, price: 3_000 }], total: 6_000 },
  orders: [{ order_id: 'o-1', number: '100042', status: 'ASSEMBLING', created_at: AT, total: 45_000 }],
})

function handler(call: RecordedCall): Response {
  const { path, method } = call
  if (path === '/admin/api/v1/me')
    return json(200, { id: 's-1', login: 'aigerim', name: 'Айгерим', role: 'operator' })
  if (path === '/admin/api/v1/support/conversations') {
    const queue: SupportQueue = {
      conversations: [
        {
          ...conversation,
          shopper_phone: '77011112233',
          shopper_name: 'Дана',
          last_text: 'Подойдёт ли кабель?',
        },
      ],
    }
    return json(200, queue)
  }
  if (path === `/admin/api/v1/support/conversations/${ID}`) return json(200, detail())
  if (path === `/admin/api/v1/support/conversations/${ID}/take` && method === 'POST') {
    conversation = { ...conversation, status: 'taken', taken_by: 'aigerim' }
    return json(200, conversation)
  }
  if (path === `/admin/api/v1/support/conversations/${ID}/messages` && method === 'POST')
    return sendAnswer(call)
  return errorAnswer(404, 'not_found', 'errors:notFound')
}

const renderAt = (url: string) => renderAdminPage('/admin/support', AdminSupportPage, url)

beforeAll(async () => {
  await applyAdminLang('ru')
})

beforeEach(() => {
  conversation = {
    id: ID,
    status: 'waiting',
    taken_by: null,
    last_seq: 1,
    created_at: AT,
    last_message_at: AT,
  }
  sendAnswer = () => errorAnswer(503, 'unavailable', 'errors:somethingWentWrong')
  FakeSocket.last = null
  vi.stubGlobal('WebSocket', FakeSocket)
  calls = fakeFetch(handler).calls
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the support chat in the back office', () => {
  it('lists the open conversations and opens one with the shopper beside it', async () => {
    renderAt('/admin/support')
    const item = await screen.findByTestId('admin-conversation')
    expect(item.textContent).toContain('Дана +77011112233')
    expect(item.textContent).toContain('Подойдёт ли кабель?')
    expect(item.textContent).toContain('Ждёт')
    expect(screen.getByRole('link', { name: 'Чат поддержки' }).getAttribute('aria-current')).toBe('page')

    fireEvent.click(item)
    const shopper = await screen.findByTestId('admin-chat-shopper')
    expect(shopper.textContent).toContain('Дана')
    expect(shopper.textContent).toContain('Кабель HDMI × 2')
    expect(shopper.textContent).toContain('№ 100042')
    expect((await screen.findByTestId('admin-chat-message')).textContent).toContain('Подойдёт ли кабель?')
    // a waiting conversation is answered once taken
    expect(screen.queryByTestId('admin-chat-input')).toBeNull()
  })

  it('takes the conversation, hears the shopper typing and answers live with Enter', async () => {
    renderAt(`/admin/support?c=${ID}`)
    await screen.findByTestId('admin-chat-message')
    await waitFor(() => expect(FakeSocket.last).not.toBeNull())
    const socket = FakeSocket.last as FakeSocket
    expect(socket.url).toMatch(/^ws:\/\/[^/]+\/admin\/api\/v1\/support\/socket$/)
    socket.opened()
    expect(socket.sent[0]).toEqual({ type: 'resume', conversation_id: ID, after: 1 })

    fireEvent.click(screen.getByRole('button', { name: 'Взять диалог' }))
    const input = await screen.findByTestId('admin-chat-input')
    expect(calls.some((c) => c.path.endsWith(`/${ID}/take`))).toBe(true)
    expect(screen.getByTestId('admin-chat-status').textContent).toContain('Ведёт aigerim')

    socket.frame({ type: 'typing', conversation_id: ID, author: 'shopper' })
    expect(screen.getByTestId('admin-chat-typing').textContent).toContain('Покупатель печатает…')

    fireEvent.change(input, { target: { value: 'Да, подойдёт.' } })
    fireEvent.keyDown(input, { key: 'Enter' })
    const send = socket.sent.find((f) => f.type === 'send')
    expect(send).toMatchObject({ type: 'send', conversation_id: ID, text: 'Да, подойдёт.' })
    expect(screen.getByTestId('admin-chat-pending').textContent).toContain('Отправляется…')

    socket.frame({
      type: 'messages',
      conversation_id: ID,
      messages: [
        {
          seq: 2,
          author: 'operator',
          text: 'Да, подойдёт.',
          attachment_id: null,
          client_id: send?.type === 'send' ? send.client_id : null,
          created_at: AT,
        },
      ],
    })
    expect(screen.queryByTestId('admin-chat-pending')).toBeNull()
    expect(screen.getAllByTestId('admin-chat-message')).toHaveLength(2)
    // the shopper's own message clears the typing sign; the operator's does not
    expect(screen.queryByTestId('admin-chat-typing')).not.toBeNull()
    socket.frame({
      type: 'messages',
      conversation_id: ID,
      messages: [
        {
          seq: 3,
          author: 'shopper',
          text: 'Спасибо',
          attachment_id: null,
          client_id: 'shopper0002',
          created_at: AT,
        },
      ],
    })
    expect(screen.queryByTestId('admin-chat-typing')).toBeNull()
    expect(screen.getAllByTestId('admin-chat-message')).toHaveLength(3)
  })

  it('sends over HTTP while the socket is down; a failed answer is shown with a retry', async () => {
    conversation = { ...conversation, status: 'taken', taken_by: 'aigerim' }
    renderAt(`/admin/support?c=${ID}`)
    const input = await screen.findByTestId('admin-chat-input')
    expect(screen.getByText('Нет живой связи: обновляем каждые 3 с')).toBeTruthy()

    fireEvent.change(input, { target: { value: 'Проверю наличие' } })
    fireEvent.keyDown(input, { key: 'Enter' })
    const pending = await screen.findByTestId('admin-chat-pending')
    const alert = await within(pending).findByRole('alert')
    expect(alert.textContent).toContain('Не удалось отправить.')

    sendAnswer = (call) => {
      const body = call.body as { client_id: string; text: string }
      return json(200, {
        conversation: { ...conversation, last_seq: 2 },
        message: {
          seq: 2,
          author: 'operator',
          text: body.text,
          attachment_id: null,
          client_id: body.client_id,
          created_at: AT,
        },
      })
    }
    fireEvent.click(within(pending).getByRole('button', { name: 'Повторить' }))
    await waitFor(() => expect(screen.queryByTestId('admin-chat-pending')).toBeNull())
    expect(screen.getAllByTestId('admin-chat-message')[1]?.textContent).toContain('Проверю наличие')
    const posts = calls.filter((c) => c.path.endsWith(`/${ID}/messages`) && c.method === 'POST')
    expect(posts).toHaveLength(2)
    // the retry is the same message: the server stores it once
    const [first, again] = posts.map((c) => (c.body as { client_id: string }).client_id)
    expect(again).toBe(first)
  })
})
