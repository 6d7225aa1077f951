import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import type { Cart } from '../../../contract/cart'
import type { DeliveryResult, ReceiveOption } from '../../../contract/inventory'
import { formatMoney } from '../../i18n/format'
import { useStoreLocation } from '../../url/store-location'
import { Button } from '../../ui/button'
import { Input } from '../../ui/input'
import { Skeleton } from '../../ui/skeleton'
import { addDays, dayMonthText, isoDateText, weekday } from './dates'
import { failureText } from './messages'
import { PointsMap } from './points-map'
import {
  calculationFailure,
  courierOptions,
  goodsDate,
  NEW_ADDRESS,
  pickupPlaces,
  shippingFor,
  slotsByDate,
  withDeliveryDefaults,
  type SavedAddress,
} from './rules'
import { useCheckoutForm, type CheckoutForm } from './state'
import { useCheckoutDelivery } from './use-delivery'
import styles from './checkout.module.css'

function useCost() {
  const { t } = useLingui()
  return (cost: number) => (cost === 0 ? t`Бесплатно` : formatMoney(cost))
}

function PickupChoice({
  delivery,
  form,
  onChoose,
}: {
  delivery: DeliveryResult
  form: CheckoutForm
  onChoose: (id: number) => void
}) {
  const { t } = useLingui()
  const cost = useCost()
  const places = pickupPlaces(delivery)
  return (
    <div className={styles.pickup}>
      <PointsMap
        places={places.map((p) => ({
          id: p.service_point_id,
          title: p.title,
          address: p.address,
          kind: p.kind,
          geo: p.geo_position,
        }))}
        selectedId={form.servicePointId}
        onSelect={(id) => {
          onChoose(id)
          // The place chosen on the map shows in the list beside its details.
          document.querySelector(`[data-place="${id}"]`)?.scrollIntoView?.({ block: 'nearest' })
        }}
      />
      <fieldset className={`${styles.options} ${styles.placeList}`} data-testid="pickup-places">
        <legend className="visually-hidden">{t`Пункт выдачи`}</legend>
        {places.map((place, index) => (
          <label
            key={place.service_point_id}
            className={styles.option}
            data-place={place.service_point_id}
            data-testid="pickup-place"
          >
            <input
              type="radio"
              name="service-point"
              checked={form.servicePointId === place.service_point_id}
              onChange={() => onChoose(place.service_point_id)}
              data-testid={`pickup-place-${place.service_point_id}`}
            />
            <span className={styles.optionText}>
              <strong>
                <span className={styles.number} data-kind={place.kind} aria-hidden="true">
                  {index + 1}
                </span>
                {place.title}
              </strong>
              <span>{place.address}</span>
              <span className={styles.muted}>
                {place.kind === 'store' ? t`Магазин` : t`Пункт выдачи`} · {place.work_hours}
              </span>
              <span className={styles.muted}>
                {t`Забрать с ${isoDateText(place.pickup_date)}`}
                {place.showcase_only ? ` · ${t`только витринный образец`}` : ''}
              </span>
            </span>
            <span className={styles.optionSide}>{cost(place.deliveryCost)}</span>
          </label>
        ))}
      </fieldset>
    </div>
  )
}

const COURIER_TITLES = {
  COURIER_DELIVERY: msg`Курьер в выбранное время`,
  EXPRESS_DELIVERY: msg`Экспресс-доставка`,
  FAST_DELIVERY: msg`Быстрая доставка`,
} as const

function CourierNote({ option }: { option: ReceiveOption }) {
  const { t } = useLingui()
  if (option.deliveryHours) {
    const { minHours, maxHours } = option.deliveryHours
    return <>{t`За ${minHours}–${maxHours} ч`}</>
  }
  const from = isoDateText(option.min_date)
  const to = isoDateText(option.max_date)
  return <>{from === to ? from : `${from} – ${to}`}</>
}

