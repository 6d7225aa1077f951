import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ProductListResponse } from '../../../contract/catalog'
import { errorAnswer, fakeFetch, json, networkDown, type RecordedCall } from '../../testing/fake-fetch'
import { CRUMBS, filters, listing, MENU, product } from '../../testing/catalog-fixtures'
import { renderAppAt } from '../../testing/render-app'

// jsdom has no scrolling; the router's scroll restoration calls it on every navigation
window.scrollTo = () => undefined

interface Server {
  total: number
  listing?: (call: RecordedCall) => Response
}
let server: Server

function handler(call: RecordedCall): Response {
  if (call.path.startsWith('/katalog/api/v2/products/category/')) {
    if (server.listing) return server.listing(call)
    return json(200, listing(Number(call.search.get('page') ?? 1), server.total))
  }
  if (call.path === '/katalog/api/v1/products/filters') return json(200, filters(server.total))
  if (call.path.startsWith('/menu/api/v1/menu/breadcrumbs/categories/')) return json(200, CRUMBS)
  if (call.path === '/menu/api/v1/menu/katalog') return json(200, MENU)
  return errorAnswer(404, 'not_found', 'errors:notFound')
}

let calls: RecordedCall[]
beforeEach(() => {
  server = { total: 100 }
  calls = fakeFetch((call) => handler(call)).calls
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const renderAt = renderAppAt

const priceSummary = () =>
  document.querySelector('[data-testid="filter-group"][data-code="price"] summary')?.textContent

const listingCalls = () => calls.filter((c) => c.path.startsWith('/katalog/api/v2/products/category/'))

describe('a category page', () => {
  it('asks the API with only sorting, price and page from the query, in the language and city of the URL', async () => {
    await renderAt(
      '/astana_kk/catalog/smartfony/f/brand/apple?sorting=price_asc&priceMin=50000&page=2&utm_source=x',
    )
    expect(await screen.findByTestId('category-page')).toBeTruthy()
    const call = listingCalls()[0]!
    expect(call.path).toBe('/katalog/api/v2/products/category/smartfony')
    expect(Object.fromEntries(call.search)).toEqual({
      filters: 'brand:apple',
      price: '50000-',
      sorting: 'price_asc',
      page: '2',
      city_id: '2',
    })
    expect(call.headers.get('accept-language')).toBe('kk')
  })

  it('shows the products with links to their pages under the city and language prefix', async () => {
    await renderAt('/astana_kk/catalog/smartfony')
    const cards = await screen.findAllByTestId('product-card')
    expect(cards).toHaveLength(24)
    expect(cards[0]!.getAttribute('data-sku')).toBe('100001')
    expect(within(cards[0]!).getByRole('link').getAttribute('href')).toBe('/astana_kk/p/smartfon-1-100001')
    expect(screen.getByTestId('listing-total').getAttribute('data-total')).toBe('100')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Смартфоны')
  })

  it('loads the first row of pictures at once, the first with high priority, the rest lazily, all with a size', async () => {
    await renderAt('/catalog/smartfony')
    const images = (await screen.findAllByTestId('product-card')).map((card) => card.querySelector('img')!)
    expect(images[0]!.getAttribute('fetchpriority')).toBe('high')
    expect(images[0]!.getAttribute('loading')).toBe('eager')
    expect(images[3]!.getAttribute('loading')).toBe('eager')
    expect(images[3]!.getAttribute('fetchpriority')).toBeNull()
    expect(images[4]!.getAttribute('loading')).toBe('lazy')
    for (const img of images) {
      expect(img.getAttribute('width')).toBe('272')
      expect(img.getAttribute('height')).toBe('272')
    }
    expect(images[0]!.getAttribute('srcset')).toBe(
      '/f3/api/v1/images/150/150/p1-0.webp 150w, /f3/api/v1/images/272/272/p1-0.webp 272w',
    )
  })

  it('shows price, old price, discount, stickers, credit terms and stock; the cart, wishlist and compare buttons work', async () => {
    server.listing = () =>
      json(200, {
        ...listing(1, 2),
        payload: [
          product(1, {
            price: 270_000,
            old_price: 300_000,
            discount: 10,
            stickers: [{ code: 'hit', text: 'Хит', text_color: '#fff', background_color: '#e11' }],
            credit_terms: { amount: 22_500, month_num: 12, credit_type_label: '0-0-12' },
          }),
          product(2, {
            availability: 'OutOfStock',
            stock: 0,
            review_count: 0,
            stickers: [
              { code: 'out_of_stock', text: 'Нет в наличии', text_color: '#fff', background_color: '#666' },
              { code: 'gift', text: 'Подарок', text_color: '#fff', background_color: '#d27' },
              { code: 'prepay', text: 'Только предоплата', text_color: '#111', background_color: '#fd8' },
            ],
          }),
        ],
      } satisfies ProductListResponse)
    await renderAt('/catalog/smartfony')
    const [sale, gone] = await screen.findAllByTestId('product-card')
    expect(sale!.textContent).toContain('270\u00a0000\u00a0₸')
    expect(sale!.querySelector('s')?.textContent).toContain('300\u00a0000\u00a0₸')
    expect(within(sale!).getByTestId('discount').textContent).toBe('−10%')
    expect(sale!.textContent).toContain('Хит')
    expect(sale!.textContent).toContain('22\u00a0500\u00a0₸ × 12 мес.')
    expect(sale!.textContent).toContain('В наличии')
    expect(gone!.textContent).toContain('Нет в наличии')
    // the kiosk's stickers come first from the server, drawn in their own colours, at most two
    const stickers = [...gone!.querySelectorAll<HTMLElement>('[data-code]')]
    expect(stickers.map((s) => [s.dataset.code, s.textContent])).toEqual([
      ['out_of_stock', 'Нет в наличии'],
      ['gift', 'Подарок'],
    ])
    expect(stickers[1]!.style.backgroundColor).toBe('rgb(221, 34, 119)')
    expect(gone!.textContent).toContain('Нет отзывов')
    expect((within(sale!).getByTestId('add-to-compare') as HTMLButtonElement).disabled).toBe(false)
    await waitFor(() =>
      expect((within(sale!).getByTestId('add-to-wishlist') as HTMLButtonElement).disabled).toBe(false),
    )
    await waitFor(() =>
      expect((within(sale!).getByTestId('add-to-cart') as HTMLButtonElement).disabled).toBe(false),
    )
    expect((within(gone!).getByTestId('add-to-cart') as HTMLButtonElement).disabled).toBe(true)
  })

  it('sets the title, description, robots and canonical from the API', async () => {
    await renderAt('/catalog/smartfony')
    await screen.findAllByTestId('product-card')
    await waitFor(() => expect(document.title).toBe('Смартфоны — купить по выгодной цене'))
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Смартфоны в интернет-магазине электроники',
    )
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('INDEX,FOLLOW')
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${window.location.origin}/catalog/smartfony-i-gadzhety/smartfony`,
    )
  })

  it('goes back to page 1 when the sorting changes, keeping the filters and the price', async () => {
    const router = await renderAt('/catalog/smartfony/f/brand/apple?priceMax=500000&page=3')
    const select = (await screen.findByTestId('sort-select')) as HTMLSelectElement
    expect(select.value).toBe('score')
    await act(async () => {
      fireEvent.change(select, { target: { value: 'price_desc' } })
    })
    await waitFor(() =>
      expect(router.state.location.href).toBe(
        '/catalog/smartfony/f/brand/apple?sorting=price_desc&priceMax=500000',
      ),
    )
  })

  it('adds a chosen option to the path with the pairs sorted by value, back on page 1', async () => {
    const router = await renderAt('/catalog/smartfony/f/brand/samsung?sorting=rating&page=2')
    await screen.findByTestId('filter-panel')
    const apple = document.querySelector(
      '[data-testid="filter-option"][data-code="brand"][data-value="apple"]',
    )!
    await act(async () => {
      fireEvent.click(apple)
    })
    await waitFor(() =>
      expect(router.state.location.href).toBe(
        '/catalog/smartfony/f/brand/apple/brand/samsung?sorting=rating',
      ),
    )
    const disabled = document.querySelector(
      '[data-testid="filter-option"][data-value="nokia"]',
    ) as HTMLInputElement
    expect(disabled.disabled).toBe(true)
  })

  it('offers all four filter types', async () => {
    await renderAt('/catalog/smartfony')
    const panel = await screen.findByTestId('filter-panel')
    const types = [...panel.querySelectorAll('[data-testid="filter-group"]')].map((g) =>
      g.getAttribute('data-type'),
    )
    expect(new Set(types)).toEqual(new Set(['range', 'multiselect', 'checkbox', 'link']))
    const ios = panel.querySelector('a[data-code="os"][data-value="ios"]')
    expect(ios?.getAttribute('href')).toBe('/catalog/smartfony/f/os/ios')
  })

  it('applies a price range as priceMin and priceMax, and leaves out a bound equal to the initial one', async () => {
    const router = await renderAt('/catalog/smartfony?page=2')
    const min = (await screen.findByTestId('price-min')) as HTMLInputElement
    const max = screen.getByTestId('price-max') as HTMLInputElement
    fireEvent.change(min, { target: { value: '40000' } })
    fireEvent.change(max, { target: { value: '250 000' } })
    await act(async () => {
      fireEvent.click(screen.getByTestId('price-apply'))
    })
    await waitFor(() => expect(router.state.location.href).toBe('/catalog/smartfony?priceMax=250000'))
    const chip = await screen.findByTestId('applied-chip')
    expect(chip.getAttribute('data-code')).toBe('price')
    expect(chip.getAttribute('href')).toBe('/catalog/smartfony')
    expect(priceSummary()).toBe('Цена, ₸1')
  })

  it('does not count a price range equal to the initial bounds as an applied filter', async () => {
    await renderAt('/catalog/smartfony?priceMin=40000&priceMax=900000')
    await screen.findByTestId('filter-panel')
    expect(screen.queryByTestId('applied-chip')).toBeNull()
    expect(priceSummary()).toBe('Цена, ₸')
  })

  it('shows a chip per applied filter, each linking to the listing without it', async () => {
    await renderAt('/catalog/smartfony/f/brand/apple/os/ios?sorting=new')
    await screen.findByTestId('filter-panel')
    const chips = await screen.findAllByTestId('applied-chip')
    expect(chips.map((c) => c.textContent)).toEqual(['Бренд: Apple', 'Операционная система: iOS'])
    expect(chips[0]!.getAttribute('href')).toBe('/catalog/smartfony/f/os/ios?sorting=new')
    expect(screen.getByTestId('reset-filters').getAttribute('href')).toBe('/catalog/smartfony?sorting=new')
  })

  it('paginates with a window of 5 pages and real links', async () => {
    await renderAt('/catalog/smartfony?page=3&sorting=new')
    const nav = await screen.findByTestId('pagination')
    const pages = [...nav.querySelectorAll('[data-page]')].map((a) => a.getAttribute('data-page'))
    expect(pages).toEqual(['1', '2', '3', '4', '5'])
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('3')
    expect(nav.querySelector('[data-page="1"]')?.getAttribute('href')).toBe('/catalog/smartfony?sorting=new')
    expect(nav.querySelector('[data-page="4"]')?.getAttribute('href')).toBe(
      '/catalog/smartfony?sorting=new&page=4',
    )
  })

  it('shrinks the pagination window to 3 pages on a phone and opens the filters in a sheet', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 767px)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }))
    server.total = 500
    await renderAt('/catalog/smartfony?page=10')
    const nav = await screen.findByTestId('pagination')
    const pages = [...nav.querySelectorAll('[data-page]')].map((a) => a.getAttribute('data-page'))
    expect(pages).toEqual(['1', '9', '10', '11', '21'])
    expect(screen.queryByTestId('filter-panel')).toBeNull()
    const open = screen.getByTestId('open-filters')
    expect(open.getAttribute('aria-expanded')).toBe('false')
    await act(async () => {
      fireEvent.click(open)
    })
    expect(open.getAttribute('aria-expanded')).toBe('true')
    expect(await screen.findByTestId('filter-panel')).toBeTruthy()
  })

  it('says so when nothing matches and offers to reset the filters', async () => {
    server.total = 0
    await renderAt('/catalog/smartfony/f/brand/apple')
    const empty = await screen.findByTestId('listing-empty')
    expect(within(empty).getByTestId('listing-empty-reset').getAttribute('href')).toBe('/catalog/smartfony')
    expect(screen.queryByTestId('pagination')).toBeNull()
  })

  it('shows the not-found page for an unknown category', async () => {
    server.listing = () => errorAnswer(404, 'not_found', 'errors:notFound')
    await renderAt('/catalog/no-such-category')
    expect(await screen.findByTestId('not-found')).toBeTruthy()
  })

  it('puts filter pairs written out of order into their one address', async () => {
    const router = await renderAt('/catalog/smartfony/f/os/ios/brand/apple/brand/apple?page=2')
    expect(router.state.location.href).toBe('/catalog/smartfony/f/brand/apple/os/ios?page=2')
  })

  it('drops filters the category does not know when the API refuses them', async () => {
    server.listing = (call) =>
      call.search.get('filters')?.includes('wings')
        ? errorAnswer(400, 'bad_request', 'errors:pleaseVerifyInputData')
        : json(200, listing(1, 100))
    const router = await renderAt('/catalog/smartfony/f/brand/apple/wings/two?sorting=new')
    expect(router.state.location.href).toBe('/catalog/smartfony/f/brand/apple?sorting=new')
    expect(await screen.findAllByTestId('product-card')).toHaveLength(24)
  })

  it('opens the last page for a page past the end', async () => {
    const router = await renderAt('/catalog/smartfony?page=99')
    expect(router.state.location.href).toBe('/catalog/smartfony?page=5')
  })

  it('opens the last page the API names when it refuses a page past the end', async () => {
    server.listing = (call) =>
      Number(call.search.get('page')) > 8
        ? errorAnswer(400, 'page_out_of_range', 'errors:pleaseVerifyInputData', { last_page: 8 })
        : json(200, listing(Number(call.search.get('page')), 185))
    const router = await renderAt('/catalog/smartfony/f/brand/apple?page=40&sorting=new')
    expect(router.state.location.href).toBe('/catalog/smartfony/f/brand/apple?sorting=new&page=8')
    expect(await screen.findAllByTestId('product-card')).toHaveLength(17)
  })

  it('keeps the page and offers a retry when the products cannot be loaded', async () => {
    server.listing = () => networkDown()
    await renderAt('/catalog/smartfony')
    expect(await screen.findByTestId('listing-error')).toBeTruthy()
    server.listing = undefined
    await act(async () => {
      fireEvent.click(within(screen.getByTestId('listing-error')).getByRole('button'))
    })
    expect(await screen.findAllByTestId('product-card')).toHaveLength(24)
  })
})
