import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import type { Cart } from '../../../contract/cart'
import { cartIdValueAtom } from '../../atoms/cart-id'
import { guestCart, NAMED_CART, type CartOwner } from '../../cart/cart-paths'
import { CART_MESSAGES } from '../../cart/messages'
import { cartQuery, emptyCart } from '../../cart/queries'
import { toast } from '../../ui/toast/toast-store'
import { useStoreLocation } from '../../url/store-location'

export interface CheckoutCart {
  cart: Cart
  isLoading: boolean
  /** The cart did not load: nothing to order from until it does. */
  isError: boolean
  refetch: () => void
}

/**
 * The cart the order is made of, through the cart's own query (the same cache entry the cart page
 * reads): a signed-in shopper's named cart, or while a guest confirms the phone the device's guest cart.
 * Nothing here changes the cart; the checkout never queues a change.
 */
export function useCheckoutCart(signedIn: boolean | undefined): CheckoutCart {
  const { i18n } = useLingui()
  const { cityId } = useStoreLocation()
  const guestId = useAtomValue(cartIdValueAtom)
  const owner: CartOwner | null | undefined =
    signedIn === undefined
      ? undefined
      : signedIn
        ? NAMED_CART
        : guestId === undefined
          ? undefined
          : guestId
            ? guestCart(guestId)
            : null
  const query = useQuery({
    ...cartQuery(owner ?? null, cityId, {
      onLoadFailed: () => toast.error(i18n._(CART_MESSAGES.failedToGetCartData), { id: 'cart-load-failed' }),
    }),
    enabled: owner !== undefined,
  })
  return {
    cart: query.data ?? emptyCart(cityId),
    isLoading: owner === undefined || query.isPending,
    isError: query.isError && query.data === undefined,
    refetch: () => void query.refetch(),
  }
}
