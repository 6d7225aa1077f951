import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AdminProduct, ImportList, ImportView } from '../../../contract/catalog-import'
import { errorAnswer, fakeFetch, json, type RecordedCall } from '../../testing/fake-fetch'
import { AdminCatalogPage } from './catalog-page'
import { applyAdminLang } from './locale'
import { renderAdminPage } from './render-admin-page'

const SKU = 'NB-1001'
const IMPORT_ID = '88888888-8888-4888-8888-888888888888'
const AT = '2026-05-01T05:00:00.000Z'

let product: AdminProduct
let calls: RecordedCall[]
let patchAnswer: (call: RecordedCall) => Response
let importReads: number
let imports: ImportList

const importView = (status: ImportView['status'], progress: number): ImportView => ({
  id: IMPORT_ID,
  format: 'csv',
  status,
  bytes: 120,
  content_hash: 'ab'.repeat(32),
  same_as: null,
  created_at: AT,
  finished_at: status === 'done' ? AT : null,
  error: null,
  rows: { total: 3, rejected: status === 'done' ? 1 : 0 },
  progress,
  changes: { products_created: 0, products_updated: 0, prices: status === 'done' ? 2 : 0, stocks: 0 },
  rejections:
    status === 'done'
      ? [{ row: 3, field: 'sku', reason: 'unknown_product', value: 'NO-SUCH', held: null }]
      : [],
  rejections_next: null,
})

function handler(call: RecordedCall): Response {
  const { path, method } = call
  if (path === '/admin/api/v1/me')
    return json(200, { id: 's-1', login: 'aigerim', name: 'Айгерим', role: 'operator' })
  if (path === '/admin/api/v1/catalog/products' && method === 'GET')
    return json(200, {
      products:
        call.search.get('q') === 'ноутбук'
          ? [{ sku: SKU, title: 'Ноутбук Lenovo IdeaPad 5', uri: 'lenovo-ideapad-5' }]
          : [],
    })
  if (path === `/admin/api/v1/catalog/products/${SKU}` && method === 'GET') return json(200, product)
  if (path === `/admin/api/v1/catalog/products/${SKU}/cities/1` && method === 'PATCH')
    return patchAnswer(call)
  if (path === '/admin/api/v1/catalog/imports' && method === 'POST') {
    imports = { imports: [{ ...importView('staged', 0), rejections_next: null }] }
    return json(202, importView('staged', 0))
  }
  if (path === '/admin/api/v1/catalog/imports' && method === 'GET') return json(200, imports)
  if (path === `/admin/api/v1/catalog/imports/${IMPORT_ID}`) {
    importReads += 1
    // the first read finds it half applied, the next one done
    const view = importReads === 1 ? importView('applying', 0.5) : importView('done', 1)
    imports = { imports: [view] }
    return json(200, view)
  }
  return errorAnswer(404, 'not_found', 'errors:notFound')
}

const renderAt = (url: string) => renderAdminPage('/admin/catalog', AdminCatalogPage, url)

/** Finds the laptop by a word of its title and opens its editor. */
async function openProduct(): Promise<HTMLElement> {
  renderAt('/admin/catalog')
  const search = await screen.findByTestId('catalog-search')
  fireEvent.change(search, { target: { value: 'ноутбук' } })
  fireEvent.submit(search.closest('form') as HTMLFormElement)
  fireEvent.click(await screen.findByTestId('catalog-hit'))
  return screen.findByTestId('catalog-editor')
}

beforeAll(async () => {
  await applyAdminLang('ru')
})

