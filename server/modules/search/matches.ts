import type { CatalogIndex, CategoryNode, CityIndex } from '../catalog'
import type { MatchRows } from './text-index'
import { words } from './text'

/**
 * The products a query matched, as catalogue positions in typed arrays (12 bytes a match instead of
 * an object each), with the part of their score no city changes: a cached broad prefix holds 20,000
 * of them, and every search and suggestion of the query is scored from here.
 */
export interface MatchSet {
  positions: Int32Array
  /** Text rank × sales × kind × category named (see `resolveMatches`). */
  base: Float64Array
}

/** A matched product the city sells, with its score there. */
export interface Scored {
  pos: number
  score: number
}

/** Words shorter than this do not tell a category. */
const MIN_STEM = 4
const categoryWords = new WeakMap<CategoryNode, string[]>()

/** The query's words cut to a rough stem (Russian and Kazakh endings are one or two letters). */
export function queryStems(termWords: Iterable<string>): string[] {
  const stems: string[] = []
  for (const w of termWords)
    if (w.length >= MIN_STEM + 1) stems.push(w.slice(0, Math.max(MIN_STEM, w.length - 2)))
  return stems
}

/** Whether a word of the category's own name (ru or kk) starts with one of the stems. */
function namesCategory(category: CategoryNode, stems: string[]): boolean {
  if (stems.length === 0) return false
  let names = categoryWords.get(category)
  if (!names) {
    names = words(`${category.nameRu} ${category.nameKk}`)
    categoryWords.set(category, names)
  }
  return names.some((n) => stems.some((s) => n.startsWith(s)))
}

/**
 * Resolves matched ids to catalogue positions, once per query and catalogue version. Products whose
 * description alone mentions a word are kept only when nothing names it better. The city-free score:
 * services and warranty extensions name the goods they go with, so the goods come first; a query
 * naming the product's category ("процессор") prefers it to products merely made for one.
 */
export function resolveMatches(index: CatalogIndex, rows: MatchRows, stems: string[]): MatchSet {
  const anyStrong = rows.strong.includes(1)
  const positions = new Int32Array(rows.ids.length)
  const base = new Float64Array(rows.ids.length)
  const named = new Map<CategoryNode, number>()
  let n = 0
  for (let i = 0; i < rows.ids.length; i++) {
    if (anyStrong && rows.strong[i] !== 1) continue
    const record = index.productById(rows.ids[i]!)
    if (!record) continue
    let categoryFactor = named.get(record.category)
    if (categoryFactor === undefined) {
      categoryFactor = namesCategory(record.category, stems) ? 2 : 1
      named.set(record.category, categoryFactor)
    }
    const sales = 1 + Math.log10(1 + index.popularity[record.pos]!) / 10
    const kind = record.type === 'service' || record.type === 'guaranty' ? 0.3 : 1
    positions[n] = record.pos
    base[n] = rows.ranks[i]! * sales * kind * categoryFactor
    n++
  }
  return { positions: positions.slice(0, n), base: base.slice(0, n) }
}

/** The matches the city sells, scored: the city-free score, half again for products in stock there. */
export function scoreInCity(index: CatalogIndex, set: MatchSet, city: CityIndex): Scored[] {
  const priced = index.prices[city]!.has
  const inStock = index.stock.quantity[city]!
  const out: Scored[] = []
  for (let i = 0; i < set.positions.length; i++) {
    const pos = set.positions[i]!
    if (priced[pos] !== 1) continue
    out.push({ pos, score: set.base[i]! * (inStock[pos]! > 0 ? 1.5 : 1) })
  }
  return out
}

/**
 * The first `count` items in `compare` order, as a full sort would give them (the comparison must be
 * a total order), without sorting the rest: a page of 24 out of 20,000 matches costs one pass.
 */
export function firstInOrder<T>(items: readonly T[], count: number, compare: (a: T, b: T) => number): T[] {
  if (count <= 0) return []
  if (count * 8 >= items.length) return [...items].sort(compare).slice(0, count)
  const best: T[] = []
  for (const item of items) {
    if (best.length === count && compare(item, best[count - 1]!) >= 0) continue
    let lo = 0
    let hi = best.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (compare(item, best[mid]!) < 0) hi = mid
      else lo = mid + 1
    }
    best.splice(lo, 0, item)
    if (best.length > count) best.pop()
  }
  return best
}
