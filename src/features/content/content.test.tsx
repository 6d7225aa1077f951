import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CmsBlock, PromotionSummary } from '../../../contract/menu'
import { promotionPhase, textParagraphs } from './text'
import { renderAppAt } from '../../testing/render-app'

window.scrollTo = () => undefined

function text(id: number, title: string, body: string): CmsBlock {
  return {
    id,
    type: 'text',
    title,
    text: body,
    image_id: null,
    image_id_mobile: null,
    link: null,
    background_color: null,
    sort: id * 10,
  }
}

function promotion(id: number, overrides: Partial<PromotionSummary> = {}): PromotionSummary {
  return {
    id,
    slug: `promo-${id}`,
    title: `Акция ${id}`,
    description: 'Скидки на технику',
    image_id: `promo-${id}`,
    starts_at: '2026-01-01T00:00:00+05:00',
    ends_at: '2030-12-31T23:59:59+05:00',
    link: '/catalog/smartfony',
    city_ids: [1, 2, 3, 4],
    is_active: true,
    ...overrides,
  }
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

let requested: URL[] = []

beforeEach(() => {
  requested = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://store.test')
      requested.push(url)
      if (url.pathname === '/menu/api/v1/cms-blocks') {
        const slug = url.searchParams.get('slug')
        if (slug === 'delivery') {
          return json({
            slug,
            title: 'Доставка и самовывоз',
            meta_title: 'Доставка и самовывоз',
            meta_description: 'Экспресс-доставка за 2–4 часа',
            blocks: [
              text(1, 'Как получить заказ', 'Курьером или самовывозом.\n\nОрганизациям — курьером.'),
              text(2, 'Алматы', 'Экспресс-доставка: за 2–4 часа.\nКурьерская доставка: за 1–2 дн.'),
              text(3, 'Астана', 'Курьерская доставка: за 1–2 дн.'),
            ],
          })
        }
        if (slug === 'promo') {
          return json({
            slug,
            title: 'Акции',
            meta_title: 'Акции и скидки',
            meta_description: '',
            blocks: [],
          })
        }
        return json({ error: { code: 'not_found', message: 'errors:notFound' } }, 404)
      }
      if (url.pathname === '/menu/api/v1/promotions') {
        return json([promotion(1), promotion(2, { starts_at: '2031-12-01T00:00:00+05:00' })])
      }
      if (url.pathname === '/katalog/api/v2/products/category/podarochnye-sertifikaty') {
        return json({ error: { code: 'unavailable', message: 'errors:tryLater' } }, 503)
      }
      return json({ error: { code: 'not_found', message: 'errors:notFound' } }, 404)
    }),
  )
})

afterEach(() => {
  vi.unstubAllGlobals()
})

const renderAt = renderAppAt

describe('content pages', () => {
  it('shows a cms page with its title and sections, the shopper’s city marked on the delivery page', async () => {
    await renderAt('/cms/delivery')
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Доставка и самовывоз')
    const ours = document.querySelector('[data-current-city]')
    expect(ours?.querySelector('h2')?.textContent).toContain('Алматы')
    expect(document.title).toBe('Доставка и самовывоз — Техно магазин')
    expect(requested.find((u) => u.pathname === '/menu/api/v1/cms-blocks')?.searchParams.get('slug')).toBe(
      'delivery',
    )
  })

  it('answers an unknown content page, and the home banners slug, with the not-found page', async () => {
    await renderAt('/cms/no-such-page')
    expect(await screen.findByTestId('not-found')).toBeTruthy()
  })

  it('lists the promotions of the city with their dates', async () => {
    await renderAt('/astana/cms/promo')
    const cards = await screen.findAllByTestId('promotion')
    expect(cards).toHaveLength(2)
    expect(cards[0]?.textContent).toContain('До 31.12.2030')
    expect(cards[1]?.textContent).toContain('Начнётся 01.12.2031')
    expect(cards[0]?.querySelector('a')?.getAttribute('href')).toBe('/astana/catalog/smartfony')
    expect(requested.find((u) => u.pathname === '/menu/api/v1/promotions')?.searchParams.get('city_id')).toBe(
      '2',
    )
  })

  it('keeps the gift cards page up with a retry when the certificates cannot be loaded', async () => {
    await renderAt('/gift-cards')
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Подарочные карты')
    expect(await screen.findByRole('button', { name: 'Повторить' })).toBeTruthy()
  })
})

describe('content text', () => {
  it('splits paragraphs at blank lines and keeps the lines of a paragraph', () => {
    expect(textParagraphs('Первый.\nВторая строка.\n\n\nВторой.')).toEqual([
      ['Первый.', 'Вторая строка.'],
      ['Второй.'],
    ])
    expect(textParagraphs('  ')).toEqual([])
  })

  it('tells upcoming, running and ended promotions apart', () => {
    const now = new Date('2026-11-22T10:00:00+05:00')
    expect(promotionPhase('2026-12-01T00:00:00+05:00', '2026-12-31T00:00:00+05:00', now)).toBe('upcoming')
    expect(promotionPhase('2026-11-01T00:00:00+05:00', '2026-12-31T00:00:00+05:00', now)).toBe('running')
    expect(promotionPhase('2026-03-01T00:00:00+05:00', '2026-03-31T00:00:00+05:00', now)).toBe('ended')
  })
})
