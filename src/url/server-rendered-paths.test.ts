import { describe, expect, it } from 'vitest'
import { isServerRendered } from './server-rendered-paths'

describe('isServerRendered', () => {
  it('renders the catalogue, products and content pages in every city and language', () => {
    for (const path of [
      '/',
      '/catalog',
      '/catalog/smartfony/f/brand/apple',
      '/p/iphone-15',
      '/astana_kk',
      '/astana_kk/p/x',
      '/shymkent/b/samsung',
      '/cms/promo',
      '/gift-cards',
      '/search',
    ])
      expect(isServerRendered(path), path).toBe(true)
  })

  it("leaves the shopper's own pages to the browser", () => {
    for (const path of [
      '/cart',
      '/my-account',
      '/astana/my-account/orders',
      '/login',
      '/checkout/delivery',
      '/compare',
      // the back office is an app of its own, rendered in the browser only (src/main.tsx)
      '/admin',
      '/admin/orders',
      '/admin/orders/3f2c/timeline',
    ])
      expect(isServerRendered(path), path).toBe(false)
  })
})
