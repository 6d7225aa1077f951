import { createContext, use, useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react'
import type { CartTarget } from './mutations'
import { useCart } from './use-cart'
import { useEnsureCart } from './ensure-cart'

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
  const skus = cart.products.map((line) => line.sku).join('\n')
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
