import type { I18n } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { Address } from '../../../contract/account-area'
import { CITIES } from '../../../contract/values/common'
import { Button } from '../../ui/button'
import { Input } from '../../ui/input'
import { CITY_NAMES } from '../../page/names'
import { errorText } from './errors'
import { addressesKey, saveAddress } from './queries'
import styles from './account.module.css'

export function cityName(i18n: I18n, cityId: number): string {
  const city = CITIES.find((c) => c.id === cityId)
  return city ? i18n._(CITY_NAMES[city.slug]) : ''
}

/** Spec 3: an address is street, house, floor and apartment, in one of the store's cities. */
export function AddressForm({ address, onDone }: { address?: Address; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [cityId, setCityId] = useState(address?.city_id ?? 1)
  const [street, setStreet] = useState(address?.street ?? '')
  const [house, setHouse] = useState(address?.house ?? '')
  const [floor, setFloor] = useState(address?.floor ?? '')
  const [apartment, setApartment] = useState(address?.apartment ?? '')
  const [comment, setComment] = useState(address?.comment ?? '')
  const [isDefault, setIsDefault] = useState(address?.isDefault ?? false)
  const save = useMutation({
    mutationFn: () =>
      saveAddress({ city_id: cityId, street, house, floor, apartment, comment, isDefault }, address?.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: addressesKey })
      onDone()
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate()
  }
  return (
    <form className={styles.form} onSubmit={submit} data-testid="address-form">
      <label className={styles.select}>
        {t`Город`}
        <select value={cityId} onChange={(e) => setCityId(Number(e.target.value))} name="city">
          {CITIES.map((c) => (
            <option key={c.id} value={c.id}>
              {i18n._(CITY_NAMES[c.slug])}
            </option>
          ))}
        </select>
      </label>
      <Input
        label={t`Улица`}
        name="street"
        value={street}
        onChange={(e) => setStreet(e.target.value)}
        required
        maxLength={200}
        autoComplete="address-line1"
      />
      <Input
        label={t`Дом`}
        name="house"
        value={house}
        onChange={(e) => setHouse(e.target.value)}
        required
        maxLength={20}
      />
      <Input
        label={t`Этаж`}
        name="floor"
        value={floor}
        onChange={(e) => setFloor(e.target.value)}
        maxLength={10}
        inputMode="numeric"
      />
      <Input
        label={t`Квартира или офис`}
        name="apartment"
        value={apartment}
        onChange={(e) => setApartment(e.target.value)}
        maxLength={10}
      />
      <Input
        label={t`Комментарий для курьера`}
        name="comment"
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        maxLength={500}
        className={styles.formWide}
      />
      <label className={styles.check}>
        <input type="checkbox" checked={isDefault} onChange={(e) => setIsDefault(e.target.checked)} />
        {t`Сделать основным адресом`}
      </label>
      {save.isError ? (
        <p className={`${styles.error} ${styles.formWide}`} role="alert">
          {errorText(i18n, save.error)}
        </p>
      ) : null}
      <div className={`${styles.actions} ${styles.formWide}`}>
        <Button type="submit" disabled={save.isPending} data-testid="address-save">
          {t`Сохранить адрес`}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t`Отмена`}
        </Button>
      </div>
    </form>
  )
}
