import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ProductListItem } from '../../../contract/catalog'
import type { CmsBlock, FastLink, MenuItem } from '../../../contract/menu'
import { tileItems } from './queries'
import { bannerBlocks } from './links'
import { FIRST_CARDS } from './product-carousel'
import { renderAppAt } from '../../testing/render-app'

window.scrollTo = () => undefined

function banner(id: number, overrides: Partial<CmsBlock> = {}): CmsBlock {
  return {
    id,
    type: 'banner',
    title: `Баннер ${id}`,
    text: '',
    image_id: `banner-${id}`,
    image_id_mobile: null,
    link: '/catalog/smartfony-i-gadzhety/smartfony',
    background_color: '#1428a0',
    sort: id * 10,
    ...overrides,
  }
}

function menuItem(id: string, overrides: Partial<MenuItem> = {}): MenuItem {
  return {
    id,
    kind: 'category',
    title: `Категория ${id}`,
    url: `/catalog/${id}`,
    item_class: 'side',
    filters: [],
    image_id: `category-${id}`,
    icon: null,
    category_id: 1,
    path: id,
    slug: id,
    level: 1,
    is_service: false,
    product_count: 10,
    children: [],
    ...overrides,
  }
}

const fastLinks: FastLink[] = [
  {
    id: 1,
    image: { desktop: 'fl-1', m_web: 'fl-1-m' },
    redirect_link: '/cms/promo',
    title: 'Акции',
    platform: 'all',
  },
  {
    id: 2,
    image: { desktop: 'fl-2', m_web: 'fl-2-m' },
    redirect_link: '/catalog/s',
    title: 'Услуги',
    platform: 'm_web',
  },
]

function listItem(sku: string): ProductListItem & { image: string } {
  return {
    id: Number(sku),
    sku,
    uri: `tovar-${sku}`,
    url_handle: `tovar-${sku}`,
    title: `Товар ${sku}`,
    type: 'regular',
    brand: 'LG',
    categories: [],
    categories_ru: [],
    images: [`p${sku}-0`],
    image: `/f3/api/v1/images/208/208/p${sku}-0.webp`,
    price: 99_990,
    old_price: null,
    discount: 0,
    price_usd: 200,
    credit_terms: null,
    kaspi_installment_info: null,
    stickers: [],
    short_description: [],
    rating: 0,
    review_count: 0,
    is_new: true,
    is_preorder: false,
    only_prepayment: false,
    has_promotions: false,
    promotion_types: [],
    availability: 'InStock',
    stock: 3,
    delivery_info: {
      delivery_min_date: null,
      delivery_time: null,
      pickup_date: null,
      has_express_delivery: false,
      has_fast_delivery: false,
    },
    variants: [],
    score: 1,
  }
}

let requested: URL[] = []

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
}

beforeEach(() => {
  requested = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://store.test')
      requested.push(url)
      switch (url.pathname) {
        case '/menu/api/v1/cms-blocks':
          return json({
            slug: 'home-banners',
            title: 'Главная',
            meta_title: 'Интернет-магазин',
            meta_description: '',
            blocks: [banner(2), banner(1), banner(3, { type: 'text', image_id: null })],
          })
        case '/menu/api/v1/fast-links':
          return json(fastLinks)
        case '/menu/api/v1/menu/katalog':
          return json({
            name: 'katalog',
            city_id: Number(url.searchParams.get('city_id')),
            items: [menuItem('smartfony'), menuItem('tv'), menuItem('footer', { kind: 'group', url: '' })],
          })
        case '/katalog/api/v1/recommend':
          return json({
            sku: null,
            segment: 'A',
            blocks: [
              {
                code: 'popular',
                title: 'Популярные товары',
                segment: 'A',
                products: Array.from({ length: 8 }, (_, i) => listItem(String(i + 1))),
              },
              { code: 'new', title: 'Новинки', segment: 'A', products: [listItem('3')] },
              { code: 'discounted', title: 'Скидки', segment: 'A', products: [] },
            ],
          })
        default:
          return new Response('{}', { status: 404 })
      }
    }),
  )
})

afterEach(() => {
  vi.unstubAllGlobals()
})

const renderAt = renderAppAt

describe('the home page', () => {
  it('shows the banners of the city in their order, the first one loaded at once', async () => {
    await renderAt('/astana')
    const banners = await screen.findAllByTestId('home-banner')
    expect(banners.map((b) => b.getAttribute('aria-label'))).toEqual(['Баннер 1', 'Баннер 2'])
    expect(banners[0]?.getAttribute('href')).toBe('/astana/catalog/smartfony-i-gadzhety/smartfony')
    const first = within(banners[0]!).getByRole('img')
    expect(first.getAttribute('src')).toBe('/f3/api/v1/images/800/272/banner-1.webp')
    expect(first.getAttribute('fetchpriority')).toBe('high')
    expect(first.getAttribute('loading')).toBe('eager')
    expect(within(banners[1]!).getByRole('img').getAttribute('loading')).toBe('lazy')
    const cities = requested
      .filter((u) => u.pathname.startsWith('/menu/'))
      .map((u) => u.searchParams.get('city_id'))
    expect(new Set(cities)).toEqual(new Set(['2']))
  })

  it('links the fast links and category tiles in the city and language of the page', async () => {
    await renderAt('/astana_kk')
    const links = await screen.findAllByTestId('fast-link')
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/astana_kk/cms/promo', '/astana_kk/catalog/s'])
    expect(links[1]?.closest('li')?.dataset.platform).toBe('m_web')
    const tiles = screen.getAllByTestId('category-tile')
    expect(tiles.map((a) => a.getAttribute('href'))).toEqual([
      '/astana_kk/catalog/smartfony',
      '/astana_kk/catalog/tv',
    ])
  })

  it('shows the product carousels that have products, each marked with its code', async () => {
    await renderAt('/')
    await screen.findAllByTestId('product-card')
    const carousels = screen.getAllByTestId('home-carousel')
    expect(carousels.map((c) => c.dataset.code)).toEqual(['new', 'popular'])
    expect(within(carousels[1]!).getAllByTestId('product-card')).toHaveLength(FIRST_CARDS)
  })

  it("draws a row's first cards, and the rest once the shopper moves it", async () => {
    await renderAt('/')
    await screen.findAllByTestId('product-card')
    const popular = screen.getAllByTestId('home-carousel')[1]!
    expect(within(popular).getAllByTestId('product-card')).toHaveLength(FIRST_CARDS)
    fireEvent.scroll(within(popular).getByTestId('home-carousel-strip'))
    expect(within(popular).getAllByTestId('product-card')).toHaveLength(8)
  })

  it('still shows the page when the content service is down', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    await renderAt('/')
    expect(await screen.findByTestId('home-page')).toBeTruthy()
    expect(screen.queryByTestId('home-banner')).toBeNull()
  })
})

describe('content blocks', () => {
  it('takes the banners with a picture, by their sort order', () => {
    expect(bannerBlocks([banner(3), banner(1), banner(2, { image_id: null })]).map((b) => b.id)).toEqual([
      1, 3,
    ])
  })

  it('makes tiles of top-level categories only', () => {
    const items = [menuItem('a'), menuItem('b', { level: 2 }), menuItem('c', { kind: 'link' })]
    expect(tileItems(items).map((i) => i.id)).toEqual(['a'])
  })
})
