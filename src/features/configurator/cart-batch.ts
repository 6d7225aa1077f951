import { cartPath } from '../../cart/cart-paths'
import { enqueue, settled, type CartTarget } from '../../cart/mutations'
import { CART_KINDS } from '../../cart/optimistic'
import type { CartBatch } from './types'

/**
 * Purchase flow 7: the whole build in one `productsBatch` with `assembly_pc` and the assembly service
 * (the server's `cartBatch`), so the parts arrive together or not at all, stay marked for assembly, and
 * delivery is asked with the assembly's days.
 */
export function addBuildToCart(target: CartTarget, batch: CartBatch) {
  return settled(
    enqueue(target, {
      kind: CART_KINDS.add,
      method: 'POST',
      path: `${cartPath(target.owner, 'v3')}/productsBatch`,
      body: { ...batch, city_id: target.cityId },
    }),
  )
}
