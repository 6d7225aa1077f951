import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ProductListItem } from '../../../contract/catalog'
import {
  cachedProducts,
  recentSearches,
  rememberSearch,
  searchBody,
  searchOffline,
  searchQuery,
  type SearchParams,
} from './queries'

function item(sku: string, title: string, price: number, brand: string | null = null): ProductListItem {
  // only what offline search reads; the rest of a card is irrelevant here
  return { sku, title, price, brand, categories: ['Смартфоны'] } as unknown as ProductListItem
}

const params: SearchParams = {
  cityId: 1,
  lang: 'ru',
  q: 'samsung gal',
  sorting: 'price_asc',
  page: 2,
  priceMin: 1000,
  priceMax: undefined,
  filters: 'brand:samsung',
  category: 'smartfony',
  clarification: true,
}

function clientWithCache(): QueryClient {
  const client = new QueryClient()
  client.setQueryData(['listing', 'a'], {
    payload: [
      item('1', 'Смартфон Samsung Galaxy A55', 200_000, 'Samsung'),
      item('2', 'Смартфон Apple iPhone 15', 500_000),
    ],
  })
  client.setQueryData(['recommend'], {
    blocks: [
      { products: [item('3', 'Смартфон Samsung Galaxy S24', 600_000, 'Samsung'), item('1', 'dup', 1)] },
    ],
  })
  client.setQueryData(['other'], { nothing: true })
  return client
}

afterEach(() => {
  vi.restoreAllMocks()
  localStorage.clear()
})

describe('search queries', () => {
  it('sends the spec body: sorting as sort_by and sort_order, price bounds with 0 for none', () => {
    expect(searchBody(params)).toMatchObject({
      query: 'samsung gal',
      city_id: 1,
      categories: 'smartfony',
      filters: 'brand:samsung',
      page: 2,
      limit: 24,
      price_range: { min: 1000, max: 0 },
      sort_by: 'price',
      sort_order: 'asc',
      clarification: true,
      type: 'products',
    })
  })

  it('collects every cached product once, from listings and carousels', () => {
    expect(cachedProducts(clientWithCache()).map((p) => p.sku)).toEqual(['1', '2', '3'])
  })

  it('searches the cached products offline, the last word as a prefix, and says so', () => {
    const result = searchOffline(clientWithCache(), params)
    expect(result.offline).toBe(true)
    expect(result.products.map((p) => p.sku)).toEqual(['1', '3'])
    expect(result.price_range).toMatchObject({ min: 200_000, max: 600_000 })
  })

  it('answers from the cache when the browser is offline, without calling the network', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const client = clientWithCache()
    const result = await client.fetchQuery(searchQuery({ ...params, q: 'iphone' }))
    expect(result.offline).toBe(true)
    expect(result.products.map((p) => p.sku)).toEqual(['2'])
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('keeps the last searches on the device, newest first, without duplicates', () => {
    rememberSearch('телевизор')
    rememberSearch('Айфон')
    rememberSearch('ТЕЛЕВИЗОР')
    expect(recentSearches()).toEqual(['ТЕЛЕВИЗОР', 'Айфон'])
  })
})
