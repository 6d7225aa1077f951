import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SearchResponse, SuggestResponse } from '../../../contract/search'
import { errorAnswer, fakeFetch, json, type RecordedCall } from '../../data/testing/fake-fetch'
import { MENU, product } from '../catalog/testing/fixtures'
import { renderAppAt } from '../../app/testing/render-app'

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

describe('the search page', () => {
  it('shows what the corrected query found and offers the query as typed', async () => {
    onSearch = (body) => json(200, answer(30, body.clarification ? { corrected_query: 'холодильник' } : {}))
    const router = await renderAt('/search?q=холодильнек&sorting=price_asc')
    expect(await screen.findByTestId('search-corrected')).toBeTruthy()
    expect(screen.getAllByTestId('search-result')).toHaveLength(24)
    expect(searchCalls()[0]).toMatchObject({
      query: 'холодильнек',
      sort_by: 'price',
      sort_order: 'asc',
      page: 1,
    })
    fireEvent.click(within(screen.getByTestId('search-corrected')).getByRole('button'))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ literal: true }))
    await waitFor(() => expect(searchCalls().at(-1)).toMatchObject({ clarification: false }))
  })

  it('retries once without clarification, then shows the empty-search recommendations', async () => {
    onSearch = (body) => json(200, body.query === '' ? answer(8, { recommendations: true }) : answer(0))
    await renderAt('/search?q=zzqxw')
    expect(
      within(await screen.findByTestId('search-recommendations')).getAllByTestId('search-result'),
    ).toHaveLength(8)
    expect(searchCalls().map((b) => [b.query, b.clarification])).toEqual([
      ['zzqxw', true],
      ['zzqxw', false],
      ['', true],
    ])
  })

  it('says the search request did not work when it throws, and retries on demand', async () => {
    onSearch = () => errorAnswer(503, 'unavailable', 'errors:tryLater')
    await renderAt('/search?q=tv')
    const error = await screen.findByTestId('search-error')
    expect(error.textContent).toContain('Поисковый запрос не удался')
    onSearch = () => json(200, answer(3))
    fireEvent.click(within(error).getByRole('button'))
    expect(await screen.findAllByTestId('search-result')).toHaveLength(3)
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
