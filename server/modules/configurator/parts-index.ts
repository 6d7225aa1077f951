import type { Lang } from '../../../contract/common'
import { Lru } from '../../lib/lru'
import type { ComponentCode, ComponentSort } from '../../../contract/configurator'
import { cityIndex, imageIds, type CatalogIndex, type PriceState, type Versions } from '../catalog'
import type { Fits } from './compat'
import type { FacetRow, PartRow, SlotQuery, SpecRow } from './repo'

/**
 * The PC parts held in memory beside one catalogue index: every listed part's compatibility row
 * (`pc_parts`) with its position in the index, whose price, stock, brand, title and popularity per city
 * it reads. A slot's parts that fit are answered here with the same page, order and facets as the SQL of
 * repo.ts (`candidates`, `facets`, `count`), without a query.
 *
 * One is built with every catalogue index (the catalogue rebuilds when `catalog_version` moves: products,
 * brands, images, and `pc_parts` itself, whose statements bump it too), so both describe the catalogue
 * at the same version; prices and stock are the index's current ones (they follow `price_changes` and
 * `stock_changes` without a rebuild). Per-kind orders (popularity, or a city's price, ties by id, the
 * parts priced in the city) are sorted on first use and kept while the index's prices stay.
 */

/** Rendered answers kept per index, price and stock state: 16 MB at most. */
const ANSWERS_KEPT = 5_000
const ANSWER_BYTES_KEPT = 16_000_000

export interface PartsQuery extends SlotQuery {
  /** compat.ts's test of the build. */
  fits: Fits
}

export interface PartsAnswer {
  page: PartRow[]
  facets: FacetRow[]
}

interface HeldPart {
  pos: number
  /** The brand's rank in the facets' tie order (`brandRank`; the brandless after every brand). */
  rank: number
  row: SpecRow
}

/**
 * The row copied into one object shape: the driver's rows are made field by field, and reading their
 * fields in the per-request pass over thousands of parts cost about 1 µs a part (9 ms for the graphics
 * cards at 200,000 products); a literal of fixed shape reads in nanoseconds.
 */
const heldRow = (r: SpecRow): SpecRow => ({
  product_id: r.product_id,
  kind: r.kind,
  socket: r.socket,
  sockets: r.sockets,
  tdp: r.tdp,
  integrated_graphics: r.integrated_graphics,
  boxed_cooler: r.boxed_cooler,
  chipset: r.chipset,
  form_factor: r.form_factor,
  form_factors: r.form_factors,
  memory_type: r.memory_type,
  memory_types: r.memory_types,
  memory_slots: r.memory_slots,
  max_memory: r.max_memory,
  m2_slots: r.m2_slots,
  sata_ports: r.sata_ports,
  modules: r.modules,
  capacity: r.capacity,
  length: r.length,
  slot_width: r.slot_width,
  pcie8pin: r.pcie8pin,
  pcie16pin: r.pcie16pin,
  max_gpu_length: r.max_gpu_length,
  max_cooler_height: r.max_cooler_height,
  psu_form_factors: r.psu_form_factors,
  cooler_type: r.cooler_type,
  cooler_height: r.cooler_height,
  tdp_rating: r.tdp_rating,
  wattage: r.wattage,
  storage_interface: r.storage_interface,
})

/** Per-brand sums of one answer, at the brand's rank in the database's name order (nulls last). */
interface BrandSums {
  count: number
  matching: number
  min: number
  max: number
}

export class PartsIndex {
  readonly version: number
  private readonly byKind = new Map<ComponentCode, HeldPart[]>()
  private readonly bySku = new Map<string, HeldPart>()
  private readonly orders = new WeakMap<PriceState, Map<string, HeldPart[]>>()
  /** Brand id → rank in `order by name`; the brandless group sorts after every brand. */
  private readonly brandRank = new Map<number, number>()

  constructor(
    readonly index: CatalogIndex,
    specRows: readonly SpecRow[],
    brandOrder: readonly number[],
    /** Whether `ilike` folds non-ASCII letters (the database's ctype); else only A-Z. */
    private readonly foldsUnicode: boolean,
  ) {
    this.version = index.version
    brandOrder.forEach((id, rank) => this.brandRank.set(id, rank))
    for (const b of index.brands) if (!this.brandRank.has(b.id)) this.brandRank.set(b.id, this.brandRank.size)
    const nullRank = this.brandRank.size
    for (const row of specRows) {
      const record = index.productById(row.product_id)
      // every listed product is in an index of the same version; a row read after a newer write may not be
      if (!record || row.kind === null) continue
      let list = this.byKind.get(row.kind)
      if (!list) this.byKind.set(row.kind, (list = []))
      const rank = record.brand ? (this.brandRank.get(record.brand.id) ?? nullRank) : nullRank
      const part: HeldPart = { pos: record.pos, rank, row: heldRow(row) }
      list.push(part)
      this.bySku.set(record.sku, part)
    }
  }

