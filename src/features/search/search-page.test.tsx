import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SearchResponse, SuggestResponse } from '../../../contract/search'
import { errorAnswer, fakeFetch, json, type RecordedCall } from '../../testing/fake-fetch'
import { MENU, PHONE_FILTERS, product } from '../../testing/catalog-fixtures'
import { renderAppAt } from '../../testing/render-app'

window.scrollTo = () => undefined

const SEARCH = '/katalog/api/v1/products/search'

function answer(total: number, overrides: Partial<SearchResponse> = {}): SearchResponse {
  const products = Array.from({ length: Math.min(total, 24) }, (_, i) => ({
    ...product(i + 1, { title: `Холодильник ${i + 1}` }),
    categories_kz: ['Тоңазытқыштар'],
  }))
  return {
    products,
    total,
    page: 1,
    limit: 24,
    filters: [],
    price_range: { min: 100, max: 900, chosen_min: 100, chosen_max: 900 },
    categories: [{ id: 26, title: 'Холодильники', path: 'holodilniki', count: total }],
    query_id: '6f1c7c8e-2b7a-4d43-9a57-0d3b6c1e2f10',
    rees_query_id: null,
    predicted_category: null,
    query_redirect: { redirect_link: null },
    query: 'x',
    corrected_query: null,
    recommendations: false,
    ...overrides,
  }
}

let onSearch: (body: Record<string, unknown>) => Response
let calls: RecordedCall[]

const SUGGEST: SuggestResponse = {
  query: 'холод',
  corrected_query: null,
  completions: ['холодильник', 'холодильники'],
  categories: [{ id: 26, title: 'Холодильники', path: 'holodilniki', count: 3 }],
  products: [
    { sku: '1', uri: 'holodilnik-1', title: 'Холодильник LG', brand: 'LG', price: 300000, image: null },
  ],
}

beforeEach(() => {
  calls = fakeFetch((call) => {
    if (call.path === SEARCH && call.method === 'POST') return onSearch(call.body as Record<string, unknown>)
    if (call.path === `${SEARCH}/suggest`) return json(200, SUGGEST)
    if (call.path === '/menu/api/v1/menu/katalog') return json(200, MENU)
    return errorAnswer(404, 'not_found', 'errors:notFound')
  }).calls
  localStorage.clear()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const renderAt = renderAppAt

const searchCalls = () => calls.filter((c) => c.path === SEARCH).map((c) => c.body as Record<string, unknown>)

/** The query of a link or of the router's location, as the page reads it. */
const queryOf = (href: string | null | undefined) =>
  Object.fromEntries(new URL(href ?? '', 'http://store.test').searchParams)

const option = (code: string, value: string) =>
  document.querySelector(`[data-testid="filter-option"][data-code="${code}"][data-value="${value}"]`)!

function onPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(max-width: 767px)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }))
}

