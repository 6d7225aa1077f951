import type { CatalogIndex, CityIndex } from './catalog-index'

/** Kazakhstan keeps one zone, UTC+5, since March 2024. */
const ZONE_OFFSET_MS = 5 * 3_600_000
const DAY_MS = 86_400_000
/** Goods ready at a point after this local hour are collected the next day. */
const PICKUP_CUTOFF_HOUR = 20
const COURIER_WINDOW = '10:00-22:00'
const MADE_TO_ORDER_DAYS = 14
/** Cities with express (same-day) courier delivery from shop stock: Almaty and Astana. */
const EXPRESS_CITIES: ReadonlySet<number> = new Set([0, 1])

export interface DeliveryInfo {
  delivery_min_date: string | null
  delivery_time: string | null
  pickup_date: string | null
  has_express_delivery: boolean
  has_fast_delivery: boolean
}

const NONE: DeliveryInfo = {
  delivery_min_date: null,
  delivery_time: null,
  pickup_date: null,
  has_express_delivery: false,
  has_fast_delivery: false,
}

const localDate = (ms: number) => new Date(ms + ZONE_OFFSET_MS).toISOString().slice(0, 10)

/** The time the estimate depends on: the local hour, so cached cards are rebuilt when it turns. */
export function deliveryClock(now: number): number {
  return Math.floor((now + ZONE_OFFSET_MS) / 3_600_000)
}

/**
 * The card's delivery estimate for one product in one city, from the index's stock arrays (see the
 * contract's `DeliveryInfo`). `now` is an epoch time; only its local hour matters.
 */
export function deliveryInfo(index: CatalogIndex, pos: number, city: CityIndex, now: number): DeliveryInfo {
  const record = index.records[pos]!
  const hourStart = Math.floor((now + ZONE_OFFSET_MS) / 3_600_000) * 3_600_000 - ZONE_OFFSET_MS
  const today = localDate(hourStart)
  switch (record.type) {
    case 'service':
    case 'guaranty':
      return NONE
    case 'digital':
    case 'certificate':
      return { ...NONE, delivery_min_date: today }
    default:
      break
  }
  const stock = index.stock
  if (stock.quantity[city]![pos]! > 0) {
    const hours = stock.minPickupHours[city]![pos]!
    const ready = hourStart + 3_600_000 + (hours === 255 ? 24 : hours) * 3_600_000
    const readyLocalHour = new Date(ready + ZONE_OFFSET_MS).getUTCHours()
    const pickup = readyLocalHour >= PICKUP_CUTOFF_HOUR ? localDate(ready + DAY_MS) : localDate(ready)
    return {
      delivery_min_date: localDate(hourStart + DAY_MS),
      delivery_time: COURIER_WINDOW,
      pickup_date: hours === 255 ? null : pickup,
      has_express_delivery: EXPRESS_CITIES.has(city) && stock.shopStock[city]![pos] === 1,
      has_fast_delivery: true,
    }
  }
  if (record.type === 'mto') {
    return {
      ...NONE,
      delivery_min_date: localDate(hourStart + MADE_TO_ORDER_DAYS * DAY_MS),
      delivery_time: COURIER_WINDOW,
    }
  }
  return NONE
}
