import { describe, expect, it } from 'vitest'
import { auditOrders } from './order-audit'

describe('auditOrders', () => {
  it('finds nothing wrong when every answered order is stored once and charged once', () => {
    const audit = auditOrders(
      [
        { key: 'k1', cartId: 'c1', orderId: 'o1' },
        // a retry of the same key after a lost connection names the same order
        { key: 'k2', cartId: 'c2', orderId: 'o2' },
        { key: 'k2', cartId: 'c2', orderId: 'o2' },
      ],
      [
        { id: 'o1', cartId: 'c1' },
        { id: 'o2', cartId: 'c2' },
        // created, its answer lost with the killed process: not answered, so not counted as lost
        { id: 'o3', cartId: 'c3' },
      ],
      [
        { orderId: 'o1', status: 'paid' },
        { orderId: 'o2', status: 'failed' },
        { orderId: 'o2', status: 'paid' },
      ],
    )
    expect(audit).toEqual({ answered: 2, found: 2, lost: 0, duplicated: 0, doubleCharges: 0 })
  })

  it('counts lost orders, carts ordered twice, keys answered twice and orders charged twice', () => {
    const audit = auditOrders(
      [
        { key: 'k1', cartId: 'c1', orderId: 'o1' },
        { key: 'k2', cartId: 'c2', orderId: 'o2' },
        { key: 'k3', cartId: 'c3', orderId: 'o3' },
        { key: 'k3', cartId: 'c3', orderId: 'o4' },
      ],
      [
        { id: 'o2', cartId: 'c2' },
        { id: 'o5', cartId: 'c2' },
        { id: 'o3', cartId: 'c3' },
        { id: 'o4', cartId: 'c3' },
      ],
      [
        { orderId: 'o2', status: 'paid' },
        { orderId: 'o2', status: 'refunded' },
        { orderId: 'o3', status: 'paid' },
      ],
    )
    expect(audit).toEqual({ answered: 4, found: 3, lost: 1, duplicated: 2, doubleCharges: 1 })
  })
})
