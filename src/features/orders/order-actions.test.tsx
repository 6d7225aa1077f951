import { onlineManager } from '@tanstack/react-query'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '../../../contract/account'
import type { OrderDetail } from '../../../contract/checkout'
import type { OrderRescheduleState, PickupCode, Warrant } from '../../../contract/order-pickup'
import { setAccessToken, setRefreshToken } from '../../data/auth-tokens'
import { MENU } from '../../testing/catalog-fixtures'
import { errorAnswer, fakeFetch, json, type RecordedCall } from '../../testing/fake-fetch'
import { renderAppAt } from '../../testing/render-app'
import { timelineOf } from './fixtures'

window.scrollTo = () => undefined

const ORDER_ID = '44444444-4444-4444-8444-444444444444'
const PROFILE: Profile = {
  id: '11111111-1111-4111-8111-111111111111',
  firstname: 'Дана',
  lastname: 'Серикова',
  phone: '77011112233',
  email: 'dana@example.kz',
  tdid: 'td-1',
  kind: 'full',
  type: 'individual',
}
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>'
const slot = (date: string, from: string, to: string) => ({
  code: `${date}T${from}`,
  date,
  time_from: from,
  time_to: to,
})

function anOrder(kind: 'pickup' | 'courier'): OrderDetail {
  return {
    order_id: ORDER_ID,
    number: '100200',
    status: 'NEW',
    created_at: '2026-11-20T09:30:00.000Z',
    city_id: 1,
    items: [
      {
        id: 1,
        sku: '100001',
        uri: null,
        title: 'Смартфон',
        quantity: 1,
        price: 90_000,
        totalPrice: 90_000,
        kind: 'product',
        image: null,
      },
    ],
    calculation: {
      subTotal: 90_000,
      promoCodeSum: 0,
      tradeinSum: 0,
      tradeins: [],
      giftCardSum: 0,
      bonusSum: 0,
      deliverySum: 0,
      grandTotal: 90_000,
      sumToPay: 90_000,
      prepayment: 0,
      economySum: 0,
      cashbackSum: 0,
    },
    shipping:
      kind === 'pickup'
        ? {
            type: 'PICKUP',
            service_point: { id: 11, title: 'Пункт на Абая', address: 'пр. Абая, 10' },
            address: null,
            date: '2026-11-28',
            slot: null,
            installation_date: null,
          }
        : {
            type: 'COURIER_DELIVERY',
            service_point: null,
            address: { street: 'Абая', house: '10' },
            date: '2026-11-28',
            slot: slot('2026-11-28', '10:00', '12:00'),
            installation_date: null,
          },
    receiver: {
      firstname: 'Дана',
      lastname: 'Серикова',
      phone: '77011112233',
      email: null,
      isOrganization: false,
      organization: null,
    },
    payment: { method: 'cash_payment', status: 'not_required', card_mask: null, paid_at: null },
    reserved_until: null,
    can_pay: false,
    is_preorder: false,
  }
}

const state = (count: number): OrderRescheduleState => ({
  order_id: ORDER_ID,
  count,
  limit: 2,
  left: 2 - count,
  blocked: count >= 2 ? 'limit' : null,
  date: '2026-11-28',
  slot: slot('2026-11-28', '10:00', '12:00'),
  dates:
    count >= 2
      ? []
      : [
          {
            date: '2026-11-29',
            slots: [slot('2026-11-29', '10:00', '12:00'), slot('2026-11-29', '18:00', '20:00')],
          },
          { date: '2026-11-30', slots: [slot('2026-11-30', '12:00', '14:00')] },
        ],
})

let order: OrderDetail
let moves: number
let warrant: Warrant | null
let refreshAnswer: () => Response
let calls: RecordedCall[]

function handler(call: RecordedCall): Response {
  const { path, method } = call
  if (path === '/account/api/v1/profile') return json(200, PROFILE)
  if (path === '/menu/api/v1/menu/katalog') return json(200, MENU)
  if (path === '/cart/api/v2/carts') return errorAnswer(404, 'not_found', 'cart:notFound')
  if (path === `/oms/api/v1/orders/${ORDER_ID}`) return json(200, order)
  if (path === `/oms/api/v1/orders/${ORDER_ID}/timeline`) return json(200, timelineOf(order))
  if (path === `/oms/api/v1/orders/warrant/${ORDER_ID}`)
    return warrant ? json(200, warrant) : errorAnswer(404, 'not_found', 'orders:warrantNotFound')
  if (path === `/oms/api/v1/orders/${ORDER_ID}/warrant` && method === 'POST') {
    const body = call.body as { firstname: string; lastname: string; phone: string; iin: string }
    warrant = {
      order_id: ORDER_ID,
      ...body,
      phone: body.phone.replace(/\D/g, ''),
      created_at: '2026-11-26T10:00:00.000Z',
      updated_at: '2026-11-26T10:00:00.000Z',
    }
    return json(200, warrant)
  }
  const code = (digits: string): PickupCode => ({
    order_id: ORDER_ID,
    number: '100200',
    code: digits,
    payload: `PICKUP:100200:${digits}`,
    svg: SVG,
    expires_at: '2099-01-01T00:00:00.000Z',
  })
  if (path === `/oms/api/v1/orders/${ORDER_ID}/otp`) return json(200, code('123456'))
  if (path === `/oms/api/v1/orders/${ORDER_ID}/otp/refresh`) return refreshAnswer()
  if (path === `/oms/api/v3/booking/delivery/reschedule_count/${ORDER_ID}`) return json(200, state(moves))
  if (path === '/oms/api/v3/booking/delivery/reschedule' && method === 'POST') {
    moves += 1
    return json(200, { ...state(moves), date: '2026-11-29', slot: slot('2026-11-29', '18:00', '20:00') })
  }
  return errorAnswer(404, 'not_found', 'errors:notFound')
}