  /**
   * The chosen parts as repo.ts's `partsBySku` answers them, when every one is a listed part held here;
   * null otherwise (an unknown sku, a product that is no part: the SQL answers, and its errors).
   */
  partsBySku(skus: readonly string[], cityId: number, lang: Lang): PartRow[] | null {
    const city = cityIndex(cityId)
    const stock = this.index.stock.quantity[city]
    if (!stock || !this.index.prices[city]) return null
    const out: PartRow[] = []
    for (const sku of skus) {
      const part = this.bySku.get(sku)
      if (!part) return null
      out.push(this.rowOf(part, city, lang, stock))
    }
    return out
  }

  /** How many parts the index holds (all kinds). */
  get size(): number {
    let n = 0
    for (const list of this.byKind.values()) n += list.length
    return n
  }

  /** The kind's parts priced in the city, in the sorting's order (ties by product id); sorted once. */
  private ordered(code: ComponentCode, sort: ComponentSort, cityId: number): HeldPart[] {
    const key = `${code}|${sort}|${cityId}`
    const state = this.index.priceState
    let orders = this.orders.get(state)
    if (!orders) this.orders.set(state, (orders = new Map()))
    let list = orders.get(key)
    if (list) return list
    const prices = state.tables[cityIndex(cityId)]
    if (!prices) return []
    const { ids, popularity } = this.index
    const price = prices.price
    list = (this.byKind.get(code) ?? []).filter((p) => prices.has[p.pos] === 1)
    if (sort === 'popular')
      list.sort((a, b) => popularity[b.pos]! - popularity[a.pos]! || ids[a.pos]! - ids[b.pos]!)
    else {
      const sign = sort === 'price_asc' ? 1 : -1
      list.sort((a, b) => sign * (price[a.pos]! - price[b.pos]!) || ids[a.pos]! - ids[b.pos]!)
    }
    orders.set(key, list)
    return list
  }

  private lower(s: string): string {
    return this.foldsUnicode ? s.toLowerCase() : s.replace(/[A-Z]+/g, (m) => m.toLowerCase())
  }

  /** One page of a slot's parts and the per-brand facets over all of them, as repo.ts's SQL answers. */
  answer(q: PartsQuery): PartsAnswer {
    const city = cityIndex(q.cityId)
    const index = this.index
    const prices = index.prices[city]
    if (!prices) return { page: [], facets: [] }
    const stock = index.stock.quantity[city]!
    const list = this.ordered(q.code, q.sort, q.cityId)
    const brandFilter = q.brands.length > 0 ? new Set(q.brands) : null
    const needle = q.text ? this.lower(q.text) : null
    const kk = q.lang === 'kk'
    const min = q.priceMin
    const max = q.priceMax
    const wanted = q.offset + q.limit
    const fitting: HeldPart[] = []
    const misfits: HeldPart[] = []
    const sums = new Map<number, BrandSums>()
    const nullRank = this.brandRank.size
    for (const part of list) {
      const pos = part.pos
      if (q.inStock && !(stock[pos]! > 0)) continue
      const fits = q.fits(part.row)
      if (!fits && !q.includeIncompatible) continue
      const record = index.records[pos]!
      const price = prices.price[pos]!
      const rank = part.rank
      let s = sums.get(rank)
      if (!s) sums.set(rank, (s = { count: 0, matching: 0, min: price, max: price }))
      s.count++
      if (price < s.min) s.min = price
      if (price > s.max) s.max = price
      if (brandFilter && (!record.brand || !brandFilter.has(record.brand.slug))) continue
      if (min !== undefined && price < min) continue
      if (max !== undefined && price > max) continue
      if (needle !== null && !this.lower(kk ? record.titleKk : record.titleRu).includes(needle)) continue
      s.matching++
      if (fits) {
        if (fitting.length < wanted) fitting.push(part)
      } else if (misfits.length < wanted) misfits.push(part)
    }
    const page = [...fitting, ...misfits]
      .slice(q.offset, wanted)
      .map((part) => this.rowOf(part, city, q.lang, stock))
    const facets = [...sums.entries()]
      .sort(([ra, a], [rb, b]) => b.count - a.count || ra - rb)
      .map(([rank, s]): FacetRow => {
        const brand = rank === nullRank ? null : this.brandAt(rank)
        return {
          brand_slug: brand?.slug ?? null,
          brand: brand?.name ?? null,
          count: s.count,
          matching: s.matching,
          min_price: s.min,
          max_price: s.max,
        }
      })
    return { page, facets }
  }

  /** The kind's parts that fit, priced in the city (the catalogue link's total). */
  count(code: ComponentCode, fits: Fits, cityId: number): number {
    let n = 0
    for (const part of this.ordered(code, 'popular', cityId)) if (fits(part.row)) n++
    return n
  }

