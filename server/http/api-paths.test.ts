import { describe, expect, it } from 'vitest'
import { isApiPath } from './api-paths'

describe('telling API paths from client routes', () => {
  it.each([
    '/api/health',
    '/cart/api/v3/carts',
    '/katalog/api/v1/products/1?city_id=2',
    '/dev/sms-outbox',
    '/api',
  ])('%s is an API path', (url) => expect(isApiPath(url)).toBe(true))
  it.each([
    '/',
    '/cart',
    '/catalog/smartfony',
    '/astana_kk/p/x',
    '/my-account/api-keys',
    '/checkout/result?api=1',
  ])('%s is a client route', (url) => expect(isApiPath(url)).toBe(false))
})
