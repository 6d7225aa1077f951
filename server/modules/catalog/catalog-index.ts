/**
 * The in-memory catalogue index: how listings, facets, brand pages, recommendations and the product
 * page's list fields are answered without a query per request.
 *
 * Why: a category listing with three filters and facet counts must stay under 40 ms p95 on PGlite
 * (one query at a time, ~0.5 ms each at best) and 15 ms on PostgreSQL with 200,000 products, at 32
 * concurrent connections on two shared cores. Per-request SQL (a filtered count, one grouped count
 * per facet, the page, its prices and stock) cannot do that, so each server process keeps a
 * read-only copy of what listings need and asks the database only for product-page texts.
 *
 * Layout. Every product gets a position 0..N-1. Positions follow the category tree in depth-first
 * order (a category's own products, by id, then its children's subtrees), so every category, leaf or
 * not, owns one contiguous position range [start, end). Per position there are:
 *  - a `ProductRecord` with the display fields (titles, uri, sku, images, stickers and short
 *    descriptions; JSON values are interned, so equal attribute sets and descriptions share one
 *    object: at 200,000 products there are a few tens of thousands distinct ones);
 *  - typed arrays for what loops touch: popularity, creation time, rating, and per city price, old
 *    price, discount and credit terms (`PriceTable`), plus stock per city in a `StockState`.
 * For every filterable attribute value (code `brand` value `apple`, `memory` `256`, `nfc` `true`)
 * there is one catalogue-wide bitset over positions; numeric range attributes (diagonal, volume)
 * are Float64Arrays over the span of positions that carry them. Stock adds one bitset per service
 * point and one "in stock" bitset per city.
 *
 * A listing is bit arithmetic over the words of its category's range: the range, AND the products
 * priced in the city, AND the point's bitset, AND for every active filter code the OR of its chosen
 * values' bitsets (a range filter or the price is a bitset made by one scan of the range). Facet
 * counts are popcounts: an option of a code that is not active counts |all ∧ option|; an option of an
 * active code counts |everything but that code ∧ option|, which is "all other filters applied".
 * The page is read from a sorted permutation of the range (per sorting, and per city for price and
 * discount), computed on first use and kept for the life of the index, skipping positions whose bit
 * is clear. Cost grows with the range size / 32 times the number of options, not with the rows.
 *
 * Refresh (`index-holder.ts`). Triggers bump `catalog_version` on every statement that writes the
 * catalogue tables but prices; every write to `stocks` records its products in `stock_changes` and
 * every write to `product_prices` in `price_changes`, whose id sequences are the stock's and the
 * prices' versions. Each process polls all three every 2 s (one tiny query). A catalogue change
 * rebuilds the whole index in the background while the old one keeps answering, then swaps it in; a
 * price or stock change rereads only the changed products' rows and swaps a copied `PriceState` or
 * `StockState` (an import's prices would otherwise rebuild the index every 10 s while it runs).
 * Several processes each hold their own copy and converge within a poll interval plus the build time;
 * nothing here is shared state.
 *
 * Measured (see the module's report in the bench notes): build time and heap at 20,000 and 200,000
 * products are logged at start as `catalog index built`.
 */
import type {
  CategoryMeta,
  FilterType,
  ProductAttributes,
  ProductType,
  ShortDescriptionItem,
  Sticker,
} from '../../db/schema/catalog'
import {
  andGlobal,
  andInto,
  countAndGlobal,
  clearBit,
  count,
  hasInWindow,
  newBits,
  orGlobal,
  rangeBits,
  setBit,
  windowOf,
  type Bits,
  type Window,
} from './bitset'
import type {
  BrandRow,
  CategoryRow,
  FilterRow,
  ImageListRow,
  PointRow,
  PriceRow,
  ProductRow,
  PromotionRow,
  StockRow,
} from './repo'
import type { PromotionSpan } from './kiosk-stickers'

export const CITY_COUNT = 4
/** Long loops of a build give the event loop back this often, so requests keep flowing during rebuilds. */
const YIELD_EVERY = 10_000
const pause = () => new Promise<void>((resolve) => setImmediate(resolve))
/** A listing matching fewer than 1/16 of its scope is sorted directly instead of read off the permutation. */
const SPARSE_RATIO = 16
/** Reading one product's value costs about this many bitset words: the break-even of `optionCounts`. */
const SCAN_COST = 3

/** The break-even points between the two ways of listing and counting; tests force each way. */
export interface Tuning {
  sparseRatio: number
  scanCost: number
}
/** City ids are 1..4; arrays per city are indexed by city id - 1. */
export type CityIndex = 0 | 1 | 2 | 3
export const cityIndex = (cityId: number): CityIndex => (cityId - 1) as CityIndex

export interface CategoryNode {
  idx: number
  id: number
  parent: CategoryNode | null
  children: CategoryNode[]
  slug: string
  path: string
  nameRu: string
  nameKk: string
  level: number
  isService: boolean
  robots: string
  meta: CategoryMeta
  /** The menu's picture of the category, and which part of the menu shows it. */
  icon: string
  imageId: string | null
  itemClass: 'side' | 'bottom' | 'other'
  sort: number
  /** From the root down to this category. */
  chain: CategoryNode[]
  /** Positions of this category's subtree. */
  start: number
  end: number
  filters: FilterDef[]
  filterByCode: Map<string, FilterDef>
}

export interface FilterOptionDef {
  value: string
  titleRu: string
  titleKk: string
  /** Catalogue-wide bitset of the products carrying this value; null when none does. */
  bits: Bits | null
  /** This value's number in the code's `ValueColumn` (0: none). */
  valueIndex: number
}

/**
 * The value of a single-valued option attribute per position (over the span that has it), as a
 * number: facets over few products count by reading it instead of popcounting every option's bitset.
 */
export interface ValueColumn {
  offset: number
  index: Uint16Array
  /** Value codes by number, from 1. */
  numberOf: Map<string, number>
  /** Some product carries several values (a cooler's sockets): only the bitsets can count them. */
  multi: boolean
}

export interface FilterDef {
  code: string
  titleRu: string
  titleKk: string
  type: FilterType
  unit: string | null
  options: FilterOptionDef[]
  optionByValue: Map<string, FilterOptionDef>
}

export interface Brand {
  id: number
  slug: string
  name: string
  color: string
  bits: Bits
  count: number
}

export interface ProductRecord {
  pos: number
  id: number
  sku: string
  uri: string
  type: ProductType
  category: CategoryNode
  brand: Brand | null
  titleRu: string
  titleKk: string
  group: VariantGroup | null
  /** This product's label key within its variant group. */
  variantKey: string
  attributes: ProductAttributes
  shortDescription: ShortDescriptionItem[]
  stickers: Sticker[]
  rating: number
  reviewCount: number
  popularity: number
  isNew: boolean
  isPreorder: boolean
  onlyPrepayment: boolean
  /** The gift and kit promotions hanging on the product, best priority first (kiosk stickers). */
  promotions: PromotionSpan[]
  serviceCategoryId: number | null
  referenceProductId: number | null
  createdMs: number
  /** Image ids; a number n stands for the seed's `p{id}-0` .. `p{id}-(n-1)`. */
  images: number | string[]
}

