import { MailAttachmentParams, MailOutboxQuery, MailOutboxResponse } from '../../../contract/documents'
import type { Config } from '../../config'
import { forbidden, notFound } from '../../http/errors'
import type { App } from '../../http/types'
import type { LocalMailProvider } from '../../providers/mail/local'
import { contentDisposition } from './content-disposition'

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])
const PATH = '/dev/mail-outbox'

/**
 * `GET /dev/mail-outbox?to=`: what the local mail provider "sent", newest first, with links to each
 * attachment (`GET /dev/mail-outbox/{id}/attachments/{position}`), so a developer or a journey can read
 * the message and open its PDF. As the SMS outbox: development and test modes have it; production mode
 * only with MAIL_OUTBOX_ROUTE=1, and then only for a client on this machine talking to the server
 * directly (no proxy header, since a forwarded address can be forged).
 */
export function registerDevMailOutbox(app: App, config: Config, mail: LocalMailProvider) {
  const production = config.NODE_ENV === 'production'
  if (production && config.MAIL_OUTBOX_ROUTE !== '1') return
  if (production) app.log.warn(`MAIL_OUTBOX_ROUTE=1: ${PATH} serves loopback clients`)

  const guard = (req: { headers: Record<string, unknown>; socket: { remoteAddress?: string } }) => {
    if (!production) return
    const direct = !req.headers['x-forwarded-for'] && !req.headers.forwarded
    if (!direct || !LOOPBACK.has(req.socket.remoteAddress ?? '')) throw forbidden()
  }

  app.get(
    PATH,
    { schema: { hide: true, querystring: MailOutboxQuery, response: { 200: MailOutboxResponse } } },
    async (req, reply) => {
      guard(req)
      const messages = await mail.outbox(req.query.to)
      reply.header('cache-control', 'no-store')
      return {
        messages: messages.map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          text: m.text,
          purpose: m.purpose,
          created_at: m.createdAt.toISOString(),
          attachments: m.attachments.map((a) => ({
            filename: a.filename,
            content_type: a.contentType,
            size: a.size,
            url: `${PATH}/${m.id}/attachments/${a.position}`,
          })),
        })),
      }
    },
  )

  app.get(
    `${PATH}/:id/attachments/:position`,
    { schema: { hide: true, params: MailAttachmentParams } },
    async (req, reply) => {
      guard(req)
      const file = await mail.attachment(req.params.id, req.params.position)
      if (!file) throw notFound()
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', contentDisposition(file.filename))
        .type(file.contentType)
        .send(file.content)
    },
  )
}
