import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { aDeliveryResult, aProduct, aStockEntry } from './fixtures'
import { renderAppAt } from '../../testing/render-app'

// jsdom has no scrolling; the router's scroll restoration calls it on every navigation
window.scrollTo = () => undefined

const product = aProduct()
const service = aProduct({
  id: 900,
  sku: '900100',
  uri: 'ustanovka-televizora-900100',
  type: 'service',
  title: 'Установка телевизора на стену',
  images: ['p900-0'],
  credit_terms: null,
  kaspi_installment_info: null,
  breadcrumbs: [{ title: 'Услуги', path: '/catalog/uslugi' }],
})

interface Call {
  method: string
  url: URL
  lang: string | null
  body: unknown
}

let calls: Call[] = []

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

function answer(call: Call): Response {
  const path = call.url.pathname
  if (path === `/katalog/api/v1/products/${product.uri}`) {
    const kk = call.lang === 'kk'
    return json(
      kk
        ? {
            ...product,
            title: 'Samsung Galaxy S24 смартфоны 256GB қара',
            meta_data: { ...product.meta_data, meta_title: 'Samsung Galaxy S24 сатып алу' },
          }
        : product,
    )
  }
  if (path === `/katalog/api/v1/products/${product.sku}`) return json(product)
  if (path === `/katalog/api/v1/products/${service.sku}`) return json(service)
  if (path.startsWith('/katalog/api/v1/products/')) {
    return json({ error: { code: 'not_found', message: 'errors:notFound' } }, 404)
  }
  if (path === '/inventory/api/v3/delivery') return json(aDeliveryResult())
  if (path === `/inventory/api/v1/stocks/${product.sku}`) {
    return json({
      sku: product.sku,
      city_id: Number(call.url.searchParams.get('city_id')),
      product_type: 'regular',
      total: 4,
      stocks: [
        aStockEntry({ service_point_id: 1, stock: 3 }),
        aStockEntry({
          service_point_id: 2,
          condition: 'V',
          stock: 1,
          has_showcase: true,
          title: 'Магазин на Толе би',
        }),
      ],
    })
  }
  if (path === '/katalog/api/v1/recommend') return json({ sku: product.sku, segment: 'A', blocks: [] })
  return json({ error: { code: 'not_found', message: 'errors:notFound' } }, 404)
}

beforeEach(() => {
  calls = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const headers = new Headers(init?.headers)
      const call: Call = {
        method: init?.method ?? 'GET',
        url: new URL(input, 'http://store.test'),
        lang: headers.get('accept-language'),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      }
      calls.push(call)
      return answer(call)
    }),
  )
})

afterEach(() => {
  vi.unstubAllGlobals()
  document.title = ''
})

const renderAt = renderAppAt

