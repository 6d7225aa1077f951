import type { FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { text } from '../../../contract/common'
import type { App } from '../../http/types'
import { sendHostedPage as html } from '../hosted-page'
import { LOCAL_ACQUIRER_BASE as BASE, type FormOutcome, type LocalCardAcquirer } from './local'
import { cardFormPage, challengePage, gonePage, HOSTED_CSS } from './page-html'

const Params = z.object({ id: z.uuid() })
const CardBody = z.object({
  pan: text().max(40).default(''),
  expiry: text().max(10).default(''),
  cvc: text().max(10).default(''),
})
const CodeBody = z.object({ code: text().max(20).default('') })

type Reply = FastifyReply

/**
 * The hosted card pages of the local acquirer (a real acquirer serves these on its own domain). Plain
 * HTML forms posting to this server: they work under the store's CSP, which allows no inline script.
 */
export async function registerLocalAcquirerPages(app: App, acquirer: LocalCardAcquirer) {
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>()
    // Only these pages take classic form posts; the rest of the API stays JSON only.
    plain.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    )
    const hide = { hide: true }

    function answer(reply: Reply, outcome: FormOutcome) {
      if (outcome.kind === 'gone') return html(reply, 410, gonePage('ru', null))
      const s = outcome.session
      if (outcome.kind === 'approved') return reply.redirect(s.successUrl, 303)
      if (outcome.kind === 'declined') return reply.redirect(s.failUrl, 303)
      if (outcome.kind === 'invalid') return html(reply, 422, cardFormPage(BASE, s, outcome.field))
      return reply.redirect(`${BASE}/sessions/${s.id}`, 303)
    }

    scope.get(`${BASE}/assets/hosted.css`, { schema: hide }, (_req, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .type('text/css; charset=utf-8')
        .send(HOSTED_CSS as never),
    )

    scope.get(`${BASE}/sessions/:id`, { schema: { ...hide, params: Params } }, async (req, reply) => {
      const s = await acquirer.session(req.params.id)
      if (!s || s.expired) return html(reply, 410, gonePage(s?.language ?? 'ru', s?.failUrl ?? null))
      if (s.status === 'approved') return reply.redirect(s.successUrl, 303)
      if (s.status === 'declined') return reply.redirect(s.failUrl, 303)
      if (s.status === 'challenge') return html(reply, 200, challengePage(BASE, s, s.mask))
      return html(reply, 200, cardFormPage(BASE, s))
    })

    scope.post(
      `${BASE}/sessions/:id`,
      { schema: { ...hide, params: Params, body: CardBody } },
      async (req, reply) => {
        const outcome = await acquirer.submitCard(req.params.id, req.body)
        if (outcome.kind === 'invalid')
          return html(
            reply,
            422,
            cardFormPage(BASE, outcome.session, outcome.field, {
              expiry: /^\d{2}\/\d{2}$/.test(req.body.expiry) ? req.body.expiry : '',
            }),
          )
        return answer(reply, outcome)
      },
    )

    scope.post(
      `${BASE}/sessions/:id/3ds`,
      { schema: { ...hide, params: Params, body: CodeBody } },
      async (req, reply) => {
        const outcome = await acquirer.submitChallenge(req.params.id, req.body.code)
        if (outcome.kind === 'retry') {
          const s = outcome.session
          return html(reply, 422, challengePage(BASE, s, s.mask, outcome.attemptsLeft))
        }
        return answer(reply, outcome)
      },
    )

    scope.post(`${BASE}/sessions/:id/cancel`, { schema: { ...hide, params: Params } }, async (req, reply) =>
      answer(reply, await acquirer.cancel(req.params.id)),
    )
  })
}
