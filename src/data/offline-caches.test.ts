import { afterEach, describe, expect, it, vi } from 'vitest'
import { forgetPersonalCaches, isPersonalApiPath } from './offline-caches'

describe('the shopper’s own data in the shared caches', () => {
  it.each([
    '/account/api/v1/profile',
    '/cart/api/v3/cart',
    '/oms/api/v3/orders',
    '/payment/api/v1/cards',
    '/wishlist/api/v1/items',
    '/bonus/api/v1/balance',
    '/feedback/api/v2/my',
    '/api/anything',
  ])('counts %s as personal', (path) => {
    expect(isPersonalApiPath(path)).toBe(true)
  })

  it.each(['/katalog/api/v1/products/x', '/menu/api/v1/cities', '/inventory/api/v1/points', '/f3/api/v1/images/1/1/a.webp', '/catalog/smartfony', '/'])(
    'leaves the public %s',
    (path) => {
      expect(isPersonalApiPath(path)).toBe(false)
    },
  )

  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('removes every personal entry of every cache and keeps the rest', async () => {
    const stores = new Map<string, Map<string, Response>>([
      ['catalogue-api-v1', new Map([['https://s.kz/katalog/api/v1/products/x', new Response('p')]])],
      [
        'old-v0',
        new Map([
          ['https://s.kz/account/api/v1/profile', new Response('me')],
          ['https://s.kz/menu/api/v1/cities', new Response('c')],
        ]),
      ],
    ])
    vi.stubGlobal('caches', {
      keys: async () => [...stores.keys()],
      open: async (name: string) => {
        const store = stores.get(name)!
        return {
          keys: async () => [...store.keys()].map((url) => new Request(url)),
          delete: async (request: Request) => store.delete(request.url),
        }
      },
    })
    expect(await forgetPersonalCaches()).toBe(1)
    expect([...stores.get('old-v0')!.keys()]).toEqual(['https://s.kz/menu/api/v1/cities'])
    expect(stores.get('catalogue-api-v1')!.size).toBe(1)
  })
})
