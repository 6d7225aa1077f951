import { describe, expect, it } from 'vitest'
import {
  NAVIGATION_DENYLIST,
  hasFileExtension,
  isApiPath,
  isCatalogueRead,
  isProductImage,
  isShellNavigation,
  isStorableResponse,
} from './routes-match'

const ORIGIN = 'https://shop.example.kz'
const at = (path: string) => new URL(path, ORIGIN)

describe('the navigation fallback', () => {
  it.each([
    '/',
    '/catalog',
    '/catalog/smartfony',
    '/astana/catalog/noutbuki/f/brand/apple',
    '/almaty_kk/p/smartfon-apple-iphone-15',
    '/cart',
    '/checkout?step=delivery',
    '/search?q=a.b',
    '/search?q=x/api/v1',
    '/apisearch',
    '/catalog/api-ready-tv',
    '/catalog/smartfony/f/diagonal/6.5-6.9',
  ])('serves the shell for the client route %s', (path) => {
    expect(isShellNavigation(at(path), ORIGIN)).toBe(true)
  })

  it.each([
    '/api/health',
    '/api',
    '/api?x=1',
    '/dev/reset',
    '/katalog/api/v1/does-not-exist',
    '/menu/api/v1/cities',
    '/cart/api/v3/cart',
    '/f3/api/v1/images/200/200/abc.webp',
    '/robots.txt',
    '/icons/icon-192.png',
    '/manifest.webmanifest',
  ])('leaves %s to the network', (path) => {
    expect(isShellNavigation(at(path), ORIGIN)).toBe(false)
  })

  it('never answers for another origin', () => {
    expect(isShellNavigation(new URL('https://pay.example.com/catalog'), ORIGIN)).toBe(false)
  })

  it.each([
    '/',
    '/catalog/smartfony',
    '/checkout?step=delivery',
    '/search?q=a.b',
    '/search?q=x/api/v1',
    '/api?x=1',
    '/api/health?x=1',
    '/katalog/api/v1/x',
    '/katalog/apis',
    '/.well-known/thing',
    '/robots.txt?v=2',
    '/icons/icon-192.png',
    '/a.b/c',
  ])('Workbox denylist over pathname and search agrees with the tested rule for %s', (path) => {
    const url = at(path)
    const denied = NAVIGATION_DENYLIST.some((re) => re.test(url.pathname + url.search))
    expect(denied).toBe(!isShellNavigation(url, ORIGIN))
  })

  it('uses the same API rule as the server', () => {
    expect(isApiPath('/oms/api/v3/orders')).toBe(true)
    expect(isApiPath('/api/cpms/v1/x')).toBe(true)
    expect(isApiPath('/oms/v3/api')).toBe(false)
    expect(isApiPath('/catalog')).toBe(false)
  })

  it('treats a dot in the last segment as a file, as path.extname does', () => {
    expect(hasFileExtension('/sitemap.xml')).toBe(true)
    expect(hasFileExtension('/.well-known')).toBe(false)
    expect(hasFileExtension('/a.b/c')).toBe(false)
  })
})

describe('runtime caching', () => {
  it('keeps product images', () => {
    expect(isProductImage(at('/f3/api/v1/images/400/400/p-1.webp'), ORIGIN, 'GET')).toBe(true)
    expect(isProductImage(at('/f3/api/v1/images/400/400/p-1.jpg'), ORIGIN, 'HEAD')).toBe(false)
    expect(
      isProductImage(new URL('https://cdn.example.com/f3/api/v1/images/1/1/x.webp'), ORIGIN, 'GET'),
    ).toBe(false)
  })

  it('keeps catalogue and menu reads', () => {
    expect(isCatalogueRead(at('/katalog/api/v1/products/smartfon-x?city_id=1'), ORIGIN, 'GET')).toBe(true)
    expect(isCatalogueRead(at('/katalog/api/v2/search?q=tv'), ORIGIN, 'GET')).toBe(true)
    expect(isCatalogueRead(at('/menu/api/v1/cities'), ORIGIN, 'GET')).toBe(true)
  })

  it.each([
    ['POST', '/katalog/api/v1/products/search'],
    ['GET', '/cart/api/v3/cart'],
    ['GET', '/cart/api/v2/cart/123'],
    ['GET', '/account/api/v1/profile'],
    ['GET', '/checkout/api/v1/checkout'],
    ['GET', '/payment/api/v1/payments/1'],
    ['GET', '/oms/api/v3/orders'],
    ['GET', '/wishlist/api/v1/items'],
    ['GET', '/bonus/api/v1/balance'],
    ['GET', '/api/health'],
    ['GET', '/katalog/v1/not-an-api'],
  ])('never caches %s %s', (method, path) => {
    expect(isCatalogueRead(at(path), ORIGIN, method)).toBe(false)
    expect(isProductImage(at(path), ORIGIN, method)).toBe(false)
  })

  it('stores complete successes only, and nothing the server marked private or no-store', () => {
    expect(isStorableResponse(200, null)).toBe(true)
    expect(isStorableResponse(200, 'public, max-age=60')).toBe(true)
    expect(isStorableResponse(200, 'no-cache')).toBe(true)
    expect(isStorableResponse(200, 'private, max-age=0')).toBe(false)
    expect(isStorableResponse(200, 'max-age=0,no-store')).toBe(false)
    expect(isStorableResponse(206, null)).toBe(false)
    expect(isStorableResponse(404, null)).toBe(false)
    expect(isStorableResponse(500, null)).toBe(false)
    expect(isStorableResponse(0, null)).toBe(false)
  })
})