export interface VariantEntry {
  key: string
  /** The dimension values, JSON-encoded one by one (for "differs in one dimension" checks). */
  values: string[]
  labelRu: string
  labelKk: string
  /** The position shown for this label: the most popular product carrying it. */
  pos: number
}

export interface VariantGroup {
  entries: VariantEntry[]
  byKey: Map<string, VariantEntry>
  /** Every product of the group, also those not shown for their label: each card lists the entries. */
  members: readonly number[]
}

export interface PriceTable {
  has: Uint8Array
  price: Int32Array
  /** -1 when there is no old price. */
  oldPrice: Int32Array
  discount: Uint8Array
  priceUsd: Float64Array
  creditMonths: Uint8Array
  creditAmount: Int32Array
  creditLabel: (string | null)[]
  installmentMonths: Uint8Array
  installmentAmount: Int32Array
  /** Products with a price in this city: only they are listed there. */
  priced: Bits
}

/**
 * Prices per city: a reload of all of them builds a new state aside and swaps it in (`applyPrices`);
 * a change of some products rewrites their prices in place under a new state (`applyPricesOf`). Either
 * runs at once, between two requests' work, and gives the state a new generation.
 */
export interface PriceState {
  /** The `price_changes` sequence as last read (see `Versions.price`). */
  version: number
  /** Different for every load: what caches of price-dependent answers key on. */
  generation: number
  tables: PriceTable[]
  /** The sorted permutations by a city's price or discount: they go with these prices (`reordered`). */
  perms: Map<string, PriceOrder>
}

/** A scope's positions sorted by a city's price or discount (`CatalogIndex.permutation`). */
export interface PriceOrder {
  perm: Int32Array
  start: number
  end: number
  sort: SortKey
  city: CityIndex
}

export interface ServicePoint {
  id: number
  cityId: number
  isShop: boolean
  isActive: boolean
}

/** Stock per city, kept as prices are (`applyStock`, `applyStockOf`). */
export interface StockState {
  version: number
  /**
   * Different for every load, also when a reload keeps the version (the recheck that catches a writer
   * committing after the sequence moved): what caches of stock-dependent answers key on.
   */
  generation: number
  quantity: Int32Array[]
  /** Fewest hours until pickup at a point holding units; 255 when none does. */
  minPickupHours: Uint8Array[]
  /** 1 when a shop of the city holds new (not showcase) units. */
  shopStock: Uint8Array[]
  /** 1 when a point of the city holds showcase units (stock condition V). */
  showcase: Uint8Array[]
  inStock: Bits[]
  pointBits: Map<number, Bits>
}

export type SortKey = 'score' | 'new' | 'rating' | 'discount' | 'price_asc' | 'price_desc'

/** What a listing is drawn from: a category's range, optionally narrowed by a catalogue-wide bitset. */
export interface Scope {
  key: string
  start: number
  end: number
  extra: Bits | null
}

export type ActiveFilter =
  | { kind: 'options'; def: FilterDef; options: FilterOptionDef[] }
  | { kind: 'range'; def: FilterDef; min: number | null; max: number | null }

export interface Selection {
  scope: Scope
  city: CityIndex
  point: Bits | null
  filters: ActiveFilter[]
  price: { min: number | null; max: number | null } | null
}

export interface ListingResult {
  total: number
  positions: number[]
}

export interface FacetResult {
  total: number
  filters: {
    def: FilterDef
    counts: number[]
    min: number | null
    max: number | null
    active: ActiveFilter | null
  }[]
  price: { min: number; max: number }
}

/**
 * The category tree of these rows, depth first, siblings by their sort and id, each node with its chain
 * from the root. The index is built on it, and the cart's first requests read it before the first index.
 */
export function categoryNodes(rows: readonly CategoryRow[]): {
  nodes: Map<number, CategoryNode>
  ordered: CategoryNode[]
} {
  const nodes = new Map<number, CategoryNode>()
  for (const row of rows) {
    nodes.set(row.id, {
      idx: -1,
      id: row.id,
      parent: null,
      children: [],
      slug: row.slug,
      path: row.path,
      nameRu: row.name_ru,
      nameKk: row.name_kk,
      level: row.level,
      isService: row.is_service,
      robots: row.robots,
      meta: row.meta,
      icon: row.icon,
      imageId: row.image_id,
      itemClass: row.item_class,
      sort: row.sort,
      chain: [],
      start: 0,
      end: 0,
      filters: [],
      filterByCode: new Map(),
    })
  }
  const sortOf = new Map(rows.map((c) => [c.id, c.sort]))
  const roots: CategoryNode[] = []
  for (const row of rows) {
    const node = nodes.get(row.id)!
    const parent = row.parent_id === null ? undefined : nodes.get(row.parent_id)
    if (parent) {
      node.parent = parent
      parent.children.push(node)
    } else roots.push(node)
  }
  const bySort = (a: CategoryNode, b: CategoryNode) =>
    (sortOf.get(a.id) ?? 0) - (sortOf.get(b.id) ?? 0) || a.id - b.id
  const ordered: CategoryNode[] = []
  const visit = (node: CategoryNode, chain: CategoryNode[]) => {
    node.idx = ordered.length
    node.chain = [...chain, node]
    ordered.push(node)
    node.children.sort(bySort)
    for (const child of node.children) visit(child, node.chain)
  }
  roots.sort(bySort)
  for (const root of roots) visit(root, [])
  return { nodes, ordered }
}

/** Attributes that tell variants of one model apart, in the order their labels are written. */
const VARIANT_DIMENSIONS = [
  'memory',
  'ssd',
  'capacity',
  'vram',
  'kit',
  'diagonal',
  'case_size',
  'volume',
  'load',
  'btu',
  'wattage',
  'term_months',
  'nominal',
  'ram',
  'color',
] as const

class Interner<T> {
  private readonly map = new Map<string, T>()
  constructor(private readonly parse: (text: string) => T) {}
  get(text: string): T {
    let value = this.map.get(text)
    if (value === undefined) {
      value = this.parse(text)
      this.map.set(text, value)
    }
    return value
  }
  get size() {
    return this.map.size
  }
}

function valueCodes(value: unknown): string[] {
  if (value === undefined || value === null) return []
  if (Array.isArray(value)) return value.map((v) => String(v))
  return [String(value)]
}

export interface IndexSource {
  catalogVersion: number
  /** The prices' version when they were read (`Versions.price`). */
  priceVersion: number
  categories: CategoryRow[]
  filters: FilterRow[]
  brands: BrandRow[]
  points: PointRow[]
  eachProductBatch: (each: (batch: ProductRow[]) => void) => Promise<void>
  eachPriceBatch: (each: (batch: PriceRow[]) => void) => Promise<void>
  images: () => Promise<ImageListRow[]>
  /** Active gift and kit promotions, best priority first. */
  promotions: PromotionRow[]
}

