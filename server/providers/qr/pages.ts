import type { FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { App } from '../../http/types'
import { sendHostedPage as html } from '../hosted-page'
import { LOCAL_QR_BASE as BASE, type LocalQrProvider } from './local'
import type { QrSession } from './provider'
import { endedPage, scanPage, SCAN_CSS } from './page-html'

const Params = z.object({ id: z.uuid() })

/**
 * The scan page of the local QR provider (a real provider's app shows this on the phone): the merchant,
 * the amount, "Оплатить" and "Отменить" as plain HTML forms posting to this server, so it works under
 * the store's CSP, which allows no inline script. The page speaks the request's language.
 */
export async function registerLocalQrPages(app: App, provider: LocalQrProvider) {
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>()
    // The buttons post empty forms; only these pages take them, the rest of the API stays JSON only.
    plain.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, _body, done) => done(null, {}),
    )
    const hide = { hide: true }

    scope.get(`${BASE}/assets/scan.css`, { schema: hide }, (_req, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .type('text/css; charset=utf-8')
        .send(SCAN_CSS as never),
    )

    scope.get(`${BASE}/sessions/:id`, { schema: { ...hide, params: Params } }, async (req, reply) => {
      const s = await provider.session(req.params.id)
      if (!s) return html(reply, 404, endedPage(BASE, req.lang, 'unknown', null))
      if (s.status === 'pending') return html(reply, 200, scanPage(BASE, req.lang, s))
      return html(reply, s.status === 'expired' ? 410 : 200, endedPage(BASE, req.lang, s.status, s.amount))
    })

    // Each button ends a pending session once; a repeated post changes nothing. Either way the phone
    // lands on the session's page, which shows what became of it.
    function after(reply: FastifyReply, lang: 'ru' | 'kk', s: QrSession | null) {
      if (!s) return html(reply, 404, endedPage(BASE, lang, 'unknown', null))
      return reply.redirect(`${BASE}/sessions/${s.sessionId}`, 303)
    }

    scope.post(`${BASE}/sessions/:id/pay`, { schema: { ...hide, params: Params } }, async (req, reply) =>
      after(reply, req.lang, await provider.pay(req.params.id)),
    )

    scope.post(`${BASE}/sessions/:id/cancel`, { schema: { ...hide, params: Params } }, async (req, reply) => {
      await provider.cancelPayment(req.params.id)
      return after(reply, req.lang, await provider.session(req.params.id))
    })
  })
}