function CourierChoice({
  delivery,
  form,
  addresses,
  onChange,
}: {
  delivery: DeliveryResult
  form: CheckoutForm
  addresses: readonly SavedAddress[]
  onChange: (changes: Partial<CheckoutForm>) => void
}) {
  const { t, i18n } = useLingui()
  const cost = useCost()
  const options = courierOptions(delivery)
  const days = slotsByDate(delivery.slots)
  const daySlots = days.find((d) => d.date === form.date)?.slots ?? []
  const setAddress = (changes: Partial<CheckoutForm['address']>) =>
    onChange({ address: { ...form.address, ...changes } })

  return (
    <>
      {options.length > 1 ? (
        <fieldset className={styles.options} data-testid="courier-kinds">
          <legend className={styles.subTitle}>{t`Как доставить`}</legend>
          {options.map((option) => (
            <label key={option.kind} className={styles.option}>
              <input
                type="radio"
                name="courier-kind"
                checked={form.courierKind === option.kind}
                onChange={() => onChange({ courierKind: option.kind })}
                data-testid={`courier-kind-${option.kind}`}
              />
              <span className={styles.optionText}>
                <strong>{i18n._(COURIER_TITLES[option.kind])}</strong>
                <span className={styles.muted}>
                  <CourierNote option={option.option} />
                </span>
              </span>
              <span className={styles.optionSide}>{cost(option.option.deliveryCost)}</span>
            </label>
          ))}
        </fieldset>
      ) : null}

      <fieldset className={styles.options} data-testid="courier-addresses">
        <legend className={styles.subTitle}>{t`Адрес доставки`}</legend>
        {addresses.map((address) => (
          <label key={address.id} className={styles.option}>
            <input
              type="radio"
              name="address"
              checked={form.addressId === address.id}
              onChange={() => onChange({ addressId: address.id })}
              data-testid="saved-address"
            />
            <span className={styles.optionText}>
              {address.street}, {address.house}
              {address.floor ? `, ${t`этаж ${address.floor}`}` : ''}
              {address.apartment ? `, ${t`кв. ${address.apartment}`}` : ''}
            </span>
            <span />
          </label>
        ))}
        {addresses.length > 0 ? (
          <label className={styles.option}>
            <input
              type="radio"
              name="address"
              checked={form.addressId === NEW_ADDRESS}
              onChange={() => onChange({ addressId: NEW_ADDRESS })}
              data-testid="new-address"
            />
            <span className={styles.optionText}>{t`Другой адрес`}</span>
            <span />
          </label>
        ) : null}
      </fieldset>
      {form.addressId === NEW_ADDRESS ? (
        <div className={styles.form} data-testid="address-fields">
          <Input
            label={t`Улица`}
            autoComplete="address-line1"
            value={form.address.street}
            maxLength={200}
            onChange={(event) => setAddress({ street: event.target.value })}
            data-testid="address-street"
          />
          <Input
            label={t`Дом`}
            value={form.address.house}
            maxLength={20}
            onChange={(event) => setAddress({ house: event.target.value })}
            data-testid="address-house"
          />
          <Input
            label={t`Квартира или офис`}
            value={form.address.apartment}
            maxLength={10}
            onChange={(event) => setAddress({ apartment: event.target.value })}
            data-testid="address-apartment"
          />
          <Input
            label={t`Этаж`}
            inputMode="numeric"
            value={form.address.floor}
            maxLength={10}
            onChange={(event) => setAddress({ floor: event.target.value })}
            data-testid="address-floor"
          />
        </div>
      ) : null}

      {form.courierKind === 'COURIER_DELIVERY' && days.length > 0 ? (
        <>
          <fieldset className={styles.chips} data-testid="delivery-dates">
            <legend className={styles.subTitle}>{t`Дата доставки`}</legend>
            {days.map((day) => (
              <label key={day.date} className={styles.chip}>
                <input
                  type="radio"
                  name="delivery-date"
                  checked={form.date === day.date}
                  onChange={() => onChange({ date: day.date, slotCode: day.slots[0]?.code ?? null })}
                  data-testid={`delivery-date-${day.date}`}
                />
                <span>{dayMonthText(day.date)}</span>
                <span className={styles.chipNote}>{i18n._(weekday(day.date))}</span>
              </label>
            ))}
          </fieldset>
          <fieldset className={styles.chips} data-testid="delivery-slots">
            <legend className={styles.subTitle}>{t`Время доставки`}</legend>
            {daySlots.map((slot) => (
              <label key={slot.code} className={styles.chip}>
                <input
                  type="radio"
                  name="delivery-slot"
                  checked={form.slotCode === slot.code}
                  onChange={() => onChange({ slotCode: slot.code })}
                  data-testid="delivery-slot"
                />
                <span>
                  {slot.time_from}–{slot.time_to}
                </span>
              </label>
            ))}
          </fieldset>
        </>
      ) : null}
    </>
  )
}

/**
 * Step 2: how the goods come. Pickup by default whenever a shop or pickup point has them (purchase flow
 * 4), the places in a list and on a drawn map; or a courier to a saved or new address on a date and slot
 * from the delivery answer. An installation service in the order may get its day (optional).
 */
