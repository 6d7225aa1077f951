import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { z } from 'zod'
import type { BrandCategoriesResponse, BrandResponse } from '../../../contract/catalog'
import { errorAnswer, fakeFetch, json, type RecordedCall } from '../../testing/fake-fetch'
import { listing, MENU, product } from '../../testing/catalog-fixtures'
import { renderAppAt } from '../../testing/render-app'

window.scrollTo = () => undefined

let menuUp: boolean
let calls: RecordedCall[]

const BRAND: z.infer<typeof BrandResponse> = {
  ...listing(1, 30, {
    meta_data: {
      meta_title: 'Samsung — купить технику Samsung',
      meta_header: 'Samsung',
      meta_description: 'Товары Samsung',
      seo_text: '',
    },
    canonical: '/b/samsung',
  }),
  brand: { slug: 'samsung', name: 'Samsung', color: '#1428a0' },
}

const BRAND_CATEGORIES: z.infer<typeof BrandCategoriesResponse> = {
  brand: 'samsung',
  categories: [{ id: 2, title: 'Смартфоны', path: 'smartfony-i-gadzhety/smartfony', count: 20 }],
}

function handler(call: RecordedCall): Response {
  if (call.path === '/menu/api/v1/menu/katalog')
    return menuUp ? json(200, MENU) : errorAnswer(503, 'unavailable', 'errors:tryLater')
  if (call.path === '/katalog/api/v1/products/brand/samsung') return json(200, BRAND)
  if (call.path === '/katalog/api/v1/products/brand/categories/samsung') return json(200, BRAND_CATEGORIES)
  if (call.path === '/katalog/api/v2/products/category/uslugi') {
    return json(200, {
      ...listing(1, 1),
      payload: [product(1, { type: 'service', title: 'Установка кондиционера', sku: '900001' })],
    })
  }
  return errorAnswer(404, 'not_found', 'errors:notFound')
}

beforeEach(() => {
  menuUp = true
  calls = fakeFetch((call) => handler(call)).calls
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const renderAt = renderAppAt

describe('the catalogue tree', () => {
  it('lists the departments and their categories with links under the prefix', async () => {
    await renderAt('/astana_kk/catalog')
    const tree = await screen.findByTestId('catalog-tree')
    const links = within(tree).getAllByRole('link')
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/astana_kk/catalog/smartfony-i-gadzhety',
      '/astana_kk/catalog/smartfony-i-gadzhety/smartfony',
      '/astana_kk/catalog/s',
      '/astana_kk/catalog/uslugi/ustanovka-i-podklyuchenie',
    ])
    expect(calls.find((c) => c.path === '/menu/api/v1/menu/katalog')?.search.get('city_id')).toBe('2')
  })

  it('still opens with its heading when the menu cannot be loaded, and offers a retry', async () => {
    menuUp = false
    await renderAt('/catalog')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Каталог товаров')
    expect(await screen.findByTestId('catalog-tree-error')).toBeTruthy()
  })
})

describe('the brand page', () => {
  it('shows the brand products and links to the brand inside each category', async () => {
    await renderAt('/astana/b/samsung?sorting=new')
    expect((await screen.findAllByTestId('product-card')).length).toBe(24)
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Samsung')
    expect(screen.getByTestId('brand-category').getAttribute('href')).toBe(
      '/astana/catalog/smartfony-i-gadzhety/smartfony/f/brand/samsung',
    )
    const call = calls.find((c) => c.path === '/katalog/api/v1/products/brand/samsung')!
    expect(Object.fromEntries(call.search)).toEqual({ sorting: 'new', page: '1', city_id: '2' })
    expect(screen.getByTestId('pagination').querySelector('[data-page="2"]')?.getAttribute('href')).toBe(
      '/astana/b/samsung?sorting=new&page=2',
    )
  })

  it('shows the not-found page for an unknown brand', async () => {
    await renderAt('/b/no-such-brand')
    expect(await screen.findByTestId('not-found')).toBeTruthy()
  })
})

describe('the services catalogue', () => {
  it('lists services linking to their service pages, with the kinds of services from the menu', async () => {
    await renderAt('/catalog/s')
    const [card] = await screen.findAllByTestId('product-card')
    expect(within(card!).getByRole('link').getAttribute('href')).toBe('/p/s/900001')
    expect(screen.getByTestId('services-group').getAttribute('href')).toBe(
      '/catalog/uslugi/ustanovka-i-podklyuchenie',
    )
  })
})
