import type { ModuleRegistration } from '../../http/types'
import { createPricing, type Pricing } from './pricing'
import { BENEFIT_CACHE_MS } from './repo'

declare module 'fastify' {
  interface FastifyInstance {
    /** Prices carts and answers what a promotion, promo code or gift card would do. */
    pricing: Pricing
  }
}

/** Pricing has no routes of its own: the cart, promotions, marketing and loans answer through it. */
export const pricingModule: ModuleRegistration = (app, { database, config }) => {
  const ttl = config.PRICING_TABLES_TTL_MS ?? (config.NODE_ENV === 'test' ? 0 : BENEFIT_CACHE_MS)
  const pricing = createPricing(database.db, () => app.catalog.categories(), ttl)
  app.decorate('pricing', pricing)
  // the first load before the store listens: after it, a stale copy is refreshed without anyone waiting
  app.addHook('onReady', async () => {
    await pricing.tables()
  })
}