describe('the search page', () => {
  it('shows what the corrected query found and links to the query as typed', async () => {
    onSearch = (body) => json(200, answer(30, body.clarification ? { corrected_query: 'холодильник' } : {}))
    const router = await renderAt('/search?q=холодильнек&sorting=price_asc')
    expect(await screen.findByTestId('search-corrected')).toBeTruthy()
    expect(screen.getAllByTestId('product-card')).toHaveLength(24)
    // search results are followed by search engines, not indexed
    await waitFor(() =>
      expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
        'NOINDEX, FOLLOW',
      ),
    )
    expect(searchCalls()[0]).toMatchObject({
      query: 'холодильнек',
      sort_by: 'price',
      sort_order: 'asc',
      page: 1,
    })
    const literal = screen.getByTestId('search-literal')
    expect(queryOf(literal.getAttribute('href'))).toEqual({
      q: 'холодильнек',
      sorting: 'price_asc',
      literal: 'true',
    })
    await act(async () => {
      fireEvent.click(literal)
    })
    await waitFor(() => expect(router.state.location.search).toMatchObject({ literal: true }))
    await waitFor(() => expect(searchCalls().at(-1)).toMatchObject({ clarification: false }))
  })

  it('retries once without clarification, then shows the empty-search recommendations', async () => {
    onSearch = (body) => json(200, body.query === '' ? answer(8, { recommendations: true }) : answer(0))
    await renderAt('/search?q=zzqxw')
    expect(
      within(await screen.findByTestId('search-recommendations')).getAllByTestId('product-card'),
    ).toHaveLength(8)
    expect(screen.getByRole('heading', { level: 2, name: 'Популярные товары' })).toBeTruthy()
    expect(searchCalls().map((b) => [b.query, b.clarification])).toEqual([
      ['zzqxw', true],
      ['zzqxw', false],
      ['', true],
    ])
  })

  it('keeps the results of the words as typed when the shopper narrows them', async () => {
    onSearch = (body) => json(200, body.clarification ? answer(0) : answer(30, { filters: PHONE_FILTERS }))
    await renderAt('/search?q=lg%20oled')
    await screen.findByTestId('filter-panel')
    expect(screen.getAllByTestId('product-card')).toHaveLength(24)
    expect(queryOf(option('category', 'holodilniki').getAttribute('href'))).toEqual({
      q: 'lg oled',
      c: 'holodilniki',
      literal: 'true',
    })
  })

  it('says the search request did not work when it throws, and retries on demand', async () => {
    onSearch = () => errorAnswer(503, 'unavailable', 'errors:tryLater')
    await renderAt('/search?q=tv')
    const error = await screen.findByTestId('search-error')
    expect(error.textContent).toContain('Поисковый запрос не удался')
    onSearch = () => json(200, answer(3))
    fireEvent.click(within(error).getByRole('button'))
    expect(await screen.findAllByTestId('product-card')).toHaveLength(3)
  })

  it('shows the results as the catalogue’s cards and records which one the shopper opened', async () => {
    onSearch = () =>
      json(200, {
        ...answer(2),
        products: [
          {
            ...product(1, {
              price: 270_000,
              old_price: 300_000,
              discount: 10,
              title: 'Телевизор Samsung 55',
            }),
            stickers: [{ code: 'hit', text: 'Хит', text_color: '#fff', background_color: '#e11' }],
            credit_terms: { amount: 22_500, month_num: 12, credit_type_label: '0-0-12' },
            categories_kz: [],
          },
          { ...product(2, { availability: 'OutOfStock', stock: 0 }), categories_kz: [] },
        ],
      })
    await renderAt('/search?q=телевизор')
    const [sale, gone] = await screen.findAllByTestId('product-card')
    expect(sale!.textContent).toContain('Хит')
    expect(within(sale!).getByTestId('discount').textContent).toBe('−10%')
    expect(sale!.textContent).toContain('22\u00a0500\u00a0₸ × 12 мес.')
    expect(gone!.textContent).toContain('Нет в наличии')
    // The catalogue's card, with its working buy button.
    await waitFor(() =>
      expect((within(sale!).getByTestId('add-to-cart') as HTMLButtonElement).disabled).toBe(false),
    )
    expect(screen.getByTestId('listing-total').getAttribute('data-total')).toBe('2')
    await act(async () => {
      fireEvent.click(within(sale!).getByRole('link'))
    })
    await waitFor(() =>
      expect(calls.find((c) => c.path === `${SEARCH}/click`)?.body).toEqual({
        query_id: '6f1c7c8e-2b7a-4d43-9a57-0d3b6c1e2f10',
        sku: '100001',
      }),
    )
  })

  it('filters with the catalogue’s panel, keeping the search in the query and going back to page 1', async () => {
    onSearch = () => json(200, answer(100, { filters: PHONE_FILTERS }))
    const router = await renderAt('/search?q=смартфон&f=brand:samsung&sorting=rating&page=2')
    const panel = await screen.findByTestId('filter-panel')
    const types = [...panel.querySelectorAll('[data-testid="filter-group"]')].map((g) =>
      g.getAttribute('data-type'),
    )
    expect(new Set(types)).toEqual(new Set(['range', 'multiselect', 'checkbox', 'link']))
    expect(searchCalls()[0]).toMatchObject({ filters: 'brand:samsung', sort_by: 'rating', page: 2 })
    expect((option('brand', 'samsung') as HTMLInputElement).checked).toBe(true)
    // an option none of the matches has is left out rather than shown disabled
    expect(document.querySelector('[data-testid="filter-option"][data-value="nokia"]')).toBeNull()
    await act(async () => {
      fireEvent.click(option('brand', 'apple'))
    })
    await waitFor(() =>
      expect(router.state.location.search).toEqual({
        q: 'смартфон',
        sorting: 'rating',
        f: 'brand:apple,brand:samsung',
      }),
    )
    await waitFor(() => expect(searchCalls().at(-1)).toMatchObject({ filters: 'brand:apple,brand:samsung' }))
  })

  it('offers the categories of the matches as links that narrow the search and bring their facets', async () => {
    onSearch = () => json(200, answer(30, { filters: PHONE_FILTERS }))
    await renderAt('/search?q=холодильник&f=brand:apple&priceMax=500000')
    await screen.findByTestId('filter-panel')
    const category = option('category', 'holodilniki')
    expect(category.textContent).toBe('Холодильники 30')
    // another category starts its filters afresh; the price stays
    expect(queryOf(category.getAttribute('href'))).toEqual({
      q: 'холодильник',
      priceMax: '500000',
      c: 'holodilniki',
    })
  })

  it('writes a range filter the API’s way, so its decimals never clash with the commas between pairs', async () => {
    onSearch = () => json(200, answer(30, { filters: PHONE_FILTERS }))
    const router = await renderAt('/search?q=смартфон&f=brand:apple')
    await screen.findByTestId('filter-panel')
    const diagonal = document.querySelector<HTMLElement>(
      '[data-testid="filter-group"][data-code="diagonal"]',
    )!
    fireEvent.change(within(diagonal).getByLabelText('Диагональ экрана от'), { target: { value: '6,1' } })
    await act(async () => {
      fireEvent.click(within(diagonal).getByRole('button', { name: 'Применить' }))
    })
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ q: 'смартфон', f: 'brand:apple,diagonal:6.1-' }),
    )
    expect(searchCalls().at(-1)).toMatchObject({ filters: 'brand:apple,diagonal:6.1-' })
    const chip = (await screen.findAllByTestId('applied-chip')).find((c) => c.dataset.code === 'diagonal')
    expect(chip?.textContent).toBe('Диагональ экрана: ≥ 6,1 ″')
  })

  it('shows a chip per filter in use, the chosen category among them, each linking to the search without it', async () => {
    onSearch = () => json(200, answer(30, { filters: PHONE_FILTERS }))
    await renderAt('/search?q=смартфон&c=holodilniki&f=brand:apple,os:ios&sorting=new')
    await screen.findByTestId('filter-panel')
    const chips = await screen.findAllByTestId('applied-chip')
    expect(chips.map((c) => c.textContent)).toEqual([
      'Бренд: Apple',
      'Категория: Холодильники',
      'Операционная система: iOS',
    ])
    expect(queryOf(chips[0]!.getAttribute('href'))).toEqual({
      q: 'смартфон',
      sorting: 'new',
      f: 'os:ios',
      c: 'holodilniki',
    })
    // without the category its facets go too
    expect(queryOf(chips[1]!.getAttribute('href'))).toEqual({ q: 'смартфон', sorting: 'new' })
    expect(queryOf(screen.getByTestId('reset-filters').getAttribute('href'))).toEqual({
      q: 'смартфон',
      sorting: 'new',
    })
    expect(screen.getByTestId('open-filters').textContent).toContain('3')
  })

  it('applies a price range as priceMin and priceMax, counting it only when it differs from the bounds', async () => {
    onSearch = () => json(200, answer(30))
    const router = await renderAt('/search?q=tv&page=2')
    const min = (await screen.findByTestId('price-min')) as HTMLInputElement
    expect(min.placeholder).toBe('100')
    expect(screen.queryByTestId('applied-chip')).toBeNull()
    fireEvent.change(min, { target: { value: '200' } })
    fireEvent.change(screen.getByTestId('price-max'), { target: { value: '900' } })
    await act(async () => {
      fireEvent.click(screen.getByTestId('price-apply'))
    })
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'tv', priceMin: 200 }))
    await waitFor(() => expect(searchCalls().at(-1)).toMatchObject({ price_range: { min: 200, max: 0 } }))
    const chip = await screen.findByTestId('applied-chip')
    expect(chip.getAttribute('data-code')).toBe('price')
    expect(queryOf(chip.getAttribute('href'))).toEqual({ q: 'tv' })
  })

  it('sorts with the catalogue’s select, popularity first, back on page 1', async () => {
    onSearch = () => json(200, answer(100))
    const router = await renderAt('/search?q=tv&f=brand:lg&page=3')
    const select = (await screen.findByTestId('sort-select')) as HTMLSelectElement
    expect(select.value).toBe('popularity')
    expect([...select.options].map((o) => o.value)).toEqual([
      'popularity',
      'discount',
      'new',
      'price_asc',
      'price_desc',
      'rating',
    ])
    await act(async () => {
      fireEvent.change(select, { target: { value: 'price_desc' } })
    })
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ q: 'tv', sorting: 'price_desc', f: 'brand:lg' }),
    )
  })

  it('paginates with the catalogue’s page links in the search’s own query', async () => {
    onSearch = () => json(200, answer(100))
    await renderAt('/search?q=tv&sorting=new&page=3')
    const nav = await screen.findByTestId('pagination')
    const pages = [...nav.querySelectorAll('[data-page]')].map((a) => a.getAttribute('data-page'))
    expect(pages).toEqual(['1', '2', '3', '4', '5'])
    expect(queryOf(nav.querySelector('[data-page="1"]')?.getAttribute('href'))).toEqual({
      q: 'tv',
      sorting: 'new',
    })
    expect(queryOf(nav.querySelector('[data-page="4"]')?.getAttribute('href'))).toEqual({
      q: 'tv',
      sorting: 'new',
      page: '4',
    })
  })

  it('opens the filters in a sheet on a phone', async () => {
    onPhone()
    onSearch = () => json(200, answer(30, { filters: PHONE_FILTERS }))
    await renderAt('/search?q=tv')
    const open = await screen.findByTestId('open-filters')
    expect(screen.queryByTestId('filter-panel')).toBeNull()
    await act(async () => {
      fireEvent.click(open)
    })
    expect(open.getAttribute('aria-expanded')).toBe('true')
    const sheet = await screen.findByTestId('filter-sheet')
    expect(within(sheet).getByTestId('filter-panel')).toBeTruthy()
    expect(screen.getByTestId('sheet-show').textContent).toBe('Показать 30 товаров')
  })

  it('does not retry a search the shopper narrowed to nothing, and offers to reset the filters', async () => {
    onSearch = (body) => json(200, body.query === '' ? answer(8, { recommendations: true }) : answer(0))
    await renderAt('/search?q=tv&priceMin=800&sorting=rating')
    const empty = await screen.findByTestId('search-narrowed-empty')
    expect(queryOf(within(empty).getByRole('link').getAttribute('href'))).toEqual({
      q: 'tv',
      sorting: 'rating',
    })
    expect(screen.queryByTestId('search-empty')).toBeNull()
    expect(searchCalls()).toHaveLength(1)
  })

  it('follows the redirect link of the answer to the page it names', async () => {
    onSearch = () => json(200, answer(5, { query_redirect: { redirect_link: '/catalog/holodilniki' } }))
    const router = await renderAt('/astana/search?q=холодильники')
    expect(router.state.location.pathname).toBe('/astana/catalog/holodilniki')
  })
})

