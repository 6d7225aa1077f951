import { describe, expect, it } from 'vitest'
import { chatHidden, partnerSkipped } from './paths'

describe('where the chat and the partner widget show (spec 2.8)', () => {
  it('hides the chat on the cart, the checkout and the gift cards, in any city and language', () => {
    for (const path of [
      '/cart',
      '/cart/shared/abc',
      '/checkout',
      '/checkout/delivery',
      '/gift-cards',
      '/astana_kk/cart',
      '/almaty_kk/checkout/payment',
      '/shymkent/gift-cards',
      '/admin/support',
    ])
      expect(chatHidden(path), path).toBe(true)
  })

  it('shows it everywhere else, pages merely starting with the same letters included', () => {
    for (const path of [
      '/',
      '/catalog/smartfony',
      '/p/iphone-15',
      '/astana_kk',
      '/cartoons',
      '/my-account/orders',
      '/search',
    ])
      expect(chatHidden(path), path).toBe(false)
  })

  it('skips the partner widget on the one configured path only', () => {
    expect(partnerSkipped('/checkout/payment', '/checkout')).toBe(true)
    expect(partnerSkipped('/astana_kk/checkout', '/checkout')).toBe(true)
    expect(partnerSkipped('/catalog', '/checkout')).toBe(false)
    expect(partnerSkipped('/checkout', null)).toBe(false)
  })
})
