import { useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import { useCallback, useMemo } from 'react'
import type { Cart } from '../../contract/cart'
import type { CityId } from '../../contract/values/common'
import { cartIdValueAtom } from '../atoms/cart-id'
import { sessionAtom } from '../atoms/session'
import { useStoreLocation } from '../url/store-location'
import { maybeSignedIn, profileQuery } from '../session/session'
import { useOutboxItems } from '../data/use-outbox-items'
import type { OutboxItem } from '../data/outbox-item'
import { toast } from '../ui/toast/toast-store'
import { guestCart, NAMED_CART, type CartOwner } from './cart-paths'
import { CART_MESSAGES } from './messages'
import type { CartTarget } from './mutations'
import { pendingFor, pendingSkus } from './optimistic'
import { cartQuery, emptyCart } from './queries'

/**
 * Whose cart the shopper has now: the named one when signed in, the device's guest cart, or none yet.
 * `undefined` while that is not known (the profile or the stored id still loading), so a signed-in
 * shopper does not see an empty guest cart flash first.
 */
export function useCartOwner(): CartOwner | null | undefined {
  const signedIn = useAtomValue(sessionAtom).signedIn
  const profile = useQuery(profileQuery())
  const sessionUnknown = profile.isPending && maybeSignedIn()
  const named = signedIn || Boolean(profile.data)
  const id = useAtomValue(cartIdValueAtom)
  return useMemo(() => {
    if (named) return NAMED_CART
    if (sessionUnknown || id === undefined) return undefined
    return id === null ? null : guestCart(id)
  }, [named, sessionUnknown, id])
}

const isCartItem = (item: OutboxItem) => item.kind.startsWith('cart.')

export interface CartState {
  owner: CartOwner | null | undefined
  cityId: CityId
  /** The cart to show: the loaded one, or an empty one while there is none (or it failed to load). */
  cart: Cart
  isLoading: boolean
  isError: boolean
  refetch: () => void
  /** Lines with a change still waiting for the network. */
  pending: Set<string>
  /** Some change to this cart (a line, a code, a choice) is still waiting. */
  hasPending: boolean
  /** For mutations; null while there is no cart yet. */
  target: CartTarget | null
}

/** The shopper's cart, with what is still queued for it. */
export function useCart(): CartState {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const { cityId } = useStoreLocation()
  const owner = useCartOwner()
  const onLoadFailed = useCallback(() => {
    // Purchase flow 8: a failed load says so and leaves the shopper with an empty cart.
    toast.error(i18n._(CART_MESSAGES.failedToGetCartData), { id: 'cart-load-failed' })
  }, [i18n])
  const query = useQuery({
    ...cartQuery(owner ?? null, cityId, { onLoadFailed }),
    enabled: owner !== undefined,
  })
  const items = useOutboxItems(isCartItem)
  const resolved = owner ?? null
  const pending = useMemo(
    () => (resolved ? pendingSkus(resolved, items) : new Set<string>()),
    [resolved, items],
  )
  const hasPending = resolved ? pendingFor(resolved, items).length > 0 : false
  const target = useMemo(
    () => (resolved ? { queryClient, owner: resolved, cityId } : null),
    [queryClient, resolved, cityId],
  )
  return {
    owner,
    cityId,
    cart: query.data ?? emptyCart(cityId),
    isLoading: owner === undefined || query.isPending,
    isError: query.isError && query.data === undefined,
    refetch: () => void query.refetch(),
    pending,
    hasPending,
    target,
  }
}

/** The header's cart badge: units in the cart, 0 without one, null while it is not known. */
export function useCartCount(): number | null {
  const { cart, owner, isLoading } = useCart()
  if (owner === null) return 0
  return isLoading ? null : cart.productCount
}