describe('the product page', () => {
  it('shows the title, the price of the city, the tabs and the delivery options', async () => {
    await renderAt(`/astana/p/${product.uri}`)
    expect((await screen.findByTestId('product-title')).textContent).toBe(product.title)
    expect(screen.getByTestId('product-price').textContent).toContain('449\u00a0990\u00a0₸')
    expect(screen.getAllByTestId('product-tab').map((tab) => tab.dataset.tab)).toEqual([
      'about',
      'availability',
      'reviews',
      'services',
      'specifications',
    ])
    expect(screen.getByRole('tab', { selected: true }).dataset.tab).toBe('about')
    const options = await screen.findAllByTestId('delivery-option')
    expect(options.map((o) => o.dataset.type)).toEqual(['express', 'courier', 'store', 'pickup'])
    const productCall = calls.find((c) => c.url.pathname.endsWith(product.uri))
    expect(productCall?.url.searchParams.get('city_id')).toBe('2')
    const deliveryCall = calls.find((c) => c.url.pathname === '/inventory/api/v3/delivery')
    expect(deliveryCall?.body).toEqual({ city_id: 2, products: [{ sku: product.sku, quantity: 1 }] })
    expect((screen.getByTestId('add-to-compare') as HTMLButtonElement).disabled).toBe(false)
    // the heart waits for the list to be read, then works
    await waitFor(() =>
      expect((screen.getByTestId('add-to-wishlist') as HTMLButtonElement).disabled).toBe(false),
    )
    await waitFor(() => expect((screen.getByTestId('add-to-cart') as HTMLButtonElement).disabled).toBe(false))
  })

  it('loads the main picture first, at 800 px with its size given, and sets title and description', async () => {
    await renderAt(`/p/${product.uri}`)
    const main = within(await screen.findByTestId('gallery-main')).getByRole('img')
    expect(main.getAttribute('src')).toBe('/f3/api/v1/images/800/800/p17-0.webp')
    expect(main.getAttribute('loading')).toBe('eager')
    expect(main.getAttribute('fetchpriority')).toBe('high')
    expect([main.getAttribute('width'), main.getAttribute('height')]).toEqual(['800', '800'])
    expect(document.title).toBe(product.meta_data.meta_title)
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      product.meta_data.meta_description,
    )
  })

  it('carries Product and BreadcrumbList structured data in a JSON-LD data block', async () => {
    await renderAt(`/p/${product.uri}`)
    const script = await screen.findByTestId('structured-data')
    expect(script.getAttribute('type')).toBe('application/ld+json')
    const [item, crumbs] = JSON.parse(script.textContent ?? '') as [
      Record<string, unknown>,
      { itemListElement: { name: string }[] },
    ]
    expect(item['@type']).toBe('Product')
    expect(item.offers).toMatchObject({ price: 449_990, priceCurrency: 'KZT' })
    expect(crumbs.itemListElement.map((c) => c.name)).toEqual([
      'Главная',
      'Смартфоны и гаджеты',
      'Смартфоны',
      product.title,
    ])
  })

  it('opens the tab named in the URL and lists the stores of the city, showcase units marked', async () => {
    await renderAt(`/astana/p/${product.uri}?tab=availability`)
    const stores = await screen.findAllByTestId('availability-store', {}, { timeout: 5000 })
    expect(stores).toHaveLength(2)
    expect(stores.map((s) => s.dataset.cityId)).toEqual(['2', '2'])
    expect(stores[1]?.textContent).toContain('Только витринный образец')
    fireEvent.click(screen.getByTestId('availability-view-map'))
    const map = screen.getByTestId('pickup-map')
    // two shops and the pickup point of the delivery answer
    expect(within(map).getAllByTestId('pickup-map-point')).toHaveLength(3)
  })

  it('turns an unknown tab into the about tab', async () => {
    await renderAt(`/p/${product.uri}?tab=nope`)
    await screen.findByTestId('product-title')
    expect(screen.getByRole('tab', { selected: true }).dataset.tab).toBe('about')
  })

  it('speaks Kazakh under the _kk prefix: the request language and the texts', async () => {
    await renderAt(`/astana_kk/p/${product.uri}`)
    expect((await screen.findByTestId('product-title')).textContent).toBe(
      'Samsung Galaxy S24 смартфоны 256GB қара',
    )
    expect(calls.find((c) => c.url.pathname.endsWith(product.uri))?.lang).toBe('kk')
    expect(screen.getAllByTestId('product-tab')[0]?.textContent).toBe('Тауар туралы')
    expect(document.title).toBe('Samsung Galaxy S24 сатып алу')
  })

  it('shows the not-found page for an unknown product', async () => {
    await renderAt('/p/no-such-product')
    expect(await screen.findByTestId('not-found')).toBeTruthy()
  })

  it('redirects a product asked for by its sku to its own address, and a service to /p/s/{sku}', async () => {
    const bySku = await renderAt(`/p/${product.sku}?tab=specifications`)
    expect(bySku.state.location.href).toBe(`/p/${product.uri}?tab=specifications`)
    const serviceAsProduct = await renderAt(`/almaty_kk/p/${service.sku}`)
    expect(serviceAsProduct.state.location.pathname).toBe(`/almaty_kk/p/s/${service.sku}`)
  })

  it('shows a service without availability, services or delivery', async () => {
    await renderAt(`/p/s/${service.sku}`)
    expect((await screen.findByTestId('product-title')).textContent).toBe(service.title)
    expect(screen.getAllByTestId('product-tab').map((tab) => tab.dataset.tab)).toEqual([
      'about',
      'reviews',
      'specifications',
    ])
    expect(screen.queryByTestId('delivery-options')).toBeNull()
  })

  it('says the product could not be loaded, with a retry, when the server does not answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    await renderAt(`/p/${product.uri}`)
    expect(await screen.findByTestId('product-error')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy()
  })
})
