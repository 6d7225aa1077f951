import type { DeliveryResult, ReceiveKind, ReceiveOption } from '../../../contract/inventory'

/** One line of the delivery block: a way to receive the product in the city, with its price and dates. */
export interface DeliveryRow {
  kind: ReceiveKind
  type: ReceiveOption['type']
  cost: number
  freeFrom: number | null
  minDate: string
  maxDate: string
  hours: ReceiveOption['deliveryHours']
  orderBefore: string | null
  /** Shops or pickup points offering it (store and pickup rows). */
  places: number
}

const ORDER: readonly ReceiveKind[] = ['express', 'fast', 'courier', 'store', 'pickup']

/** The options of a delivery result, fastest first; options the city does not offer are absent. */
export function deliveryRows(result: DeliveryResult): DeliveryRow[] {
  const options: ReceiveOption[] = [...result.deliveries]
  if (result.delivery) options.push(result.delivery)
  if (result.store) options.push(result.store)
  if (result.pickup) options.push(result.pickup)
  const rows = options.map((option) => ({
    kind: option.deliveryType,
    type: option.type,
    cost: option.deliveryCost,
    freeFrom: option.free_from,
    minDate: option.min_date,
    maxDate: option.max_date,
    hours: option.deliveryHours,
    orderBefore: option.order_before,
    places:
      option.deliveryType === 'store'
        ? result.stores.length
        : option.deliveryType === 'pickup'
          ? result.pickup_points.length
          : 0,
  }))
  return rows.sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind))
}

export type ProductDeliveryStatus = DeliveryResult['products'][number]['status']

/** What the delivery service says of one product: in the city, brought from another, unavailable... */
export function productStatus(result: DeliveryResult, sku: string): ProductDeliveryStatus {
  return result.products.find((p) => p.sku === sku)?.status ?? 'unknown'
}