beforeEach(() => {
  product = {
    sku: SKU,
    uri: 'lenovo-ideapad-5',
    title_ru: 'Ноутбук Lenovo IdeaPad 5',
    title_kk: 'Lenovo IdeaPad 5 ноутбугі',
    category: 'noutbuki',
    cities: [
      {
        city_id: 1,
        price: 350_000,
        old_price: null,
        stocks: [
          { point_id: 11, point_title: 'ТРЦ Mega', condition: 'N', available: 3, held: 2, on_hand: 5 },
          { point_id: 12, point_title: 'Склад Алатау', condition: 'N', available: 0, held: 0, on_hand: 0 },
        ],
      },
      { city_id: 2, price: 355_000, old_price: null, stocks: [] },
    ],
  }
  importReads = 0
  imports = { imports: [] }
  patchAnswer = () =>
    errorAnswer(409, 'conflict', 'catalogImport:stockBelowReserved', { point_id: 11, held: 2 })
  calls = fakeFetch(handler).calls
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the catalogue in the back office', () => {
  it('finds a product, and a stock below what orders hold is refused with the reason beside the form', async () => {
    renderAt('/admin/catalog')
    expect(await screen.findByText('Импортов ещё не было.')).toBeTruthy()

    const search = screen.getByTestId('catalog-search')
    fireEvent.change(search, { target: { value: 'планшет' } })
    fireEvent.submit(search.closest('form') as HTMLFormElement)
    expect(await screen.findByText('ничего не найдено')).toBeTruthy()

    fireEvent.change(search, { target: { value: 'ноутбук' } })
    fireEvent.submit(search.closest('form') as HTMLFormElement)
    fireEvent.click(await screen.findByTestId('catalog-hit'))

    const editor = await screen.findByTestId('catalog-editor')
    expect((within(editor).getByTestId('catalog-price') as HTMLInputElement).value).toBe('350000')
    const mega = within(editor).getByLabelText('На точке: ТРЦ Mega')
    fireEvent.change(mega, { target: { value: '1' } })
    fireEvent.click(within(editor).getByRole('button', { name: 'Сохранить' }))

    const alert = await within(editor).findByTestId('catalog-edit-error')
    expect(alert.textContent).toBe(
      'Остаток меньше, чем держат открытые заказы: на точке 11 удерживается 2 шт.',
    )
    const patch = calls.find((c) => c.method === 'PATCH')
    // only what changed is sent
    expect(patch?.body).toEqual({ stocks: [{ point_id: 11, condition: 'N', on_hand: 1 }] })

    // a price the server takes: the new figures are shown
    patchAnswer = (call) => {
      const body = call.body as { price: number }
      const [almaty, ...rest] = product.cities
      product = { ...product, cities: [{ ...almaty!, price: body.price }, ...rest] }
      return json(200, product)
    }
    fireEvent.change(mega, { target: { value: '5' } })
    fireEvent.change(within(editor).getByTestId('catalog-price'), { target: { value: '339990' } })
    fireEvent.click(within(editor).getByRole('button', { name: 'Сохранить' }))
    expect((await screen.findByTestId('catalog-edit-saved')).textContent).toBe('Сохранено.')
    expect(screen.getByRole('button', { name: /Алматы: 339\u00a0990\u00a0₸/ })).toBeTruthy()
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({ price: 339_990 })
  })

  it('sets a crossed-out price above the price, refuses one below it, and takes it away when emptied', async () => {
    patchAnswer = (call) => {
      const body = call.body as { old_price: number | null }
      const [almaty, ...rest] = product.cities
      product = { ...product, cities: [{ ...almaty!, old_price: body.old_price }, ...rest] }
      return json(200, product)
    }
    const editor = await openProduct()
    const save = () => fireEvent.click(within(editor).getByRole('button', { name: 'Сохранить' }))
    const oldPrice = () => within(screen.getByTestId('catalog-editor')).getByTestId('catalog-old-price')

    fireEvent.change(oldPrice(), { target: { value: '340000' } })
    save()
    expect((await within(editor).findByTestId('catalog-edit-error')).textContent).toBe(
      'Старая цена должна быть выше новой.',
    )
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false)

    fireEvent.change(oldPrice(), { target: { value: '399990' } })
    save()
    expect((await screen.findByTestId('catalog-edit-saved')).textContent).toBe('Сохранено.')
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({ old_price: 399_990 })
    await waitFor(() => expect((oldPrice() as HTMLInputElement).value).toBe('399990'))

    fireEvent.change(oldPrice(), { target: { value: '' } })
    fireEvent.click(within(screen.getByTestId('catalog-editor')).getByRole('button', { name: 'Сохранить' }))
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH').at(-1)?.body).toEqual({ old_price: null }),
    )
    await waitFor(() => expect((oldPrice() as HTMLInputElement).value).toBe(''))
  })

  it('refuses a bad value before sending it', async () => {
    const editor = await openProduct()
    fireEvent.change(within(editor).getByTestId('catalog-price'), { target: { value: '12.5' } })
    fireEvent.click(within(editor).getByRole('button', { name: 'Сохранить' }))
    expect((await within(editor).findByTestId('catalog-edit-error')).textContent).toBe(
      'Цена — целое число от 1 до 100 000 000 ₸.',
    )
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false)
  })

  it('uploads a CSV as the body, follows the import to its end and shows the rejected row', async () => {
    renderAt('/admin/catalog')
    await screen.findByText('Импортов ещё не было.')
    const file = new File(['sku,city_id,price\nNB-1001,1,339990\nNO-SUCH,1,1000\n'], 'prices.csv', {
      type: 'application/vnd.ms-excel',
    })
    fireEvent.change(screen.getByTestId('catalog-import-file'), { target: { files: [file] } })
    fireEvent.click(screen.getByRole('button', { name: 'Загрузить' }))

    await waitFor(() => expect(screen.getByTestId('catalog-import').dataset.status).toBe('done'), {
      timeout: 4_000,
    })
    const post = calls.find((c) => c.method === 'POST' && c.path === '/admin/api/v1/catalog/imports')
    // the type comes from the file's name: browsers call a CSV many things
    expect(post?.headers.get('content-type')).toBe('text/csv')
    expect(importReads).toBeGreaterThanOrEqual(2)
    expect(screen.getByTestId('catalog-import-progress').textContent).toBe('Обработано строк: 3 из 3')
    const rejected = screen.getByTestId('catalog-rejection')
    expect(rejected.textContent).toContain('строка 3')
    expect(rejected.textContent).toContain('нет товара с таким артикулом')
    expect(rejected.textContent).toContain('NO-SUCH')
    // the list below shows the import with its final figures
    await waitFor(() =>
      expect(within(screen.getByTestId('catalog-imports')).getByText('готово')).toBeTruthy(),
    )
  })

  it('turns away a file that is neither CSV nor JSON without sending it', async () => {
    renderAt('/admin/catalog')
    await screen.findByText('Импортов ещё не было.')
    const file = new File(['x'], 'prices.xlsx')
    fireEvent.change(screen.getByTestId('catalog-import-file'), { target: { files: [file] } })
    fireEvent.click(screen.getByRole('button', { name: 'Загрузить' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Файл должен быть CSV или JSON (.csv, .json).',
    )
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })
})
