import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { atom, useAtomValue } from 'jotai'
import { unwrap } from 'jotai/utils'
import type { ReactNode } from 'react'
import { comparisonAtom } from '../../atoms/comparison'
import { sessionAtom } from '../../atoms/session'
import { useStoreLocation } from '../../url/store-location'
import { useCartSignOut } from '../../cart/session'
import { useCartCount } from '../../cart/use-cart'
import { useWishlistCount } from '../../wishlist/wishlist-buttons'
import { CartIcon, CompareIcon, HeartIcon, UserIcon } from '../../ui/icons'
import { useHydrated } from '../../ui/use-hydrated'
import styles from './header.module.css'

// The stored atoms read IndexedDB asynchronously; until they answer the header counts nothing.
const comparisonCountAtom = unwrap(
  atom(async (get) => (await get(comparisonAtom)).length),
  (previous) => previous ?? 0,
)

/** `null`: there is a list, but how many items it holds is not known here. */
export interface HeaderCounts {
  compare: number
  cart: number | null
  wishlist: number | null
}

/**
 * What the header's badges show. Comparison lives on this device, so its count is exact. The cart's and
 * the wishlist's counts come from their queries (0 without one, unknown while it loads), with the changes
 * still waiting for the network already counted.
 */
export function useHeaderCounts(): HeaderCounts {
  const compare = useAtomValue(comparisonCountAtom)
  const cart = useCartCount()
  const wishlist = useWishlistCount()
  return { compare, cart, wishlist }
}

function CounterBadge({ value, testId }: { value: number | null; testId: string }) {
  return (
    <span
      className={value ? `${styles.badge} ${styles.badgeActive}` : styles.badge}
      data-testid={testId}
      data-count={value ?? ''}
      hidden={value === null}
      aria-hidden="true"
    >
      {value ?? ''}
    </span>
  )
}

type CounterTarget = '/{-$city}/compare' | '/{-$city}/my-account/wishlist' | '/{-$city}/cart'

function CounterLink({
  to,
  icon,
  label,
  count,
  testId,
  className,
}: {
  to: CounterTarget
  icon: ReactNode
  label: string
  count: number | null
  testId: string
  className?: string
}) {
  const { prefix } = useStoreLocation()
  return (
    <Link
      to={to}
      params={{ city: prefix }}
      className={className ? `${styles.counter} ${className}` : styles.counter}
      aria-label={count === null ? label : `${label}: ${count}`}
      data-testid={`${testId.replace('-count', '')}-link`}
    >
      <span className={styles.counterIcon}>
        {icon}
        <CounterBadge value={count} testId={testId} />
      </span>
      <span className={styles.counterLabel}>{label}</span>
    </Link>
  )
}

const UNKNOWN_COUNTS: HeaderCounts = { compare: 0, cart: null, wishlist: null }

/** Comparison, wishlist, cart and account links with their counters. */
export function HeaderCounters() {
  const { t } = useLingui()
  // The server knows neither this device's lists nor the session: until the page is the app's, the
  // header shows what the server rendered (counts not known yet, the sign-in link).
  const hydrated = useHydrated()
  const deviceCounts = useHeaderCounts()
  const counts = hydrated ? deviceCounts : UNKNOWN_COUNTS
  const session = useAtomValue(sessionAtom)
  const signedIn = hydrated && session.signedIn
  const { prefix, cityId } = useStoreLocation()
  useCartSignOut(cityId)
  return (
    <nav className={styles.counters} aria-label={t`Покупки`}>
      <CounterLink
        to="/{-$city}/compare"
        icon={<CompareIcon />}
        label={t`Сравнение`}
        count={counts.compare}
        testId="compare-count"
        className={styles.desktopOnly}
      />
      <CounterLink
        to="/{-$city}/my-account/wishlist"
        icon={<HeartIcon />}
        label={t`Избранное`}
        count={counts.wishlist}
        testId="wishlist-count"
      />
      <CounterLink
        to="/{-$city}/cart"
        icon={<CartIcon />}
        label={t`Корзина`}
        count={counts.cart}
        testId="cart-count"
      />
      <Link
        to={signedIn ? '/{-$city}/my-account' : '/{-$city}/login'}
        params={{ city: prefix }}
        className={styles.counter}
        data-testid="account-link"
      >
        <span className={styles.counterIcon}>
          <UserIcon />
        </span>
        <span className={styles.counterLabel}>{signedIn ? t`Кабинет` : t`Войти`}</span>
      </Link>
    </nav>
  )
}
