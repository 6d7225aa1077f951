import { useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useRouterState } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import type { AdminOrderList } from '../../../contract/back-office'
import { ORDER_STATUSES } from '../../../contract/values/account-area'
import { adminApi } from './api'
import { storeDateTime, tenge } from './format'
import { AdminLink, searchOf, useAdminNavigate } from './link'
import { STATUS_NAMES } from './status-names'
import styles from './admin.module.css'

const FIELDS = ['number', 'phone', 'status', 'from', 'to'] as const

/** `/admin/orders`: orders by number, phone, status and day, newest first, 25 a page; the filters live in the address. */
export function AdminOrdersPage() {
  const { t, i18n } = useLingui()
  const navigate = useAdminNavigate()
  const searchStr = useRouterState({ select: (s) => s.location.searchStr })
  const params = searchOf(searchStr)
  const query = Object.fromEntries([...FIELDS, 'page'].map((f) => [f, params.get(f) ?? undefined]))
  const list = useQuery({
    queryKey: ['admin', 'orders', query],
    queryFn: () => adminApi.get<AdminOrderList>('/orders', query),
    placeholderData: keepPreviousData,
  })

  const go = (next: Record<string, string | undefined>) => {
    const p = new URLSearchParams()
    for (const [k, v] of Object.entries(next)) if (v) p.set(k, v)
    navigate(`/admin/orders${p.size ? `?${p}` : ''}`)
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    go(Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? '').trim() || undefined])))
  }

  return (
    <>
      <h1>{t`Заказы`}</h1>
      <form className={styles.filters} onSubmit={submit} key={searchStr}>
        <label>
          {t`Номер`}
          <input name="number" defaultValue={params.get('number') ?? ''} />
        </label>
        <label>
          {t`Телефон`}
          <input name="phone" inputMode="tel" defaultValue={params.get('phone') ?? ''} />
        </label>
        <label>
          {t`Статус`}
          <select name="status" defaultValue={params.get('status') ?? ''}>
            <option value="">{t`Любой`}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {i18n._(STATUS_NAMES[s])}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t`С`}
          <input name="from" type="date" defaultValue={params.get('from') ?? ''} />
        </label>
        <label>
          {t`По`}
          <input name="to" type="date" defaultValue={params.get('to') ?? ''} />
        </label>
        <button type="submit" className={styles.primary}>
          {t`Найти`}
        </button>
      </form>
      {list.isError ? (
        <p className={styles.error} role="alert">{t`Не удалось загрузить заказы.`}</p>
      ) : !list.data ? (
        <p role="status">{t`Загрузка…`}</p>
      ) : list.data.orders.length === 0 ? (
        <p className={styles.muted}>{t`Заказов не найдено.`}</p>
      ) : (
        <>
          <table className={styles.table}>
            <thead>
              <tr>
                <th>{t`Номер`}</th>
                <th>{t`Создан`}</th>
                <th>{t`Статус`}</th>
                <th>{t`Получатель`}</th>
                <th>{t`Сумма`}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.orders.map((o) => (
                <tr key={o.id} data-testid="admin-order-row">
                  <td>
                    <AdminLink href={`/admin/orders/${o.id}`}>№ {o.number}</AdminLink>
                  </td>
                  <td>{storeDateTime(o.created_at)}</td>
                  <td>
                    <span className={styles.status}>{i18n._(STATUS_NAMES[o.status])}</span>
                  </td>
                  <td>
                    {o.receiver_name}
                    {o.phone ? <div className={styles.muted}>+{o.phone}</div> : null}
                  </td>
                  <td>{tenge(o.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className={styles.pager}>
            {list.data.page > 1 ? (
              <button
                type="button"
                className={styles.button}
                onClick={() => go({ ...query, page: String(list.data.page - 1) })}
              >
                {t`Назад`}
              </button>
            ) : null}
            <span>{t`Страница ${list.data.page} из ${list.data.pages}, заказов: ${list.data.total}`}</span>
            {list.data.page < list.data.pages ? (
              <button
                type="button"
                className={styles.button}
                onClick={() => go({ ...query, page: String(list.data.page + 1) })}
              >
                {t`Дальше`}
              </button>
            ) : null}
          </div>
        </>
      )}
    </>
  )
}
