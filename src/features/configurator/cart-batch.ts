import { cartPath } from '../../cart/cart-paths'
import { enqueue, settled, type CartTarget } from '../../cart/mutations'
import { CART_KINDS } from '../../cart/optimistic'
import type { ConfiguredComponent } from './types'

/**
 * Purchase flow 7: the whole build in one `productsBatch` with `assembly_pc`, so the parts arrive
 * together or not at all, stay marked for assembly, and delivery is asked with the assembly's days.
 */
export function addBuildToCart(target: CartTarget, components: readonly ConfiguredComponent[]) {
  return settled(
    enqueue(target, {
      kind: CART_KINDS.add,
      method: 'POST',
      path: `${cartPath(target.owner, 'v3')}/productsBatch`,
      body: {
        city_id: target.cityId,
        assembly_pc: true,
        products: components.map((c) => ({ sku: c.sku, quantity: c.quantity, is_active: true })),
      },
    }),
  )
}
