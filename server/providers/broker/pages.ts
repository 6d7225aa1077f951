import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { App } from '../../http/types'
import { sendHostedPage as html } from '../hosted-page'
import { LOCAL_BROKER_BASE as BASE, type LocalLoanBroker } from './local'
import { goneOfferPage, offerPage } from './page-html'

const Params = z.object({ referenceId: z.uuid(), offerId: z.uuid() })

/**
 * The partner banks' pages of the local broker (a real bank shows its own): an approved offer's terms
 * and "Подписать договор" as a plain form, so it works under the store's CSP. Signing sends the
 * shopper back to the store, and the broker's signed callback follows.
 */
export async function registerLocalBrokerPages(app: App, broker: LocalLoanBroker) {
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>()
    plain.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, _body, done) => done(null, {}),
    )
    const schema = { hide: true, params: Params }
    const path = `${BASE}/applications/:referenceId/offers/:offerId`

    scope.get(path, { schema }, async (req, reply) => {
      const found = await broker.offerPage(req.params.referenceId, req.params.offerId)
      if (!found) return html(reply, 404, goneOfferPage(req.lang, null))
      const { row, answer, offer, bankTitle } = found
      const signedElsewhere = row.signedOfferId !== null && row.signedOfferId !== req.params.offerId
      if (!answer || !offer || signedElsewhere || row.signedOfferId === req.params.offerId)
        return html(reply, 410, goneOfferPage(req.lang, row.returnUrl))
      return html(
        reply,
        200,
        offerPage({
          lang: req.lang,
          bank: bankTitle ?? answer.bic,
          offer,
          state: answer.state,
          action: `${BASE}/applications/${row.referenceId}/offers/${offer.id}`,
          returnUrl: row.returnUrl,
        }),
      )
    })

    scope.post(`${path}/sign`, { schema }, async (req, reply) => {
      const outcome = await broker.sign(req.params.referenceId, req.params.offerId)
      if (outcome.kind === 'unknown') return html(reply, 404, goneOfferPage(req.lang, null))
      if (outcome.kind === 'not_signable') return html(reply, 409, goneOfferPage(req.lang, outcome.returnUrl))
      return reply.redirect(outcome.returnUrl!, 303)
    })
  })
}
