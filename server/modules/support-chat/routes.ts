import { createHash, randomBytes } from 'node:crypto'
import websocket from '@fastify/websocket'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { CityId, ErrorBody } from '../../../contract/common'
import {
  SUPPORT_CLOSE,
  SUPPORT_GUEST_COOKIE,
  SUPPORT_LIMITS,
  SUPPORT_SOCKET,
  SUPPORT_V1,
  SupportAttachment,
  SupportMessages,
  SupportSendBody,
  SupportSent,
  SupportSession,
  SupportSessionBody,
  SupportSince,
  SupportWidgets,
} from '../../../contract/support-chat'
import { accessTokenFrom, optionalUser } from '../../http/auth'
import { readCookie, setPathCookie } from '../../http/cookies'
import { unauthorized } from '../../http/errors'
import { createRateLimiter } from '../../http/rate-limit'
import type { App, ModuleRegistration } from '../../http/types'
import type { ChatBus, ChatEvent } from './bus'
import { createHub, type Hub, type Peer } from './hub'
import { createSupportRepo, type ChatIdentity } from './repo'
import { registerOperatorRoutes } from './operator-routes'
import { createSupportService, type ShopperContext, type SupportService } from './service'
import { foreignOrigin, frameSender, heartbeatFor, requireUpgrade, sameOrigin, serveFrames } from './socket'
import { recordAudit } from '../audit'

declare module 'fastify' {
  interface FastifyInstance {
    /** The chat's service, hub and bus (the back office's routes and the tests use them). */
    supportChat: { service: SupportService; hub: Hub; bus: ChatBus }
  }
}

const GUEST_TOKEN = /^[A-Za-z0-9_-]{32}$/
/** A guest's chat is found again for this long on the same device. */
const GUEST_COOKIE_SECONDS = 90 * 24 * 3600

const tags = ['support']
const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
}
const PRIVATE = 'private, no-store'
const DeviceQuery = z.object({ city_id: CityId.default(1), cart_id: z.uuid().optional() })

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

function guestTokenHash(req: FastifyRequest): string | null {
  const token = readCookie(req, SUPPORT_GUEST_COOKIE)
  return token && GUEST_TOKEN.test(token) ? hashToken(token) : null
}

/**
 * The signed-in shopper, else the guest of this device's cookie, else nobody. A request that carries an
 * access token that no longer checks out is a 401, so the client renews it rather than be taken for the
 * guest it was before signing in.
 */
async function identityOf(req: FastifyRequest): Promise<ChatIdentity | null> {
  const user = await optionalUser(req)
  if (user) return { kind: 'shopper', userId: user.userId }
  if (accessTokenFrom(req)) throw unauthorized()
  const hash = guestTokenHash(req)
  return hash ? { kind: 'guest', tokenHash: hash } : null
}

/**
 * The support chat (`/support/api/v1`): a shopper, or a guest known by a cookie, writes; the messages
 * are kept in the database, numbered per conversation, and pushed live over a WebSocket by whichever
 * process holds the socket (PostgreSQL's LISTEN/NOTIFY between processes, an emitter on PGlite).
 */
