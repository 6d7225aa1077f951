import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  SUPPORT_GUEST_COOKIE,
  SUPPORT_LIMITS,
  SUPPORT_SOCKET,
  SUPPORT_V1,
  SupportAttachment,
  SupportMessages,
  SupportSent,
  SupportSession,
  SupportWidgets,
} from '../../../contract/support-chat'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import type { App } from '../../http/types'
import { buildTestApp } from '../../test/app'
import { randomClientIp, signInTestUser } from '../../test/auth'
import { testEngine } from '../../test/database'
import { openSocket, type TestSocket } from '../../test/support-chat'

let app: App
let db: Db
let base: string
const sockets: TestSocket[] = []

beforeAll(async () => {
  const built = await buildTestApp()
  app = built.app
  db = built.database.db
  await app.listen({ host: '127.0.0.1', port: 0 })
  base = `ws://127.0.0.1:${(app.server.address() as { port: number }).port}`
})

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.close()))
  await app?.close()
})

const clientId = () => randomUUID().replaceAll('-', '')

/** A guest's device: its cookie from the session call, and its own client address. */
async function guest(target: App = app) {
  const ip = randomClientIp()
  const res = await target.inject({
    method: 'POST',
    url: `${SUPPORT_V1}/session`,
    headers: { 'x-forwarded-for': ip },
    payload: {},
  })
  expect(res.statusCode, res.body).toBe(200)
  const cookie = res.cookies.find((c) => c.name === SUPPORT_GUEST_COOKIE)
  expect(cookie?.httpOnly).toBe(true)
  expect(SupportSession.parse(res.json())).toEqual({ identity: 'guest', conversation: null })
  return { cookie: `${SUPPORT_GUEST_COOKIE}=${cookie?.value}`, ip }
}

async function socketFor(cookie: string, url = base) {
  const socket = await openSocket(`${url}${SUPPORT_SOCKET}`, { cookie })
  sockets.push(socket)
  return socket
}

async function post(cookie: string, body: object, ip = randomClientIp()) {
  return app.inject({
    method: 'POST',
    url: `${SUPPORT_V1}/messages`,
    headers: { cookie, 'x-forwarded-for': ip },
    payload: body,
  })
}