beforeEach(() => {
  document.cookie = 'tdid=td-1; path=/'
  onlineManager.setOnline(true)
  order = anOrder('pickup')
  moves = 0
  warrant = null
  refreshAnswer = () => errorAnswer(429, 'too_many_requests', 'errors:tooManyRequests', { penalty: 42 })
  calls = fakeFetch(handler).calls
})

afterEach(() => {
  vi.unstubAllGlobals()
  setAccessToken(null)
  setRefreshToken(null)
})

const type = (form: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(form).getByLabelText(label), { target: { value } })

describe('the order page of a pickup order', () => {
  it('keeps a mistyped IIN on the page and sends the warrant once it is right', async () => {
    await renderAppAt(`/my-account/orders/${ORDER_ID}`)
    fireEvent.click(await screen.findByTestId('warrant-open'))
    const form = screen.getByTestId('warrant-form')
    type(form, 'Фамилия', 'Жумабаев')
    type(form, 'Имя', 'Ерлан')
    type(form, 'Телефон', '+7 705 123 45 67')
    type(form, 'ИИН', '900101300127')
    fireEvent.click(screen.getByTestId('warrant-submit'))
    expect(await within(form).findByText('ИИН введён с ошибкой: проверьте 12 цифр')).toBeTruthy()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)

    type(form, 'ИИН', '9001 0130 0126')
    fireEvent.click(screen.getByTestId('warrant-submit'))
    expect((await screen.findByTestId('warrant-name')).textContent).toBe('Жумабаев Ерлан')
    const sent = calls.find((c) => c.method === 'POST' && c.path.endsWith('/warrant'))
    expect(sent?.body).toEqual({
      lastname: 'Жумабаев',
      firstname: 'Ерлан',
      phone: '+7 705 123 45 67',
      iin: '900101300126',
    })
    expect(screen.getByTestId('warrant').textContent).toContain('+7 705 123 45 67')
  })

  it('shows the pickup code as digits and a QR image, and says when a refused refresh may be tried again', async () => {
    await renderAppAt(`/my-account/orders/${ORDER_ID}`)
    expect(calls.some((c) => c.path.endsWith('/otp'))).toBe(false)
    fireEvent.click(await screen.findByTestId('pickup-show'))
    expect((await screen.findByTestId('pickup-digits')).textContent).toBe('123 456')
    expect(screen.getByTestId('pickup-qr').getAttribute('src')).toMatch(
      /^data:image\/svg\+xml;charset=utf-8,%3Csvg/,
    )
    fireEvent.click(screen.getByTestId('pickup-refresh'))
    expect((await screen.findByTestId('pickup-refresh-error')).textContent).toBe(
      'Слишком много попыток. Попробуйте через 42 с',
    )
    expect(screen.getByTestId('pickup-digits').textContent).toBe('123 456')
    expect(screen.queryByTestId('order-reschedule')).toBeNull()
  })
})

describe('the order page of a courier order', () => {
  it('moves the delivery to the chosen date and slot and shows the moves left', async () => {
    order = anOrder('courier')
    await renderAppAt(`/my-account/orders/${ORDER_ID}`)
    expect((await screen.findByTestId('reschedule-left')).textContent).toBe('Осталось переносов: 2 из 2')
    expect(screen.queryByTestId('order-warrant')).toBeNull()
    expect(screen.queryByTestId('order-pickup-code')).toBeNull()
    fireEvent.click(screen.getByTestId('reschedule-open'))
    fireEvent.click(within(screen.getAllByTestId('reschedule-slot')[1]!).getByRole('radio'))
    fireEvent.click(screen.getByTestId('reschedule-submit'))
    expect((await screen.findByTestId('reschedule-done')).textContent).toBe(
      'Доставка перенесена на 29.11.2026, 18:00–20:00',
    )
    const sent = calls.find((c) => c.method === 'POST' && c.path.endsWith('/reschedule'))
    expect(sent?.body).toEqual({
      city_id: 1,
      order_id: ORDER_ID,
      date: '2026-11-29',
      slot_code: '2026-11-29T18:00',
      slot_time: '18:00-20:00',
    })
    await waitFor(() =>
      expect(screen.getByTestId('reschedule-left').textContent).toBe('Осталось переносов: 1 из 2'),
    )
  })

  it('says the moves are used up, and offers none', async () => {
    order = anOrder('courier')
    moves = 2
    await renderAppAt(`/my-account/orders/${ORDER_ID}`)
    expect((await screen.findByTestId('reschedule-limit')).textContent).toContain('2 из 2')
    expect(screen.queryByTestId('reschedule-open')).toBeNull()
  })
})
