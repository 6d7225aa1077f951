import { useLingui } from '@lingui/react/macro'
import { useEffect, useMemo } from 'react'
import type { CityId } from '../../contract/values/common'
import { WISHLIST_ERROR_KEYS } from '../../contract/values/wishlist'
import { ApiError, isApiError } from '../data/api-error'
import { outbox } from '../data/outbox'
import type { OutboxItem } from '../data/outbox-item'
import { useOutboxItems } from '../data/use-outbox-items'
import { toast } from '../ui/toast/toast-store'
import { addErrorText, WISHLIST_MESSAGES } from './messages'
import { changeOf, WISHLIST_KINDS } from './optimistic'
import type { WishlistOwner } from './paths'
import { useWishlist } from './use-wishlist'

/** What the hearts and the header's badge need of the list. */
export interface WishlistSnapshot {
  /** The list's SKUs, one a line (a string, so an unchanged list is an unchanged value). */
  skus: string
  /** The SKUs with a change still waiting for the network, one a line. */
  pending: string
  /** Products in the list; 0 without one, null while not known. */
  count: number | null
  owner: WishlistOwner | null | undefined
  cityId: CityId
}

const isWishlistItem = (item: OutboxItem) => item.kind.startsWith('wishlist.')

/**
 * A change the server refused after the page that made it had gone (sent at the next start or by the
 * service worker) has nobody waiting for it: it is told here, once, and let go. A refusal the page that made
 * it is still waiting for is told by that page (actions.ts), which lets it go at once.
 */
function useOrphanRefusals(items: readonly OutboxItem[], signedIn: boolean) {
  const { i18n } = useLingui()
  const failed = useMemo(() => items.filter((item) => item.status === 'failed'), [items])
  useEffect(() => {
    if (failed.length === 0) return
    const timer = setTimeout(() => {
      for (const item of failed) {
        if (!outbox.getItems().some((still) => still.id === item.id && still.status === 'failed')) continue
        const error = new ApiError(item.error ?? { status: 0, code: 'unknown', messageKey: '' })
        // what the shopper wanted is already so: the product is in the list, or gone from it
        const already =
          (item.kind === WISHLIST_KINDS.add && error.messageKey === WISHLIST_ERROR_KEYS.alreadyInList) ||
          (item.kind === WISHLIST_KINDS.remove && isApiError(error, 404))
        if (!already)
          toast.error(
            item.kind === WISHLIST_KINDS.add
              ? addErrorText(i18n, error, signedIn)
              : i18n._(WISHLIST_MESSAGES.tryLater),
          )
        outbox.discard(item.id)
      }
    }, 50)
    return () => clearTimeout(timer)
  }, [failed, i18n, signedIn])
}

/**
 * Reads the shopper's list (its query, the session, the stored guest id, the outbox) and hands what the
 * page shows of it to `WishlistButtonsProvider`. Loaded after the page's first code, with the read.
 */
export default function WishlistSync({ onChange }: { onChange: (snapshot: WishlistSnapshot) => void }) {
  const { list, owner, cityId, isLoading } = useWishlist()
  const items = useOutboxItems(isWishlistItem)
  useOrphanRefusals(items, owner?.kind === 'named')
  const skus = list.items.map((item) => item.sku).join('\n')
  const pending = useMemo(
    () =>
      owner
        ? items
            .filter((item) => item.status !== 'failed')
            .map((item) => changeOf(item, owner)?.sku)
            .filter(Boolean)
            .join('\n')
        : '',
    [items, owner],
  )
  const count = owner === null ? 0 : isLoading ? null : list.favoritesCount
  useEffect(
    () => onChange({ skus, pending, count, owner, cityId }),
    [onChange, skus, pending, count, owner, cityId],
  )
  return null
}
