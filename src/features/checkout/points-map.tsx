import { useLingui } from '@lingui/react/macro'
import type { GeoPosition } from '../../../contract/menu'
import styles from './checkout.module.css'

const BOX = { width: 600, height: 420, padding: 32 }

export interface MapPoint {
  x: number
  y: number
}

/**
 * Coordinates on a flat picture: longitude scaled by the cosine of the middle latitude (so a city keeps
 * its shape), fitted into the box with one scale for both axes and centred, north up. One point, or
 * points on top of each other, land in the middle.
 */
export function project(points: readonly GeoPosition[], box = BOX): MapPoint[] {
  if (points.length === 0) return []
  const lats = points.map((p) => p.latitude)
  const kx = Math.cos((((Math.min(...lats) + Math.max(...lats)) / 2) * Math.PI) / 180)
  const flat = points.map((p) => ({ x: p.longitude * kx, y: -p.latitude }))
  const minX = Math.min(...flat.map((p) => p.x))
  const minY = Math.min(...flat.map((p) => p.y))
  const spanX = Math.max(...flat.map((p) => p.x)) - minX
  const spanY = Math.max(...flat.map((p) => p.y)) - minY
  const innerW = box.width - 2 * box.padding
  const innerH = box.height - 2 * box.padding
  const scale = Math.min(spanX > 0 ? innerW / spanX : Infinity, spanY > 0 ? innerH / spanY : Infinity)
  const s = Number.isFinite(scale) ? scale : 0
  const offsetX = box.padding + (innerW - spanX * s) / 2
  const offsetY = box.padding + (innerH - spanY * s) / 2
  return flat.map((p) => ({
    x: Math.round((offsetX + (p.x - minX) * s) * 10) / 10,
    y: Math.round((offsetY + (p.y - minY) * s) * 10) / 10,
  }))
}

export interface MapPlace {
  id: number
  title: string
  address: string
  kind: 'store' | 'pickup'
  geo: GeoPosition
}

/**
 * The pickup places drawn where they are relative to each other: an SVG, no map tiles from anywhere.
 * The numbers are the list's; a point is a button that chooses its place.
 */
export function PointsMap({
  places,
  selectedId,
  onSelect,
}: {
  places: readonly MapPlace[]
  selectedId: number | null
  onSelect: (id: number) => void
}) {
  const { t } = useLingui()
  const points = project(places.map((p) => p.geo))
  return (
    <svg
      className={styles.map}
      viewBox={`0 0 ${BOX.width} ${BOX.height}`}
      role="group"
      aria-label={t`Схема пунктов выдачи`}
      data-testid="checkout-map"
    >
      <defs>
        <pattern id="checkout-grid" width="60" height="60" patternUnits="userSpaceOnUse">
          <path d="M 60 0 L 0 0 0 60" fill="none" stroke="#ffffff" strokeWidth="2" />
        </pattern>
      </defs>
      <rect width={BOX.width} height={BOX.height} fill="url(#checkout-grid)" />
      <text
        x={BOX.width - 14}
        y={28}
        textAnchor="end"
        fontSize="16"
        fontWeight="700"
        fill="#596175"
        aria-hidden="true"
      >
        {t`С`} ↑
      </text>
      {places.map((place, index) => {
        const point = points[index]
        if (!point) return null
        const selected = place.id === selectedId
        const choose = () => onSelect(place.id)
        return (
          <g
            key={place.id}
            className={styles.mapPoint}
            data-kind={place.kind}
            transform={`translate(${point.x} ${point.y})`}
            role="button"
            tabIndex={0}
            aria-pressed={selected}
            aria-label={`${index + 1}. ${place.title}, ${place.address}`}
            onClick={choose}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault()
                choose()
              }
            }}
            data-testid="checkout-map-point"
          >
            <title>{`${index + 1}. ${place.title}`}</title>
            <circle r={selected ? 21 : 18} />
            <text textAnchor="middle" dominantBaseline="central">
              {index + 1}
            </text>
          </g>
        )
      })}
    </svg>
  )
}
