import { OutboxQuery, OutboxResponse } from '../../../contract/account'
import type { Config } from '../../config'
import { forbidden } from '../../http/errors'
import type { App } from '../../http/types'
import type { createLocalSmsProvider } from '../../providers/sms/local'

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

/**
 * `GET /dev/sms-outbox?phone`: what the local SMS provider "sent", so a developer or a journey can read
 * the code. Development and test modes have it. Production mode has no such route unless
 * SMS_OUTBOX_ROUTE=1 (the journeys run the production build), and even then it answers only a client on
 * this machine talking to the server directly: the socket's own address, with no proxy header, since
 * a forwarded address can be forged.
 */
export function registerDevOutbox(app: App, config: Config, sms: ReturnType<typeof createLocalSmsProvider>) {
  const production = config.NODE_ENV === 'production'
  if (production && config.SMS_OUTBOX_ROUTE !== '1') return
  if (production) app.log.warn('SMS_OUTBOX_ROUTE=1: /dev/sms-outbox serves loopback clients')

  app.get(
    '/dev/sms-outbox',
    { schema: { hide: true, querystring: OutboxQuery, response: { 200: OutboxResponse } } },
    async (req, reply) => {
      if (production) {
        const direct = !req.headers['x-forwarded-for'] && !req.headers.forwarded
        if (!direct || !LOOPBACK.has(req.socket.remoteAddress ?? '')) throw forbidden()
      }
      const messages = await sms.outbox(req.query.phone)
      reply.header('cache-control', 'no-store')
      return {
        messages: messages.map((m) => ({
          phone: m.phone,
          text: m.text,
          purpose: m.purpose,
          created_at: m.createdAt.toISOString(),
        })),
      }
    },
  )
}
