import { useLingui } from '@lingui/react/macro'
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import type { ProductListItem } from '../../contract/catalog'
import { WISHLIST_REMOVAL_DELAY_MS } from '../../contract/values/wishlist'
import { IconButton } from '../ui/button'
import { HeartIcon } from '../ui/icons'
import { useWishlist, useWishlistActions, type WishlistActions } from './use-wishlist'
import styles from './wishlist-buttons.module.css'

/** What every heart needs of the list: one subscription to it for the whole page. */
export interface WishlistButtons {
  /** The SKUs in the shopper's list; the same set until they change. */
  inList: ReadonlySet<string>
  /** Products on their way out: shown fading for the spec's 200 ms before the removal is made. */
  leaving: ReadonlySet<string>
  add: WishlistActions['add']
  remove: WishlistActions['remove']
  creating: boolean
}

const WishlistButtonsContext = createContext<WishlistButtons | null>(null)

/**
 * Reads the list once for every heart under it, as `CartButtonsProvider` does for the buy buttons: a
 * listing's two dozen cards re-render only when the list's SKUs change (README, "Pages rendered on the
 * server").
 */
export function WishlistButtonsProvider({ children }: { children: ReactNode }) {
  const { list, owner, cityId } = useWishlist()
  const { add, remove, creating } = useWishlistActions(owner, cityId)
  const [leaving, setLeaving] = useState<ReadonlySet<string>>(() => new Set())
  const skus = list.items.map((item) => item.sku).join('\n')
  const inList = useMemo(() => new Set(skus ? skus.split('\n') : []), [skus])
  // The hearts keep one `add` and `remove`; each calls the latest, which knows the list as it is now.
  const latest = useRef({ add, remove })
  useEffect(() => {
    latest.current = { add, remove }
  })
  const stableAdd = useCallback((product: ProductListItem) => latest.current.add(product), [])
  // Spec browsing 4 and 9: a removal is visually delayed 200 ms (the item fades, then goes).
  const stableRemove = useCallback(async (sku: string) => {
    setLeaving((current) => new Set(current).add(sku))
    await new Promise((resolve) => setTimeout(resolve, WISHLIST_REMOVAL_DELAY_MS))
    const removing = latest.current.remove(sku)
    setLeaving((current) => {
      const next = new Set(current)
      next.delete(sku)
      return next
    })
    await removing
  }, [])
  const value = useMemo(
    () => ({ inList, leaving, add: stableAdd, remove: stableRemove, creating }),
    [inList, leaving, stableAdd, stableRemove, creating],
  )
  return <WishlistButtonsContext value={value}>{children}</WishlistButtonsContext>
}

export function useWishlistButtons(): WishlistButtons {
  const buttons = use(WishlistButtonsContext)
  if (!buttons) throw new Error('a heart needs a WishlistButtonsProvider above it (the root route has one)')
  return buttons
}

export interface HeartButtonProps {
  product: ProductListItem
  className?: string
  size?: 'S' | 'M'
}

/** The heart of cards and the product page: adds the product to the list, or takes it out. */
export function HeartButton({ product, className, size = 'M' }: HeartButtonProps) {
  const { t } = useLingui()
  const { inList, leaving, add, remove, creating } = useWishlistButtons()
  const listed = inList.has(product.sku) && !leaving.has(product.sku)
  return (
    <IconButton
      label={listed ? t`Убрать из избранного` : t`В избранное`}
      className={`${styles.heart} ${listed ? styles.listed : ''} ${className ?? ''}`}
      aria-pressed={listed}
      disabled={creating || leaving.has(product.sku)}
      data-testid="add-to-wishlist"
      data-sku={product.sku}
      data-in-wishlist={listed}
      onClick={() => {
        if (listed) void remove(product.sku)
        else void add(product)
      }}
    >
      <HeartIcon size={size} fill={listed ? 'currentColor' : 'none'} />
    </IconButton>
  )
}