/** Every price and stock write, full or in place, across all indexes: what `cardStamps` hold. */
let cardWrites = 0

export class CatalogIndex {
  readonly size: number
  readonly records: ProductRecord[]
  readonly categories: CategoryNode[]
  readonly roots: CategoryNode[]
  priceState: PriceState
  readonly brands: Brand[]
  readonly points: Map<number, ServicePoint>
  stock: StockState
  /** Sorting keys per position. */
  readonly ids: Int32Array
  readonly popularity: Int32Array
  readonly created: Float64Array
  readonly rating: Float64Array
  readonly reviews: Int32Array
  /**
   * Per position, the price or stock write that last touched what its card shows: its own price and
   * stock, and the prices of the variants it lists (a write to one product stamps its whole variant
   * group). Cards key on their stamp rather than on the whole price and stock state, so a chunk of an
   * import re-renders the cards it changed, not every card a shopper asks for meanwhile: with the
   * whole state as the key, card rendering took 1.5 s of a 100,000-row import's CPU and shoppers' reads
   * waited behind it (`npm run bench -- --engine postgres --only api --match import`).
   */
  readonly cardStamps: Uint32Array

  private readonly categoryById = new Map<number, CategoryNode>()
  private readonly categoryByPath = new Map<string, CategoryNode>()
  private readonly categoryBySlug = new Map<string, CategoryNode>()
  private readonly brandBySlug = new Map<string, Brand>()
  private readonly posBySku = new Map<string, number>()
  private readonly posByUri = new Map<string, number>()
  private readonly posById = new Map<number, number>()
  private readonly valueBits = new Map<string, Map<string, Bits>>()
  private readonly numeric = new Map<string, { offset: number; values: Float64Array }>()
  private readonly columns = new Map<string, ValueColumn>()
  tuning: Tuning = { sparseRatio: SPARSE_RATIO, scanCost: SCAN_COST }
  private readonly perms = new Map<string, Int32Array>()
  private readonly ranks = new WeakMap<Int32Array, Int32Array>()
  /** Services and warranty extensions offered with a category's products (by category id). */
  readonly servicesFor = new Map<number, number[]>()

  private constructor(
    readonly version: number,
    init: {
      records: ProductRecord[]
      categories: CategoryNode[]
      prices: PriceState
      brands: Brand[]
      points: Map<number, ServicePoint>
    },
  ) {
    this.records = init.records
    this.size = init.records.length
    this.categories = init.categories
    this.roots = init.categories.filter((c) => c.parent === null)
    this.priceState = init.prices
    this.brands = init.brands
    this.points = init.points
    this.stock = emptyStock(this.size, 0)
    const n = this.size
    this.ids = new Int32Array(n)
    this.popularity = new Int32Array(n)
    this.created = new Float64Array(n)
    this.rating = new Float64Array(n)
    this.reviews = new Int32Array(n)
    this.cardStamps = new Uint32Array(n).fill(++cardWrites)
    for (const r of init.records) {
      this.ids[r.pos] = r.id
      this.popularity[r.pos] = r.popularity
      this.created[r.pos] = r.createdMs
      this.rating[r.pos] = r.rating
      this.reviews[r.pos] = r.reviewCount
      this.posBySku.set(r.sku, r.pos)
      this.posByUri.set(r.uri, r.pos)
      this.posById.set(r.id, r.pos)
    }
    for (const c of init.categories) {
      this.categoryById.set(c.id, c)
      this.categoryByPath.set(c.path, c)
      this.categoryBySlug.set(c.slug, c)
    }
    for (const b of init.brands) this.brandBySlug.set(b.slug, b)
  }

  /** The current prices per city (read once per answer: `applyPricesOf` swaps them). */
  get prices(): PriceTable[] {
    return this.priceState.tables
  }

  // ------------------------------------------------------------------ building

  static async build(source: IndexSource): Promise<CatalogIndex> {
    // categories, in depth-first order
    const { nodes, ordered } = categoryNodes(source.categories)

    // brands
    const brands: Brand[] = source.brands.map((b) => ({
      id: b.id,
      slug: b.slug,
      name: b.name,
      color: b.color,
      bits: new Uint32Array(0),
      count: 0,
    }))
    const brandById = new Map(brands.map((b) => [b.id, b]))

    // products: records sorted by (category order, id) give the positions
    const attributes = new Interner<ProductAttributes>((t) => JSON.parse(t) as ProductAttributes)
    const descriptions = new Interner<ShortDescriptionItem[]>((t) => JSON.parse(t) as ShortDescriptionItem[])
    const stickers = new Interner<Sticker[]>((t) => JSON.parse(t) as Sticker[])
    const titles = new Interner<string>((t) => t)
    const groupOf = new Map<number, string>()
    const records: ProductRecord[] = []
    await source.eachProductBatch((batch) => {
      for (const row of batch) {
        const category = nodes.get(row.category_id)
        if (!category) continue
        groupOf.set(row.id, row.variant_group)
        records.push({
          pos: -1,
          id: row.id,
          sku: row.sku,
          uri: row.uri,
          type: row.type,
          category,
          brand: row.brand_id === null ? null : (brandById.get(row.brand_id) ?? null),
          titleRu: titles.get(row.title_ru),
          titleKk: titles.get(row.title_kk),
          group: null,
          variantKey: '',
          attributes: attributes.get(row.attributes),
          shortDescription: descriptions.get(row.short_description),
          stickers: stickers.get(row.stickers),
          rating: Number(row.rating),
          reviewCount: row.review_count,
          popularity: row.popularity,
          isNew: row.is_new,
          isPreorder: row.is_preorder,
          onlyPrepayment: row.only_prepayment,
          promotions: NO_PROMOTIONS,
          serviceCategoryId: row.service_category_id,
          referenceProductId: row.reference_product_id,
          createdMs: Number(row.created_ms),
          images: 0,
        })
      }
    })
    records.sort((a, b) => a.category.idx - b.category.idx || a.id - b.id)
    const groupNames = new Map<string, number[]>()
    records.forEach((r, pos) => {
      r.pos = pos
      const name = `${r.category.id} ${groupOf.get(r.id) ?? r.id}`
      const members = groupNames.get(name)
      if (members) members.push(pos)
      else groupNames.set(name, [pos])
    })
    groupOf.clear()
    // category ranges: own products first, then the children's subtrees
    let cursor = 0
    for (const node of ordered) {
      node.start = cursor
      while (cursor < records.length && records[cursor]!.category === node) cursor++
    }
    for (let i = ordered.length - 1; i >= 0; i--) {
      const node = ordered[i]!
      let end = node.start
      while (end < records.length && records[end]!.category === node) end++
      for (const child of node.children) end = Math.max(end, child.end)
      node.end = end
    }

    const n = records.length
    const posById = new Map(records.map((r) => [r.id, r.pos]))

    // images
    for (const row of await source.images()) {
      const pos = posById.get(row.product_id)
      if (pos === undefined) continue
      records[pos]!.images = row.ids
    }

    hangPromotions(source.promotions, records, nodes, posById)

    const prices = newPriceState(n, source.priceVersion)
    await source.eachPriceBatch((batch) => {
      for (const row of batch) {
        const pos = posById.get(row.product_id)
        if (pos !== undefined) writePrice(prices.tables, pos, row)
      }
    })

    const points = new Map<number, ServicePoint>(
      source.points.map((p) => [
        p.id,
        { id: p.id, cityId: p.city_id, isShop: p.type === 'shop', isActive: p.is_active },
      ]),
    )

    const index = new CatalogIndex(source.catalogVersion, {
      records,
      categories: ordered,
      prices,
      brands,
      points,
    })
    await pause()
    await index.buildFilters(source.filters, nodes)
    index.buildBrands()
    await pause()
    await index.buildVariants(groupNames)
    index.buildServices()
    return index
  }

