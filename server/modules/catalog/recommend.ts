import type { RECOMMENDATION_CODES } from '../../../contract/catalog'
import type { Lang } from '../../../contract/common'
import { hasBit } from './bitset'
import type { CatalogIndex, CategoryNode, CityIndex, ProductRecord } from './catalog-index'

export type RecommendationCode = (typeof RECOMMENDATION_CODES)[number]

export const RECOMMENDATION_TITLES: Record<RecommendationCode, Record<Lang, string>> = {
  similar: { ru: 'Похожие товары', kk: 'Ұқсас тауарлар' },
  accessories: { ru: 'Аксессуары', kk: 'Аксессуарлар' },
  together: { ru: 'С этим товаром покупают', kk: 'Осы тауармен бірге сатып алады' },
  popular: { ru: 'Популярные товары', kk: 'Танымал тауарлар' },
  new: { ru: 'Новинки', kk: 'Жаңалықтар' },
  discounted: { ru: 'Скидки', kk: 'Жеңілдіктер' },
}

/**
 * Categories whose products go with a category's products, by category slug: what the accessory and
 * "bought together" carousels draw from. PC parts point at the parts they are fitted with.
 */
export const RELATED_CATEGORIES: Readonly<Record<string, readonly string[]>> = {
  smartfony: ['naushniki', 'smart-chasy', 'portativnye-kolonki'],
  planshety: ['naushniki', 'portativnye-kolonki', 'smart-chasy'],
  'smart-chasy': ['smartfony', 'naushniki'],
  noutbuki: ['naushniki', 'nakopiteli', 'operativnaya-pamyat'],
  televizory: ['igrovye-pristavki', 'portativnye-kolonki', 'naushniki'],
  naushniki: ['smartfony', 'portativnye-kolonki', 'smart-chasy'],
  'portativnye-kolonki': ['naushniki', 'smartfony'],
  fotoapparaty: ['nakopiteli', 'noutbuki'],
  'igrovye-pristavki': ['televizory', 'naushniki'],
  processory: ['materinskie-platy', 'kulery', 'operativnaya-pamyat'],
  'materinskie-platy': ['processory', 'operativnaya-pamyat', 'nakopiteli'],
  'operativnaya-pamyat': ['materinskie-platy', 'processory'],
  videokarty: ['bloki-pitaniya', 'korpusa'],
  nakopiteli: ['materinskie-platy', 'noutbuki'],
  'bloki-pitaniya': ['videokarty', 'korpusa'],
  korpusa: ['bloki-pitaniya', 'kulery', 'materinskie-platy'],
  kulery: ['processory', 'korpusa'],
  holodilniki: ['mikrovolnovye-pechi', 'stiralnye-mashiny'],
  'stiralnye-mashiny': ['pylesosy', 'holodilniki'],
  pylesosy: ['stiralnye-mashiny'],
  'mikrovolnovye-pechi': ['holodilniki'],
  kondicionery: ['holodilniki'],
}

/** Attributes two parts must share (any common value) to be offered together. */
const COMPATIBILITY = ['socket', 'memory_type'] as const

function compatible(a: ProductRecord, b: ProductRecord): boolean {
  for (const code of COMPATIBILITY) {
    const x = a.attributes[code]
    const y = b.attributes[code]
    if (x === undefined || y === undefined) continue
    const xs = (Array.isArray(x) ? x : [x]).map(String)
    const ys = new Set((Array.isArray(y) ? y : [y]).map(String))
    if (!xs.some((v) => ys.has(v))) return false
  }
  return true
}

export interface RecommendRequest {
  city: CityIndex
  product: ProductRecord | null
  category: CategoryNode | null
  limit: number
}

/** Whether the city sells the product and has it (services and digital goods are always there). */
function sellable(index: CatalogIndex, pos: number, city: CityIndex): boolean {
  if (!index.prices[city]!.has[pos]) return false
  const type = index.records[pos]!.type
  if (type === 'service' || type === 'guaranty' || type === 'certificate' || type === 'digital') return true
  return hasBit(index.stock.inStock[city]!, pos)
}

