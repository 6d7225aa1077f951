import { i18n } from '@lingui/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { getDefaultStore } from 'jotai'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Product } from '../../../contract/catalog'
import { comparisonAtom } from '../../atoms/comparison'
import { comparisonCategories } from '../../compare/rules'
import { MENU, product as listItem } from '../../testing/catalog-fixtures'
import { errorAnswer, fakeFetch, json, networkDown, type RecordedCall } from '../../testing/fake-fetch'
import { renderAppAt } from '../../testing/render-app'

window.scrollTo = () => undefined

const PATH = ['Смартфоны и гаджеты', 'Смартфоны']
const phone = (n: number, diagonal: string, extra: Product['spec_groups'] = []): Product => ({
  ...listItem(n, {
    sku: `20000${n}`,
    uri: `smartfon-${n}`,
    title: `Смартфон ${n}`,
    price: n * 100_000,
    old_price: null,
    availability: 'InStock',
    categories_ru: PATH,
  }),
  description: '',
  category_id: 5,
  category_path: 'smartfony-i-gadzhety/smartfony',
  breadcrumbs: [],
  brand_slug: null,
  reference_product_sku: null,
  meta_data: { meta_title: '', meta_header: '', meta_description: '', seo_text: '' },
  canonical: `/p/smartfon-${n}`,
  spec_groups: [
    {
      code: 'screen',
      title: 'Экран',
      items: [
        { code: 'diagonal', title: 'Диагональ', value: diagonal },
        { code: 'type', title: 'Тип матрицы', value: 'OLED' },
      ],
    },
    ...extra,
  ],
})
const PHONES = [
  phone(1, '6.1"'),
  phone(2, '6.7"', [
    { code: 'body', title: 'Корпус', items: [{ code: 'color', title: 'Цвет', value: 'Синий' }] },
  ]),
  phone(3, '6.1"'),
]
const listed = (products: Product[]) =>
  products.map((p) => ({ sku: p.sku, uri: p.uri, categories: comparisonCategories(PATH) }))

let offline: Set<string>
let calls: RecordedCall[]

function handler(call: RecordedCall): Response {
  if (call.path === '/menu/api/v1/menu/katalog') return json(200, MENU)
  const product = PHONES.find((p) => call.path === `/katalog/api/v1/products/${p.uri}`)
  if (product && offline.has(product.uri)) return networkDown()
  if (product) return json(200, product)
  return errorAnswer(404, 'not_found', 'errors:notFound')
}

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'ru', messages: {} })
})

beforeEach(() => {
  offline = new Set()
  calls = fakeFetch(handler).calls
})

afterEach(async () => {
  await getDefaultStore().set(comparisonAtom, [])
  vi.unstubAllGlobals()
})

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent)

describe('/compare', () => {
  it('says the list is empty and leads to the catalogue', async () => {
    await renderAppAt('/compare')
    const empty = await screen.findByTestId('compare-empty')
    expect(empty.textContent).toContain('В сравнении пока нет товаров')
    expect(within(empty).getByRole('link', { name: 'Перейти в каталог' }).getAttribute('href')).toBe(
      '/catalog',
    )
  })

  it('shows the products side by side by attribute group, with prices, links and the cart button', async () => {
    await getDefaultStore().set(comparisonAtom, listed(PHONES))
    await renderAppAt('/astana/compare')
    const heads = await screen.findAllByTestId('compare-product')
    await waitFor(() => expect(screen.getAllByRole('link', { name: /Смартфон \d/ })).toHaveLength(3))
    expect(heads.map((h) => h.dataset.sku)).toEqual(['200001', '200002', '200003'])
    expect(heads[1]!.textContent).toContain('200\u00a0000\u00a0₸')
    expect(within(heads[0]!).getByRole('link', { name: 'Смартфон 1' }).getAttribute('href')).toBe(
      '/astana/p/smartfon-1',
    )
    expect(within(heads[0]!).getByTestId('add-to-cart')).toBeTruthy()
    // each product is read as its page reads it, in the page's city
    expect(
      calls.filter((c) => c.path.startsWith('/katalog/api/v1/products/')).map((c) => c.search.get('city_id')),
    ).toEqual(['2', '2', '2'])
    const groups = screen.getAllByTestId('compare-group')
    expect(groups.map((g) => within(g).getAllByRole('rowheader')[0]!.textContent)).toEqual([
      'Экран',
      'Корпус',
    ])
    const rows = screen.getAllByTestId('compare-row')
    expect(rows.map((r) => within(r).getAllByRole('rowheader')[0]!.textContent)).toEqual([
      'Диагональ',
      'Тип матрицы',
      'Цвет',
    ])
    expect(cells(rows[0]!)).toEqual(['6.1"', '6.7"', '6.1"'])
    expect(cells(rows[2]!)).toEqual(['—', 'Синий', '—'])
    expect(screen.getByTestId('compare-table').dataset.products).toBe('3')
  })

  it('only differences hides what every product shares; remove and clear change the list on the device', async () => {
    await getDefaultStore().set(comparisonAtom, listed(PHONES))
    await renderAppAt('/compare')
    await waitFor(() => expect(screen.getAllByTestId('compare-row')).toHaveLength(3))
    fireEvent.click(screen.getByTestId('compare-differences'))
    const rows = screen.getAllByTestId('compare-row')
    expect(rows.map((r) => within(r).getAllByRole('rowheader')[0]!.textContent)).toEqual([
      'Диагональ',
      'Цвет',
    ])

    fireEvent.click(within(screen.getAllByTestId('compare-product')[1]!).getByTestId('compare-remove'))
    await waitFor(() => expect(screen.getAllByTestId('compare-product')).toHaveLength(2))
    // the write reaches IndexedDB (and the other tabs) a moment after the page shows it
    await waitFor(async () =>
      expect((await getDefaultStore().get(comparisonAtom)).map((p) => p.sku)).toEqual(['200001', '200003']),
    )
    // what is left does not differ at all
    expect(screen.getByTestId('compare-no-differences').textContent).toContain('не различаются')

    fireEvent.click(screen.getByTestId('compare-clear'))
    await screen.findByTestId('compare-empty')
    await waitFor(async () => expect(await getDefaultStore().get(comparisonAtom)).toEqual([]))
  })

  it('a product that cannot be loaded keeps its column, says why, and loads on retry', async () => {
    offline.add('smartfon-2')
    await getDefaultStore().set(comparisonAtom, listed(PHONES.slice(0, 2)))
    await renderAppAt('/compare')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Не удалось загрузить товар')
    await waitFor(() => expect(cells(screen.getAllByTestId('compare-row')[0]!)).toEqual(['6.1"', '—']))
    offline.clear()
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }))
    await waitFor(() => expect(cells(screen.getAllByTestId('compare-row')[0]!)).toEqual(['6.1"', '6.7"']))
  })
})
