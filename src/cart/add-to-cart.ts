import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useCartButtons } from './cart-buttons'
import { CART_MESSAGES, cartErrorText } from './messages'
import { addProducts, settled } from './mutations'
import type { LinePreview } from './optimistic'
import { rememberPreview } from './queries'
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
  // one subscription to the cart for all the page's buttons (a listing has two dozen)
  const { inCart: skus, ensure, creating } = useCartButtons()
  const inCart = skus.has(product.sku)

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
