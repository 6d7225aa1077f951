import type { FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { ErrorBody } from '../../../contract/common'
import {
  SUPPORT_ADMIN_V1,
  SUPPORT_ERROR_KEYS,
  SUPPORT_OPERATOR_SOCKET,
  SupportConversationDetail,
  SupportConversationParams,
  SupportConversationSchema,
  SupportOperatorSend,
  SupportQueue,
  SupportQueueQuery,
  SupportSent,
  SupportSince,
} from '../../../contract/support-chat'
import type { Config } from '../../config'
import { HttpError, notFound } from '../../http/errors'
import type { App } from '../../http/types'
import { requireStaff, staffOf } from '../staff'
import type { Hub, Peer } from './hub'
import type { SupportRepo } from './repo'
import { frameSender, requireUpgrade, sameOrigin, serveFrames, type heartbeatFor } from './socket'
import type { StaffActor, SupportService } from './service'

const tags = ['support', 'back office']
const security = [{ staffToken: [] }]
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody }
const PRIVATE = 'private, no-store'
const RECENT_ORDERS = 5
const operatorOnly = requireStaff('operator')

function actor(req: FastifyRequest): StaffActor {
  const staff = staffOf(req)
  return { id: staff.id, login: staff.login, ip: req.ip ?? null }
}

/**
 * The back office's side of the chat (`/admin/api/v1/support`, staff tokens with the operator role, or
 * an admin): the waiting and taken conversations, taking one (one operator wins), answering, closing;
 * the shopper's cart and recent orders beside the conversation. Take and close are in the audit log.
 */
