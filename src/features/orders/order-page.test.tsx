import { onlineManager } from '@tanstack/react-query'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '../../../contract/account'
import type { OrderTimeline } from '../../../contract/orders'
import { aCart } from '../../testing/cart-fixtures'
import { MENU } from '../../testing/catalog-fixtures'
import { errorAnswer, fakeFetch, json, type RecordedCall } from '../../testing/fake-fetch'
import { renderAppAt } from '../../testing/render-app'

window.scrollTo = () => undefined

const ORDER_ID = '66666666-6666-4666-8666-666666666666'
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

const placed: OrderTimeline = {
  order_id: ORDER_ID,
  number: '100042',
  status: 'ASSEMBLING',
  events: [
    { status: 'NEW', from: null, at: '2026-05-01T05:00:00.000Z', by: 'shopper', note: null },
    {
      status: 'ASSEMBLING',
      from: 'NEW',
      at: '2026-05-01T05:02:00.000Z',
      by: 'operator',
      note: 'Перезвонили покупателю: собираем с другого склада',
    },
  ],
  can_cancel: true,
}

let timeline: OrderTimeline
let calls: RecordedCall[]

function handler(call: RecordedCall): Response {
  const { path, method } = call
  if (path === '/account/api/v1/profile') return json(200, PROFILE)
  if (path === '/menu/api/v1/menu/katalog') return json(200, MENU)
  if (path === `/oms/api/v1/orders/${ORDER_ID}/timeline`) return json(200, timeline)
  if (path === `/oms/api/v1/orders/${ORDER_ID}/cancelation` && method === 'PATCH') {
    timeline = {
      ...timeline,
      status: 'CANCELLED',
      can_cancel: false,
      events: [
        ...timeline.events,
        {
          status: 'CANCELLED',
          from: 'ASSEMBLING',
          at: '2026-05-01T05:10:00.000Z',
          by: 'shopper',
          note: null,
        },
      ],
    }
    return json(200, {
      order_id: ORDER_ID,
      number: '100042',
      status: 'CANCELLED',
      payment_status: 'refunded',
      refunded: 45_000,
      refund_pending: 0,
    })
  }
  if (path === `/oms/api/v1/orders/${ORDER_ID}/reorder`) return json(200, aCart(undefined, { cityId: 2 }))
  return errorAnswer(404, 'not_found', 'errors:notFound')
}

beforeEach(() => {
  document.cookie = 'tdid=td-1; path=/'
  onlineManager.setOnline(true)
  timeline = placed
  calls = fakeFetch(handler).calls
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the order page', () => {
  it('shows the timeline in the store’s time with who moved the order and the operator’s note; cancel asks first, then the order reads cancelled', async () => {
    await renderAppAt(`/my-account/orders/${ORDER_ID}`)
    const steps = await screen.findAllByTestId('timeline-step')
    expect(steps.map((s) => s.dataset.status)).toEqual(['NEW', 'ASSEMBLING'])
    expect(steps[1]!.textContent).toContain('Собирается на складе')
    expect(steps[1]!.textContent).toContain('01.05.2026, 10:02 · магазин')
    expect(within(steps[1]!).getByTestId('timeline-note').textContent).toBe(
      'Перезвонили покупателю: собираем с другого склада',
    )
    expect(within(steps[0]!).queryByTestId('timeline-note')).toBeNull()
    expect(steps[1]!.dataset.current).toBe('true')

    fireEvent.click(screen.getByTestId('cancel-order'))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Отменить заказ №100042?')).toBeTruthy()
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false)
    fireEvent.click(within(dialog).getByTestId('confirm-cancel'))

    await waitFor(() => expect(screen.queryByTestId('cancel-order')).toBeNull())
    const now = screen.getAllByTestId('timeline-step').at(-1)!
    expect(now.dataset.status).toBe('CANCELLED')
    expect(now.textContent).toContain('вы')
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.path)).toEqual([
      `/oms/api/v1/orders/${ORDER_ID}/cancelation`,
    ])
  })

  it('offers no cancel once the server says the order can no longer be cancelled; reorder opens the cart', async () => {
    timeline = { ...placed, status: 'COMPLETED', can_cancel: false }
    const router = await renderAppAt(`/astana/my-account/orders/${ORDER_ID}`)
    await screen.findAllByTestId('timeline-step')
    expect(screen.queryByTestId('cancel-order')).toBeNull()
    fireEvent.click(screen.getByTestId('reorder'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/astana/cart'))
    const asked = calls.find((c) => c.path.endsWith('/reorder'))!
    expect(asked.search.get('city_id')).toBe('2')
  })
})