describe('a guest writes to support', () => {
  it('gets a cookie, writes over the socket, and the message is kept and acknowledged', async () => {
    const { cookie } = await guest()
    const socket = await socketFor(cookie)
    socket.send({ type: 'resume', after: 0 })
    expect((await socket.next('conversation')).conversation).toBeNull()

    const id = clientId()
    socket.send({ type: 'send', client_id: id, text: '  Здравствуйте, где мой заказ?  ' })
    const ack = await socket.next('ack')
    expect(ack).toMatchObject({ client_id: id, seq: 1 })
    const opened = await socket.next('conversation', (f) => f.conversation !== null)
    expect(opened.conversation).toMatchObject({ id: ack.conversation_id, status: 'waiting', taken_by: null })
    const got = await socket.next('messages')
    expect(got.messages).toEqual([
      expect.objectContaining({
        seq: 1,
        author: 'shopper',
        text: 'Здравствуйте, где мой заказ?',
        client_id: id,
      }),
    ])

    const read = await app.inject({ url: `${SUPPORT_V1}/messages?after=0`, headers: { cookie } })
    const body = SupportMessages.parse(read.json())
    expect(body.conversation?.id).toBe(ack.conversation_id)
    expect(body.messages.map((m) => m.text)).toEqual(['Здравствуйте, где мой заказ?'])
  })

  it('stores a resent message once: the same client id answers the first', async () => {
    const { cookie, ip } = await guest()
    const id = clientId()
    const first = SupportSent.parse((await post(cookie, { client_id: id, text: 'Раз' }, ip)).json())
    const again = SupportSent.parse((await post(cookie, { client_id: id, text: 'Раз' }, ip)).json())
    expect(again.message).toEqual(first.message)
    const read = SupportMessages.parse(
      (await app.inject({ url: `${SUPPORT_V1}/messages`, headers: { cookie } })).json(),
    )
    expect(read.messages).toHaveLength(1)
  })

  it('numbers messages sent at once from several tabs without a gap or a repeat', async () => {
    const { cookie } = await guest()
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post(cookie, { client_id: clientId(), text: `m${i}` })),
    )
    for (const res of answers) expect(res.statusCode, res.body).toBe(200)
    const seqs = answers.map((res) => SupportSent.parse(res.json()).message.seq).sort((a, b) => a - b)
    expect(seqs).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    const conversations = new Set(answers.map((res) => SupportSent.parse(res.json()).conversation.id))
    expect(conversations.size).toBe(1)
  })

  it('catches a reconnecting socket up from the last number it saw, and nothing twice', async () => {
    const { cookie, ip } = await guest()
    const first = await socketFor(cookie)
    first.send({ type: 'resume', after: 0 })
    await first.next('conversation')
    for (const text of ['один', 'два']) await post(cookie, { client_id: clientId(), text }, ip)
    await first.next('messages', () => first.seqs().includes(2))
    const conversationId = (await first.next('conversation', (f) => f.conversation !== null)).conversation?.id
    await first.close()

    // written while the device was away
    for (const text of ['три', 'четыре']) await post(cookie, { client_id: clientId(), text }, ip)
    const second = await socketFor(cookie)
    second.send({ type: 'resume', conversation_id: conversationId, after: 2 })
    const caught = await second.next('messages')
    expect(caught.messages.map((m) => [m.seq, m.text])).toEqual([
      [3, 'три'],
      [4, 'четыре'],
    ])
    await post(cookie, { client_id: clientId(), text: 'пять' }, ip)
    await second.next('messages', (f) => f.messages.some((m) => m.seq === 5))
    expect(second.seqs()).toEqual([3, 4, 5])
  })

  it('refuses a socket without a cookie or sign-in (401), and one opened from another origin (403)', async () => {
    await expect(openSocket(`${base}${SUPPORT_SOCKET}`)).rejects.toThrow('401')
    const { cookie } = await guest()
    await expect(
      openSocket(`${base}${SUPPORT_SOCKET}`, { cookie, origin: 'https://evil.example' }),
    ).rejects.toThrow('403')
    const own = await openSocket(`${base}${SUPPORT_SOCKET}`, { cookie, origin: base.replace('ws:', 'http:') })
    sockets.push(own)
  })

  it("answers a plain request to the socket's address with 426 in the store's error shape", async () => {
    const { cookie, ip } = await guest()
    const res = await app.inject({
      url: SUPPORT_SOCKET,
      headers: { cookie, 'x-forwarded-for': ip },
    })
    expect(res.statusCode).toBe(426)
    expect(res.json()).toMatchObject({ error: { code: 'upgrade_required', message: 'support:socketOnly' } })
  })

  it('answers a malformed frame with an error frame and keeps the socket', async () => {
    const { cookie } = await guest()
    const socket = await socketFor(cookie)
    socket.raw.send('{"type":"send","client_id":"x"}')
    expect(await socket.next('error')).toMatchObject({ code: 'bad_request', message: 'support:badFrame' })
    socket.raw.send('not json')
    await socket.next('error', () => socket.frames.filter((f) => f.type === 'error').length === 2)
    socket.send({ type: 'resume', after: 0 })
    await socket.next('conversation')
  })

  it('refuses bad messages with 400 and never stores them', async () => {
    const { cookie } = await guest()
    const empty = await post(cookie, { client_id: clientId(), text: '   ' })
    expect(empty.statusCode).toBe(400)
    const long = await post(cookie, { client_id: clientId(), text: 'я'.repeat(SUPPORT_LIMITS.textMax + 1) })
    expect(long.statusCode).toBe(400)
    const nul = await post(cookie, { client_id: clientId(), text: 'a\u0000b' })
    expect(nul.statusCode).toBe(400)
    const foreignPicture = await post(cookie, { client_id: clientId(), attachment_id: `u-${'0'.repeat(24)}` })
    expect(foreignPicture.statusCode).toBe(422)
    const nobody = await app.inject({
      method: 'POST',
      url: `${SUPPORT_V1}/messages`,
      payload: { client_id: clientId(), text: 'hi' },
    })
    expect(nobody.statusCode).toBe(401)
    expect(nobody.json()).toMatchObject({ error: { code: 'unauthorized' } })
  })

  it("limits messages per writer: past the minute's allowance a 429 with the wait, over the socket too", async () => {
    const { cookie } = await guest()
    for (let i = 0; i < SUPPORT_LIMITS.messagesPerMinute; i++) {
      const res = await post(cookie, { client_id: clientId(), text: `сообщение ${i}` })
      expect(res.statusCode, res.body).toBe(200)
    }
    const over = await post(cookie, { client_id: clientId(), text: 'ещё' })
    expect(over.statusCode).toBe(429)
    expect(over.json().error.details.penalty).toBeGreaterThan(0)
    const socket = await socketFor(cookie)
    const id = clientId()
    socket.send({ type: 'send', client_id: id, text: 'и ещё' })
    expect(await socket.next('error')).toMatchObject({ code: 'too_many_requests', client_id: id })
  })
})

