import { describe, expect, it } from 'vitest'
import { contentLink } from './content-link'

describe('links from content data', () => {
  it('keeps client paths and web addresses, and nothing else', () => {
    expect(contentLink('/cms/promo')).toEqual({ kind: 'internal', path: '/cms/promo' })
    expect(contentLink('https://bank.example.kz/offer')).toEqual({
      kind: 'external',
      url: 'https://bank.example.kz/offer',
    })
    expect(contentLink('//evil.example')).toBeNull()
    expect(contentLink('javascript:alert(1)')).toBeNull()
    expect(contentLink('')).toBeNull()
    expect(contentLink(null)).toBeNull()
  })
})
