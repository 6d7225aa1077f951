import { useLingui } from '@lingui/react/macro'
import { projectPoints } from './map-projection'
import type { MapPlace } from './stores'
import styles from './pickup-map.module.css'

const BOX = { width: 600, height: 450, padding: 36 }

export interface PickupMapProps {
  places: readonly MapPlace[]
  selectedId: number | null
  onSelect: (id: number) => void
}

/**
 * The collection places of the city drawn from their coordinates: no map tiles from anywhere, just the
 * points where they are relative to each other, north up, numbered like the list beside it.
 */
export function PickupMap({ places, selectedId, onSelect }: PickupMapProps) {
  const { t } = useLingui()
  const points = projectPoints(
    places.map((p) => p.geo),
    BOX,
  )
  return (
    <div className={styles.wrap}>
      <div className={styles.map} data-testid="pickup-map" role="group" aria-label={t`Схема пунктов выдачи`}>
        <span className={styles.north} aria-hidden="true">
          {t`С`} ↑
        </span>
        {places.map((place, i) => {
          const point = points[i]
          if (!point) return null
          const selected = place.id === selectedId
          return (
            <button
              key={place.id}
              type="button"
              className={styles.marker}
              style={{ left: `${(point.x / BOX.width) * 100}%`, top: `${(point.y / BOX.height) * 100}%` }}
              data-kind={place.kind}
              data-showcase={place.showcaseOnly || undefined}
              aria-pressed={selected}
              aria-label={`${i + 1}. ${place.title}, ${place.address}`}
              title={place.title}
              data-testid="pickup-map-point"
              onClick={() => onSelect(place.id)}
            >
              <span>{i + 1}</span>
            </button>
          )
        })}
      </div>
      <ul className={styles.legend} aria-hidden="true">
        <li data-kind="stock">{t`Товар в наличии`}</li>
        <li data-kind="showcase">{t`Только витринный образец`}</li>
        <li data-kind="pickup">{t`Привезём в пункт выдачи`}</li>
      </ul>
    </div>
  )
}
