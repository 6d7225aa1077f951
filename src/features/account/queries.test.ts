import { describe, expect, it } from 'vitest'
import type { OrderHistory } from '../../../contract/account-area'
import { formatPhone } from './format'
import { ordersQuery } from './queries'

const page = (n: number, count: number): OrderHistory => ({
  orders: Array.from({ length: n }, (_, i) => ({
    order_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    number: String(i),
    status: 'NEW',
    created_at: '2026-11-01T10:00:00+05:00',
    total: 1000,
    city_id: 1,
    delivery_type: 'COURIER',
    isOrganization: false,
    items: [],
  })),
  statuses: [],
  count,
})

describe('order history pages (spec 4: load more while the total exceeds the loaded count)', () => {
  const next = ordersQuery({}).getNextPageParam

  it('asks for the next page index while fewer orders than the total are loaded', () => {
    const first = page(25, 60)
    expect(next(first, [first], 0, [0])).toBe(1)
    const second = page(25, 60)
    expect(next(second, [first, second], 1, [0, 1])).toBe(2)
  })

  it('stops when everything is loaded, or when a page comes back empty', () => {
    const a = page(25, 30)
    const b = page(5, 30)
    expect(next(b, [a, b], 1, [0, 1])).toBeUndefined()
    const empty = page(0, 99)
    expect(next(empty, [a, empty], 1, [0, 1])).toBeUndefined()
  })

  it('keeps the filters in the key, so each filter has its own pages', () => {
    expect(ordersQuery({ status: 'COMPLETED' }).queryKey).toEqual(['orders', { status: 'COMPLETED' }])
  })
})

describe('formatPhone (spec 5)', () => {
  it('shows eleven digits as +7 XXX XXX XX XX and leaves anything else as it is', () => {
    expect(formatPhone('77012345678')).toBe('+7 701 234 56 78')
    expect(formatPhone('123')).toBe('123')
  })
})
