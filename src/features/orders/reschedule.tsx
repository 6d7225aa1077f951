import { useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { OrderDetail } from '../../../contract/checkout'
import type { OrderRescheduleRequest, OrderRescheduleState } from '../../../contract/order-pickup'
import { COURIER_SHIPPING_TYPE } from '../../../contract/values/order-pickup'
import { Button } from '../../ui/button'
import { Skeleton } from '../../ui/skeleton'
import { orderDetailKey, rescheduleDelivery, rescheduleKey, rescheduleStateQuery } from './pickup-api'
import { actionFailure, dateText, slotText, weekdayOf } from './pickup-messages'
import styles from './order-actions.module.css'

type Dates = OrderRescheduleState['dates']

function RescheduleForm({
  order,
  dates,
  onDone,
  onCancel,
}: {
  order: OrderDetail
  dates: Dates
  onDone: (state: OrderRescheduleState) => void
  onCancel: () => void
}) {
  const { t, i18n } = useLingui()
  const [date, setDate] = useState(dates[0]?.date ?? '')
  const slots = dates.find((d) => d.date === date)?.slots ?? []
  const [slotCode, setSlotCode] = useState(slots[0]?.code ?? '')
  const slot = slots.find((s) => s.code === slotCode) ?? null
  const move = useMutation({
    mutationFn: () => {
      if (!slot) throw new Error('no slot')
      return rescheduleDelivery({
        city_id: order.city_id as OrderRescheduleRequest['city_id'],
        order_id: order.order_id,
        date: slot.date,
        slot_code: slot.code,
        slot_time: `${slot.time_from}-${slot.time_to}`,
      })
    },
    onSuccess: onDone,
  })

  const pickDate = (next: string) => {
    setDate(next)
    setSlotCode(dates.find((d) => d.date === next)?.slots[0]?.code ?? '')
  }

  return (
    <form
      className={styles.card}
      data-testid="reschedule-form"
      onSubmit={(event) => {
        event.preventDefault()
        if (slot) move.mutate()
      }}
    >
      <fieldset className={styles.chips}>
        <legend className={styles.legend}>{t`Новая дата доставки`}</legend>
        {dates.map((d) => (
          <label key={d.date} className={styles.chip} data-testid="reschedule-date">
            <input
              type="radio"
              name="reschedule-date"
              value={d.date}
              checked={d.date === date}
              onChange={() => pickDate(d.date)}
            />
            <span>{dateText(d.date).slice(0, 5)}</span>
            <span className={styles.chipNote}>{i18n._(weekdayOf(d.date))}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.chips}>
        <legend className={styles.legend}>{t`Время`}</legend>
        {slots.map((s) => (
          <label key={s.code} className={styles.chip} data-testid="reschedule-slot">
            <input
              type="radio"
              name="reschedule-slot"
              value={s.code}
              checked={s.code === slotCode}
              onChange={() => setSlotCode(s.code)}
            />
            <span>{slotText(s)}</span>
          </label>
        ))}
      </fieldset>
      {move.isError ? (
        <p className={styles.error} role="alert">
          {actionFailure(i18n, move.error)}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" disabled={move.isPending} data-testid="reschedule-submit">
          {slot ? t`Перенести на ${dateText(slot.date)}, ${slotText(slot)}` : t`Выберите дату и время`}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t`Отмена`}
        </Button>
      </div>
    </form>
  )
}

/**
 * A courier order's delivery date and slot, and the way to move them (purchase flow 7: at most the
 * limit's number of times, to a date and slot the store offers now). Nothing for other orders.
 */
export function OrderReschedule({ order }: { order: OrderDetail }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const courier = order.shipping.type === COURIER_SHIPPING_TYPE
  const query = useQuery({ ...rescheduleStateQuery(order.order_id), enabled: courier })
  const [open, setOpen] = useState(false)
  const [moved, setMoved] = useState<string | null>(null)
  if (!courier) return null

  let body
  if (query.isPending) body = <Skeleton height={48} radius={12} />
  else if (query.isError)
    body = (
      <>
        <p className={styles.error} role="alert">
          {actionFailure(i18n, query.error)}
        </p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t`Повторить`}
          </Button>
        </div>
      </>
    )
  else {
    const state = query.data
    const { limit, left } = state
    const current =
      state.date && state.slot
        ? t`${dateText(state.date)}, ${slotText(state.slot)}`
        : state.date
          ? dateText(state.date)
          : t`не назначена`
    body = (
      <>
        <p className={styles.text} data-testid="delivery-when">
          {t`Доставка курьером: ${current}`}
        </p>
        {moved ? (
          <p className={styles.notice} role="status" data-testid="reschedule-done">
            {t`Доставка перенесена на ${moved}`}
          </p>
        ) : null}
        {state.blocked === 'limit' ? (
          <p className={styles.muted} data-testid="reschedule-limit">
            {t`Доставку больше нельзя перенести: использованы все переносы (${limit} из ${limit}).`}
          </p>
        ) : state.blocked === 'wrongStatus' ? (
          <p
            className={styles.muted}
          >{t`Перенести доставку уже нельзя: заказ передан курьеру, получен или отменён.`}</p>
        ) : state.dates.length === 0 ? (
          <p className={styles.muted}>{t`Сейчас нет свободных дат для переноса. Попробуйте позже.`}</p>
        ) : open ? (
          <RescheduleForm
            order={order}
            dates={state.dates}
            onCancel={() => setOpen(false)}
            onDone={(next) => {
              queryClient.setQueryData(rescheduleKey(order.order_id), next)
              void queryClient.invalidateQueries({ queryKey: rescheduleKey(order.order_id) })
              void queryClient.invalidateQueries({ queryKey: orderDetailKey(order.order_id) })
              setMoved(next.date && next.slot ? `${dateText(next.date)}, ${slotText(next.slot)}` : null)
              setOpen(false)
            }}
          />
        ) : (
          <div className={styles.actions}>
            <Button
              variant="secondary"
              onClick={() => {
                setMoved(null)
                setOpen(true)
              }}
              data-testid="reschedule-open"
            >
              {t`Перенести доставку`}
            </Button>
            <span className={styles.muted} data-testid="reschedule-left">
              {t`Осталось переносов: ${left} из ${limit}`}
            </span>
          </div>
        )}
      </>
    )
  }

  return (
    <section className={styles.card} data-testid="order-reschedule">
      <h2 className={styles.title}>{t`Дата доставки`}</h2>
      {body}
    </section>
  )
}
