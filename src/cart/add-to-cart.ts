import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { maybeSignedIn, profileQuery } from '../session/session'
import { guestCart, NAMED_CART } from './cart-paths'
import { CART_MESSAGES, cartErrorText } from './messages'
import { addProducts, settled, type CartTarget } from './mutations'
import type { LinePreview } from './optimistic'
import { cartKey, createCart, rememberPreview, storedGuestCartId, storeGuestCartId } from './queries'
import { useCart } from './use-cart'
import { toast } from '../ui/toast/toast-store'

export interface AddToCart {
  /** The product has a line in the cart: the button says so and leads to /cart. */
  inCart: boolean
  /** The cart is being created; the button waits. */
  busy: boolean
  add: () => Promise<void>
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false

/**
 * The buy button of cards and the product page: adds one unit through the outbox and tells the shopper
 * how it went (purchase flow 8: 'productsSuccessfullyAdded', or how many the city has on a 409). A guest
 * without a cart gets one first (purchase flow 4), which needs the network.
 */
export function useAddToCart(product: LinePreview): AddToCart {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const { cart } = useCart()
  const { ensure, creating } = useEnsureCart()
  const inCart = cart.products.some((line) => line.sku === product.sku)

  async function add(): Promise<void> {
    const ready = await ensure()
    if (!ready) return
    rememberPreview(queryClient, product)
    const enqueued = addProducts(ready, [{ sku: product.sku, quantity: 1 }])
    if (isOffline()) toast.warning(i18n._(CART_MESSAGES.queued), { id: 'cart-queued' })
    const outcome = await settled(enqueued, ready.outbox)
    if (outcome.status === 'done') toast.success(i18n._(CART_MESSAGES.productsSuccessfullyAdded))
    else if (outcome.status === 'failed') toast.error(cartErrorText(i18n, outcome.error))
  }

  // `owner` is not part of it: a page rendered on the server knows no cart, and a button the server drew
  // disabled would not match the browser's first render, which knows the cart by then.
  return { inCart, busy: creating, add }
}

/** The cart to change, made first for a guest who has none (purchase flow 4); that needs the network. */
export function useEnsureCart(): { ensure: () => Promise<CartTarget | null>; creating: boolean } {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const { target, owner, cityId } = useCart()
  const [creating, setCreating] = useState(false)

  /** A tap before the session or the stored id are known waits for them rather than making a cart. */
  async function known(): Promise<CartTarget | null> {
    if (maybeSignedIn() && (await queryClient.fetchQuery(profileQuery()))) {
      return { queryClient, owner: NAMED_CART, cityId }
    }
    const id = await storedGuestCartId()
    return id ? { queryClient, owner: guestCart(id), cityId } : null
  }

  async function ensure(): Promise<CartTarget | null> {
    if (target) return target
    if (owner === undefined) {
      const found = await known()
      if (found) return found
    }
    if (isOffline()) {
      toast.error(i18n._(CART_MESSAGES.noConnection))
      return null
    }
    setCreating(true)
    try {
      const created = await createCart(cityId)
      queryClient.setQueryData(cartKey(guestCart(created.id), cityId), created)
      await storeGuestCartId(created.id)
      return { queryClient, owner: guestCart(created.id), cityId }
    } catch {
      toast.error(i18n._(CART_MESSAGES.failedToCreateCart))
      return null
    } finally {
      setCreating(false)
    }
  }

  return { ensure, creating }
}
