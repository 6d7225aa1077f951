import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, isNotFound, RouterProvider } from '@tanstack/react-router'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { getDefaultStore } from 'jotai'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cityIdAtom } from '../atoms/city-id'
import { localeAtom } from '../atoms/locale'
import type { Profile } from '../../contract/account'
import { getRequestContext } from '../data/request-context'
import { profileQuery } from '../session/session'
import { i18n } from '../i18n/i18n'
import { createAppRouter } from './router'

// jsdom has no scrolling; the router's scroll restoration calls it on every navigation
window.scrollTo = () => undefined

function routerAt(path: string, queryClient = new QueryClient()) {
  return createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [path] }) })
}

/** A query client that already knows the signed-in shopper's profile. */
function signedIn(): QueryClient {
  const queryClient = new QueryClient()
  const profile: Profile = {
    id: '6f1c1a6e-8f43-4a53-9d1e-2b9f3c0c1a11',
    firstname: 'Айгерим',
    lastname: 'Серикова',
    phone: '77012345678',
    email: null,
    tdid: 'tdid-1',
    kind: 'full',
    type: 'individual',
  }
  queryClient.setQueryData(profileQuery().queryKey, profile)
  return queryClient
}

async function resolve(path: string, queryClient?: QueryClient) {
  const router = routerAt(path, queryClient)
  await router.load()
  const leaf = router.state.matches[router.state.matches.length - 1]
  return { router, routeId: leaf?.routeId, params: leaf?.params, status: leaf?.status }
}

async function renderAt(path: string) {
  const router = routerAt(path)
  await act(async () => {
    await router.load()
  })
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>,
  )
  return router
}

afterEach(async () => {
  await act(async () => {
    await routerAt('/').load()
  })
})

describe('the route tree', () => {
  it.each([
    ['/', '/{-$city}/'],
    ['/astana', '/{-$city}/'],
    ['/almaty_kk', '/{-$city}/'],
    ['/cart', '/{-$city}/cart'],
    ['/checkout', '/{-$city}/checkout/'],
    ['/checkout/result?status=success&orderId=A-1', '/{-$city}/checkout/$step'],
    ['/catalog', '/{-$city}/catalog/'],
    ['/catalog/s', '/{-$city}/catalog/s'],
    ['/catalog/smartfony', '/{-$city}/catalog/$'],
    ['/astana/catalog/televizory/f/brand/lg', '/{-$city}/catalog/$'],
    ['/p/iphone-15-128gb', '/{-$city}/p/$uri'],
    ['/astana_kk/p/iphone-15-128gb', '/{-$city}/p/$uri'],
    ['/p/s/100200', '/{-$city}/p/s/$sku'],
    ['/b', '/{-$city}/b/'],
    ['/b/samsung', '/{-$city}/b/$brand'],
    ['/cms', '/{-$city}/cms/'],
    ['/cms/promo', '/{-$city}/cms/promo'],
    ['/cms/delivery', '/{-$city}/cms/$slug'],
    ['/compare', '/{-$city}/compare'],
    ['/gift-cards', '/{-$city}/gift-cards'],
    ['/kaspi-qr', '/{-$city}/kaspi-qr'],
    ['/login', '/{-$city}/login'],
    ['/menu', '/{-$city}/menu'],
    ['/my-account/guest', '/{-$city}/my-account/guest'],
    ['/search?q=iphone', '/{-$city}/search'],
    ['/under', '/{-$city}/under'],
  ])('serves %s with %s', async (path, routeId) => {
    const result = await resolve(path)
    expect(result.routeId).toBe(routeId)
    expect(result.status).toBe('success')
  })

  it.each([
    ['/my-account', '/{-$city}/my-account/'],
    ['/my-account/address-book', '/{-$city}/my-account/address-book'],
    ['/my-account/cards', '/{-$city}/my-account/cards'],
    ['/my-account/mycoupons', '/{-$city}/my-account/mycoupons'],
    ['/my-account/information', '/{-$city}/my-account/information'],
    ['/my-account/orders-list', '/{-$city}/my-account/orders-list'],
    ['/my-account/overview', '/{-$city}/my-account/overview'],
    ['/my-account/reviews', '/{-$city}/my-account/reviews/'],
    ['/my-account/reviews/42', '/{-$city}/my-account/reviews/$id'],
    ['/my-account/wishlist', '/{-$city}/my-account/wishlist'],
    ['/my-account/my-caps', '/{-$city}/my-account/my-caps'],
  ])('serves %s with %s to a signed-in shopper', async (path, routeId) => {
    const result = await resolve(path, signedIn())
    expect(result.routeId).toBe(routeId)
    expect(result.status).toBe('success')
  })

  it('sends a guest from the account area to /login, to come back afterwards', async () => {
    const result = await resolve('/astana/my-account/cards')
    expect(result.routeId).toBe('/{-$city}/login')
    expect(result.router.state.location.pathname).toBe('/astana/login')
    expect(result.router.state.location.search).toMatchObject({ redirect: '/astana/my-account/cards' })
  })

  it('reads the city and language of the prefix into the params and the route context', async () => {
    const { router, params } = await resolve('/astana_kk/p/iphone-15')
    expect(params).toMatchObject({ city: 'astana_kk', uri: 'iphone-15' })
    const layout = router.state.matches.find((m) => m.routeId === '/{-$city}')
    expect(layout?.context).toMatchObject({ cityId: 2, citySlug: 'astana', lang: 'kk' })
  })

  it('makes the prefix the language, the atoms and the api context of the app', async () => {
    await resolve('/shymkent_kk/catalog')
    expect(i18n.locale).toBe('kk')
    expect(document.documentElement.lang).toBe('kk')
    expect(getDefaultStore().get(cityIdAtom)).toBe(3)
    expect(getDefaultStore().get(localeAtom)).toBe('kk')
    expect(getRequestContext()).toEqual({ lang: 'kk', cityId: 3 })
    await resolve('/catalog')
    expect(i18n.locale).toBe('ru')
    expect(getRequestContext()).toEqual({ lang: 'ru', cityId: 1 })
  })

  it('redirects /s/{sku} to the service product page and /almaty/... to the address without a prefix', async () => {
    expect((await resolve('/astana/s/777')).router.state.location.pathname).toBe('/astana/p/s/777')
    const almaty = await resolve('/almaty/cart?x=1')
    expect(almaty.router.state.location.href).toBe('/cart?x=1')
    expect(almaty.routeId).toBe('/{-$city}/cart')
  })

  it('answers an unknown prefix or a malformed category path with not found', async () => {
    for (const path of ['/karaganda/catalog', '/astana_en/catalog', '/catalog/televizory/f/brand']) {
      const { router } = await resolve(path)
      expect(
        router.state.matches.some((m) => isNotFound(m.error)),
        path,
      ).toBe(true)
    }
  })

  it('drops search values that do not fit instead of failing the page', async () => {
    const { router } = await resolve('/catalog/smartfony?sorting=cheapest&page=2&priceMin=-5')
    const leaf = router.state.matches[router.state.matches.length - 1]
    expect(leaf?.search).toMatchObject({ page: 2 })
    expect(leaf?.search).not.toHaveProperty('sorting', 'cheapest')
    expect((leaf?.search as { priceMin?: number }).priceMin).toBeUndefined()
  })
})

