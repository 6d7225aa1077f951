import type { ModuleRegistration } from '../../http/types'
import { createPricing, type Pricing } from './pricing'

declare module 'fastify' {
  interface FastifyInstance {
    /** Prices carts and answers what a promotion, promo code or gift card would do. */
    pricing: Pricing
  }
}

/** Pricing has no routes of its own: the cart, promotions, marketing and loans answer through it. */
export const pricingModule: ModuleRegistration = (app, { database }) => {
  app.decorate(
    'pricing',
    createPricing(database.db, () => app.catalog.categories()),
  )
}