  private async buildFilters(rows: FilterRow[], nodes: Map<number, CategoryNode>): Promise<void> {
    // the codes each category's products need bits for: its own filters and its ancestors'
    const ownCodes = new Map<number, FilterRow[]>()
    for (const row of rows) {
      if (row.code === 'price') continue
      const list = ownCodes.get(row.category_id)
      if (list) list.push(row)
      else ownCodes.set(row.category_id, [row])
    }
    const chainCodes = new Map<CategoryNode, { options: string[]; ranges: string[] }>()
    for (const node of this.categories) {
      const options = new Set<string>()
      const ranges = new Set<string>()
      for (const c of node.chain) {
        for (const row of ownCodes.get(c.id) ?? []) (row.type === 'range' ? ranges : options).add(row.code)
      }
      chainCodes.set(node, { options: [...options], ranges: [...ranges] })
    }
    const n = this.size
    const spans = new Map<string, { lo: number; hi: number }>()
    const optionSpans = new Map<string, { lo: number; hi: number; multi: boolean }>()
    for (const r of this.records) {
      if (r.pos % YIELD_EVERY === YIELD_EVERY - 1) await pause()
      const codes = chainCodes.get(r.category)!
      for (const code of codes.options) {
        // brand bits follow brand_id (buildBrands)
        if (code === 'brand') continue
        const values = valueCodes(r.attributes[code])
        if (values.length === 0) continue
        let byValue = this.valueBits.get(code)
        if (!byValue) this.valueBits.set(code, (byValue = new Map()))
        for (const v of values) {
          let bits = byValue.get(v)
          if (!bits) byValue.set(v, (bits = newBits(n)))
          setBit(bits, r.pos)
        }
        const span = optionSpans.get(code)
        if (!span) optionSpans.set(code, { lo: r.pos, hi: r.pos, multi: values.length > 1 })
        else {
          span.hi = r.pos
          if (values.length > 1) span.multi = true
        }
      }
      for (const code of codes.ranges) {
        if (typeof r.attributes[code] !== 'number') continue
        const span = spans.get(code)
        if (span) span.hi = r.pos
        else spans.set(code, { lo: r.pos, hi: r.pos })
      }
    }
    for (const [code, span] of spans) {
      const values = new Float64Array(span.hi - span.lo + 1).fill(NaN)
      for (let pos = span.lo; pos <= span.hi; pos++) {
        const v = this.records[pos]!.attributes[code]
        if (typeof v === 'number') values[pos - span.lo] = v
      }
      this.numeric.set(code, { offset: span.lo, values })
    }
    for (const [code, span] of optionSpans) {
      if (span.multi) {
        this.columns.set(code, {
          offset: span.lo,
          index: new Uint16Array(0),
          numberOf: new Map(),
          multi: true,
        })
        continue
      }
      const numberOf = new Map<string, number>()
      const index = new Uint16Array(span.hi - span.lo + 1)
      for (let pos = span.lo; pos <= span.hi; pos++) {
        const value = this.records[pos]!.attributes[code]
        if (value === undefined || value === null || Array.isArray(value)) continue
        const v = String(value)
        let number = numberOf.get(v)
        if (number === undefined) numberOf.set(v, (number = numberOf.size + 1))
        index[pos - span.lo] = number
      }
      // options beyond 65,535 values per code would not fit: count those codes with bitsets
      this.columns.set(code, { offset: span.lo, index, numberOf, multi: numberOf.size > 65_535 })
    }
    for (const row of rows) {
      const node = nodes.get(row.category_id)
      if (!node) continue
      const byValue = this.valueBits.get(row.code)
      const column = this.columns.get(row.code)
      const options = (row.options ?? []).map((o) => ({
        value: o.value,
        titleRu: o.title_ru,
        titleKk: o.title_kk,
        bits: byValue?.get(o.value) ?? null,
        valueIndex: column?.numberOf.get(o.value) ?? 0,
      }))
      const def: FilterDef = {
        code: row.code,
        titleRu: row.title_ru,
        titleKk: row.title_kk,
        type: row.type,
        unit: row.unit,
        options: row.type === 'range' ? [] : options,
        optionByValue: new Map(options.map((o) => [o.value, o])),
      }
      node.filters.push(def)
      node.filterByCode.set(def.code, def)
    }
  }

  private buildBrands(): void {
    for (const b of this.brands) b.bits = newBits(this.size)
    for (const r of this.records) {
      if (!r.brand) continue
      setBit(r.brand.bits, r.pos)
      r.brand.count++
    }
    // the brand filter follows brand_id, also where a category offers no brand filter
    let byValue = this.valueBits.get('brand')
    if (!byValue) this.valueBits.set('brand', (byValue = new Map()))
    for (const b of this.brands) byValue.set(b.slug, b.bits)
    const numberOf = new Map(this.brands.map((b, i) => [b.slug, i + 1]))
    const index = new Uint16Array(this.size)
    for (const r of this.records) if (r.brand) index[r.pos] = numberOf.get(r.brand.slug)!
    this.columns.set('brand', { offset: 0, index, numberOf, multi: this.brands.length > 65_535 })
    for (const c of this.categories) {
      const def = c.filterByCode.get('brand')
      if (!def) continue
      for (const o of def.options) {
        o.bits = this.brandBySlug.get(o.value)?.bits ?? o.bits
        o.valueIndex = numberOf.get(o.value) ?? 0
      }
    }
  }

