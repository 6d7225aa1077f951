import { useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { CityId } from '../../../contract/common'
import { openState, weeklyRuns, type OpenState, type Weekday } from './work-hours'
import { stockLevel, type StoreStock } from './stores'
import styles from './availability.module.css'

const SHORT_DAYS: Record<Weekday, MessageDescriptor> = {
  monday: msg`Пн`,
  tuesday: msg`Вт`,
  wednesday: msg`Ср`,
  thursday: msg`Чт`,
  friday: msg`Пт`,
  saturday: msg`Сб`,
  sunday: msg`Вс`,
}

export interface AvailabilityListProps {
  stores: readonly StoreStock[]
  cityId: CityId
  /** Turns an ISO date into "сегодня", "завтра" or "05 мая". */
  dayText: (isoDate: string) => string
  now: Date
  /** Numbers matching the map's markers, by store id. */
  numbers?: ReadonlyMap<number, number>
  selectedId?: number | null
}

function StockBadge({ store }: { store: StoreStock }) {
  const { t } = useLingui()
  if (store.showcaseOnly)
    return <span className={`${styles.badge} ${styles.showcase}`}>{t`Только витринный образец`}</span>
  const level = stockLevel(store.units)
  const units = store.units
  return (
    <span className={styles.badge} data-level={level}>
      {level === 'last'
        ? t`Последний экземпляр`
        : level === 'few'
          ? t`Мало: ${units} шт.`
          : t`Много: ${units} шт.`}
    </span>
  )
}

function OpenNow({ state }: { state: OpenState }) {
  const { t } = useLingui()
  const { closesAt, opensAt, today } = state
  if (state.open) return <span className={styles.open}>{t`Открыто до ${closesAt}`}</span>
  return (
    <>
      <span className={styles.closed}>{t`Закрыто`}</span>
      {' · '}
      {opensAt ? t`откроется в ${opensAt}` : today ? t`сегодня ${today}` : t`сегодня выходной`}
    </>
  )
}

/** The shops of the city holding the product: stock, showcase units, opening hours and when to collect. */
export function AvailabilityList({
  stores,
  cityId,
  dayText,
  now,
  numbers,
  selectedId,
}: AvailabilityListProps) {
  const { t, i18n } = useLingui()
  return (
    <ul className={styles.stores}>
      {stores.map((store) => {
        const state = openState(store.weekly, now)
        const number = numbers?.get(store.id)
        const showcaseUnits = store.showcaseUnits
        return (
          <li
            key={store.id}
            className={styles.store}
            data-testid="availability-store"
            data-city-id={cityId}
            data-point-id={store.id}
            data-showcase={store.showcaseUnits > 0 || undefined}
            aria-current={selectedId === store.id ? 'true' : undefined}
          >
            <div className={styles.storeHead}>
              {number != null ? (
                <span
                  className={styles.number}
                  data-showcase={store.showcaseOnly || undefined}
                  aria-hidden="true"
                >
                  {number}
                </span>
              ) : null}
              <div className={styles.storeName}>
                <h3 className={styles.storeTitle}>{store.title}</h3>
                <p className={styles.address}>
                  {store.type === 'pickup_point' ? `${t`Пункт выдачи`} · ` : ''}
                  {store.address}
                </p>
              </div>
              <StockBadge store={store} />
            </div>
            <div className={styles.storeFacts}>
              <p>
                <OpenNow state={state} />
              </p>
              <p>{t`Забрать: ${dayText(store.pickupDate)}`}</p>
              {store.showcaseUnits > 0 && !store.showcaseOnly ? (
                <p className={styles.showcaseNote}>{t`Есть витринный образец: ${showcaseUnits} шт.`}</p>
              ) : null}
              {store.showcaseOnly ? (
                <p
                  className={styles.showcaseNote}
                >{t`Товар с витрины продаётся в том виде, в каком выставлен.`}</p>
              ) : null}
              {store.isLastPoint ? (
                <p className={styles.lastPoint}>{t`Единственный магазин города с этим товаром`}</p>
              ) : null}
            </div>
            <details className={styles.week}>
              <summary>{t`График работы`}</summary>
              <dl>
                {weeklyRuns(store.weekly).map((run) => (
                  <div key={run.from}>
                    <dt>
                      {run.from === run.to
                        ? i18n._(SHORT_DAYS[run.from])
                        : `${i18n._(SHORT_DAYS[run.from])}–${i18n._(SHORT_DAYS[run.to])}`}
                    </dt>
                    <dd>{run.hours ?? t`выходной`}</dd>
                  </div>
                ))}
              </dl>
            </details>
          </li>
        )
      })}
    </ul>
  )
}
