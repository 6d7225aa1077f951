import { useLingui } from '@lingui/react/macro'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import type { OrderStatus, OrderSummary } from '../../../contract/account-area'
import { ORDER_STATUSES } from '../../../contract/values/account-area'
import { formatDate, formatMoney } from '../../i18n/format'
import { useStoreLocation } from '../../url/store-location'
import { Button } from '../../ui/button'
import { Input } from '../../ui/input'
import { Skeleton } from '../../ui/skeleton'
import { PREFETCH_ROOT_MARGIN } from '../../ui/use-in-view'
import { ORDER_STATUS_NAMES } from './order-status'
import { ordersQuery, type OrderFilters } from './queries'
import styles from './account.module.css'

export function OrderRow({ order }: { order: OrderSummary }) {
  const { t, i18n } = useLingui()
  const { prefix } = useStoreLocation()
  const items = order.items.reduce((n, i) => n + i.quantity, 0)
  return (
    <li className={styles.item} data-testid="order-item">
      <div className={styles.itemText}>
        <Link
          to="/{-$city}/my-account/orders/$id"
          params={{ city: prefix, id: order.order_id }}
          className={styles.orderLink}
          data-testid="order-link"
        >
          {t`Заказ № ${order.number} от ${formatDate(order.created_at)}`}
        </Link>
        <span className={styles.muted}>
          {t`Товаров: ${items}`} · {formatMoney(order.total)}
          {order.isOrganization ? ` · ${t`на организацию`}` : ''}
        </span>
      </div>
      <span className={styles.badge}>{i18n._(ORDER_STATUS_NAMES[order.status])}</span>
    </li>
  )
}

/** Loads the next page when the end of the list comes near the screen (spec 4: while total > loaded). */
function LoadMore({ onLoad, busy }: { onLoad: () => void; busy: boolean }) {
  const { t } = useLingui()
  const ref = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(false)
  // Unlike useInView this follows the element both ways, so one page loads each time the end is reached.
  useEffect(() => {
    const element = ref.current
    if (!element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => setNear(entries.some((e) => e.isIntersecting)), {
      rootMargin: PREFETCH_ROOT_MARGIN,
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  const load = useRef(onLoad)
  useEffect(() => {
    load.current = onLoad
  })
  useEffect(() => {
    if (near && !busy) load.current()
  }, [near, busy])
  return (
    <div ref={ref} className={styles.actions}>
      <Button variant="secondary" onClick={onLoad} disabled={busy} data-testid="orders-more">
        {busy ? t`Загружаем…` : t`Показать ещё`}
      </Button>
    </div>
  )
}

export interface OrdersPageProps {
  filters: OrderFilters
  onFilters: (next: OrderFilters) => void
}

/** Spec 2.6, 7.10: the order history filtered by status, dates and buyer, 25 orders at a time. */
export function OrdersPage({ filters, onFilters }: OrdersPageProps) {
  const { t, i18n } = useLingui()
  const query = useInfiniteQuery(ordersQuery(filters))
  const pages = query.data?.pages ?? []
  const orders = pages.flatMap((p) => p.orders)
  const first = pages[0]
  const counts = new Map(first?.statuses.map((s) => [s.status, s.count]))
  const filtered = Boolean(filters.status || filters.dateFrom || filters.dateTo || filters.isOrganization)

  return (
    <section className={styles.card} data-testid="orders">
      <form className={styles.filters} onSubmit={(e) => e.preventDefault()} aria-label={t`Фильтр заказов`}>
        <label className={styles.select}>
          {t`Статус`}
          <select
            value={filters.status ?? ''}
            onChange={(e) =>
              onFilters({ ...filters, status: (e.target.value || undefined) as OrderStatus | undefined })
            }
            data-testid="orders-status"
          >
            <option value="">{t`Все`}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {i18n._(ORDER_STATUS_NAMES[s])}
                {counts.get(s) ? ` (${counts.get(s)})` : ''}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.select}>
          {t`Покупатель`}
          <select
            value={filters.isOrganization === undefined ? '' : String(filters.isOrganization)}
            onChange={(e) =>
              onFilters({
                ...filters,
                isOrganization: e.target.value ? e.target.value === 'true' : undefined,
              })
            }
            data-testid="orders-buyer"
          >
            <option value="">{t`Все`}</option>
            <option value="false">{t`Для себя`}</option>
            <option value="true">{t`На организацию`}</option>
          </select>
        </label>
        <Input
          label={t`С даты`}
          type="date"
          value={filters.dateFrom ?? ''}
          max={filters.dateTo}
          onChange={(e) => onFilters({ ...filters, dateFrom: e.target.value || undefined })}
        />
        <Input
          label={t`По дату`}
          type="date"
          value={filters.dateTo ?? ''}
          min={filters.dateFrom}
          onChange={(e) => onFilters({ ...filters, dateTo: e.target.value || undefined })}
        />
        {filtered ? (
          <Button variant="ghost" onClick={() => onFilters({})}>
            {t`Сбросить`}
          </Button>
        ) : null}
      </form>
      {query.isPending ? (
        <Skeleton height={120} />
      ) : query.isError ? (
        <p className={styles.error} role="alert">
          {t`Не удалось загрузить заказы`}
        </p>
      ) : orders.length ? (
        <>
          <p className={styles.muted} data-testid="orders-count">
            {t`Показано ${orders.length} из ${first?.count ?? 0}`}
          </p>
          <ul className={styles.list}>
            {orders.map((o) => (
              <OrderRow key={o.order_id} order={o} />
            ))}
          </ul>
          {query.hasNextPage ? (
            <LoadMore onLoad={() => void query.fetchNextPage()} busy={query.isFetchingNextPage} />
          ) : null}
        </>
      ) : (
        <p className={styles.muted}>
          {filtered ? t`Нет заказов по выбранным условиям.` : t`Вы ещё ничего не заказывали.`}
        </p>
      )}
    </section>
  )
}
