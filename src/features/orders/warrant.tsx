import { useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { OrderDetail } from '../../../contract/checkout'
import type { Warrant } from '../../../contract/order-pickup'
import { isValidIin, PICKUP_SHIPPING_TYPES, WARRANT_STATUSES } from '../../../contract/values/order-pickup'
import { Button } from '../../ui/button'
import { Input } from '../../ui/input'
import { Skeleton } from '../../ui/skeleton'
import { warrantKey, warrantQuery, writeWarrant } from './pickup-api'
import { actionFailure } from './pickup-messages'
import styles from './order-actions.module.css'

/** `77051234567` → `+7 705 123 45 67`. */
export function phoneText(phone: string): string {
  const d = phone.replace(/\D/g, '')
  return d.length === 11 ? `+7 ${d.slice(1, 4)} ${d.slice(4, 7)} ${d.slice(7, 9)} ${d.slice(9)}` : phone
}

interface Fields {
  lastname: string
  firstname: string
  phone: string
  iin: string
}

function WarrantForm({
  orderId,
  current,
  onDone,
  onCancel,
}: {
  orderId: string
  current: Warrant | null
  onDone: (warrant: Warrant) => void
  onCancel: (() => void) | null
}) {
  const { t, i18n } = useLingui()
  const [fields, setFields] = useState<Fields>({
    lastname: current?.lastname ?? '',
    firstname: current?.firstname ?? '',
    phone: current ? phoneText(current.phone) : '',
    iin: current?.iin ?? '',
  })
  const [shown, setShown] = useState<Partial<Record<keyof Fields, string>>>({})
  const save = useMutation({
    mutationFn: () =>
      writeWarrant(orderId, {
        lastname: fields.lastname.trim(),
        firstname: fields.firstname.trim(),
        phone: fields.phone,
        iin: fields.iin.replace(/\s/g, ''),
      }),
    onSuccess: onDone,
  })

  const check = (): Partial<Record<keyof Fields, string>> => {
    const found: Partial<Record<keyof Fields, string>> = {}
    if (!fields.lastname.trim()) found.lastname = t`Укажите фамилию`
    if (!fields.firstname.trim()) found.firstname = t`Укажите имя`
    const digits = fields.phone.replace(/\D/g, '')
    const phone = digits.length === 10 ? `7${digits}` : digits.replace(/^8/, '7')
    if (!/^7\d{10}$/.test(phone)) found.phone = t`Укажите мобильный номер: +7 и 10 цифр`
    if (!isValidIin(fields.iin.replace(/\s/g, ''))) found.iin = t`ИИН введён с ошибкой: проверьте 12 цифр`
    return found
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = check()
    setShown(found)
    if (Object.keys(found).length === 0) save.mutate()
  }
  const field = (name: keyof Fields) => ({
    value: fields[name],
    error: shown[name],
    onChange: (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value })),
  })

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="warrant-form">
      <Input label={t`Фамилия`} autoComplete="off" name="lastname" {...field('lastname')} />
      <Input label={t`Имя`} autoComplete="off" name="firstname" {...field('firstname')} />
      <Input
        label={t`Телефон`}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        placeholder="+7 7__ ___ __ __"
        name="phone"
        {...field('phone')}
      />
      <Input
        label={t`ИИН`}
        inputMode="numeric"
        autoComplete="off"
        maxLength={14}
        hint={t`12 цифр из удостоверения личности`}
        name="iin"
        {...field('iin')}
      />
      {save.isError ? (
        <p className={`${styles.error} ${styles.wide}`} role="alert">
          {actionFailure(i18n, save.error)}
        </p>
      ) : null}
      <div className={`${styles.actions} ${styles.wide}`}>
        <Button type="submit" disabled={save.isPending} data-testid="warrant-submit">
          {t`Сохранить доверенность`}
        </Button>
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel}>
            {t`Отмена`}
          </Button>
        ) : null}
      </div>
    </form>
  )
}

/**
 * Pickup by another person (purchase flow 7): the shopper names who may collect a pickup order, with
 * their phone and IIN, which the point checks against their identity document. Nothing for deliveries
 * or for orders already collected or cancelled.
 */
export function OrderWarrant({ order }: { order: OrderDetail }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const applies =
    (PICKUP_SHIPPING_TYPES as readonly string[]).includes(order.shipping.type) &&
    WARRANT_STATUSES.includes(order.status)
  const query = useQuery({ ...warrantQuery(order.order_id), enabled: applies })
  const [editing, setEditing] = useState(false)
  const [saved, setSaved] = useState(false)
  if (!applies) return null

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
    const warrant = query.data
    const done = (next: Warrant) => {
      queryClient.setQueryData(warrantKey(order.order_id), next)
      setEditing(false)
      setSaved(true)
    }
    if (editing) {
      body = (
        <WarrantForm
          orderId={order.order_id}
          current={warrant}
          onDone={done}
          onCancel={() => setEditing(false)}
        />
      )
    } else if (warrant) {
      body = (
        <>
          {saved ? (
            <p className={styles.notice} role="status" data-testid="warrant-saved">
              {t`Доверенность сохранена. Передайте получателю код для получения заказа.`}
            </p>
          ) : null}
          <dl className={styles.facts} data-testid="warrant">
            <dt>{t`Получатель`}</dt>
            <dd data-testid="warrant-name">{`${warrant.lastname} ${warrant.firstname}`}</dd>
            <dt>{t`Телефон`}</dt>
            <dd>{phoneText(warrant.phone)}</dd>
            <dt>{t`ИИН`}</dt>
            <dd>{warrant.iin}</dd>
          </dl>
          <p
            className={styles.muted}
          >{t`Получатель предъявляет удостоверение личности и называет код получения.`}</p>
          <div className={styles.actions}>
            <Button
              variant="secondary"
              onClick={() => {
                setSaved(false)
                setEditing(true)
              }}
              data-testid="warrant-edit"
            >
              {t`Изменить получателя`}
            </Button>
          </div>
        </>
      )
    } else {
      body = (
        <>
          <p className={styles.muted}>
            {t`Если заказ заберёт другой человек, оформите на него доверенность: укажите его имя, телефон и ИИН.`}
          </p>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => setEditing(true)} data-testid="warrant-open">
              {t`Оформить доверенность`}
            </Button>
          </div>
        </>
      )
    }
  }

  return (
    <section className={styles.card} data-testid="order-warrant">
      <h2 className={styles.title}>{t`Получение по доверенности`}</h2>
      {body}
    </section>
  )
}
