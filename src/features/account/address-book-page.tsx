import { useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { Address, Receiver } from '../../../contract/account-area'
import { Button } from '../../ui/button'
import { Skeleton } from '../../ui/skeleton'
import { toast } from '../../ui/toast/toast-store'
import { AddressForm, cityName } from './address-form'
import { errorText } from './errors'
import { formatPhone } from './format'
import {
  addressesKey,
  addressesQuery,
  deleteAddress,
  deleteReceiver,
  receiversKey,
  receiversQuery,
} from './queries'
import { ReceiverForm } from './receiver-form'
import styles from './account.module.css'

type Editing<T> = { mode: 'closed' } | { mode: 'new' } | { mode: 'edit'; item: T }

/** "street, house, floor N, apt. N" in the shopper's language. */
export function AddressLine({
  address: a,
}: {
  address: Pick<Address, 'street' | 'house' | 'floor' | 'apartment'>
}) {
  const { t } = useLingui()
  const parts = [`${a.street}, ${a.house}`]
  if (a.floor) parts.push(t`этаж ${a.floor}`)
  if (a.apartment) parts.push(t`кв. ${a.apartment}`)
  return <>{parts.join(', ')}</>
}

/** Spec 2.6, 3: delivery addresses (street, house, floor, apartment) and the receivers of orders. */
export function AddressBookPage() {
  return (
    <>
      <AddressesBlock />
      <ReceiversBlock />
    </>
  )
}

function AddressesBlock() {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const { data, isPending } = useQuery(addressesQuery())
  const [editing, setEditing] = useState<Editing<Address>>({ mode: 'closed' })
  const remove = useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesKey }),
    onError: (error) => toast.show({ status: 'error', title: errorText(i18n, error) }),
  })
  const close = () => setEditing({ mode: 'closed' })
  return (
    <section className={styles.card} aria-labelledby="addresses-title" data-testid="addresses">
      <div className={styles.cardHead}>
        <h2 id="addresses-title">{t`Адреса доставки`}</h2>
        {editing.mode === 'closed' ? (
          <Button size="s" onClick={() => setEditing({ mode: 'new' })} data-testid="address-add">
            {t`Добавить адрес`}
          </Button>
        ) : null}
      </div>
      {editing.mode !== 'closed' ? (
        <AddressForm address={editing.mode === 'edit' ? editing.item : undefined} onDone={close} />
      ) : null}
      {isPending ? (
        <Skeleton height={56} />
      ) : data?.length ? (
        <ul className={styles.list}>
          {data.map((a) => (
            <li key={a.id} className={styles.item} data-testid="address-item">
              <div className={styles.itemText}>
                <strong>
                  <AddressLine address={a} />
                </strong>
                <span className={styles.muted}>
                  {cityName(i18n, a.city_id)}
                  {a.comment ? ` · ${a.comment}` : ''}
                </span>
                {a.isDefault ? <span className={styles.badge}>{t`Основной`}</span> : null}
              </div>
              <div className={styles.actions}>
                <Button variant="secondary" size="s" onClick={() => setEditing({ mode: 'edit', item: a })}>
                  {t`Изменить`}
                </Button>
                <Button
                  variant="ghost"
                  size="s"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(a.id)}
                >
                  {t`Удалить`}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{t`Вы ещё не сохранили ни одного адреса.`}</p>
      )}
    </section>
  )
}

function ReceiversBlock() {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const { data, isPending } = useQuery(receiversQuery())
  const [editing, setEditing] = useState<Editing<Receiver>>({ mode: 'closed' })
  const remove = useMutation({
    mutationFn: deleteReceiver,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: receiversKey }),
    onError: (error) => toast.show({ status: 'error', title: errorText(i18n, error) }),
  })
  const close = () => setEditing({ mode: 'closed' })
  return (
    <section className={styles.card} aria-labelledby="receivers-title" data-testid="receivers">
      <div className={styles.cardHead}>
        <h2 id="receivers-title">{t`Получатели`}</h2>
        {editing.mode === 'closed' ? (
          <Button size="s" onClick={() => setEditing({ mode: 'new' })} data-testid="receiver-add">
            {t`Добавить получателя`}
          </Button>
        ) : null}
      </div>
      {editing.mode !== 'closed' ? (
        <ReceiverForm receiver={editing.mode === 'edit' ? editing.item : undefined} onDone={close} />
      ) : null}
      {isPending ? (
        <Skeleton height={56} />
      ) : data?.length ? (
        <ul className={styles.list}>
          {data.map((r) => (
            <li key={r.id} className={styles.item} data-testid="receiver-item">
              <div className={styles.itemText}>
                <strong>
                  {r.firstname} {r.lastname}
                </strong>
                <span className={styles.muted}>
                  {formatPhone(r.phone)}
                  {r.email ? ` · ${r.email}` : ''}
                  {r.emailFromProfile ? ` (${t`из профиля`})` : ''}
                </span>
                {r.organization ? (
                  <span data-testid="receiver-organization">
                    {r.organization.name}, {t`БИН`} {r.organization.bin}
                  </span>
                ) : null}
              </div>
              <div className={styles.actions}>
                <Button variant="secondary" size="s" onClick={() => setEditing({ mode: 'edit', item: r })}>
                  {t`Изменить`}
                </Button>
                <Button
                  variant="ghost"
                  size="s"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(r.id)}
                >
                  {t`Удалить`}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p
          className={styles.muted}
        >{t`Добавьте тех, кто будет получать ваши заказы, — например, организацию по БИН.`}</p>
      )}
    </section>
  )
}
