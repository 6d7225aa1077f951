import { onlineManager } from '@tanstack/react-query'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OrderDetail, QrPayment } from '../../../contract/checkout'
import { readBrokerId, saveBrokerId } from './financing/kept-application'
import { setAccessToken, setRefreshToken } from '../../data/auth-tokens'
import { REFERENCE_ID } from '../../testing/broker-fixtures'
import { MENU } from '../../testing/catalog-fixtures'
import { errorAnswer, fakeFetch, json, type RecordedCall } from '../../testing/fake-fetch'
import { renderAppAt } from '../../testing/render-app'
import { anOrder, aQrPayment, CARD_ID, CARDS, ORDER_ID, PROFILE } from '../../testing/checkout-fixtures'

const payment = vi.hoisted(() => ({ goTo: vi.fn<(url: string) => void>() }))
vi.mock('./navigation', () => ({ goToPayment: payment.goTo }))

window.scrollTo = () => undefined

let order: OrderDetail
let qr: QrPayment[]
let calls: RecordedCall[]

function handler(call: RecordedCall): Response {
  const { path, method } = call
  if (path === '/account/api/v1/profile') return json(200, PROFILE)
  if (path === '/menu/api/v1/menu/katalog') return json(200, MENU)
  if (path === '/cart/api/v2/carts') return errorAnswer(404, 'not_found', 'cart:notFound')
  if (path === `/oms/api/v1/orders/${ORDER_ID}`) return json(200, order)
  if (path.startsWith('/oms/api/v1/orders/')) return errorAnswer(404, 'not_found', 'checkout:orderNotFound')
  if (path === '/payment/api/v1/cards') return json(200, CARDS)
  if (path === `/payment/api/v1/orders/${ORDER_ID}/payments` && method === 'POST')
    return json(201, {
      method: 'kaspi_qr_payment',
      status: 'pending',
      redirect_url: `/kaspi-qr?orderId=${ORDER_ID}`,
    })
  if (path === '/actioner/api/v1/event-to-rees/loan-approved')
    return json(200, { accepted: true, orderId: ORDER_ID, contractNumber: 'C-1', bic: 'HSBKKZKX' })
  if (path === `/payment/api/v1/orders/${ORDER_ID}/qr`) return json(200, qr.length > 1 ? qr.shift() : qr[0])
  return errorAnswer(404, 'not_found', 'errors:notFound')
}

beforeEach(() => {
  document.cookie = 'tdid=td-1; path=/'
  onlineManager.setOnline(true)
  order = anOrder()
  qr = [aQrPayment()]
  payment.goTo.mockReset()
  calls = fakeFetch(handler).calls
})

afterEach(() => {
  vi.unstubAllGlobals()
  setAccessToken(null)
  setRefreshToken(null)
})

const failed = (can_pay = true): OrderDetail =>
  anOrder({ can_pay, payment: { method: 'card_payment', status: 'failed', card_mask: null, paid_at: null } })