export function recommend(index: CatalogIndex, code: RecommendationCode, req: RecommendRequest): number[] {
  const { city, product, limit } = req
  switch (code) {
    case 'similar':
      return product ? similar(index, product, city, limit) : []
    case 'accessories':
      return product ? accessories(index, product, city, limit) : []
    case 'together': {
      if (!product) return []
      const services = (index.servicesFor.get(product.category.id) ?? []).filter(
        (pos) => index.prices[city]!.has[pos],
      )
      const picks = accessories(index, product, city, limit, true)
      return [...services, ...picks].slice(0, limit)
    }
    case 'popular':
      return index.top(scopeOf(index, req.category), 'score', city, limit, (pos) =>
        regular(index, pos) ? sellable(index, pos, city) : false,
      )
    case 'new':
      return index.top(scopeOf(index, req.category), 'new', city, limit, (pos) => {
        const r = index.records[pos]!
        return r.isNew && index.prices[city]!.has[pos] === 1 && (r.isPreorder || sellable(index, pos, city))
      })
    case 'discounted':
      return index.top(
        scopeOf(index, req.category),
        'discount',
        city,
        limit,
        (pos) => index.prices[city]!.discount[pos]! > 0 && sellable(index, pos, city),
      )
  }
}

const regular = (index: CatalogIndex, pos: number) => {
  const type = index.records[pos]!.type
  return type === 'regular' || type === 'mto'
}

function scopeOf(index: CatalogIndex, category: CategoryNode | null) {
  return category ? index.categoryScope(category) : index.wholeScope(null, 'all')
}

/** Same category, another model, in stock in the city, closest in price first. */
function similar(index: CatalogIndex, product: ProductRecord, city: CityIndex, limit: number): number[] {
  const c = product.category
  const price = index.prices[city]!.price
  const target = price[product.pos]!
  const candidates: number[] = []
  for (let pos = c.start; pos < c.end; pos++) {
    const r = index.records[pos]!
    if (pos === product.pos || (product.group !== null && r.group === product.group)) continue
    if (r.titleRu === product.titleRu) continue
    if (sellable(index, pos, city)) candidates.push(pos)
  }
  candidates.sort(
    (a, b) =>
      Math.abs(price[a]! - target) - Math.abs(price[b]! - target) ||
      index.popularity[b]! - index.popularity[a]! ||
      index.ids[a]! - index.ids[b]!,
  )
  // one product per title: the same model in the same configuration is not "similar"
  const seen = new Set<string>()
  const out: number[] = []
  for (const pos of candidates) {
    const title = index.records[pos]!.titleRu
    if (seen.has(title)) continue
    seen.add(title)
    out.push(pos)
    if (out.length >= limit) break
  }
  return out
}

/** The most popular compatible products of the related categories, taken in turns. */
function accessories(
  index: CatalogIndex,
  product: ProductRecord,
  city: CityIndex,
  limit: number,
  onePerCategory = false,
): number[] {
  const related = (RELATED_CATEGORIES[product.category.slug] ?? [])
    .map((slug) => index.category(slug))
    .filter((c): c is CategoryNode => c !== null)
  const per = onePerCategory ? 1 : Math.ceil(limit / Math.max(1, related.length))
  const lists = related.map((c) => {
    const seen = new Set<string>()
    return index.top(index.categoryScope(c), 'score', city, per, (pos) => {
      const r = index.records[pos]!
      if (seen.has(r.titleRu) || !sellable(index, pos, city) || !compatible(product, r)) return false
      seen.add(r.titleRu)
      return true
    })
  })
  const out: number[] = []
  for (let i = 0; out.length < limit && lists.some((l) => i < l.length); i++) {
    for (const list of lists) {
      const pos = list[i]
      if (pos !== undefined && out.length < limit) out.push(pos)
    }
  }
  return out
}