export function registerOperatorRoutes(
  app: App,
  {
    service,
    hub,
    repo,
    config,
    beat,
  }: {
    service: SupportService
    hub: Hub
    repo: SupportRepo
    config: Config
    beat: ReturnType<typeof heartbeatFor>
  },
) {
  app.get(
    `${SUPPORT_ADMIN_V1}/conversations`,
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        security,
        summary: 'Open conversations (waiting first, longest waiting first) or the newest closed ones',
        querystring: SupportQueueQuery,
        response: { 200: SupportQueue, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', PRIVATE)
      const found = await service.queue(req.query.status)
      return {
        conversations: found.map((c) => ({
          id: c.id,
          status: c.status,
          taken_by: c.taken_by,
          last_seq: c.last_seq,
          created_at: c.created_at,
          last_message_at: c.last_message_at,
          shopper_phone: c.shopper_phone,
          shopper_name: c.shopper_name,
          last_text: c.last_text,
        })),
      }
    },
  )

  app.get(
    `${SUPPORT_ADMIN_V1}/conversations/:id`,
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        security,
        summary: "A conversation's messages after a number, with the shopper's cart and recent orders",
        params: SupportConversationParams,
        querystring: SupportSince,
        response: { 200: SupportConversationDetail, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', PRIVATE)
      const conversation = await service.byId(req.params.id)
      if (!conversation) throw notFound(SUPPORT_ERROR_KEYS.notFound)
      const userId = conversation.userId
      const [messages, shopper, cart, orders] = await Promise.all([
        service.since(conversation.id, req.query.after),
        userId ? repo.shopper(userId) : null,
        cartOf(app, conversation, req.lang),
        userId
          ? app.orderHistory(userId, { limit: RECENT_ORDERS, skip: 0 }).then((history) => history.orders)
          : [],
      ])
      return {
        conversation: {
          id: conversation.id,
          status: conversation.status,
          taken_by: conversation.taken_by,
          last_seq: conversation.last_seq,
          created_at: conversation.created_at,
          last_message_at: conversation.last_message_at,
        },
        messages,
        shopper: {
          kind: userId ? ('shopper' as const) : ('guest' as const),
          phone: shopper?.phone ?? null,
          name: shopper?.name || null,
        },
        cart,
        orders: orders.map((o) => ({
          order_id: o.order_id,
          number: o.number,
          status: o.status,
          created_at: o.created_at,
          total: o.total,
        })),
      }
    },
  )

  for (const [action, summary] of [
    ['take', "Takes a waiting conversation; another operator's answers 409"],
    ['close', 'Closes a conversation that is waiting or that this operator has taken'],
  ] as const) {
    app.post(
      `${SUPPORT_ADMIN_V1}/conversations/:id/${action}`,
      {
        onRequest: operatorOnly,
        schema: {
          tags,
          security,
          summary,
          params: SupportConversationParams,
          response: { 200: SupportConversationSchema, ...errors },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', PRIVATE)
        return action === 'take'
          ? service.take(actor(req), req.params.id)
          : service.close(actor(req), req.params.id)
      },
    )
  }

  app.post(
    `${SUPPORT_ADMIN_V1}/conversations/:id/messages`,
    {
      onRequest: operatorOnly,
      schema: {
        tags,
        security,
        summary: "An operator's answer in a conversation they have taken (the socket's fallback)",
        params: SupportConversationParams,
        body: SupportOperatorSend,
        response: { 200: SupportSent, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', PRIVATE)
      return service.sendAsOperator(actor(req), req.params.id, {
        clientId: req.body.client_id,
        text: req.body.text,
        attachmentId: null,
      })
    },
  )

  const socketStaff = new WeakMap<FastifyRequest, StaffActor>()
  app.get(
    SUPPORT_OPERATOR_SOCKET,
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (req, reply) => {
        if (!sameOrigin(req, config.PUBLIC_ORIGIN))
          throw new HttpError(403, 'forbidden', SUPPORT_ERROR_KEYS.foreignOrigin)
        await operatorOnly(req, reply)
        requireUpgrade(req)
        socketStaff.set(req, actor(req))
      },
    },
    (socket, req) => {
      const staff = socketStaff.get(req)
      if (!staff) return socket.close(1008)
      beat(socket)
      const peer: Peer = {
        role: 'operator',
        identity: null,
        conversationId: null,
        lastSeq: 0,
        send: frameSender(socket),
      }
      serveFrames(socket, peer, hub.join(peer), app.log, async (frame) => {
        const conversationId = frame.conversation_id ?? peer.conversationId
        if (!conversationId) throw new HttpError(400, 'bad_request', SUPPORT_ERROR_KEYS.badFrame)
        if (frame.type === 'resume') {
          const conversation = await service.byId(conversationId)
          if (!conversation) throw notFound(SUPPORT_ERROR_KEYS.notFound)
          peer.send({ type: 'conversation', conversation: publicOf(conversation) })
          hub.watch(peer, conversationId, frame.after)
        } else if (frame.type === 'typing') {
          if (peer.conversationId && (await service.isOperatorOf(staff, peer.conversationId)))
            await hub.typing(peer)
        } else {
          const sent = await service.sendAsOperator(staff, conversationId, {
            clientId: frame.client_id,
            text: frame.text,
            attachmentId: null,
          })
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
}

const publicOf = (c: z.infer<typeof SupportConversationSchema>) => ({
  id: c.id,
  status: c.status,
  taken_by: c.taken_by,
  last_seq: c.last_seq,
  created_at: c.created_at,
  last_message_at: c.last_message_at,
})

/** The shopper's cart priced now, through the cart module's face; null when there is none to show. */
async function cartOf(
  app: App,
  conversation: { userId: string | null; cartId: string | null; cityId: number },
  lang: 'ru' | 'kk',
): Promise<z.infer<typeof SupportConversationDetail>['cart']> {
  const ref = conversation.userId
    ? ('named' as const)
    : conversation.cartId
      ? { id: conversation.cartId }
      : null
  if (!ref) return null
  try {
    const cart = await app.cartCheckout.priced(ref, conversation.cityId, {
      userId: conversation.userId,
      lang,
    })
    if (cart.products.length === 0) return null
    return {
      lines: cart.products.map((p) => ({ sku: p.sku, title: p.title, quantity: p.quantity, price: p.price })),
      total: cart.grandTotalSum,
    }
  } catch (err) {
    // a cart that was ordered or never made is not the operator's problem
    if (err instanceof HttpError && err.statusCode < 500) return null
    throw err
  }
}
