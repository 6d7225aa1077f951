import type { PickupPlace, StockEntry } from '../../../contract/inventory'
import type { GeoPosition, ServicePointType, WeeklyWorkHours } from '../../../contract/menu'

/** A shop holding the product in the shopper's city, its stock entries (new and showcase) merged. */
export interface StoreStock {
  id: number
  type: ServicePointType
  title: string
  address: string
  geo: GeoPosition
  workHours: string
  weekly: WeeklyWorkHours
  /** New units. */
  units: number
  /** Showcase units (condition V), sold as they are. */
  showcaseUnits: number
  /** Only the showcase unit is left here. */
  showcaseOnly: boolean
  /** The only point in the city that has it. */
  isLastPoint: boolean
  /** The day it can be collected if ordered now. */
  pickupDate: string
  pickupHours: number
}

/** Merges the stock entries of one point (a new-stock row and a showcase row) into one store, keeping the server's order. */
export function storesFromStocks(entries: readonly StockEntry[]): StoreStock[] {
  const byId = new Map<number, StoreStock>()
  for (const entry of entries) {
    let store = byId.get(entry.service_point_id)
    if (!store) {
      store = {
        id: entry.service_point_id,
        type: entry.service_point_type,
        title: entry.title,
        address: entry.address,
        geo: entry.geo_position,
        workHours: entry.work_hours,
        weekly: entry.weekly_work_hours,
        units: 0,
        showcaseUnits: 0,
        showcaseOnly: false,
        isLastPoint: entry.is_last_point,
        pickupDate: entry.pickup_date,
        pickupHours: entry.pickup_time,
      }
      byId.set(entry.service_point_id, store)
    }
    if (entry.condition === 'V') store.showcaseUnits += entry.stock
    else store.units += entry.stock
    store.isLastPoint ||= entry.is_last_point
    // The earliest collection of the point's rows is the point's.
    if (entry.pickup_date < store.pickupDate) store.pickupDate = entry.pickup_date
    store.pickupHours = Math.min(store.pickupHours, entry.pickup_time)
  }
  const stores = [...byId.values()]
  for (const store of stores) store.showcaseOnly = store.units === 0 && store.showcaseUnits > 0
  return stores.filter((store) => store.units + store.showcaseUnits > 0)
}

/**
 * A place on the pickup map: `stock` where the product is (a shop, sometimes a pickup point holding it),
 * `pickup` a pickup point the goods are brought to.
 */
export interface MapPlace {
  id: number
  kind: 'stock' | 'pickup'
  pointType: ServicePointType
  title: string
  address: string
  geo: GeoPosition
  pickupDate: string
  showcaseOnly: boolean
}

/**
 * Every place the shopper can collect the product in the city: the points holding it (from the stocks),
 * then the pickup points of the delivery options that are not already among them.
 */
export function mapPlaces(stores: readonly StoreStock[], pickupPoints: readonly PickupPlace[]): MapPlace[] {
  const places: MapPlace[] = stores.map((store) => ({
    id: store.id,
    kind: 'stock',
    pointType: store.type,
    title: store.title,
    address: store.address,
    geo: store.geo,
    pickupDate: store.pickupDate,
    showcaseOnly: store.showcaseOnly,
  }))
  const known = new Set(places.map((p) => p.id))
  for (const point of pickupPoints) {
    if (known.has(point.service_point_id)) continue
    known.add(point.service_point_id)
    places.push({
      id: point.service_point_id,
      kind: 'pickup',
      pointType: point.type,
      title: point.title,
      address: point.address,
      geo: point.geo_position,
      pickupDate: point.pickup_date,
      showcaseOnly: point.showcase_only,
    })
  }
  return places
}

/** How much a store has, in the words a shopper reads: the last one, a few, or plenty. */
export type StockLevel = 'last' | 'few' | 'many'

export function stockLevel(units: number): StockLevel {
  if (units <= 1) return 'last'
  if (units < 5) return 'few'
  return 'many'
}
