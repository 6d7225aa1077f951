import type { Cart, CartProduct } from '../../../contract/cart'
import type { CalculationLine } from '../../../contract/checkout'

/** Product types that are goods on a shelf: the rest (services, certificates, keys, warranties) take no stock. */
const STOCKED_TYPES = new Set(['regular', 'mto'])

export interface OrderLine extends CalculationLine {
  /** Units taken from the city's stock for this line (0 for services and digital goods). */
  stocked: boolean
}

const lineOf = (p: CartProduct, kind: 'product' | 'service'): OrderLine => ({
  id: p.id,
  sku: p.sku,
  uri: p.uri,
  title: p.title,
  quantity: p.quantity,
  price: p.price,
  totalPrice: p.totalPrice,
  kind,
  image: p.images[0] ?? null,
  stocked: STOCKED_TYPES.has(p.type),
})

/**
 * What an order holds, from the cart as the server priced it: the active lines, their services, and the
 * parts and gifts of the promotions applied to them (bought with their product, one set per line, at
 * the promotion's price). Kit parts and gifts have no line id in the cart: `id` 0 until the order's
 * transaction finds them by sku.
 */
export function orderLines(cart: Cart): OrderLine[] {
  const lines: OrderLine[] = [
    ...cart.products.filter((p) => p.isActive).map((p) => lineOf(p, 'product')),
    ...cart.services.filter((p) => p.isActive).map((p) => lineOf(p, 'service')),
  ]
  for (const promotion of cart.promotions) {
    if (!promotion.isApplied) continue
    for (const part of promotion.result.products) {
      if (!part.isChosen) continue
      lines.push({
        id: 0,
        sku: part.sku,
        uri: null,
        title: part.title,
        quantity: 1,
        price: part.promoPrice,
        totalPrice: part.promoPrice,
        kind: promotion.type === 'gift' ? 'gift' : 'kit',
        image: part.images[0] ?? null,
        stocked: STOCKED_TYPES.has(part.type),
      })
    }
  }
  return lines
}

/** Units of each sku the order takes from stock, summed over its lines (a gift may also be a line). */
export function stockedUnits(lines: OrderLine[]): Map<string, number> {
  const units = new Map<string, number>()
  for (const l of lines) if (l.stocked) units.set(l.sku, (units.get(l.sku) ?? 0) + l.quantity)
  return units
}