describe('the result page', () => {
  it('back from the bank with the order paid by its loan, tells the broker once and forgets the application', async () => {
    saveBrokerId(REFERENCE_ID, ORDER_ID)
    order = anOrder({
      status: 'PROCESSING',
      payment: {
        method: 'loan/installment',
        status: 'paid',
        card_mask: null,
        paid_at: '2026-05-01T09:35:00Z',
      },
    })
    await renderAppAt(`/checkout/result?status=success&orderId=${ORDER_ID}`)
    expect((await screen.findByTestId('order-outcome')).dataset.outcome).toBe('paid')
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/actioner/api/v1/event-to-rees/loan-approved')).toHaveLength(1),
    )
    expect(calls.find((c) => c.path.endsWith('/loan-approved'))?.body).toEqual({
      referenceId: REFERENCE_ID,
      orderId: ORDER_ID,
    })
    expect(readBrokerId()).toBeNull()
  })

  it('leads an order still waiting for its loan back to the application', async () => {
    order = anOrder({
      payment: { method: 'loan/installment', status: 'pending', card_mask: null, paid_at: null },
    })
    await renderAppAt(`/checkout/result?orderId=${ORDER_ID}`)
    expect((await screen.findByTestId('broker-resume')).getAttribute('href')).toBe(
      `/checkout/review-and-payments?orderId=${ORDER_ID}`,
    )
  })

  it('shows the paid order as the server has it: number, lines, sums in tenge, pickup place and payment', async () => {
    order = anOrder({
      status: 'PROCESSING',
      payment: {
        method: 'card_payment',
        status: 'paid',
        card_mask: '411111******1111',
        paid_at: '2026-05-01T09:35:00Z',
      },
    })
    await renderAppAt(`/astana/checkout/result?status=success&orderId=${ORDER_ID}`)
    expect((await screen.findByTestId('order-outcome')).dataset.outcome).toBe('paid')
    expect(screen.getByTestId('order-number').textContent).toBe('Заказ № A-100200')
    expect(screen.getByTestId('order-status').textContent).toBe('В обработке')
    expect(screen.getByTestId('sum-grand').textContent).toContain('10\u00a0000\u00a0₸')
    expect(screen.getByTestId('order-shipping').textContent).toBe('Самовывоз: Магазин на Абая, пр. Абая, 10')
    expect(screen.getByTestId('order-payment').textContent).toBe(
      'Банковской картой онлайн · Оплачен · 411111 •••• 1111 · 01.05.2026, 14:35',
    )
    expect(screen.queryByTestId('pay-again')).toBeNull()
  })

  it('offers to pay again by QR after a failed payment, while the order holds its goods', async () => {
    order = failed()
    await renderAppAt(`/checkout/result?status=failure&orderId=${ORDER_ID}`)
    expect((await screen.findByTestId('order-outcome')).dataset.outcome).toBe('failed')
    // Card first, with the default saved card; then QR.
    expect(((await screen.findByTestId('pay-again-saved-card')) as HTMLInputElement).checked).toBe(true)
    fireEvent.click(screen.getByTestId('pay-again-kaspi_qr_payment'))
    fireEvent.click(screen.getByTestId('pay-again-submit'))
    await waitFor(() => expect(payment.goTo).toHaveBeenCalledWith(`/kaspi-qr?orderId=${ORDER_ID}`))
    expect(calls.find((c) => c.path.endsWith('/payments'))?.body).toEqual({
      payment_method: 'kaspi_qr_payment',
      saved_card_id: null,
    })
  })

  it('pays again with the saved card chosen', async () => {
    order = failed()
    await renderAppAt(`/checkout/result?status=failure&orderId=${ORDER_ID}`)
    await screen.findByTestId('pay-again-saved-card')
    fireEvent.click(screen.getByTestId('pay-again-submit'))
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/payments'))?.body).toEqual({
        payment_method: 'card_payment',
        saved_card_id: CARD_ID,
      }),
    )
  })

  it('explains a cancelled order and offers no payment', async () => {
    order = anOrder({ status: 'CANCELLED', can_pay: false, reserved_until: null })
    await renderAppAt(`/checkout/result?status=failure&orderId=${ORDER_ID}`)
    const outcome = await screen.findByTestId('order-outcome')
    expect(outcome.dataset.outcome).toBe('cancelled')
    expect(outcome.textContent).toContain('Товары вернулись в продажу, бонусы и сертификаты — на ваш счёт')
    expect(screen.queryByTestId('pay-again')).toBeNull()
  })

  it('says an organisation order waits for its transfer', async () => {
    order = anOrder({
      payment: { method: 'cashless_payment', status: 'pending', card_mask: null, paid_at: null },
    })
    await renderAppAt(`/checkout/result?status=success&orderId=${ORDER_ID}`)
    const outcome = await screen.findByTestId('order-outcome')
    expect(outcome.dataset.outcome).toBe('awaitingTransfer')
    expect(outcome.textContent).toMatch(/безналичной оплаты [\d\s]+₸ до 01\.05\.2026, 14:50/)
  })

  it("says so when the order is not this shopper's", async () => {
    await renderAppAt('/checkout/result?status=success&orderId=A-1')
    expect((await screen.findByTestId('order-error')).textContent).toContain('Заказ не найден')
  })

  it('shows the order from the account history too', async () => {
    await renderAppAt(`/my-account/orders/${ORDER_ID}`)
    expect((await screen.findByTestId('order-number')).textContent).toBe('Заказ № A-100200')
    expect(screen.getByTestId('back-to-orders').getAttribute('href')).toBe('/my-account/orders-list')
  })
})

describe('the Kaspi QR page', () => {
  it('shows the code as an image, the amount and the link to pay on this device, and goes to the result once paid', async () => {
    qr = [aQrPayment(), aQrPayment({ status: 'paid' })]
    const router = await renderAppAt(`/kaspi-qr?orderId=${ORDER_ID}`)
    const image = (await screen.findByTestId('qr-image')) as HTMLImageElement
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/)
    expect(screen.getByTestId('qr-amount').textContent).toBe('10\u00a0000\u00a0₸')
    expect(screen.getByTestId('qr-open').getAttribute('href')).toBe('http://127.0.0.1/qr/api/v1/sessions/abc')
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/result'), { timeout: 6_000 })
    expect(router.state.location.search).toEqual({ status: 'success', orderId: ORDER_ID })
  })

  it('goes to the result as a failure when the code expired', async () => {
    qr = [aQrPayment({ status: 'expired' })]
    const router = await renderAppAt(`/almaty_kk/kaspi-qr?orderId=${ORDER_ID}`)
    await waitFor(() => expect(router.state.location.pathname).toBe('/almaty_kk/checkout/result'))
    expect(router.state.location.search).toEqual({ status: 'failure', orderId: ORDER_ID })
  })
})
