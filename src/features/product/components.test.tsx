import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { CartButtonsProvider } from '../../cart/add-to-cart'
import { WishlistButtonsProvider } from '../../wishlist/wishlist-buttons'
import { aProduct } from './fixtures'
import { Gallery } from './gallery'
import { PickupMap } from './pickup-map'
import { PriceBlock } from './price-block'
import { SpecsTable } from './specs-table'
import type { MapPlace } from './stores'
import { StructuredData } from './structured-data-script'

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'ru', messages: {} })
})

const renderUi = (ui: ReactNode) => render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>)

/** The price block's buy button and heart talk to the cart's and the wishlist's queries: it needs both. */
async function renderPriceBlock(ui: ReactNode) {
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => (
        <CartButtonsProvider>
          <WishlistButtonsProvider>{ui}</WishlistButtonsProvider>
        </CartButtonsProvider>
      ),
    }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  await act(async () => {
    await router.load()
  })
  return renderUi(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

describe('the price block', () => {
  it('shows the price, the old price and discount, credit and installment terms', async () => {
    await renderPriceBlock(<PriceBlock product={aProduct()} cityName="Алматы" />)
    const price = screen.getByTestId('product-price')
    expect(price.dataset.price).toBe('449990')
    expect(price.textContent).toContain('449\u00a0990\u00a0₸')
    expect(price.textContent).toContain('−10%')
    expect(screen.getByText('Экономия 50 000 ₸')).toBeTruthy()
    const offers = within(screen.getByTestId('payment-offers')).getAllByRole('listitem')
    expect(offers.map((o) => o.dataset.kind)).toEqual(['credit', 'installment'])
    expect(offers[0]?.textContent).toContain('от 18\u00a0750\u00a0₸ в месяц на 24 мес.')
  })

  it('lets the shopper add to the cart, the wishlist and the comparison', async () => {
    await renderPriceBlock(<PriceBlock product={aProduct()} cityName="Алматы" />)
    expect((screen.getByTestId('add-to-compare') as HTMLButtonElement).disabled).toBe(false)
    const heart = screen.getByTestId('add-to-wishlist') as HTMLButtonElement
    // the heart waits for the list to be read, then works
    await waitFor(() => expect(heart.disabled).toBe(false))
    expect(heart.getAttribute('aria-pressed')).toBe('false')
    await waitFor(() => expect((screen.getByTestId('add-to-cart') as HTMLButtonElement).disabled).toBe(false))
  })

  it('says a product is out of stock in the city, and says nothing of stock for a service', async () => {
    const { unmount } = await renderPriceBlock(
      <PriceBlock product={aProduct({ availability: 'OutOfStock' })} cityName="Астана" />,
    )
    expect(screen.getByText('Нет в наличии в городе Астана')).toBeTruthy()
    unmount()
    await renderPriceBlock(<PriceBlock product={aProduct({ type: 'service' })} cityName="Астана" />)
    expect(screen.queryByText('В наличии')).toBeNull()
  })
})

describe('the gallery', () => {
  it('switches the main picture with the thumbnails and the arrows', () => {
    renderUi(<Gallery images={['a', 'b', 'c']} title="Телевизор" />)
    const main = () => within(screen.getByTestId('gallery-main')).getByRole('img')
    expect(main().getAttribute('src')).toBe('/f3/api/v1/images/800/800/a.webp')
    fireEvent.click(screen.getByRole('button', { name: 'Фото 3' }))
    expect(main().getAttribute('src')).toBe('/f3/api/v1/images/800/800/c.webp')
    fireEvent.click(screen.getByRole('button', { name: 'Следующее фото' }))
    expect(main().getAttribute('src')).toBe('/f3/api/v1/images/800/800/a.webp')
    const thumbs = [...document.querySelectorAll('img')].filter((img) =>
      img.getAttribute('src')?.includes('/88/88/'),
    )
    expect(thumbs).toHaveLength(3)
    expect(thumbs.every((img) => img.getAttribute('loading') === 'lazy')).toBe(true)
  })

  it('draws a placeholder for a product without pictures', () => {
    renderUi(<Gallery images={[]} title="Услуга" />)
    expect(within(screen.getByTestId('gallery-main')).getByRole('img', { name: 'Нет фото' })).toBeTruthy()
  })
})

describe('the pickup map', () => {
  const place = (id: number, lat: number, lng: number, kind: MapPlace['kind']): MapPlace => ({
    id,
    kind,
    pointType: kind === 'stock' ? 'shop' : 'pickup_point',
    title: `Точка ${id}`,
    address: `Адрес ${id}`,
    geo: { latitude: lat, longitude: lng },
    pickupDate: '2026-11-22',
    showcaseOnly: false,
  })

  it('puts a numbered marker per place where its coordinates are, and reports a choice', () => {
    const onSelect = vi.fn()
    renderUi(
      <PickupMap
        places={[place(1, 43.2, 76.8, 'stock'), place(7, 43.3, 76.9, 'pickup')]}
        selectedId={7}
        onSelect={onSelect}
      />,
    )
    const markers = screen.getAllByTestId('pickup-map-point')
    expect(markers.map((m) => m.textContent)).toEqual(['1', '2'])
    expect(markers[1]?.getAttribute('aria-pressed')).toBe('true')
    // west and south of the other: further left and further down
    const left = (m: HTMLElement) => parseFloat(m.style.left)
    const top = (m: HTMLElement) => parseFloat(m.style.top)
    expect(left(markers[0]!)).toBeLessThan(left(markers[1]!))
    expect(top(markers[0]!)).toBeGreaterThan(top(markers[1]!))
    fireEvent.click(markers[0]!)
    expect(onSelect).toHaveBeenCalledWith(1)
  })
})

describe('the specifications', () => {
  it('lists the groups with their rows and leaves empty groups out', () => {
    renderUi(
      <SpecsTable
        groups={[
          { code: 'screen', title: 'Экран', items: [{ code: 'd', title: 'Диагональ', value: '6.1"' }] },
          { code: 'empty', title: 'Пусто', items: [] },
        ]}
      />,
    )
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Экран'])
    expect(screen.getByText('Диагональ').nextSibling?.textContent).toBe('6.1"')
  })
})

describe('structured data', () => {
  it('is a JSON-LD data block that parses back to what was given', () => {
    const { container } = render(<StructuredData data={{ '@type': 'Product', name: 'A </script> B' }} />)
    const script = container.querySelector('script')
    expect(script?.getAttribute('type')).toBe('application/ld+json')
    expect(JSON.parse(script?.textContent ?? '')).toEqual({ '@type': 'Product', name: 'A </script> B' })
    expect(script?.innerHTML).not.toContain('</script>')
  })
})
