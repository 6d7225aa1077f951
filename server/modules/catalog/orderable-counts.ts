import { CITY_COUNT, type CatalogIndex, type CityIndex, type StockState } from './catalog-index'
import { availabilityOf } from './render'

export interface CategoryCityCount {
  category_id: number
  city_id: number
  n: number
}

const memo = new WeakMap<StockState, CategoryCityCount[]>()

/**
 * Products per leaf category that a shopper of each city can order (in stock there, on pre-order, or
 * not needing stock at all), the counts the category menu shows. They come from the index, so a stock
 * change is reflected at the next reload without a scan of the stock table; the answer is kept until
 * the index's stock moves.
 */
export function orderableCounts(index: CatalogIndex): CategoryCityCount[] {
  const known = memo.get(index.stock)
  if (known) return known
  const byKey = new Map<number, number[]>()
  for (const record of index.records) {
    let perCity = byKey.get(record.category.id)
    if (!perCity) byKey.set(record.category.id, (perCity = new Array<number>(CITY_COUNT).fill(0)))
    for (let city = 0; city < CITY_COUNT; city++) {
      if (availabilityOf(index, record.pos, city as CityIndex) !== 'OutOfStock') perCity[city]! += 1
    }
  }
  const counts: CategoryCityCount[] = []
  for (const [categoryId, perCity] of byKey) {
    perCity.forEach((n, city) => {
      if (n > 0) counts.push({ category_id: categoryId, city_id: city + 1, n })
    })
  }
  memo.set(index.stock, counts)
  return counts
}
