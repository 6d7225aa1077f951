import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useAtomValue } from 'jotai'
import {
  createContext,
  lazy,
  startTransition,
  Suspense,
  use,
  useCallback,
  useMemo,
  useState,
  type ReactNode,
} from 'react'
import type { ProductListItem } from '../../contract/catalog'
import { WISHLIST_REMOVAL_DELAY_MS } from '../../contract/values/wishlist'
import { sessionAtom } from '../atoms/session'
import { IconButton } from '../ui/button'
import { HeartIcon } from '../ui/icons'
import { useStoreLocation } from '../url/store-location'
import type { ActionContext } from './actions'
import type { WishlistSnapshot } from './wishlist-sync'
import styles from './wishlist-buttons.module.css'

/** What every heart needs of the list: one subscription to it for the whole page. */
export interface WishlistButtons {
  /** The SKUs in the shopper's list; the same set until they change. */
  inList: ReadonlySet<string>
  /** Products on their way out: shown fading for the spec's 200 ms before the removal is made. */
  leaving: ReadonlySet<string>
  /** Products whose add or removal waits for the network (the outbox). */
  pending: string
  /** The header's badge: products in the list, 0 without one, null while not known. */
  count: number | null
  add: (product: ProductListItem) => Promise<void>
  remove: (sku: string) => Promise<void>
  creating: boolean
  /**
   * Whether the list has been read. Until then a heart cannot tell adding from removing (a tap on the
   * wishlist page's own hearts before it would add what is there), so it waits.
   */
  known: boolean
}

const WishlistButtonsContext = createContext<WishlistButtons | null>(null)

// The list's reading and its changes come with code of their own: a category page's first JavaScript
// carries only the hearts (the budget of scripts/check-js-budget.ts).
const WishlistSync = lazy(() => import('./wishlist-sync'))
const loadActions = () => import('./actions')

/**
 * Reads the list once for every heart under it, as `CartButtonsProvider` does for the buy buttons: a
 * listing's two dozen cards re-render only when the list's SKUs change (README, "Pages rendered on the
 * server").
 */
export function WishlistButtonsProvider({ children }: { children: ReactNode }) {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const { cityId } = useStoreLocation()
  const signedIn = useAtomValue(sessionAtom).signedIn
  const [snapshot, setSnapshot] = useState<WishlistSnapshot | null>(null)
  const onSnapshot = useCallback((next: WishlistSnapshot) => startTransition(() => setSnapshot(next)), [])
  const [creating, setCreating] = useState(false)
  const [leaving, setLeaving] = useState<ReadonlySet<string>>(() => new Set())
  const skus = snapshot?.skus ?? ''
  const inList = useMemo(() => new Set(skus ? skus.split('\n') : []), [skus])
  // Made again only when whose list it is changes (once, as the page learns it), with the list's SKUs.
  const owner = snapshot?.owner
  const ctx = useCallback(
    (): ActionContext => ({ queryClient, i18n, owner, cityId, signedIn, setCreating }),
    [queryClient, i18n, owner, cityId, signedIn],
  )
  const add = useCallback(
    (product: ProductListItem) => loadActions().then(({ addProduct }) => addProduct(ctx(), product)),
    [ctx],
  )
  // Spec browsing 4 and 9: a removal is visually delayed 200 ms (the item fades, then goes).
  const remove = useCallback(
    async (sku: string) => {
      setLeaving((current) => new Set(current).add(sku))
      const [{ removeProduct }] = await Promise.all([
        loadActions(),
        new Promise((resolve) => setTimeout(resolve, WISHLIST_REMOVAL_DELAY_MS)),
      ])
      const removing = removeProduct(ctx(), sku)
      setLeaving((current) => {
        const next = new Set(current)
        next.delete(sku)
        return next
      })
      await removing
    },
    [ctx],
  )
  const count = snapshot?.count ?? null
  const known = snapshot !== null
  const pending = snapshot?.pending ?? ''
  const value = useMemo(
    () => ({ inList, leaving, pending, count, add, remove, creating, known }),
    [inList, leaving, pending, count, add, remove, creating, known],
  )
  return (
    <WishlistButtonsContext value={value}>
      {children}
      <Suspense fallback={null}>
        <WishlistSync onChange={onSnapshot} />
      </Suspense>
    </WishlistButtonsContext>
  )
}

export function useWishlistButtons(): WishlistButtons {
  const buttons = use(WishlistButtonsContext)
  if (!buttons) throw new Error('a heart needs a WishlistButtonsProvider above it (the root route has one)')
  return buttons
}

/** The header's badge: products in the list, 0 without one, null while it is not known. */
export function useWishlistCount(): number | null {
  return use(WishlistButtonsContext)?.count ?? null
}

export interface HeartButtonProps {
  product: ProductListItem
  className?: string
  size?: 'S' | 'M'
}

/** The heart of cards and the product page: adds the product to the list, or takes it out. */
export function HeartButton({ product, className, size = 'M' }: HeartButtonProps) {
  const { t } = useLingui()
  const { inList, leaving, pending, add, remove, creating, known } = useWishlistButtons()
  const listed = inList.has(product.sku) && !leaving.has(product.sku)
  const waiting = pending.split('\n').includes(product.sku)
  return (
    <IconButton
      label={listed ? t`Убрать из избранного` : t`В избранное`}
      className={`${styles.heart} ${listed ? styles.listed : ''} ${className ?? ''}`}
      aria-pressed={listed}
      disabled={!known || creating || leaving.has(product.sku)}
      data-testid="add-to-wishlist"
      data-sku={product.sku}
      data-in-wishlist={listed}
      data-pending={waiting || undefined}
      onClick={() => {
        if (listed) void remove(product.sku)
        else void add(product)
      }}
    >
      <HeartIcon size={size} fill={listed ? 'currentColor' : 'none'} />
    </IconButton>
  )
}
