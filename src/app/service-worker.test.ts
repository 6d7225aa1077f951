import { describe, expect, it } from 'vitest'
import { CART_KINDS } from '../cart/optimistic'

describe('the install offer’s cart signal', () => {
  it('listens for the kind the cart gives an add (spelled out in service-worker.ts)', () => {
    expect(CART_KINDS.add).toBe('cart.add')
  })
})