  /** Products sharing a variant group: one entry per distinct label, shown by its most popular product. */
  private async buildVariants(groups: Map<string, number[]>): Promise<void> {
    let done = 0
    for (const members of groups.values()) {
      done += members.length
      if (done >= YIELD_EVERY) {
        done = 0
        await pause()
      }
      if (members.length < 2) continue
      const first = this.records[members[0]!]!
      const dims = VARIANT_DIMENSIONS.filter((code) => {
        const first = valueKey(this.records[members[0]!]!.attributes[code])
        return members.some((pos) => valueKey(this.records[pos]!.attributes[code]) !== first)
      })
      if (dims.length === 0) continue
      const byKey = new Map<string, { pos: number; values: unknown[] }>()
      for (const pos of members) {
        const r = this.records[pos]!
        const values = dims.map((d) => r.attributes[d] ?? null)
        const key = JSON.stringify(values)
        r.variantKey = key
        const seen = byKey.get(key)
        if (
          !seen ||
          r.popularity > this.records[seen.pos]!.popularity ||
          (r.popularity === this.records[seen.pos]!.popularity && r.id < this.records[seen.pos]!.id)
        )
          byKey.set(key, { pos, values })
      }
      if (byKey.size < 2) continue
      const entries = [...byKey.entries()]
        .sort(([, a], [, b]) => compareValues(a.values, b.values))
        .map(([key, { pos, values }]) => {
          const [labelRu, labelKk] = this.variantLabel(first.category, dims, values, this.records[pos]!)
          return { key, values: values.map((v) => JSON.stringify(v)), labelRu, labelKk, pos }
        })
      const group: VariantGroup = { entries, byKey: new Map(entries.map((e) => [e.key, e])), members }
      for (const pos of members) this.records[pos]!.group = group
    }
  }

  private variantLabel(
    category: CategoryNode,
    dims: readonly string[],
    values: unknown[],
    sample: ProductRecord,
  ): [string, string] {
    const ru: string[] = []
    const kk: string[] = []
    const memoryAt = dims.indexOf('memory')
    dims.forEach((code, i) => {
      const value = values[i]
      if (value === null || value === undefined) return
      if (code === 'ram' && memoryAt >= 0) {
        // '8/256 ГБ': memory and RAM together, as phone titles write them
        ru[memoryAt] = `${String(value)}/${ru[memoryAt] ?? ''}`
        kk[memoryAt] = `${String(value)}/${kk[memoryAt] ?? ''}`
        return
      }
      const [r, k] = this.valueTitle(category, code, value, sample)
      ru[i] = r
      kk[i] = k
    })
    return [ru.filter(Boolean).join(', '), kk.filter(Boolean).join(', ')]
  }

  /** Display text of an attribute value: the category's filter option, the short description, or the raw value. */
  valueTitle(category: CategoryNode, code: string, value: unknown, sample: ProductRecord): [string, string] {
    const v = Array.isArray(value) ? value.map(String).join(', ') : String(value)
    for (const c of [...category.chain].reverse()) {
      const option = c.filterByCode.get(code)?.optionByValue.get(v)
      if (option) return [option.titleRu, option.titleKk]
    }
    const item = sample.shortDescription.find((s) => s.code === code)
    const described = item?.values.find((x) => x.code === v)
    if (described) return [described.value_ru, described.value_kk]
    return [v, v]
  }

  private buildServices(): void {
    for (const r of this.records) {
      if (r.serviceCategoryId === null) continue
      const list = this.servicesFor.get(r.serviceCategoryId)
      if (list) list.push(r.pos)
      else this.servicesFor.set(r.serviceCategoryId, [r.pos])
    }
    for (const list of this.servicesFor.values())
      list.sort((a, b) => this.popularity[b]! - this.popularity[a]! || this.ids[a]! - this.ids[b]!)
  }

  /** Replaces the stock arrays from the grouped `stocks` rows (built aside, swapped at the end). */
  async applyStock(rows: StockRow[], version: number): Promise<void> {
    const n = this.size
    const state = emptyStock(n, version)
    for (const p of this.points.values()) state.pointBits.set(p.id, newBits(n))
    let done = 0
    for (const row of rows) {
      if (++done % YIELD_EVERY === 0) await pause()
      const pos = this.posById.get(row.product_id)
      if (pos !== undefined) this.addStock(state, pos, row)
    }
    this.stock = state
    this.cardStamps.fill(++cardWrites)
  }

  /**
   * Replaces the stock of these products only, from their grouped rows (a product without a row has no
   * units left): in place and at once, under a new state and generation, as `applyPricesOf` does.
   */
  applyStockOf(productIds: readonly number[], rows: StockRow[], version: number): void {
    const state: StockState = { ...this.stock, version, generation: ++stockLoads }
    for (const p of this.points.values())
      if (!state.pointBits.has(p.id)) state.pointBits.set(p.id, newBits(this.size))
    const write = ++cardWrites
    for (const id of productIds) {
      const pos = this.posById.get(id)
      if (pos === undefined) continue
      this.stamp(pos, write)
      for (let c = 0; c < CITY_COUNT; c++) {
        state.quantity[c]![pos] = 0
        state.minPickupHours[c]![pos] = 255
        state.shopStock[c]![pos] = 0
        state.showcase[c]![pos] = 0
        clearBit(state.inStock[c]!, pos)
      }
      for (const bits of state.pointBits.values()) clearBit(bits, pos)
    }
    for (const row of rows) {
      const pos = this.posById.get(row.product_id)
      if (pos !== undefined) this.addStock(state, pos, row)
    }
    this.stock = state
  }

  /** Replaces all prices (built aside from every batch, swapped at the end). */
  async applyPrices(eachPriceBatch: IndexSource['eachPriceBatch'], version: number): Promise<void> {
    const state = newPriceState(this.size, version)
    await eachPriceBatch((batch) => {
      for (const row of batch) {
        const pos = this.posById.get(row.product_id)
        if (pos !== undefined) writePrice(state.tables, pos, row)
      }
    })
    this.priceState = state
    this.cardStamps.fill(++cardWrites)
  }

  /**
   * Replaces the prices of these products only, from all their rows: a product with no row in a city is
   * no longer sold there. The tables are rewritten in place, at once (no reader runs in between), under
   * a new state with the old one's price and discount orders mended (`reordered`) and a new generation,
   * which every cache of price-dependent answers keys on. Copying the tables instead
   * (some 30 MB at 200,000 products, each poll of an import) set off collections of 100-190 ms that
   * shoppers' reads waited behind (`npm run bench -- --engine postgres --only api --match import`).
   */
  applyPricesOf(productIds: readonly number[], rows: readonly PriceRow[], version: number): void {
    const { tables, perms } = this.priceState
    const write = ++cardWrites
    const changed: number[] = []
    const isChanged = new Uint8Array(this.size)
    for (const id of productIds) {
      const pos = this.posById.get(id)
      if (pos === undefined || isChanged[pos]) continue
      changed.push(pos)
      isChanged[pos] = 1
      this.stamp(pos, write)
      for (const table of tables) clearPrice(table, pos)
    }
    for (const row of rows) {
      const pos = this.posById.get(row.product_id)
      if (pos !== undefined) writePrice(tables, pos, row)
    }
    this.priceState = {
      version,
      generation: ++priceLoads,
      tables,
      perms: this.reordered(perms, changed, isChanged),
    }
  }

