import type { PricedLine, PricingLine, PricingSums } from './types'

/** Shelf prices only: the sums of a cart before any promotion, code, card or bonus. */
export function baseLines(lines: PricingLine[]): PricedLine[] {
  return lines.map((line) => ({
    productId: line.productId,
    unitPrice: line.price,
    totalPrice: line.price * line.quantity,
    totalOldPrice: line.oldPrice === null ? null : line.oldPrice * line.quantity,
    cashback: 0,
    discount:
      line.oldPrice && line.oldPrice > line.price
        ? Math.round((100 * (line.oldPrice - line.price)) / line.oldPrice)
        : 0,
    tradeinAvailable: false,
    tradein: null,
  }))
}

export function baseSums(lines: PricingLine[], priced: PricedLine[]): PricingSums {
  let subTotalSum = 0
  let economySum = 0
  priced.forEach((p, i) => {
    if (!lines[i]?.isActive) return
    subTotalSum += p.totalPrice
    if (p.totalOldPrice !== null && p.totalOldPrice > p.totalPrice)
      economySum += p.totalOldPrice - p.totalPrice
  })
  return {
    subTotalSum,
    economySum,
    promoCodeSum: 0,
    tradeinSum: 0,
    giftCardSum: 0,
    bonusSum: 0,
    grandTotalSum: subTotalSum,
    cashbackSum: 0,
  }
}
