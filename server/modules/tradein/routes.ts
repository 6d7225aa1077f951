import { TRADE_BASE, TradeProductLink, TradeProductLinkQuery } from '../../../contract/cart'
import { ErrorBody } from '../../../contract/common'
import type { ModuleRegistration } from '../../http/types'
import { createTradeinRepo } from './repo'
import { createTradeinService } from './service'

const errors = { 400: ErrorBody, 404: ErrorBody, 422: ErrorBody }

/**
 * Trade-in (issue 21): what a product takes as an old device and where it is handed over. The spec's
 * path has no base; `/trade/api/v1/product-link` is the same answer under the store's API rule (an API
 * path has `api` as its first or second segment), which the browser uses.
 */
export const tradeinModule: ModuleRegistration = (app, { database }) => {
  const tradein = createTradeinService({
    repo: createTradeinRepo(database.db),
    line: async (sku, cityId) => (await app.pricingLines.forSkus([{ sku, quantity: 1 }], cityId))[0]!,
    devices: (line, cityId) => app.pricing.tradeinDevices(line, cityId),
  })
  for (const url of [`${TRADE_BASE}/product-link`, `${TRADE_BASE}/api/v1/product-link`]) {
    app.get(
      url,
      {
        schema: {
          tags: ['trade-in'],
          summary: 'Whether a product takes an old device in a city or shop, the devices and their credits',
          querystring: TradeProductLinkQuery,
          response: { 200: TradeProductLink, ...errors },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'public, max-age=60').header('vary', 'accept-language')
        return tradein.productLink(req.query, req.lang)
      },
    )
  }
}
