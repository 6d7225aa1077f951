import { onlineManager } from '@tanstack/react-query'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OrderDetail } from '../../../contract/checkout'
import { MENU } from '../../testing/catalog-fixtures'
import { errorAnswer, fakeFetch, json, type RecordedCall } from '../../testing/fake-fetch'
import { renderAppAt } from '../../testing/render-app'
import { anOrder, ORDER_ID, PROFILE } from '../../testing/checkout-fixtures'
import { timelineOf } from './fixtures'

window.scrollTo = () => undefined

let order: OrderDetail
let calls: RecordedCall[]
let pdfAnswer: () => Response
const saved: { href: string; download: string }[] = []

const pdf = () =>
  new Response('%PDF-1.7 test', {
    status: 200,
    headers: { 'content-type': 'application/pdf' },
  })

function handler(call: RecordedCall): Response {
  const { path } = call
  if (path === '/account/api/v1/profile') return json(200, PROFILE)
  if (path === '/menu/api/v1/menu/katalog') return json(200, MENU)
  if (path === '/cart/api/v2/carts') return errorAnswer(404, 'not_found', 'cart:notFound')
  if (path === `/oms/api/v1/orders/${ORDER_ID}`) return json(200, order)
  if (path === `/oms/api/v1/orders/${ORDER_ID}/timeline`) return json(200, timelineOf(order))
  if (path === `/oms/api/v1/orders/${ORDER_ID}/check`) return pdfAnswer()
  if (path === `/oms/api/v3/orders/${ORDER_ID}/invoice`) return pdfAnswer()
  if (path === '/pdf/barcode') return pdfAnswer()
  return errorAnswer(404, 'not_found', 'errors:notFound')
}

beforeEach(() => {
  // the signed-in marker the session reads (the tokens themselves are HttpOnly cookies)
  document.cookie = 'tdid=td-1; path=/'
  onlineManager.setOnline(true)
  order = anOrder()
  pdfAnswer = pdf
  saved.length = 0
  calls = fakeFetch(handler).calls
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:pdf', revokeObjectURL: () => {} }))
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download })
  })
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const organisationOrder = () =>
  anOrder({
    receiver: {
      ...anOrder().receiver,
      isOrganization: true,
      organization: { name: 'ТОО «Свет»', bin: '180340021791', address: 'Алматы, Абая 10' },
    },
  })

describe("the order page's documents", () => {
  it('offers the receipt and the barcode of a person’s order, no invoice, and saves the receipt it fetched', async () => {
    await renderAppAt(`/my-account/orders/${ORDER_ID}`)
    await screen.findByTestId('order-documents')
    expect(screen.queryByTestId('document-invoice')).toBeNull()
    fireEvent.click(screen.getByTestId('document-check'))
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:pdf', download: 'check-A-100200.pdf' }]))
    const call = calls.find((c) => c.path === `/oms/api/v1/orders/${ORDER_ID}/check`)!
    expect(call.method).toBe('GET')
    expect(call.headers.get('accept-language')).toBe('ru')
  })

  it("offers an organisation's invoice, in the page's language; the barcode is asked by order id", async () => {
    order = organisationOrder()
    await renderAppAt(`/almaty_kk/my-account/orders/${ORDER_ID}`)
    fireEvent.click(await screen.findByTestId('document-invoice'))
    await waitFor(() => expect(saved.map((s) => s.download)).toEqual(['invoice-A-100200.pdf']))
    const invoice = calls.find((c) => c.path === `/oms/api/v3/orders/${ORDER_ID}/invoice`)!
    expect(invoice.headers.get('accept-language')).toBe('kk')
    expect(screen.getByTestId('document-invoice').textContent).toBe('Төлем шоты (PDF)')

    fireEvent.click(screen.getByTestId('document-barcode'))
    await waitFor(() => expect(saved).toHaveLength(2))
    const barcode = calls.find((c) => c.path === '/pdf/barcode')!
    expect(barcode.method).toBe('POST')
    expect(barcode.body).toEqual({ order_id: ORDER_ID })
  })

  it('says so when a document cannot be made, and saves nothing', async () => {
    order = organisationOrder()
    pdfAnswer = () => errorAnswer(422, 'unprocessable', 'documents:invoiceForOrganisations')
    await renderAppAt(`/my-account/orders/${ORDER_ID}`)
    fireEvent.click(await screen.findByTestId('document-invoice'))
    expect((await screen.findByTestId('document-error')).textContent).toBe(
      'Счёт выставляется только на заказы организаций',
    )
    pdfAnswer = () => errorAnswer(500, 'internal', 'errors:somethingWentWrong')
    fireEvent.click(screen.getByTestId('document-check'))
    await waitFor(() =>
      expect(screen.getByTestId('document-error').textContent).toBe(
        'Не удалось выполнить операцию. Попробуйте позже.',
      ),
    )
    expect(saved).toEqual([])
  })
})
