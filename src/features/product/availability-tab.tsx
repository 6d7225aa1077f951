import { select } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useStoreLocation } from '../../url/store-location'
import { Button } from '../../ui/button'
import { Skeleton } from '../../ui/skeleton'
import { AvailabilityList } from './availability-list'
import { PickupMap } from './pickup-map'
import { pluralForm } from '../../i18n/plural-form'
import { deliveryQuery, stocksQuery } from './queries'
import { mapPlaces, storesFromStocks } from './stores'
import { useDayText } from './use-day-text'
import styles from './availability.module.css'

export interface AvailabilityTabProps {
  sku: string
  cityName: string
}

type View = 'list' | 'map'

/**
 * Where the product is in the shopper's city: the shops holding it (showcase units marked) with their
 * hours, and every place it can be collected, as a list or drawn as a map.
 */
export function AvailabilityTab({ sku, cityName }: AvailabilityTabProps) {
  const { t } = useLingui()
  const { cityId, lang } = useStoreLocation()
  const stocks = useQuery(stocksQuery(sku, cityId, lang))
  const delivery = useQuery(deliveryQuery(sku, cityId, lang))
  const [view, setView] = useState<View>('list')
  const [selectedId, setSelectedId] = useState<number | null>(null)
  const now = new Date()
  const days = useDayText(now)
  const dayText = (iso: string) => days(iso)

  if (stocks.isPending) {
    return (
      <div className={styles.loading} aria-busy="true">
        <Skeleton height={24} width="40%" />
        <Skeleton height={96} />
        <Skeleton height={96} />
      </div>
    )
  }
  if (stocks.isError) {
    return (
      <div className={styles.message}>
        <p>{t`Не удалось загрузить наличие в магазинах.`}</p>
        <Button size="s" variant="secondary" onClick={() => void stocks.refetch()}>
          {t`Повторить`}
        </Button>
      </div>
    )
  }

  const stores = storesFromStocks(stocks.data.stocks)
  const places = mapPlaces(stores, delivery.data?.pickup_points ?? [])
  const numbers = new Map(places.map((place, i) => [place.id, i + 1]))
  const pickupOnly = places.filter((place) => place.kind === 'pickup')
  const count = stores.length
  const form = pluralForm(count)
  const selected = places.find((place) => place.id === selectedId) ?? null

  return (
    <div className={styles.tab} data-testid="availability" data-city-id={cityId}>
      <div className={styles.toolbar}>
        <h2 className={styles.heading}>
          {count > 0
            ? t`${select(form, {
                one: `В наличии по ${count} адресу`,
                other: `В наличии по ${count} адресам`,
              })} · ${cityName}`
            : t`Нет в наличии в магазинах города ${cityName}`}
        </h2>
        {places.length > 0 ? (
          <div className={styles.views} role="group" aria-label={t`Вид`}>
            <button
              type="button"
              aria-pressed={view === 'list'}
              onClick={() => setView('list')}
              data-testid="availability-view-list"
            >
              {t`Списком`}
            </button>
            <button
              type="button"
              aria-pressed={view === 'map'}
              onClick={() => setView('map')}
              data-testid="availability-view-map"
            >
              {t`На карте`}
            </button>
          </div>
        ) : null}
      </div>

      {view === 'map' && places.length > 0 ? (
        <div className={styles.mapView}>
          <PickupMap
            places={places}
            selectedId={selectedId}
            onSelect={(id) => {
              setSelectedId(id)
              // the chosen point's line in the list comes into view beside (or under) the map
              document
                .getElementById(`pickup-place-${id}`)
                ?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' })
            }}
          />
          <ol className={styles.placeList}>
            {places.map((place, i) => (
              <li key={place.id}>
                <button
                  type="button"
                  id={`pickup-place-${place.id}`}
                  className={styles.place}
                  aria-pressed={place.id === selectedId}
                  onClick={() => setSelectedId(place.id)}
                  data-kind={place.kind}
                >
                  <span
                    className={styles.number}
                    data-kind={place.kind}
                    data-showcase={place.showcaseOnly || undefined}
                  >
                    {i + 1}
                  </span>
                  <span className={styles.placeText}>
                    <b>{place.title}</b>
                    <span>{place.address}</span>
                    <span className={styles.placeDate}>
                      {place.pointType === 'shop' ? t`Магазин` : t`Пункт выдачи`} ·{' '}
                      {t`забрать ${dayText(place.pickupDate)}`}
                      {place.showcaseOnly ? ` · ${t`витринный образец`}` : ''}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ol>
          {selected ? (
            <p className="visually-hidden" aria-live="polite">
              {selected.title}
            </p>
          ) : null}
        </div>
      ) : (
        <>
          {count > 0 ? (
            <AvailabilityList
              stores={stores}
              cityId={cityId}
              dayText={dayText}
              now={now}
              numbers={numbers}
              selectedId={selectedId}
            />
          ) : null}
          {pickupOnly.length > 0 ? (
            <section className={styles.pickupSection}>
              <h3 className={styles.subheading}>{t`Пункты выдачи`}</h3>
              <p className={styles.hint}>{t`Привезём заказ в удобный пункт выдачи.`}</p>
              <ul className={styles.pickupList}>
                {pickupOnly.map((place) => (
                  <li key={place.id} className={styles.pickupPoint} data-testid="pickup-point">
                    <span className={styles.number} data-kind="pickup" aria-hidden="true">
                      {numbers.get(place.id)}
                    </span>
                    <span className={styles.placeText}>
                      <b>{place.title}</b>
                      <span>{place.address}</span>
                      <span className={styles.placeDate}>{t`забрать ${dayText(place.pickupDate)}`}</span>
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {places.length === 0 ? (
            <p
              className={styles.hint}
            >{t`Забрать товар в этом городе сейчас негде. Попробуйте выбрать другой город.`}</p>
          ) : null}
        </>
      )}
    </div>
  )
}