describe('the header search box', () => {
  it('asks for suggestions once typing pauses, and moves through them with the keyboard', async () => {
    onSearch = () => json(200, answer(1))
    await renderAt('/search')
    const input = screen.getAllByTestId('search-input')[0]!
    fireEvent.focus(input)
    for (const text of ['х', 'хо', 'хол', 'холо', 'холод'])
      fireEvent.change(input, { target: { value: text } })
    const list = await screen.findByTestId('search-suggestions', {}, { timeout: 2000 })
    expect(calls.filter((c) => c.path === `${SEARCH}/suggest`).map((c) => c.search.get('query'))).toEqual([
      'холод',
    ])
    expect(within(list).getAllByRole('option')).toHaveLength(4)
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    const active = input.getAttribute('aria-activedescendant')
    expect(active && document.getElementById(active)?.textContent).toContain('холодильники')
    fireEvent.keyDown(input, { key: 'Escape' })
    expect(screen.queryByTestId('search-suggestions')).toBeNull()
  })

  it('offers the searches made on this device when the field is empty', async () => {
    localStorage.setItem('storefront:recent-searches', JSON.stringify(['айфон', 'телек']))
    onSearch = () => json(200, answer(1))
    await renderAt('/search')
    const input = screen.getAllByTestId('search-input')[0]!
    fireEvent.focus(input)
    const list = await screen.findByTestId('search-suggestions')
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Недавнееайфон', 'Недавнеетелек'])
  })
})