describe('pictures', () => {
  const png = () =>
    sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer()

  it('keeps a picture judged by its bytes and sends it in a message', async () => {
    const { cookie } = await guest()
    const up = await app.inject({
      method: 'POST',
      url: `${SUPPORT_V1}/attachments`,
      headers: { cookie, 'content-type': 'application/octet-stream' },
      payload: await png(),
    })
    expect(up.statusCode, up.body).toBe(200)
    const { attachment_id } = SupportAttachment.parse(up.json())
    const sent = SupportSent.parse((await post(cookie, { client_id: clientId(), attachment_id })).json())
    expect(sent.message).toMatchObject({ attachment_id, text: '' })
    const image = await app.inject({ url: `/f3/api/v1/images/272/272/${attachment_id}.webp` })
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/webp')
  })

  it('refuses what is not a picture (415) whatever it claims, and a picture too large (413)', async () => {
    const { cookie } = await guest()
    const fake = await app.inject({
      method: 'POST',
      url: `${SUPPORT_V1}/attachments`,
      headers: { cookie, 'content-type': 'image/png' },
      payload: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
    })
    expect(fake.statusCode).toBe(415)
    const big = await app.inject({
      method: 'POST',
      url: `${SUPPORT_V1}/attachments`,
      headers: { cookie, 'content-type': 'image/png' },
      payload: Buffer.alloc(SUPPORT_LIMITS.imageMaxBytes + 1, 1),
    })
    expect(big.statusCode).toBe(413)
    const nobody = await app.inject({
      method: 'POST',
      url: `${SUPPORT_V1}/attachments`,
      headers: { 'content-type': 'image/png' },
      payload: await png(),
    })
    expect(nobody.statusCode).toBe(401)
  })
})

describe('a signed-in shopper', () => {
  it('brings the conversation begun as a guest along on signing in', async () => {
    const { cookie, ip } = await guest()
    const begun = SupportSent.parse(
      (await post(cookie, { client_id: clientId(), text: 'до входа' }, ip)).json(),
    )
    const user = await signInTestUser(app)
    const session = await app.inject({
      method: 'POST',
      url: `${SUPPORT_V1}/session`,
      headers: { cookie: `${cookie}; ${user.cookieHeader}` },
      payload: {},
    })
    expect(SupportSession.parse(session.json())).toMatchObject({
      identity: 'shopper',
      conversation: { id: begun.conversation.id },
    })
    const read = SupportMessages.parse(
      (await app.inject({ url: `${SUPPORT_V1}/messages`, headers: user.headers })).json(),
    )
    expect(read.messages.map((m) => m.text)).toEqual(['до входа'])
    // the guest cookie alone no longer reads it
    const asGuest = SupportMessages.parse(
      (await app.inject({ url: `${SUPPORT_V1}/messages`, headers: { cookie } })).json(),
    )
    expect(asGuest.conversation).toBeNull()
  })

  it('sees their messages in every open tab, live', async () => {
    const user = await signInTestUser(app)
    const tabs = [await socketFor(user.cookieHeader), await socketFor(user.cookieHeader)]
    for (const tab of tabs) {
      tab.send({ type: 'resume', after: 0 })
      await tab.next('conversation')
    }
    tabs[0]?.send({ type: 'send', client_id: clientId(), text: 'из первой вкладки' })
    for (const tab of tabs) {
      const got = await tab.next('messages')
      expect(got.messages[0]?.text).toBe('из первой вкладки')
    }
    // typing is heard by the other side only: the shopper's own tabs do not see their own
    tabs[0]?.send({ type: 'typing' })
    await new Promise((r) => setTimeout(r, 200))
    expect(tabs[1]?.frames.some((f) => f.type === 'typing')).toBe(false)
  })
})

