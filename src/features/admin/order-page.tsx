import { useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouterState } from '@tanstack/react-router'
import { useState } from 'react'
import type { AdminOrder } from '../../../contract/back-office'
import type { OrderStatus } from '../../../contract/values/account-area'
import { adminApi, isAdminError } from './api'
import { storeDateTime, tenge } from './format'
import { AdminLink } from './link'
import { MOVE_NAMES, STATUS_NAMES } from './status-names'
import styles from './admin.module.css'

/** `/admin/orders/{id}`: the order, its timeline, the moves an operator may make, its documents. */
export function AdminOrderPage() {
  const { t, i18n } = useLingui()
  const id = useRouterState({ select: (s) => s.location.pathname.split('/')[3] ?? '' })
  const queryClient = useQueryClient()
  const key = ['admin', 'order', id]
  const order = useQuery({ queryKey: key, queryFn: () => adminApi.get<AdminOrder>(`/orders/${id}`) })
  const [note, setNote] = useState('')
  const move = useMutation({
    mutationFn: (status: OrderStatus) =>
      adminApi.post<AdminOrder>(`/orders/${id}/status`, { status, note: note || null }),
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer)
      void queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] })
      setNote('')
    },
  })

  if (order.isError)
    return (
      <p className={styles.error} role="alert">
        {isAdminError(order.error, 404) ? t`Заказ не найден.` : t`Не удалось загрузить заказ.`}
      </p>
    )
  if (!order.data) return <p role="status">{t`Загрузка…`}</p>
  const { order: o, timeline, next } = order.data
  const confirmMove = (status: OrderStatus) => {
    if (
      (status === 'CANCELLED' || status === 'REFUNDED') &&
      !window.confirm(t`Деньги и товары вернутся покупателю. Продолжить?`)
    )
      return
    move.mutate(status)
  }
  const receiver = o.receiver
  return (
    <>
      <p>
        <AdminLink href="/admin/orders">{t`← Все заказы`}</AdminLink>
      </p>
      <h1>
        {t`Заказ № ${o.number}`}{' '}
        <span className={styles.status} data-testid="admin-order-status">
          {i18n._(STATUS_NAMES[o.status])}
        </span>
      </h1>
      <section className={styles.card} aria-label={t`Действия`}>
        {next.length ? (
          <>
            <label className={styles.form}>
              {t`Комментарий к шагу (покупатель его увидит)`}
              <input value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} />
            </label>
            <div className={styles.actions} style={{ marginTop: 10 }}>
              {next.map((s) => (
                <button
                  key={s}
                  type="button"
                  className={
                    s === 'CANCELLED' || s === 'REFUNDED'
                      ? `${styles.button} ${styles.danger}`
                      : styles.primary
                  }
                  aria-busy={move.isPending}
                  onClick={() => !move.isPending && confirmMove(s)}
                >
                  {i18n._(MOVE_NAMES[s])}
                </button>
              ))}
            </div>
          </>
        ) : (
          <p className={styles.muted}>{t`Заказ дальше не движется.`}</p>
        )}
        {move.isError ? (
          <p className={styles.error} role="alert">
            {isAdminError(move.error, 409)
              ? t`Заказ уже сдвинулся: обновите страницу.`
              : t`Не удалось изменить статус.`}
          </p>
        ) : null}
        {order.data.refunded > 0 || order.data.refund_pending > 0 ? (
          <p>
            {t`Возвращено: ${tenge(order.data.refunded)}`}
            {order.data.refund_pending > 0
              ? ` · ${t`ещё к возврату: ${tenge(order.data.refund_pending)}`}`
              : ''}
          </p>
        ) : null}
        <div className={styles.actions}>
          {order.data.documents.map((d) => (
            <a key={d.kind} href={d.url} target="_blank" rel="noreferrer" className={styles.button}>
              {d.kind === 'receipt'
                ? t`Товарный чек`
                : d.kind === 'invoice'
                  ? t`Счёт на оплату`
                  : t`Штрихкод`}
            </a>
          ))}
        </div>
      </section>
      <section className={styles.card}>
        <h2>{t`Покупатель и получение`}</h2>
        <p>
          {receiver.firstname} {receiver.lastname} · +{receiver.phone}
          {receiver.email ? ` · ${receiver.email}` : ''}
        </p>
        <p>
          {o.shipping.service_point
            ? `${o.shipping.service_point.title}, ${o.shipping.service_point.address}`
            : null}
          {o.shipping.address ? `${o.shipping.address.street} ${o.shipping.address.house}` : null}
          {o.shipping.date ? ` · ${o.shipping.date}` : ''}
        </p>
        <p>
          {t`Оплата`}: {o.payment.method} · {o.payment.status}
        </p>
      </section>
      <section className={styles.card}>
        <h2>{t`Товары`}</h2>
        <table className={styles.table}>
          <tbody>
            {o.items.map((item, i) => (
              <tr key={i}>
                <td>{item.title}</td>
                <td>{item.sku}</td>
                <td>× {item.quantity}</td>
                <td>{tenge(item.totalPrice)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          <strong>{t`Итого: ${tenge(o.calculation.grandTotal)}`}</strong>
        </p>
      </section>
      <section className={styles.card}>
        <h2>{t`История`}</h2>
        <ol data-testid="admin-timeline">
          {timeline.events.map((e, i) => (
            <li key={i}>
              {storeDateTime(e.at)} — {i18n._(STATUS_NAMES[e.status])} ({e.by}){e.note ? `: ${e.note}` : ''}
            </li>
          ))}
        </ol>
      </section>
    </>
  )
}