  /**
   * The price and discount orders after some products' prices changed (the tables hold the new ones).
   * The other products keep their order among themselves, so each order is the old one without the
   * changed products, merged with those sorted on their own: a comparison or two a product where a sort
   * takes some fifteen. Sorting every category's order again in each city took 250 ms of a 100,000-row
   * import's polls, in bursts right after each poll, while shoppers' listings waited for them
   * (`npm run bench -- --engine postgres --only api --match import`).
   */
  private reordered(
    orders: ReadonlyMap<string, PriceOrder>,
    changed: readonly number[],
    isChanged: Uint8Array,
  ): Map<string, PriceOrder> {
    const out = new Map<string, PriceOrder>()
    for (const [key, order] of orders) {
      const compare = this.comparator(order.sort, order.city)
      const moved = changed.filter((pos) => pos >= order.start && pos < order.end).sort(compare)
      const old = order.perm
      const perm = new Int32Array(old.length)
      let i = 0
      let j = 0
      let k = 0
      while (k < perm.length) {
        if (i < old.length && isChanged[old[i]!]) i++
        else if (j < moved.length && (i >= old.length || compare(moved[j]!, old[i]!) < 0))
          perm[k++] = moved[j++]!
        else perm[k++] = old[i++]!
      }
      out.set(key, { ...order, perm })
    }
    return out
  }

  /** Marks the cards showing this product's price or stock (its own, its variant group's) as stale. */
  private stamp(pos: number, write: number): void {
    this.cardStamps[pos] = write
    const group = this.records[pos]!.group
    if (group) for (const member of group.members) this.cardStamps[member] = write
  }

  private addStock(state: StockState, pos: number, row: StockRow): void {
    row.points.forEach((pointId, i) => {
      const point = this.points.get(pointId)
      const quantity = row.quantities[i] ?? 0
      if (!point || quantity <= 0) return
      const c = point.cityId - 1
      const q = state.quantity[c]
      if (!q) return
      q[pos] = q[pos]! + quantity
      setBit(state.inStock[c]!, pos)
      setBit(state.pointBits.get(pointId)!, pos)
      const hours = Math.min(254, row.pickup_hours[i] ?? 254)
      if (hours < state.minPickupHours[c]![pos]!) state.minPickupHours[c]![pos] = hours
      if (point.isShop && !row.showcase[i]) state.shopStock[c]![pos] = 1
      if (row.showcase[i]) state.showcase[c]![pos] = 1
    })
  }

  // ------------------------------------------------------------------ lookups

  /** Units of a product in a city as listings count them (new and showcase); null for an unknown product. */
  unitsIn(productId: number, cityId: number): number | null {
    const pos = this.posById.get(productId)
    if (pos === undefined) return null
    return this.stock.quantity[cityId - 1]?.[pos] ?? 0
  }

  category(idOrPath: string): CategoryNode | null {
    const trimmed = idOrPath.replace(/^\/+|\/+$/g, '')
    if (/^\d+$/.test(trimmed)) return this.categoryById.get(Number(trimmed)) ?? null
    return this.categoryByPath.get(trimmed) ?? this.categoryBySlug.get(trimmed) ?? null
  }

  categoryOfId(id: number): CategoryNode | null {
    return this.categoryById.get(id) ?? null
  }

  brand(slug: string): Brand | null {
    return this.brandBySlug.get(slug.toLowerCase()) ?? null
  }

  /** A product by sku or by uri. */
  product(skuOrUri: string): ProductRecord | null {
    const pos = this.posBySku.get(skuOrUri) ?? this.posByUri.get(skuOrUri)
    return pos === undefined ? null : this.records[pos]!
  }

  productById(id: number): ProductRecord | null {
    const pos = this.posById.get(id)
    return pos === undefined ? null : this.records[pos]!
  }

  numericValue(code: string, pos: number): number {
    const column = this.numeric.get(code)
    if (!column) return NaN
    const i = pos - column.offset
    return i >= 0 && i < column.values.length ? column.values[i]! : NaN
  }

  // ------------------------------------------------------------------ listings

  categoryScope(c: CategoryNode): Scope {
    return { key: `c${c.idx}`, start: c.start, end: c.end, extra: null }
  }

  wholeScope(extra: Bits | null, key: string): Scope {
    return { key, start: 0, end: this.size, extra }
  }

  /** Products of the scope the city sells, narrowed by the point; before any filter. */
  private baseBits(sel: Selection, w: Window): Bits {
    const base = rangeBits(w)
    if (sel.scope.extra) andGlobal(base, sel.scope.extra, w)
    andGlobal(base, this.prices[sel.city]!.priced, w)
    if (sel.point) andGlobal(base, sel.point, w)
    return base
  }

  private filterBits(f: ActiveFilter, w: Window): Bits {
    const out = new Uint32Array(w.length)
    if (f.kind === 'options') {
      for (const o of f.options) if (o.bits) orGlobal(out, o.bits, w)
      return out
    }
    const column = this.numeric.get(f.def.code)
    if (!column) return out
    const min = f.min ?? -Infinity
    const max = f.max ?? Infinity
    const lo = Math.max(w.start, column.offset)
    const hi = Math.min(w.end, column.offset + column.values.length)
    const base = w.first << 5
    for (let pos = lo; pos < hi; pos++) {
      const v = column.values[pos - column.offset]!
      if (v >= min && v <= max) out[(pos - base) >>> 5]! |= 1 << (pos & 31)
    }
    return out
  }

  private priceBits(sel: Selection, w: Window): Bits | null {
    if (!sel.price) return null
    const out = new Uint32Array(w.length)
    const price = this.prices[sel.city]!.price
    const min = sel.price.min ?? -Infinity
    const max = sel.price.max ?? Infinity
    const base = w.first << 5
    for (let pos = w.start; pos < w.end; pos++) {
      const p = price[pos]!
      if (p >= min && p <= max) out[(pos - base) >>> 5]! |= 1 << (pos & 31)
    }
    return out
  }

  private matching(sel: Selection): { w: Window; all: Bits; base: Bits; price: Bits | null; groups: Bits[] } {
    const w = windowOf(sel.scope.start, sel.scope.end)
    const base = this.baseBits(sel, w)
    const groups = sel.filters.map((f) => this.filterBits(f, w))
    const price = this.priceBits(sel, w)
    const all = base.slice()
    for (const g of groups) andInto(all, g)
    if (price) andInto(all, price)
    return { w, all, base, price, groups }
  }

  /** Total and the positions of one page, in the requested order. */
  list(sel: Selection, sort: SortKey, offset: number, limit: number): ListingResult {
    const { w, all } = this.matching(sel)
    const total = count(all)
    let positions: number[] = []
    if (offset < total && limit > 0) {
      const span = sel.scope.extra ? this.size : sel.scope.end - sel.scope.start
      if (total * this.tuning.sparseRatio < span) {
        // few matches: sorting their ranks (native integer sort) beats walking the whole permutation
        const { perm, rank, start } = this.ranked(sel.scope, sort, sel.city)
        const ranks = new Int32Array(total)
        let k = 0
        const base = w.first << 5
        for (let i = 0; i < all.length; i++) {
          let v = all[i]!
          while (v !== 0) {
            const t = v & -v
            ranks[k++] = rank[base + (i << 5) + (31 - Math.clz32(t)) - start]!
            v ^= t
          }
        }
        ranks.sort()
        positions = Array.from(ranks.subarray(offset, offset + limit), (r) => perm[r]!)
      } else {
        const perm = this.permutation(sel.scope, sort, sel.city)
        let skipped = 0
        for (let i = 0; i < perm.length && positions.length < limit; i++) {
          const pos = perm[i]!
          if (!hasInWindow(all, w, pos)) continue
          if (skipped < offset) skipped++
          else positions.push(pos)
        }
      }
    }
    return { total, positions }
  }