export function DeliveryStep({ cart, onDone }: { cart: Cart; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const { prefix } = useStoreLocation()
  const { form, setForm } = useCheckoutForm()
  const { delivery, addresses, addressesPending, installation } = useCheckoutDelivery(cart, form)
  const [incomplete, setIncomplete] = useState(false)
  const cost = useCost()

  if (delivery.isPending || addressesPending) {
    return (
      <section className={styles.card} aria-busy="true" data-testid="checkout-delivery-loading">
        <Skeleton height={28} width="40%" />
        <Skeleton height={72} />
        <Skeleton height={240} />
      </section>
    )
  }
  if (delivery.isError || !delivery.data) {
    return (
      <section className={styles.card} data-testid="checkout-delivery-error">
        <p className={styles.error} role="alert">
          {failureText(
            i18n,
            calculationFailure(delivery.error),
            msg`Не удалось получить способы получения. Попробуйте ещё раз`,
          )}
        </p>
        <div className={styles.actions}>
          <Button onClick={() => void delivery.refetch()}>{t`Повторить`}</Button>
        </div>
      </section>
    )
  }

  const data = delivery.data
  const resolved = withDeliveryDefaults(form, data, addresses)
  const places = pickupPlaces(data)
  const couriers = courierOptions(data)
  const change = (changes: Partial<CheckoutForm>) => {
    setIncomplete(false)
    setForm((current) => ({ ...withDeliveryDefaults(current, data, addresses), ...changes }))
  }

  if (places.length === 0 && couriers.length === 0) {
    return (
      <section className={styles.card} data-testid="checkout-no-delivery">
        <p className={styles.warning} role="alert">
          {t`Эти товары сейчас нельзя получить в вашем городе. Измените состав корзины или выберите другой город.`}
        </p>
        <div className={styles.actions}>
          <Link to="/{-$city}/cart" params={{ city: prefix }}>
            {t`Вернуться в корзину`}
          </Link>
        </div>
      </section>
    )
  }

  const shipping = shippingFor(resolved, data, addresses, installation)
  const earliest = goodsDate(resolved, data)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!shipping) {
      setIncomplete(true)
      return
    }
    setForm(resolved)
    onDone()
  }

  return (
    <form className={styles.card} onSubmit={submit} noValidate data-testid="checkout-delivery">
      <h2 className={styles.cardTitle}>{t`Способ получения`}</h2>
      <fieldset className={styles.segmented}>
        <legend className="visually-hidden">{t`Способ получения`}</legend>
        {places.length > 0 ? (
          <label className={styles.segment}>
            <input
              type="radio"
              name="method"
              checked={resolved.method === 'pickup'}
              onChange={() => change({ method: 'pickup' })}
              data-testid="method-pickup"
            />
            <span className={styles.segmentTitle}>{t`Самовывоз`}</span>
            <span className={styles.segmentNote}>
              {data.pickup_date ? t`С ${isoDateText(data.pickup_date)}` : ''}
              {` · ${cost(Math.min(...places.map((p) => p.deliveryCost)))}`}
            </span>
          </label>
        ) : null}
        {couriers.length > 0 ? (
          <label className={styles.segment}>
            <input
              type="radio"
              name="method"
              checked={resolved.method === 'courier'}
              onChange={() => change({ method: 'courier' })}
              data-testid="method-courier"
            />
            <span className={styles.segmentTitle}>{t`Доставка курьером`}</span>
            <span className={styles.segmentNote}>
              {data.delivery_min_date ? t`С ${isoDateText(data.delivery_min_date)}` : ''}
              {couriers[0] ? ` · ${cost(couriers[0].option.deliveryCost)}` : ''}
            </span>
          </label>
        ) : null}
      </fieldset>

      {resolved.method === 'pickup' ? (
        <PickupChoice delivery={data} form={resolved} onChoose={(id) => change({ servicePointId: id })} />
      ) : (
        <CourierChoice delivery={data} form={resolved} addresses={addresses} onChange={change} />
      )}

      {installation ? (
        <div className={styles.form}>
          <Input
            type="date"
            label={t`Дата установки (необязательно)`}
            value={resolved.installationDate ?? ''}
            min={earliest ?? undefined}
            max={earliest ? addDays(earliest, 30) : undefined}
            onChange={(event) => change({ installationDate: event.target.value || null })}
            hint={t`Мастер приедет в этот день; кроме воскресений и праздников`}
            data-testid="installation-date"
          />
        </div>
      ) : null}

      {incomplete ? (
        <p className={styles.error} role="alert" data-testid="delivery-incomplete">
          {resolved.method === 'pickup'
            ? t`Выберите пункт выдачи`
            : t`Укажите улицу и дом, а для доставки ко времени — дату и время`}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" data-testid="checkout-next">
          {t`Продолжить`}
        </Button>
      </div>
    </form>
  )
}
