import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { WebSocket } from 'ws'
import {
  SUPPORT_ERROR_KEYS,
  SupportClientFrameSchema,
  type SupportClientFrame,
  type SupportServerFrame,
} from '../../../contract/support-chat'
import { HttpError } from '../../http/errors'
import type { App } from '../../http/types'
import type { Peer } from './hub'

/** Sockets that did not answer the last ping by the next are dropped (a phone gone out of range). */
const HEARTBEAT_MS = 30_000

/**
 * A browser's WebSocket is not bound by the same-origin policy, so a page elsewhere could open one with
 * this store's cookies (those are SameSite=Lax, which covers other sites but not another host of the same
 * site). The upgrade is let in from this store's own pages only: the Origin the browser sends must be the
 * address the request came to (or PUBLIC_ORIGIN). Clients that are not browsers send no Origin.
 */
export function sameOrigin(req: FastifyRequest, publicOrigin: string | undefined): boolean {
  const origin = req.headers.origin
  if (origin === undefined) return true
  if (publicOrigin && origin === publicOrigin) return true
  return origin === `${req.protocol}://${req.host}`
}

export const foreignOrigin = () => new HttpError(403, 'forbidden', SUPPORT_ERROR_KEYS.foreignOrigin)

/**
 * A plain HTTP request to a socket's address: 426 in the store's error shape (left to the socket plugin,
 * it was a bare 404 with no body). `req.ws` is the plugin's mark of an upgrade request.
 */
export function requireUpgrade(req: { ws?: boolean | null }): void {
  if (!req.ws) throw new HttpError(426, 'upgrade_required', SUPPORT_ERROR_KEYS.socketOnly)
}

/** Sends a frame when the socket is still open. */
export function frameSender(socket: WebSocket) {
  return (frame: SupportServerFrame) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame))
  }
}

/** The error frame for what a frame's work threw: the store's error keys, never a stack. */
export function errorFrame(err: unknown, clientId?: string): SupportServerFrame {
  if (err instanceof HttpError) {
    const penalty =
      typeof err.details === 'object' && err.details !== null && 'penalty' in err.details
        ? Number((err.details as { penalty: unknown }).penalty)
        : undefined
    return { type: 'error', code: err.code, message: err.message, client_id: clientId, penalty }
  }
  return { type: 'error', code: 'internal', message: 'errors:tryLater', client_id: clientId }
}

/** Runs each frame of a socket after the one before, so a shopper's messages are stored in the order sent. */
export function inOrder() {
  let chain = Promise.resolve()
  return (work: () => Promise<void>) => {
    chain = chain.then(work, work)
  }
}

/** Drops sockets that stopped answering pings. */
export function heartbeatFor(app: App, sockets: () => Iterable<WebSocket>) {
  const alive = new WeakSet<WebSocket>()
  const timer = setInterval(() => {
    for (const socket of sockets()) {
      if (!alive.has(socket)) {
        socket.terminate()
        continue
      }
      alive.delete(socket)
      socket.ping()
    }
  }, HEARTBEAT_MS)
  timer.unref()
  app.addHook('onClose', async () => clearInterval(timer))
  return (socket: WebSocket) => {
    alive.add(socket)
    socket.on('pong', () => alive.add(socket))
  }
}

/**
 * One socket's frames, shopper's or operator's, handled one after another: a frame that is not the
 * protocol's is told `badFrame`, and a failure of `handle` comes back as an error frame (logged unless it
 * was the store's own refusal) naming the message it was about.
 */
export function serveFrames(
  socket: WebSocket,
  peer: Peer,
  leave: () => void,
  log: FastifyBaseLogger,
  handle: (frame: SupportClientFrame) => Promise<void>,
): void {
  const queue = inOrder()
  socket.on('close', leave)
  socket.on('message', (raw) => {
    queue(async () => {
      let frame: SupportClientFrame
      try {
        frame = SupportClientFrameSchema.parse(JSON.parse(String(raw)))
      } catch {
        peer.send({ type: 'error', code: 'bad_request', message: SUPPORT_ERROR_KEYS.badFrame })
        return
      }
      try {
        await handle(frame)
      } catch (err) {
        if (!(err instanceof HttpError)) log.error({ err, role: peer.role }, 'support chat: a frame failed')
        peer.send(errorFrame(err, frame.type === 'send' ? frame.client_id : undefined))
      }
    })
  })
}
