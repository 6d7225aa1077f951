import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  SUPPORT_ADMIN_V1,
  SUPPORT_GUEST_COOKIE,
  SUPPORT_OPERATOR_SOCKET,
  SUPPORT_SOCKET,
  SUPPORT_V1,
  SupportConversationDetail,
  SupportConversationSchema,
  SupportQueue,
  SupportSent,
} from '../../../contract/support-chat'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import type { App } from '../../http/types'
import { buildTestApp } from '../../test/app'
import { randomClientIp, signInTestUser } from '../../test/auth'
import { signInTestStaff, type TestStaff } from '../../test/staff'
import { openSocket, type TestSocket } from '../../test/support-chat'

let app: App
let db: Db
let base: string
let operator: TestStaff
const sockets: TestSocket[] = []

beforeAll(async () => {
  const built = await buildTestApp()
  app = built.app
  db = built.database.db
  await app.listen({ host: '127.0.0.1', port: 0 })
  base = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}`
  operator = await signInTestStaff(app, 'operator', 'Айгерим')
})

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()))
  await app?.close()
})

const clientId = () => randomUUID().replaceAll('-', '')

async function guestWrites(text: string) {
  const ip = randomClientIp()
  const session = await app.inject({
    method: 'POST',
    url: `${SUPPORT_V1}/session`,
    headers: { 'x-forwarded-for': ip },
    payload: {},
  })
  const cookie = `${SUPPORT_GUEST_COOKIE}=${session.cookies.find((c) => c.name === SUPPORT_GUEST_COOKIE)?.value}`
  const res = await app.inject({
    method: 'POST',
    url: `${SUPPORT_V1}/messages`,
    headers: { cookie, 'x-forwarded-for': ip },
    payload: { client_id: clientId(), text },
  })
  expect(res.statusCode, res.body).toBe(200)
  return { cookie, conversationId: SupportSent.parse(res.json()).conversation.id }
}

const act = (staff: TestStaff, id: string, action: 'take' | 'close') =>
  app.inject({
    method: 'POST',
    url: `${SUPPORT_ADMIN_V1}/conversations/${id}/${action}`,
    headers: staff.headers,
  })

describe('the operators', () => {
  it('see a waiting conversation, take it (of two operators at once only one wins), and it is audited', async () => {
    const { conversationId } = await guestWrites('Помогите выбрать телевизор')
    const queue = SupportQueue.parse(
      (await app.inject({ url: `${SUPPORT_ADMIN_V1}/conversations`, headers: operator.headers })).json(),
    )
    expect(queue.conversations.find((c) => c.id === conversationId)).toMatchObject({
      status: 'waiting',
      last_text: 'Помогите выбрать телевизор',
      shopper_phone: null,
      shopper_name: null,
    })

    const other = await signInTestStaff(app, 'operator')
    const [a, b] = await Promise.all([
      act(operator, conversationId, 'take'),
      act(other, conversationId, 'take'),
    ])
    const codes = [a.statusCode, b.statusCode].sort()
    expect(codes).toEqual([200, 409])
    const winner = a.statusCode === 200 ? operator : other
    const loser = winner === operator ? other : operator
    const refused = a.statusCode === 409 ? a : b
    expect(refused.json()).toMatchObject({ error: { message: 'support:alreadyTaken' } })
    expect(SupportConversationSchema.parse((a.statusCode === 200 ? a : b).json())).toMatchObject({
      status: 'taken',
      taken_by: winner.login,
    })
    // the loser may not answer in it
    const answer = await app.inject({
      method: 'POST',
      url: `${SUPPORT_ADMIN_V1}/conversations/${conversationId}/messages`,
      headers: loser.headers,
      payload: { client_id: clientId(), text: 'Я тоже тут' },
    })
    expect(answer.statusCode).toBe(409)

    const audited = await rows<{ actor_id: string; action: string }>(
      db,
      sql`select actor_id, action from audit_log where subject_kind = 'support_conversation' and subject_id = ${conversationId}`,
    )
    expect(audited).toEqual([{ actor_id: winner.id, action: 'support.take' }])

    const closed = await act(winner, conversationId, 'close')
    expect(SupportConversationSchema.parse(closed.json()).status).toBe('closed')
    const after = await rows<{ action: string }>(
      db,
      sql`select action from audit_log where subject_kind = 'support_conversation' and subject_id = ${conversationId} order by id`,
    )
    expect(after.map((r) => r.action)).toEqual(['support.take', 'support.close'])
  })

  it('chat live with the shopper both ways, each seeing the other typing', async () => {
    const { cookie, conversationId } = await guestWrites('Здравствуйте')
    expect((await act(operator, conversationId, 'take')).statusCode).toBe(200)

    const shopper = await openSocket(`${base}${SUPPORT_SOCKET}`, { cookie })
    const staff = await openSocket(`${base}${SUPPORT_OPERATOR_SOCKET}`, operator.headers)
    sockets.push(shopper, staff)
    shopper.send({ type: 'resume', conversation_id: conversationId, after: 1 })
    staff.send({ type: 'resume', conversation_id: conversationId, after: 0 })
    await staff.next('messages', (f) => f.messages.some((m) => m.text === 'Здравствуйте'))
    await shopper.next('conversation', (f) => f.conversation?.status === 'taken')

    staff.send({ type: 'typing', conversation_id: conversationId })
    expect(await shopper.next('typing')).toMatchObject({
      author: 'operator',
      conversation_id: conversationId,
    })
    staff.send({
      type: 'send',
      client_id: clientId(),
      text: 'Добрый день! Чем помочь?',
      conversation_id: conversationId,
    })
    const answer = await shopper.next('messages', (f) => f.messages.some((m) => m.author === 'operator'))
    expect(answer.messages.at(-1)).toMatchObject({
      author: 'operator',
      text: 'Добрый день! Чем помочь?',
      seq: 2,
    })

    shopper.send({ type: 'typing' })
    expect(await staff.next('typing')).toMatchObject({ author: 'shopper' })
    shopper.send({ type: 'send', client_id: clientId(), text: 'Нужен телевизор на 55"' })
    await staff.next('messages', (f) => f.messages.some((m) => m.text === 'Нужен телевизор на 55"'))

    // the operator closes it; the shopper hears, and the next message opens a new conversation
    expect((await act(operator, conversationId, 'close')).statusCode).toBe(200)
    await shopper.next('conversation', (f) => f.conversation?.status === 'closed')
    shopper.send({ type: 'send', client_id: clientId(), text: 'Ещё вопрос' })
    const fresh = await shopper.next(
      'conversation',
      (f) => f.conversation?.id !== conversationId && f.conversation?.status === 'waiting',
    )
    const first = await shopper.next('messages', (f) => f.conversation_id === fresh.conversation?.id)
    expect(first.messages.map((m) => [m.seq, m.text])).toEqual([[1, 'Ещё вопрос']])
    await staff.next('queue')
  })

  it("see a signed-in shopper's phone, cart and recent orders beside the conversation", async () => {
    const user = await signInTestUser(app, { firstname: 'Дана' })
    const sent = await app.inject({
      method: 'POST',
      url: `${SUPPORT_V1}/messages`,
      headers: { ...user.headers, 'x-forwarded-for': randomClientIp() },
      payload: { client_id: clientId(), text: 'Где мой заказ?' },
    })
    const { conversation } = SupportSent.parse(sent.json())
    const detail = SupportConversationDetail.parse(
      (
        await app.inject({
          url: `${SUPPORT_ADMIN_V1}/conversations/${conversation.id}`,
          headers: operator.headers,
        })
      ).json(),
    )
    expect(detail.shopper).toEqual({ kind: 'shopper', phone: user.phone, name: 'Дана' })
    // the list names the shopper too, so an operator tells conversations apart before opening them
    const queue = SupportQueue.parse(
      (await app.inject({ url: `${SUPPORT_ADMIN_V1}/conversations`, headers: operator.headers })).json(),
    )
    expect(queue.conversations.find((c) => c.id === conversation.id)).toMatchObject({
      shopper_phone: user.phone,
      shopper_name: 'Дана',
    })
    expect(detail.messages.map((m) => m.text)).toEqual(['Где мой заказ?'])
    expect(detail.orders).toEqual([])
    expect(detail.cart).toBeNull()
  })

  it('refuse shoppers and other roles: a shopper token on operator routes and sockets is 403', async () => {
    const user = await signInTestUser(app)
    const asShopper = await app.inject({ url: `${SUPPORT_ADMIN_V1}/conversations`, headers: user.headers })
    expect(asShopper.statusCode).toBe(403)
    await expect(openSocket(`${base}${SUPPORT_OPERATOR_SOCKET}`, user.headers)).rejects.toThrow('403')
    const nobody = await app.inject({ url: `${SUPPORT_ADMIN_V1}/conversations` })
    expect(nobody.statusCode).toBe(401)
    const moderator = await signInTestStaff(app, 'moderator')
    const wrongRole = await app.inject({
      url: `${SUPPORT_ADMIN_V1}/conversations`,
      headers: moderator.headers,
    })
    expect(wrongRole.statusCode).toBe(403)
    const unknown = await act(operator, randomUUID(), 'take')
    expect(unknown.statusCode).toBe(404)
  })
})