describe('a stale sign-in', () => {
  it("is a 401 to renew, not the device's guest: the shopper would lose their conversation", async () => {
    const { cookie } = await guest()
    const stale = `${cookie}; accessToken=${'x'.repeat(43)}`
    const res = await app.inject({
      method: 'POST',
      url: `${SUPPORT_V1}/session`,
      headers: { cookie: stale },
      payload: {},
    })
    expect(res.statusCode).toBe(401)
    await expect(openSocket(`${base}${SUPPORT_SOCKET}`, { cookie: stale })).rejects.toThrow('401')
  })
})

describe('the widgets', () => {
  it('has no help link and no partner widget unless configured', async () => {
    const res = await app.inject({ url: `${SUPPORT_V1}/widgets` })
    expect(SupportWidgets.parse(res.json())).toEqual({
      bot_url: null,
      partner_widget_url: null,
      partner_widget_skip_path: null,
    })
  })

  it('names the configured bot and partner script with its skipped path', async () => {
    const { app: configured } = await buildTestApp({
      SUPPORT_BOT_URL: 'https://t.me/store_help_bot',
      PARTNER_WIDGET_URL: 'https://widget.partner.example/w.js',
      PARTNER_WIDGET_SKIP_PATH: '/cart',
    })
    try {
      const res = await configured.inject({ url: `${SUPPORT_V1}/widgets` })
      expect(SupportWidgets.parse(res.json())).toEqual({
        bot_url: 'https://t.me/store_help_bot',
        partner_widget_url: 'https://widget.partner.example/w.js',
        partner_widget_skip_path: '/cart',
      })
    } finally {
      await configured.close()
    }
  })
})

describe.runIf(testEngine() === 'postgres')('several processes on PostgreSQL', () => {
  it('passes a message written to one instance to a socket held by another, through NOTIFY', async () => {
    const { app: other } = await buildTestApp()
    await other.listen({ host: '127.0.0.1', port: 0 })
    try {
      const otherBase = `ws://127.0.0.1:${(other.server.address() as { port: number }).port}`
      const { cookie } = await guest()
      const here = await socketFor(cookie)
      const there = await socketFor(cookie, otherBase)
      for (const s of [here, there]) {
        s.send({ type: 'resume', after: 0 })
        await s.next('conversation')
      }
      here.send({ type: 'send', client_id: clientId(), text: 'через NOTIFY' })
      const got = await there.next('messages')
      expect(got.messages.map((m) => m.text)).toEqual(['через NOTIFY'])
      // the other instance learnt of the new conversation too
      await there.next('conversation', (f) => f.conversation?.status === 'waiting')
    } finally {
      await other.close()
    }
  })

  it('loses nothing when the LISTEN connection drops: it reconnects and the sockets read again', async () => {
    const { cookie, ip } = await guest()
    const socket = await socketFor(cookie)
    socket.send({ type: 'resume', after: 0 })
    await socket.next('conversation')
    await post(cookie, { client_id: clientId(), text: 'до обрыва' }, ip)
    await socket.next('messages')
    // cut every chat listener; a message written before they are back is only found by the resync
    await rows(
      db,
      sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN support_chat'`,
    )
    await post(cookie, { client_id: clientId(), text: 'во время обрыва' }, ip)
    const got = await socket.next(
      'messages',
      (f) => f.messages.some((m) => m.text === 'во время обрыва'),
      15_000,
    )
    expect(got.messages.map((m) => m.text)).toContain('во время обрыва')
    await app.supportChat.bus.ready()
    await post(cookie, { client_id: clientId(), text: 'после' }, ip)
    await socket.next('messages', (f) => f.messages.some((m) => m.text === 'после'))
    expect(socket.seqs()).toEqual([1, 2, 3])
  })
})
