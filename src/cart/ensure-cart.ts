import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { maybeSignedIn, profileQuery } from '../data/session'
import { toast } from '../ui/toast/toast-store'
import { guestCart, NAMED_CART } from './cart-paths'
import { CART_MESSAGES } from './messages'
import type { CartTarget } from './mutations'
import { cartKey, createCart, storedGuestCartId, storeGuestCartId } from './queries'
import { useCart } from './use-cart'

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false

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
