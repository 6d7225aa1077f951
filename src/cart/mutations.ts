import type { QueryClient } from '@tanstack/react-query'
import type { Cart, CartProduct } from '../../contract/cart'
import type { CityId } from '../../contract/values/common'
import type { Enqueued, EnqueueInput } from '../data/outbox-item'
import { outbox as defaultOutbox, type Outbox } from '../data/outbox'
import { outboxMutation } from '../data/outbox-mutation'
import { cartPath, productsPath, type CartOwner } from './cart-paths'
import { announceCartItemRemoved } from './events'
import { applyChange, CART_KINDS, withPendingChanges } from './optimistic'
import { cartKey, previewLookup } from './queries'

/**
 * Every change to a cart goes through the outbox (DESIGN: the client): shown at once on the cached cart,
 * stored with an idempotency key, sent now or when the network returns, and applied once. The server's
 * answer replaces the optimistic cart, with the changes still queued laid over it again.
 */

export interface CartTarget {
  queryClient: QueryClient
  owner: CartOwner
  cityId: CityId
  outbox?: Outbox
}

const isCart = (value: unknown): value is Cart =>
  typeof value === 'object' && value !== null && Array.isArray((value as Cart).products)

/** A change of the cart through the outbox, laid over the cached cart at once (see above). */
export function enqueue(target: CartTarget, input: EnqueueInput): Enqueued {
  const { queryClient, owner, cityId } = target
  const queue = target.outbox ?? defaultOutbox
  const key = cartKey(owner, cityId)
  const preview = previewLookup(queryClient)
  return outboxMutation(
    queryClient,
    {
      ...input,
      invalidate: [key],
      apply: (client) => {
        client.setQueryData<Cart>(key, (cart) => (cart ? applyChange(cart, input, preview) : cart))
      },
      // The refetch the outbox starts after a refusal brings the server's cart back.
      rollback: (client) => void client.invalidateQueries({ queryKey: key }),
      onSuccess: (result, client) => {
        if (isCart(result))
          client.setQueryData(key, withPendingChanges(result, owner, queue.getItems(), preview))
      },
    },
    queue,
  )
}

export interface LineInput {
  sku: string
  quantity: number
  /** A service's product (installation for this washing machine): the service is for that line. */
  reference_product_sku?: string
}

/** Spec 7: POST v3 adds to what is there; a product added is active (purchase flow 5). */
export const addProducts = (target: CartTarget, lines: LineInput[]) =>
  enqueue(target, {
    kind: CART_KINDS.add,
    method: 'POST',
    path: productsPath(target.owner, 'v3'),
    body: { city_id: target.cityId, products: lines.map((line) => ({ ...line, is_active: true })) },
  })

/**
 * PUT v2 sets a line's quantity and tick. One queued change per line: the latest replaces an older one
 * still waiting, so tapping "+" five times offline sends one request with the final quantity.
 */
export function updateLine(
  target: CartTarget,
  line: Pick<CartProduct, 'sku' | 'quantity' | 'isActive'>,
  change: { quantity?: number; isActive?: boolean },
) {
  return enqueue(target, {
    kind: CART_KINDS.setLine,
    method: 'PUT',
    path: productsPath(target.owner, 'v2'),
    dedupeKey: `cart:${cartPath(target.owner)}:line:${line.sku}`,
    body: {
      city_id: target.cityId,
      products: [
        {
          sku: line.sku,
          quantity: change.quantity ?? line.quantity,
          is_active: change.isActive ?? line.isActive,
        },
      ],
    },
  })
}

export function removeLine(target: CartTarget, sku: string) {
  announceCartItemRemoved()
  return enqueue(target, {
    kind: CART_KINDS.remove,
    method: 'DELETE',
    path: productsPath(target.owner, 'v2'),
    query: { city_id: target.cityId, product_id: sku },
  })
}

/** Spec 7: POST v3 .../productsBatch adds everything together, or nothing. */
export const addBatch = (target: CartTarget, lines: LineInput[]) =>
  enqueue(target, {
    kind: CART_KINDS.add,
    method: 'POST',
    path: `${cartPath(target.owner, 'v3')}/productsBatch`,
    body: {
      city_id: target.cityId,
      assembly_pc: false,
      products: lines.map((line) => ({ ...line, is_active: true })),
    },
  })

export { settled } from '../data/outbox-mutation'
