import { describe, expect, it } from 'vitest'
import {
  NAVIGATION_DENYLIST,
  hasFileExtension,
  isApiPath,
  isCatalogueRead,
  isInventoryRead,
  isMenuRead,
  isProductImage,
  isRenderedPageNavigation,
  pickImageFallback,
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

  it('keeps catalogue, menu and inventory reads, each in its own cache', () => {
    expect(isCatalogueRead(at('/katalog/api/v1/products/smartfon-x?city_id=1'), ORIGIN, 'GET')).toBe(true)
    expect(isCatalogueRead(at('/katalog/api/v2/search?q=tv'), ORIGIN, 'GET')).toBe(true)
    expect(isCatalogueRead(at('/menu/api/v1/cities'), ORIGIN, 'GET')).toBe(false)
    expect(isMenuRead(at('/menu/api/v1/cities'), ORIGIN, 'GET')).toBe(true)
    expect(isMenuRead(at('/menu/api/v1/menus/katalog'), ORIGIN, 'GET')).toBe(true)
    expect(isInventoryRead(at('/inventory/api/v1/points?city_id=1'), ORIGIN, 'GET')).toBe(true)
    expect(isInventoryRead(at('/inventory/api/v1/points'), ORIGIN, 'POST')).toBe(false)
  })

  it("keeps the HTML of the pages the server renders for everyone, never of the shopper's own", () => {
    for (const path of ['/', '/catalog/smartfony', '/astana_kk/p/x', '/b/apple', '/search?q=tv']) {
      expect(isRenderedPageNavigation(at(path), ORIGIN), path).toBe(true)
    }
    for (const path of ['/cart', '/checkout/delivery', '/my-account/orders', '/login', '/api/health']) {
      expect(isRenderedPageNavigation(at(path), ORIGIN), path).toBe(false)
    }
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
    expect(isMenuRead(at(path), ORIGIN, method)).toBe(false)
    expect(isInventoryRead(at(path), ORIGIN, method)).toBe(false)
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

describe('the same-or-larger image fallback', () => {
  const img = (w: number, h: number, id: string, ext = 'webp') =>
    `${ORIGIN}/f3/api/v1/images/${w}/${h}/${id}.${ext}`

  it('answers with the smallest kept copy of the same picture at the same or a larger size', () => {
    const cached = [
      img(800, 800, 'p1-0'),
      img(272, 272, 'p1-0'),
      img(100, 100, 'p1-0'),
      img(272, 272, 'p2-0'),
    ]
    expect(pickImageFallback(new URL(img(150, 150, 'p1-0')), cached)).toBe(img(272, 272, 'p1-0'))
    expect(pickImageFallback(new URL(img(272, 272, 'p1-0')), cached)).toBe(img(272, 272, 'p1-0'))
    expect(pickImageFallback(new URL(img(800, 800, 'p1-0')), cached)).toBe(img(800, 800, 'p1-0'))
  })

  it('never answers with a smaller copy or another picture', () => {
    expect(pickImageFallback(new URL(img(800, 800, 'p1-0')), [img(272, 272, 'p1-0')])).toBeNull()
    expect(pickImageFallback(new URL(img(100, 100, 'p1-0')), [img(800, 800, 'p1-1')])).toBeNull()
    expect(pickImageFallback(new URL(img(272, 100, 'p1-0')), [img(800, 88, 'p1-0')])).toBeNull()
  })

  it('prefers the asked format, then takes the other one rather than nothing', () => {
    const both = [img(800, 800, 'p1-0', 'webp'), img(272, 272, 'p1-0', 'jpg')]
    expect(pickImageFallback(new URL(img(150, 150, 'p1-0', 'webp')), both)).toBe(
      img(800, 800, 'p1-0', 'webp'),
    )
    expect(pickImageFallback(new URL(img(150, 150, 'p1-0', 'jpg')), both)).toBe(img(272, 272, 'p1-0', 'jpg'))
    expect(pickImageFallback(new URL(img(150, 150, 'p1-0', 'png')), [img(272, 272, 'p1-0', 'jpg')])).toBe(
      img(272, 272, 'p1-0', 'jpg'),
    )
  })

  it('ignores what is not an image address', () => {
    expect(pickImageFallback(at('/katalog/api/v1/products/x'), [img(800, 800, 'x')])).toBeNull()
    expect(pickImageFallback(new URL(img(100, 100, 'x')), [`${ORIGIN}/katalog/api/v1/x`])).toBeNull()
  })
})