export const supportChatModule: ModuleRegistration = async (app, { database, config }) => {
  const db = database.db
  const bus: ChatBus = database.channel<ChatEvent>('support_chat', app.log)
  const repo = createSupportRepo(db)
  const service = createSupportService({
    repo,
    bus,
    limiter: createRateLimiter(db),
    storePicture: (bytes, owner) => app.uploads.storeImage(bytes, owner),
    // take and close are in the audit log, committed with the change
    audit: (tx, entry) =>
      recordAudit(tx, {
        actorKind: 'staff',
        actorId: entry.staff.id,
        action: entry.action,
        subjectKind: 'support_conversation',
        subjectId: entry.conversationId,
        details: { login: entry.staff.login },
        ip: entry.ip,
      }),
  })
  const hub = createHub({ repo, bus, log: app.log })
  app.decorate('supportChat', { service, hub, bus })
  app.addHook('onReady', () => bus.ready())
  app.addHook('onClose', async () => {
    hub.close()
    await bus.close()
  })

  await app.register(websocket, { options: { maxPayload: 16 * 1024 } })
  const beat = heartbeatFor(app, () => app.websocketServer.clients)

  const context = (req: FastifyRequest, query: { city_id: number; cart_id?: string }): ShopperContext => ({
    cartId: query.cart_id ?? null,
    cityId: query.city_id,
    lang: req.lang,
    ip: req.ip,
  })

  async function requireIdentity(req: FastifyRequest): Promise<ChatIdentity> {
    const identity = await identityOf(req)
    if (!identity) throw unauthorized()
    return identity
  }

  app.get(
    `${SUPPORT_V1}/widgets`,
    {
      schema: {
        tags,
        summary: 'The help link to the messenger bot and the partner widget, as the store configures them',
        response: { 200: SupportWidgets },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300')
      return {
        bot_url: config.SUPPORT_BOT_URL ?? null,
        partner_widget_url: config.PARTNER_WIDGET_URL ?? null,
        partner_widget_skip_path: config.PARTNER_WIDGET_URL ? config.PARTNER_WIDGET_SKIP_PATH : null,
      }
    },
  )

  app.post(
    `${SUPPORT_V1}/session`,
    {
      schema: {
        tags,
        summary:
          "Who the chat takes the writer for, and their current conversation; a guest's device gets its cookie here",
        body: SupportSessionBody,
        response: { 200: SupportSession, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', PRIVATE)
      let identity = await identityOf(req)
      if (!identity) {
        const token = randomBytes(24).toString('base64url')
        setPathCookie(req, reply, SUPPORT_GUEST_COOKIE, token, { maxAge: GUEST_COOKIE_SECONDS, path: '/' })
        identity = { kind: 'guest', tokenHash: hashToken(token) }
      }
      return service.session(
        identity,
        identity.kind === 'shopper' ? guestTokenHash(req) : null,
        context(req, { city_id: req.body.city_id ?? 1, cart_id: req.body.cart_id ?? undefined }),
      )
    },
  )

  app.get(
    `${SUPPORT_V1}/messages`,
    {
      schema: {
        tags,
        summary: "The current conversation's messages after a number (the socket's fallback)",
        querystring: SupportSince,
        response: { 200: SupportMessages, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', PRIVATE)
      return service.messages(await requireIdentity(req), req.query.after)
    },
  )

  app.post(
    `${SUPPORT_V1}/messages`,
    {
      schema: {
        tags,
        summary:
          "Sends a message (the socket's fallback); a resend with the same client_id stores nothing more",
        querystring: DeviceQuery,
        body: SupportSendBody,
        response: { 200: SupportSent, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', PRIVATE)
      const identity = await requireIdentity(req)
      return service.sendAsShopper(
        identity,
        { clientId: req.body.client_id, text: req.body.text, attachmentId: req.body.attachment_id ?? null },
        context(req, req.query),
      )
    },
  )

  // A picture is the request's body (any Content-Type: the bytes decide), as reviews' photos are.
  app.register(async (scope: App) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
    scope.post(
      `${SUPPORT_V1}/attachments`,
      {
        bodyLimit: SUPPORT_LIMITS.imageMaxBytes,
        schema: {
          tags,
          summary: 'Keeps a picture (JPEG, PNG or WebP, judged by its bytes) for a message; answers its id',
          response: { 200: SupportAttachment, ...errors, 413: ErrorBody, 415: ErrorBody },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', PRIVATE)
        const identity = await requireIdentity(req)
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
        return service.storePicture(identity, body)
      },
    )
  })

  const socketIdentity = new WeakMap<FastifyRequest, ChatIdentity>()

  app.get(
    SUPPORT_SOCKET,
    {
      websocket: true,
      schema: { hide: true, querystring: DeviceQuery },
      preValidation: async (req) => {
        if (!sameOrigin(req, config.PUBLIC_ORIGIN)) throw foreignOrigin()
        requireUpgrade(req)
        socketIdentity.set(req, await requireIdentity(req))
      },
    },
    (socket, req) => {
      const identity = socketIdentity.get(req)
      if (!identity) return socket.close(SUPPORT_CLOSE.unauthorized)
      beat(socket)
      const query = DeviceQuery.parse(req.query)
      const device = context(req, query)
      const peer: Peer = {
        role: 'shopper',
        identity,
        conversationId: null,
        lastSeq: 0,
        send: frameSender(socket),
      }
      serveFrames(socket, peer, hub.join(peer), app.log, async (frame) => {
        if (frame.type === 'resume')
          await hub.resumeShopper(peer, { conversationId: frame.conversation_id, after: frame.after })
        else if (frame.type === 'typing') await hub.typing(peer)
        else {
          const sent = await service.sendAsShopper(
            identity,
            { clientId: frame.client_id, text: frame.text, attachmentId: frame.attachment_id ?? null },
            device,
          )
          peer.send({
            type: 'ack',
            client_id: frame.client_id,
            seq: sent.message.seq,
            conversation_id: sent.conversation.id,
          })
        }
      })
    },
  )

  registerOperatorRoutes(app, { service, hub, repo, config, beat })
}
