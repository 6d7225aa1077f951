import type { MessageDescriptor } from '@lingui/core'
import { msg, select } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { WishlistItem } from '../../../contract/wishlist'
import { WISHLIST_SORTS, type WishlistSort } from '../../../contract/values/wishlist'
import { useOnline } from '../../data/use-online'
import { useSignedIn } from '../../session/session'
import { ProductCard } from '../../listing/product-card'
import { ProductGridSkeleton } from '../../listing/product-grid'
import { ListingState } from '../../listing/listing-state'
import { SortSelect } from '../../listing/sort-select'
import { Button, buttonClassName } from '../../ui/button'
import { useStoreLocation } from '../../url/store-location'
import { useWishlist } from '../../wishlist/use-wishlist'
import { useWishlistButtons } from '../../wishlist/wishlist-buttons'
import { WISHLIST_MESSAGES } from '../../wishlist/messages'
import { formatNumber } from '../../i18n/format'
import { pluralForm } from '../../i18n/plural-form'
import styles from './wishlist-page.module.css'

/** Spec browsing 3 and 9: the five orders of a wishlist, added descending first (the default). */
const SORT_LABELS: Record<WishlistSort, MessageDescriptor> = {
  added_desc: msg`Сначала добавленные недавно`,
  added_asc: msg`Сначала добавленные давно`,
  newest: msg`Сначала новинки`,
  price_asc: msg`Сначала дешевле`,
  price_desc: msg`Сначала дороже`,
}
const SORT_OPTIONS = WISHLIST_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))

export interface WishlistPageProps {
  sorting: WishlistSort
  onSorting: (sorting: WishlistSort) => Promise<void>
}

function Count({ count }: { count: number }) {
  const { t } = useLingui()
  const n = formatNumber(count)
  const form = pluralForm(count)
  return (
    <p className={styles.count} data-testid="wishlist-total">
      {t`${select(form, { one: `${n} товар`, few: `${n} товара`, many: `${n} товаров`, other: `${n} товара` })}`}
    </p>
  )
}

function Items({ items }: { items: readonly WishlistItem[] }) {
  const { leaving } = useWishlistButtons()
  return (
    <ul className={styles.grid} data-testid="wishlist-items">
      {items.map((item, index) => (
        <li
          key={item.sku}
          className={leaving.has(item.sku) ? `${styles.cell} ${styles.leaving}` : styles.cell}
          data-testid="wishlist-item"
          data-sku={item.sku}
          data-available={item.isAvailable}
        >
          <ProductCard product={item.product} priority={index < 4 ? 'eager' : 'lazy'} />
        </li>
      ))}
    </ul>
  )
}

/**
 * `/my-account/wishlist`: the shopper's list (a guest's too) in the page's city, in one of the spec's
 * five orders, each product's card with its heart (which takes it out, after the spec's 200 ms) and
 * its buy button. Changes made offline show at once and are sent when the network returns.
 */
export function WishlistPage({ sorting, onSorting }: WishlistPageProps) {
  const { t, i18n } = useLingui()
  const { prefix } = useStoreLocation()
  const signedIn = useSignedIn()
  const online = useOnline()
  const { list, isLoading, isError, refetch, hasPending } = useWishlist(sorting)

  if (isLoading) return <ProductGridSkeleton count={4} />
  if (isError) {
    return (
      <ListingState
        title={i18n._(WISHLIST_MESSAGES.failedToLoad)}
        text={t`Проверьте соединение и попробуйте ещё раз.`}
        role="alert"
        testId="wishlist-error"
      >
        <Button onClick={refetch}>{t`Повторить`}</Button>
      </ListingState>
    )
  }

  return (
    <div className={styles.page} data-testid="wishlist-page">
      {signedIn ? null : (
        <p className={styles.notice} data-testid="wishlist-guest-note">
          {t`Избранное хранится на этом устройстве. Войдите, чтобы оно было с вами на любом устройстве.`}{' '}
          <Link to="/{-$city}/login" params={{ city: prefix }}>
            {t`Войти`}
          </Link>
        </p>
      )}
      {hasPending && !online ? (
        <p className={styles.notice} role="status" data-testid="wishlist-pending">
          {t`Нет сети: изменения сохранятся, когда сеть вернётся.`}
        </p>
      ) : null}
      {list.items.length === 0 ? (
        <ListingState
          title={t`В избранном пока пусто`}
          text={t`Нажмите на сердечко на карточке товара, чтобы сохранить его здесь.`}
          role="status"
          testId="wishlist-empty"
        >
          <Link to="/{-$city}/catalog" params={{ city: prefix }} className={buttonClassName()}>
            {t`Перейти в каталог`}
          </Link>
        </ListingState>
      ) : (
        <>
          <div className={styles.toolbar}>
            <Count count={list.favoritesCount} />
            <SortSelect value={sorting} options={SORT_OPTIONS} onChange={onSorting} />
          </div>
          <Items items={list.items} />
        </>
      )}
    </div>
  )
}
