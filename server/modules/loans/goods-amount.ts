import { matchPromotions, promoPrice, type PricingLine, type PromotionRow } from '../pricing'

/**
 * What the goods cost at the store's own prices: each unit at the city's shelf price, except that a good
 * offered by a kit that runs on another good of the list costs, for one unit, the kit's price. That is
 * how the cart prices a kit's parts (one set per reference line), so the installment line under a cart
 * with a kit quotes what the cart costs; the price a client sends is never taken.
 */
export function goodsAmount(
  goods: PricingLine[],
  promotions: PromotionRow[],
  cityId: number,
  now: Date,
): number {
  const shelf = goods.reduce((sum, good) => sum + good.price * good.quantity, 0)
  const unitsLeft = goods.map((good) => good.quantity)
  let kitDiscount = 0
  for (const { line, promotion } of matchPromotions(goods, promotions, cityId, now)) {
    if (promotion.type !== 'kit') continue
    for (const rule of promotion.rules) {
      const i = goods.findIndex(
        (good, j) =>
          good !== line &&
          good.isActive &&
          rule.productIds.includes(good.productId) &&
          (unitsLeft[j] ?? 0) > 0,
      )
      const part = goods[i]
      if (!part) continue
      unitsLeft[i] = (unitsLeft[i] ?? 0) - 1
      kitDiscount += part.price - promoPrice('kit', rule, part.price)
    }
  }
  return shelf - kitDiscount
}