  /** Facet counts of every filter of `category` under the selection, and the price bounds. */
  facets(sel: Selection, category: CategoryNode): FacetResult {
    const { w, all, base, price, groups } = this.matching(sel)
    const activeAt = new Map(sel.filters.map((f, i) => [f.def.code, i]))
    const without = (skip: number, withPrice: boolean): Bits => {
      const out = base.slice()
      groups.forEach((g, i) => {
        if (i !== skip) andInto(out, g)
      })
      if (withPrice && price) andInto(out, price)
      return out
    }
    const cityPrices = this.prices[sel.city]!.price
    const [priceMin, priceMax] = this.extent(
      without(-1, false),
      w,
      () => this.permutation(sel.scope, 'price_asc', sel.city),
      cityPrices,
      0,
    )
    const filters = category.filters.map((def) => {
      const at = activeAt.get(def.code)
      const active = at === undefined ? null : sel.filters[at]!
      if (def.type === 'range') {
        if (def.code === 'price') return { def, counts: [], min: priceMin, max: priceMax, active }
        const column = this.numeric.get(def.code)
        const [min, max] = column
          ? this.extent(
              at === undefined ? all : without(at, true),
              w,
              () => this.valueOrder(sel.scope, def.code, column),
              column.values,
              column.offset,
            )
          : [null, null]
        return { def, counts: [], min, max, active }
      }
      const set = at === undefined ? all : without(at, true)
      return { def, counts: this.optionCounts(def, set, w), min: null, max: null, active }
    })
    return {
      total: count(all),
      filters,
      price: { min: priceMin ?? 0, max: priceMax ?? 0 },
    }
  }

  /**
   * How many products of `set` carry each option of `def`: one popcount of the option's bitset per
   * option, or, when the set is small, one read of the value column per product.
   */
  private optionCounts(def: FilterDef, set: Bits, w: Window): number[] {
    const column = this.columns.get(def.code)
    if (column && !column.multi) {
      const n = count(set)
      if (n * this.tuning.scanCost < def.options.length * set.length) {
        const perValue = new Int32Array(column.numberOf.size + 1)
        const base = (w.first << 5) - column.offset
        const { index } = column
        for (let i = 0; i < set.length; i++) {
          let v = set[i]!
          while (v !== 0) {
            const t = v & -v
            const at = base + (i << 5) + (31 - Math.clz32(t))
            v ^= t
            if (at >= 0 && at < index.length) perValue[index[at]!]!++
          }
        }
        return def.options.map((o) => (o.valueIndex > 0 ? perValue[o.valueIndex]! : 0))
      }
    }
    return def.options.map((o) => (o.bits ? countAndGlobal(set, o.bits, w) : 0))
  }

  /**
   * Smallest and largest value over the positions of a window-sized bitset. A sparse set is walked
   * bit by bit; a dense one is found from both ends of the scope's positions ordered by the value
   * (`order`), which takes a few steps instead of one per product.
   */
  private extent(
    set: Bits,
    w: Window,
    order: () => Int32Array,
    values: Int32Array | Float64Array,
    offset: number,
  ): [number | null, number | null] {
    const n = count(set)
    if (n === 0) return [null, null]
    if (n * this.tuning.sparseRatio < w.end - w.start) return bounds(set, w, values, offset)
    const sorted = order()
    let min: number | null = null
    let max: number | null = null
    for (let i = 0; i < sorted.length; i++) {
      const pos = sorted[i]!
      if (hasInWindow(set, w, pos)) {
        min = values[pos - offset]!
        break
      }
    }
    for (let i = sorted.length - 1; i >= 0; i--) {
      const pos = sorted[i]!
      if (hasInWindow(set, w, pos)) {
        max = values[pos - offset]!
        break
      }
    }
    return [min, max]
  }

  /** The scope's positions that carry the numeric attribute, by its value; computed once per index. */
  private valueOrder(
    scope: Scope,
    code: string,
    column: { offset: number; values: Float64Array },
  ): Int32Array {
    const key = `${scope.start}-${scope.end}|attr:${code}`
    let order = this.perms.get(key)
    if (order) return order
    const lo = Math.max(scope.start, column.offset)
    const hi = Math.min(scope.end, column.offset + column.values.length)
    const { values, offset } = column
    // a bucket per distinct value (diagonals, volumes: a few dozen), filled in position order: the
    // same order as a stable sort by value, without a comparator call per pair (the first facet
    // request of a category waits for this)
    const counts = new Map<number, number>()
    for (let pos = lo; pos < hi; pos++) {
      const v = values[pos - offset]!
      if (!Number.isNaN(v)) counts.set(v, (counts.get(v) ?? 0) + 1)
    }
    const next = new Map<number, number>()
    let filled = 0
    for (const v of Float64Array.from(counts.keys()).sort()) {
      next.set(v, filled)
      filled += counts.get(v)!
    }
    order = new Int32Array(filled)
    for (let pos = lo; pos < hi; pos++) {
      const v = values[pos - offset]!
      if (Number.isNaN(v)) continue
      const at = next.get(v)!
      order[at] = pos
      next.set(v, at + 1)
    }
    this.perms.set(key, order)
    return order
  }

  /** The scope's positions in `sort` order (ties by id), computed once per index (or price state). */
  permutation(scope: Scope, sort: SortKey, city: CityIndex): Int32Array {
    const cityDependent = sort === 'discount' || sort === 'price_asc' || sort === 'price_desc'
    const key = `${scope.extra ? 'all' : `${scope.start}-${scope.end}`}|${sort}|${cityDependent ? city : ''}`
    const known = cityDependent ? this.priceState.perms.get(key)?.perm : this.perms.get(key)
    if (known) return known
    const start = scope.extra ? 0 : scope.start
    const end = scope.extra ? this.size : scope.end
    const list = new Int32Array(end - start)
    for (let i = 0; i < list.length; i++) list[i] = start + i
    const perm = list.sort(this.comparator(sort, city))
    if (cityDependent) this.priceState.perms.set(key, { perm, start, end, sort, city })
    else this.perms.set(key, perm)
    return perm
  }

  /** A permutation with its inverse: `rank[pos - start]` is the place of `pos` in `perm`. */
  private ranked(
    scope: Scope,
    sort: SortKey,
    city: CityIndex,
  ): { perm: Int32Array; rank: Int32Array; start: number } {
    const perm = this.permutation(scope, sort, city)
    let rank = this.ranks.get(perm)
    const start = scope.extra ? 0 : scope.start
    if (!rank) {
      rank = new Int32Array(perm.length)
      for (let i = 0; i < perm.length; i++) rank[perm[i]! - start] = i
      this.ranks.set(perm, rank)
    }
    return { perm, rank, start }
  }

