import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { maybeSignedIn, profileQuery } from '../session/session'
import { toast } from '../ui/toast/toast-store'
import { guestCart, NAMED_CART } from './cart-paths'
import { CART_MESSAGES, cartErrorText } from './messages'
import { addProducts, settled, type CartTarget } from './mutations'
import type { LinePreview } from './optimistic'
import { cartKey, createCart, rememberPreview, storedGuestCartId, storeGuestCartId } from './queries'
import { useCart } from './use-cart'

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
export function useAddToCart(product: LinePreview, forProduct?: LinePreview): AddToCart {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  // one subscription to the cart for all the page's buttons (a listing has two dozen)
  const { inCart: skus, ensure, creating } = useCartButtons()
  const inCart = skus.has(product.sku)

  async function add(): Promise<void> {
    const ready = await ensure()
    if (!ready) return
    rememberPreview(queryClient, product)
    // A service goes in for its product, which comes along when it is not in the cart yet.
    const lines = forProduct
      ? [
          ...(skus.has(forProduct.sku) ? [] : [{ sku: forProduct.sku, quantity: 1 }]),
          { sku: product.sku, quantity: 1, reference_product_sku: forProduct.sku },
        ]
      : [{ sku: product.sku, quantity: 1 }]
    if (forProduct) rememberPreview(queryClient, forProduct)
    const enqueued = addProducts(ready, lines)
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

/** What every buy button needs of the cart: one subscription to it for the whole page. */
export interface CartButtons {
  /** The SKUs with a line in the shopper's cart; the same set until the cart's SKUs change. */
  inCart: ReadonlySet<string>
  /** The cart to change, made first for a guest who has none (purchase flow 4). */
  ensure: () => Promise<CartTarget | null>
  /** A cart is being made: the buttons wait, so two taps never make two carts. */
  creating: boolean
}

const CartButtonsContext = createContext<CartButtons | null>(null)

/**
 * Reads the cart once for every buy button under it. A listing has two dozen cards: each reading the
 * cart itself (its query, the session, the stored cart id, the outbox, the router's params) made two
 * hundred subscriptions, and when one of those stores changed while the page hydrated (the outbox and
 * the cart id come from IndexedDB then) React re-rendered every card at once, in one task that blocked
 * a slow phone for a second or more. Cards now re-render only when the cart's SKUs change.
 */
export function CartButtonsProvider({ children }: { children: ReactNode }) {
  const { cart } = useCart()
  const { ensure, creating } = useEnsureCart()
  // services count too: a service's button on the product page says it is in the cart
  const skus = [...cart.products, ...cart.services].map((line) => line.sku).join('\n')
  const inCart = useMemo(() => new Set(skus ? skus.split('\n') : []), [skus])
  // The buttons keep one `ensure`; it calls the latest one, which knows the cart as it is now.
  const latest = useRef(ensure)
  useEffect(() => {
    latest.current = ensure
  })
  const stableEnsure = useCallback(() => latest.current(), [])
  const value = useMemo(() => ({ inCart, ensure: stableEnsure, creating }), [inCart, stableEnsure, creating])
  return <CartButtonsContext value={value}>{children}</CartButtonsContext>
}

export function useCartButtons(): CartButtons {
  const buttons = use(CartButtonsContext)
  if (!buttons) throw new Error('a buy button needs a CartButtonsProvider above it (the root route has one)')
  return buttons
}