  private brandAt(rank: number) {
    this.brandsByRank ??= (() => {
      const out = new Map<number, { slug: string; name: string }>()
      for (const b of this.index.brands) {
        const r = this.brandRank.get(b.id)
        if (r !== undefined) out.set(r, { slug: b.slug, name: b.name })
      }
      return out
    })()
    return this.brandsByRank.get(rank) ?? null
  }

  private brandsByRank: Map<number, { slug: string; name: string }> | null = null

  private kept: { prices: unknown; stock: unknown; answers: Lru<string, Buffer> } | null = null

  /**
   * Whole answers, rendered, for this index and its current prices and stock (a price or stock change
   * swaps the index's state and starts an empty cache): the same request costs a map lookup.
   */
  answers(): Lru<string, Buffer> {
    const { priceState: prices, stock } = this.index
    if (!this.kept || this.kept.stock !== stock || this.kept.prices !== prices)
      this.kept = {
        prices,
        stock,
        answers: new Lru<string, Buffer>({
          maxEntries: ANSWERS_KEPT,
          maxWeight: ANSWER_BYTES_KEPT,
          weigh: (b) => b.length,
        }),
      }
    return this.kept.answers
  }

  /** The part as repo.ts's `PartRow`: the card's fields in the city and language, and its compatibility row. */
  private rowOf(part: HeldPart, city: number, lang: Lang, stock: Int32Array): PartRow {
    const index = this.index
    const r = index.records[part.pos]!
    const prices = index.prices[city]!
    const priced = prices.has[part.pos] === 1
    const oldPrice = prices.oldPrice[part.pos]!
    return {
      ...part.row,
      product_id: r.id,
      sku: r.sku,
      uri: r.uri,
      type: r.type,
      title: lang === 'kk' ? r.titleKk : r.titleRu,
      brand: r.brand?.name ?? null,
      brand_slug: r.brand?.slug ?? null,
      images: imageIds(r),
      price: priced ? prices.price[part.pos]! : null,
      old_price: priced && oldPrice !== -1 ? oldPrice : null,
      stock: stock[part.pos]!,
    }
  }
}

/** What the parts need of the catalogue: its current index. */
export interface CatalogFace {
  index(): Promise<CatalogIndex>
}

export interface PartsSource {
  specRows(): Promise<SpecRow[]>
  brandOrder(): Promise<number[]>
  foldsUnicodeCase(): Promise<boolean>
  /** The catalogue's and the prices' versions in the database now (one tiny query). */
  versions(): Promise<Pick<Versions, 'catalog' | 'price'>>
}

/**
 * The parts beside each catalogue index: built with every new index (`catalog.alongside`), or on first
 * use when that failed. `current()` answers the parts only when the index is at the database's
 * catalogue and price versions (one tiny query per request): a request made right after a catalogue
 * write (a new part, a compatibility field) or a price write is answered by the SQL until the index is
 * rebuilt or has the new prices (the catalogue's poller does it within seconds). The price version is
 * a sequence, which moves when a writer writes rather than when it commits: a price committed after the
 * index read the sequence can be answered from memory stale until the next poll, as stock can.
 */
export class PartsHolder {
  private readonly built = new WeakMap<CatalogIndex, Promise<PartsIndex>>()
  private readonly versions: () => Promise<Pick<Versions, 'catalog' | 'price'>>

  constructor(
    private readonly catalog: CatalogFace,
    private readonly source: PartsSource,
  ) {
    this.versions = startedAfterCall(() => source.versions())
  }

  of(index: CatalogIndex): Promise<PartsIndex> {
    let parts = this.built.get(index)
    if (!parts) {
      parts = Promise.all([
        this.source.specRows(),
        this.source.brandOrder(),
        this.source.foldsUnicodeCase(),
      ]).then(([rows, brands, folds]) => new PartsIndex(index, rows, brands, folds))
      parts.catch(() => this.built.delete(index))
      this.built.set(index, parts)
    }
    return parts
  }

  /** The parts of the current index when it is at the database's versions, else null (ask the SQL). */
  async current(): Promise<PartsIndex | null> {
    const [index, versions] = await Promise.all([this.catalog.index(), this.versions()])
    if (index.version !== versions.catalog || index.priceState.version !== versions.price) return null
    // parts that could not be read (the database was busy) leave the SQL answering
    return this.of(index).catch(() => null)
  }
}

/**
 * `read`, shared by the callers that arrive while it runs: a caller gets a read that started after it
 * called (the running one if it has not begun yet, else the one queued behind it), so it sees every
 * write committed before its request, and 32 requests at once cost one or two reads, not 32.
 */
export function startedAfterCall<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null
  let queued: Promise<T> | null = null
  const start = (): Promise<T> => {
    const p: Promise<T> = read().finally(() => {
      if (running === p) running = null
    })
    running = p
    return p
  }
  return () => {
    if (!running) return start()
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null
        return start()
      })
    return queued
  }
}