  /** The order of a sorting over positions: its key, then the product id. */
  comparator(sort: SortKey, city: CityIndex): (a: number, b: number) => number {
    // the arrays in locals: a category's first listing in an order waits for this sort
    const { ids, popularity, created, rating, reviews } = this
    const { discount, price } = this.prices[city]!
    switch (sort) {
      case 'score':
        return (a, b) => popularity[b]! - popularity[a]! || ids[a]! - ids[b]!
      case 'new':
        return (a, b) => created[b]! - created[a]! || ids[a]! - ids[b]!
      case 'rating':
        return (a, b) => rating[b]! - rating[a]! || reviews[b]! - reviews[a]! || ids[a]! - ids[b]!
      case 'discount':
        return (a, b) => discount[b]! - discount[a]! || ids[a]! - ids[b]!
      case 'price_asc':
        return (a, b) => price[a]! - price[b]! || ids[a]! - ids[b]!
      case 'price_desc':
        return (a, b) => price[b]! - price[a]! || ids[a]! - ids[b]!
    }
  }

  /** Positions of a scope that pass `keep`, in `sort` order, at most `limit`. */
  top(scope: Scope, sort: SortKey, city: CityIndex, limit: number, keep: (pos: number) => boolean): number[] {
    const perm = this.permutation(scope, sort, city)
    const out: number[] = []
    for (let i = 0; i < perm.length && out.length < limit; i++) {
      const pos = perm[i]!
      if (scope.extra && !((scope.extra[pos >>> 5]! >>> (pos & 31)) & 1)) continue
      if (pos < scope.start || pos >= scope.end) continue
      if (keep(pos)) out.push(pos)
    }
    return out
  }
}

/**
 * Smallest and largest of `values[pos - offset]` over the positions set in a window-sized bitset,
 * skipping NaN (no value); nulls when there is none.
 */
function bounds(
  bits: Bits,
  w: Window,
  values: Int32Array | Float64Array,
  offset: number,
): [number | null, number | null] {
  let min = Infinity
  let max = -Infinity
  const base = (w.first << 5) - offset
  const length = values.length
  for (let i = 0; i < bits.length; i++) {
    let v = bits[i]!
    while (v !== 0) {
      const t = v & -v
      const at = base + (i << 5) + (31 - Math.clz32(t))
      v ^= t
      if (at < 0 || at >= length) continue
      const x = values[at]!
      if (x < min) min = x
      if (x > max) max = x
    }
  }
  return min === Infinity ? [null, null] : [min, max]
}

const valueKey = (v: unknown): string =>
  v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)

function compareValues(a: unknown[], b: unknown[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i]
    const y = b[i]
    if (x === y) continue
    if (typeof x === 'number' && typeof y === 'number') return x - y
    const c = String(x).localeCompare(String(y))
    if (c !== 0) return c
  }
  return 0
}

let priceLoads = 0

function newPriceState(n: number, version: number): PriceState {
  return {
    version,
    generation: ++priceLoads,
    tables: Array.from({ length: CITY_COUNT }, () => emptyPrices(n)),
    perms: new Map(),
  }
}

/** Leaves the position unpriced in the table, as a product without a row is after a build. */
function clearPrice(t: PriceTable, pos: number): void {
  t.has[pos] = 0
  clearBit(t.priced, pos)
  t.price[pos] = 0
  t.oldPrice[pos] = -1
  t.discount[pos] = 0
  t.priceUsd[pos] = 0
  t.creditMonths[pos] = 0
  t.creditAmount[pos] = 0
  t.creditLabel[pos] = null
  t.installmentMonths[pos] = 0
  t.installmentAmount[pos] = 0
}

function writePrice(tables: PriceTable[], pos: number, row: PriceRow): void {
  const table = tables[row.city_id - 1]
  if (!table) return
  table.has[pos] = 1
  setBit(table.priced, pos)
  table.price[pos] = row.price
  table.oldPrice[pos] = row.old_price ?? -1
  table.discount[pos] = row.discount
  table.priceUsd[pos] = Number(row.price_usd)
  table.creditMonths[pos] = row.credit_month_num ?? 0
  table.creditAmount[pos] = row.credit_amount ?? 0
  table.creditLabel[pos] = row.credit_type_label
  table.installmentMonths[pos] = row.installment_month_num ?? 0
  table.installmentAmount[pos] = row.installment_amount ?? 0
}

function emptyPrices(n: number): PriceTable {
  return {
    has: new Uint8Array(n),
    price: new Int32Array(n),
    oldPrice: new Int32Array(n).fill(-1),
    discount: new Uint8Array(n),
    priceUsd: new Float64Array(n),
    creditMonths: new Uint8Array(n),
    creditAmount: new Int32Array(n),
    creditLabel: new Array<string | null>(n).fill(null),
    installmentMonths: new Uint8Array(n),
    installmentAmount: new Int32Array(n),
    priced: newBits(n),
  }
}

let stockLoads = 0

const NO_PROMOTIONS: PromotionSpan[] = []

/**
 * Gives each product the promotions that hang on it (by id, by its category or an ancestor's, by its
 * brand), as pricing matches them, so a card's gift or kit sticker is a look at a short list rather
 * than a match of every promotion per request. A category's products are its position range.
 */
function hangPromotions(
  rows: PromotionRow[],
  records: ProductRecord[],
  nodes: Map<number, CategoryNode>,
  posById: Map<number, number>,
): void {
  const hang = (pos: number, span: PromotionSpan) => {
    const r = records[pos]!
    if (r.promotions === NO_PROMOTIONS) r.promotions = [span]
    else if (!r.promotions.includes(span)) r.promotions.push(span)
  }
  for (const row of rows) {
    const span: PromotionSpan = {
      type: row.type,
      cityIds: row.city_ids,
      fromMs: Number(row.from_ms),
      toMs: row.to_ms === null ? null : Number(row.to_ms),
    }
    const ids = new Set(row.main_entity_ids)
    if (row.main_entity_type === 'product') {
      for (const id of ids) {
        const pos = posById.get(id)
        if (pos !== undefined) hang(pos, span)
      }
    } else if (row.main_entity_type === 'category') {
      for (const id of ids) {
        const node = nodes.get(id)
        if (node) for (let pos = node.start; pos < node.end; pos++) hang(pos, span)
      }
    } else {
      for (const r of records) if (r.brand && ids.has(r.brand.id)) hang(r.pos, span)
    }
  }
}

function emptyStock(n: number, version: number): StockState {
  return {
    version,
    generation: ++stockLoads,
    quantity: Array.from({ length: CITY_COUNT }, () => new Int32Array(n)),
    minPickupHours: Array.from({ length: CITY_COUNT }, () => new Uint8Array(n).fill(255)),
    shopStock: Array.from({ length: CITY_COUNT }, () => new Uint8Array(n)),
    showcase: Array.from({ length: CITY_COUNT }, () => new Uint8Array(n)),
    inStock: Array.from({ length: CITY_COUNT }, () => newBits(n)),
    pointBits: new Map(),
  }
}
