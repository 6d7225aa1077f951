import { describe, expect, it } from 'vitest'
import type { OutboxItem } from '../data/outbox-item'
import { guestCart } from './cart-paths'
import { applyChange, CART_KINDS, pendingSkus, withPendingChanges } from './optimistic'
import { aCart, aGiftPromotion, aKitPart, aLine, GUEST_ID, OTHER_ID } from '../testing/cart-fixtures'

const noPreview = () => undefined

function queued(overrides: Partial<OutboxItem>): OutboxItem {
  return {
    id: crypto.randomUUID(),
    kind: CART_KINDS.setLine,
    method: 'PUT',
    path: `/cart/api/v2/carts/${GUEST_ID}/products`,
    idempotencyKey: crypto.randomUUID(),
    status: 'pending',
    createdAt: 0,
    seq: 0,
    attempts: 0,
    nextAttemptAt: 0,
    ...overrides,
  }
}

describe('the cart before the server answers', () => {
  it('counts only ticked lines in the active count and the provisional total', () => {
    const cart = aCart([aLine({ quantity: 2 }), aLine({ id: 2, sku: '100002', price: 5_000 })])

    const next = applyChange(
      cart,
      queued({ body: { city_id: 1, products: [{ sku: '100002', quantity: 1, is_active: false }] } }),
      noPreview,
    )

    expect(next.productCount).toBe(3)
    expect(next.activeProductsCount).toBe(2)
    expect(next.subTotalSum).toBe(20_000)
    expect(next.grandTotalSum).toBe(20_000)
  })

  it("counts an added kit's parts while its laptop stays active, as the server does", () => {
    const kit = aGiftPromotion({
      type: 'kit',
      isApplied: true,
      result: { products: [aKitPart('3'), aKitPart('4')] },
    })
    const cart = aCart([aLine(), aLine({ id: 2, sku: '100002' })], { promotions: [kit] })
    expect([cart.productCount, cart.activeProductsCount]).toEqual([4, 4])

    const more = applyChange(
      cart,
      queued({ body: { city_id: 1, products: [{ sku: '100001', quantity: 3 }] } }),
      noPreview,
    )
    expect([more.productCount, more.activeProductsCount]).toEqual([6, 6])

    const unticked = applyChange(
      cart,
      queued({ body: { city_id: 1, products: [{ sku: '100001', quantity: 1, is_active: false }] } }),
      noPreview,
    )
    expect([unticked.productCount, unticked.activeProductsCount]).toEqual([2, 1])

    const kitOut = applyChange(
      cart,
      queued({
        kind: CART_KINDS.removePromotion,
        method: 'DELETE',
        query: { city_id: 1, promotion_id: kit.promoId, reference_product_sku: '100001' },
      }),
      noPreview,
    )
    expect([kitOut.productCount, kitOut.activeProductsCount]).toEqual([2, 2])
  })

  it('takes a removed product’s services with it', () => {
    const service = aLine({
      id: 9,
      sku: '900001',
      type: 'service',
      referenceProductSku: '100002',
      referenceProductId: 2,
    })
    const cart = {
      ...aCart([aLine(), aLine({ id: 2, sku: '100002' })]),
      services: [service],
    }

    const next = applyChange(
      cart,
      queued({ kind: CART_KINDS.remove, method: 'DELETE', query: { city_id: 1, product_id: '100002' } }),
      noPreview,
    )

    expect(next.products.map((line) => line.sku)).toEqual(['100001'])
    expect(next.services).toEqual([])
  })

  it('lays only this cart’s waiting changes over it, not another cart’s and not refused ones', () => {
    const items = [
      queued({ body: { city_id: 1, products: [{ sku: '100001', quantity: 3 }] } }),
      queued({
        path: `/cart/api/v2/carts/${OTHER_ID}/products`,
        body: { city_id: 1, products: [{ sku: '100001', quantity: 7 }] },
      }),
      queued({ status: 'failed', body: { city_id: 1, products: [{ sku: '100001', quantity: 9 }] } }),
    ]

    const cart = withPendingChanges(aCart([aLine()]), guestCart(GUEST_ID), items, noPreview)

    expect(cart.products[0]?.quantity).toBe(3)
    expect([...pendingSkus(guestCart(GUEST_ID), items)]).toEqual(['100001'])
  })
})
