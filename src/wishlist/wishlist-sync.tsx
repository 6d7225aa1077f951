import { useEffect } from 'react'
import type { CityId } from '../../contract/values/common'
import type { WishlistOwner } from './paths'
import { useWishlist } from './use-wishlist'

/** What the hearts and the header's badge need of the list. */
export interface WishlistSnapshot {
  /** The list's SKUs, one a line (a string, so an unchanged list is an unchanged value). */
  skus: string
  /** Products in the list; 0 without one, null while not known. */
  count: number | null
  owner: WishlistOwner | null | undefined
  cityId: CityId
}

/**
 * Reads the shopper's list (its query, the session, the stored guest id, the outbox) and hands what the
 * page shows of it to `WishlistButtonsProvider`. Loaded after the page's first code, with the read.
 */
export default function WishlistSync({ onChange }: { onChange: (snapshot: WishlistSnapshot) => void }) {
  const { list, owner, cityId, isLoading } = useWishlist()
  const skus = list.items.map((item) => item.sku).join('\n')
  const count = owner === null ? 0 : isLoading ? null : list.favoritesCount
  useEffect(() => onChange({ skus, count, owner, cityId }), [onChange, skus, count, owner, cityId])
  return null
}
