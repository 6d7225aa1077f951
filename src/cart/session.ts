import type { I18n } from '@lingui/core'
import type { QueryClient } from '@tanstack/react-query'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { Cart } from '../../contract/cart'
import type { CityId } from '../../contract/values/common'
import { api } from '../data/api'
import { onSignedOut } from '../data/auth-tokens'
import { outbox, type Outbox } from '../data/outbox'
import { toast } from '../ui/toast/toast-store'
import { guestCart, mergePath, NAMED_CART } from './cart-paths'
import { CART_MESSAGES } from './messages'
import { CART_ROOT, cartKey, createCart, storedGuestCartId, storeGuestCartId } from './queries'

/**
 * Purchase flow 4: sign-in merges the guest cart into the named one, then forgets the guest id. A failed
 * merge keeps the id, so nothing the guest chose is lost and the next sign-in tries again.
 */
export async function mergeGuestCart(
  queryClient: QueryClient,
  cityId: CityId,
  i18n: I18n,
  queue: Outbox = outbox,
): Promise<void> {
  const guestId = await storedGuestCartId()
  if (!guestId) return
  // Changes still queued for the guest cart must reach it before it is merged away.
  await queue.replay()
  try {
    const merged = await api.post<Cart>(mergePath(guestId), undefined, { query: { city_id: cityId } })
    // A read of the shopper's cart sent at sign-in, before the merge, would answer the cart without the
    // guest's lines and overwrite this one (the checkout then showed an empty summary, a flaky journey).
    await queryClient.cancelQueries({ queryKey: cartKey(NAMED_CART, cityId) })
    queryClient.setQueryData(cartKey(NAMED_CART, cityId), merged)
    await storeGuestCartId(null)
    queryClient.removeQueries({ queryKey: [CART_ROOT, guestId] })
  } catch {
    toast.error(i18n._(CART_MESSAGES.failedToCompleteTheOperation))
  }
}

/**
 * Purchase flow 4: sign-out starts a new guest cart. Without the network it starts at the first add
 * instead, as a first visit does.
 */
export async function startGuestCart(queryClient: QueryClient, cityId: CityId): Promise<void> {
  queryClient.removeQueries({ queryKey: [CART_ROOT] })
  await storeGuestCartId(null)
  try {
    const created = await createCart(cityId)
    queryClient.setQueryData(cartKey(guestCart(created.id), cityId), created)
    await storeGuestCartId(created.id)
  } catch {
    // The first add creates it.
  }
}

/** Mounted once, in the header: whatever ends the session (the button, a refused refresh) resets the cart. */
export function useCartSignOut(cityId: CityId): void {
  const queryClient = useQueryClient()
  useEffect(() => onSignedOut(() => void startGuestCart(queryClient, cityId)), [queryClient, cityId])
}
