import { PushOutboxQuery, PushOutboxResponse } from '../../../contract/push'
import type { Config } from '../../config'
import { forbidden } from '../../http/errors'
import type { App } from '../../http/types'
import type { OutboxPush } from '../../providers/push/local'

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])
const PATH = '/dev/push-outbox'

/**
 * `GET /dev/push-outbox?endpoint=`: what the local push provider would have posted to a subscription,
 * newest first: the JSON it encrypted, and the encrypted body and headers a push service would get. As
 * the SMS and mail outboxes: development and test modes have it; production mode only with
 * PUSH_OUTBOX_ROUTE=1, and then only for a client on this machine talking to the server directly.
 */
export function registerDevPushOutbox(
  app: App,
  config: Config,
  outbox: (endpoint: string) => Promise<OutboxPush[]>,
) {
  const production = config.NODE_ENV === 'production'
  if (production && config.PUSH_OUTBOX_ROUTE !== '1') return
  if (production) app.log.warn(`PUSH_OUTBOX_ROUTE=1: ${PATH} serves loopback clients`)

  app.get(
    PATH,
    { schema: { hide: true, querystring: PushOutboxQuery, response: { 200: PushOutboxResponse } } },
    async (req, reply) => {
      if (production) {
        const direct = !req.headers['x-forwarded-for'] && !req.headers.forwarded
        if (!direct || !LOOPBACK.has(req.socket.remoteAddress ?? '')) throw forbidden()
      }
      const messages = await outbox(req.query.endpoint)
      reply.header('cache-control', 'no-store')
      return {
        messages: messages.map((m) => ({
          id: m.id,
          endpoint: m.endpoint,
          payload: m.payload,
          body: m.body.toString('base64'),
          headers: m.headers,
          created_at: m.createdAt.toISOString(),
        })),
      }
    },
  )
}