describe('the pages', () => {
  it.each(['/karaganda/catalog', '/no/such/page', '/catalog/televizory/f/brand'])(
    'shows the not-found page for %s',
    async (path) => {
      await renderAt(path)
      expect(await screen.findByTestId('not-found')).toBeTruthy()
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Страница не найдена')
    },
  )

  it.each(['/catalog?__throw=1', '/astana/catalog/smartfony?page=2&__throw=1'])(
    'shows the error screen when %s fails to render, and the home button clears it',
    async (path) => {
      const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
      const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
      try {
        const router = await renderAt(path)
        expect(await screen.findByTestId('error-screen')).toBeTruthy()
        expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Сервис временно недоступен')
        await act(async () => {
          fireEvent.click(screen.getByTestId('error-home'))
        })
        expect(await screen.findByTestId('home-page')).toBeTruthy()
        expect(screen.queryByTestId('error-screen')).toBeNull()
        expect(router.state.location.href).toBe(path.startsWith('/astana') ? '/astana' : '/')
      } finally {
        consoleError.mockRestore()
        consoleWarn.mockRestore()
      }
    },
  )

  it('keeps the city and language in the header links', async () => {
    await renderAt('/astana_kk/catalog')
    const links = await screen.findAllByTestId('header-category-link')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Тауарлар каталогы')
    expect(links.map((a) => a.textContent)).toContain('Кір жуғыш машиналар')
    expect(links.map((a) => a.getAttribute('href'))).toContain('/astana_kk/catalog/smartfony')
    expect(screen.getByTestId('lang-ru').getAttribute('href')).toBe('/astana/catalog')
    fireEvent.click(screen.getByTestId('city-picker'))
    expect(screen.getByTestId('city-option-almaty').getAttribute('href')).toBe('/almaty_kk/catalog')
    expect(screen.getByTestId('city-option-aktobe').textContent).toBe('Ақтөбе')
  })
})
