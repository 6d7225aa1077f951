import type { FastifyBaseLogger } from 'fastify'
import { CatalogIndex, categoryNodes } from './catalog-index'
import { categoryTreeOf, type CategoryTree } from './category-tree'
import type { CatalogRepo, ChangeLog, Changes, Versions } from './repo'

export interface HolderOptions {
  /** How often each process asks whether the catalogue or the stock changed. */
  pollMs?: number
}

const DEFAULT_POLL_MS = 2000
/** Rebuilds are at least this far apart (and twice the last build's duration). */
const MIN_REBUILD_INTERVAL_MS = 10_000
/**
 * More changed products than this since the last look: all stock is read again instead. An import writes
 * up to 2,000 products per chunk and several chunks per poll: reading all stock at 200,000 products (1.7
 * million rows) held the event loop for about a second, the changed products' a tenth of it.
 */
const MAX_STOCK_DELTA = 20_000
/**
 * The same for prices: rewriting 20,000 products' prices in copied tables still costs a fraction of
 * reading all of them.
 */
const MAX_PRICE_DELTA = 20_000
const FORGET_CHANGES_EVERY_MS = 10 * 60_000

/** Where a reader of one change log is (see `follow`). */
interface Follower {
  log: ChangeLog
  /** Where the next read starts. */
  cursor: string
  /** The changes the last look applied, while the cursor stays where it was. */
  seen: string | null
  nextReloadAt: number
  maxDelta: number
}

/**
 * Owns the process's current `CatalogIndex` and keeps it fresh (the design is in `catalog-index.ts`).
 *
 * - The first build starts when the app is ready (after a first-start seed); requests that arrive
 *   before it finishes wait for it.
 * - Every `pollMs` one query reads `catalog_version` and the price and stock sequences. A new
 *   catalogue version rebuilds the whole index while the old one keeps answering; versions are read
 *   before the data, so a write landing during a build moves the version again and the next poll
 *   rebuilds once more.
 *   Rebuilds are spaced by 10 s (or twice the last build's time), and the build yields to requests
 *   every 10,000 products.
 * - Every poll also reads which products' prices and stock changed since the last look
 *   (`price_changes`, `stock_changes`, from the oldest transaction then still running, so a writer
 *   committing late is read on a later look) and rewrites the prices and stock of those products only,
 *   in place of the index's price and stock states: an import writing prices for minutes no longer
 *   rebuilds the whole index every 10 s. A change of everything (a truncate, a restock, the seed) or of
 *   more products than 20,000 reloads all of it, spaced by at least five
 *   times the last reload's duration so constant churn cannot keep the database busy with it.
 */
export class IndexHolder {
  private index: CatalogIndex | null = null
  private initial: Promise<CatalogIndex> | null = null
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> = Promise.resolve()
  private readonly stockChanges: Follower = {
    log: 'stock_changes',
    cursor: '0',
    seen: null,
    nextReloadAt: 0,
    maxDelta: MAX_STOCK_DELTA,
  }
  private readonly priceChanges: Follower = {
    log: 'price_changes',
    cursor: '0',
    seen: null,
    nextReloadAt: 0,
    maxDelta: MAX_PRICE_DELTA,
  }
  private nextForgetAt = 0
  private nextBuildAt = 0
  private stopped = false
  private readonly companions: ((index: CatalogIndex) => Promise<unknown>)[] = []
  private readonly trees = new WeakMap<CatalogIndex, CategoryTree>()
  private firstTree: Promise<CategoryTree> | null = null

  constructor(
    private readonly repo: CatalogRepo,
    private readonly log: FastifyBaseLogger,
    private readonly options: HolderOptions = {},
  ) {}

  /**
   * Work done with every new index before it is swapped in (the search's text index): it answers
   * beside the index from the moment the index answers, and the old pair answers meanwhile.
   */
  alongside(build: (index: CatalogIndex) => Promise<unknown>): void {
    this.companions.push(build)
  }

  /** Whether the first index is built (until then listings wait for it). */
  get ready(): boolean {
    return this.index !== null
  }

  /** The current index, waiting for the first build if need be. */
  async get(): Promise<CatalogIndex> {
    if (this.index) return this.index
    return this.start()
  }

  /**
   * The category tree of the current index. Until the first index is built, the tree of the categories
   * as they are read for it (one small query): the cart reads the tree inside its transactions, where on
   * PGlite waiting for the whole first build would wait for the transaction itself.
   */
  categories(): Promise<CategoryTree> {
    const index = this.index
    if (!index) {
      this.firstTree ??= this.repo.categories().then(
        (rows) => categoryTreeOf(categoryNodes(rows).ordered),
        (err: unknown) => {
          this.firstTree = null
          throw err
        },
      )
      return this.firstTree
    }
    let tree = this.trees.get(index)
    if (!tree) this.trees.set(index, (tree = categoryTreeOf(index.categories)))
    return Promise.resolve(tree)
  }

  /** Builds the first index (once) and starts polling. */
  start(): Promise<CatalogIndex> {
    this.initial ??= (async () => {
      const versions = await this.repo.versions()
      const index = await this.build(versions)
      this.index = index
      this.schedule()
      return index
    })().catch((err: unknown) => {
      // the next request tries again rather than failing for ever
      this.initial = null
      throw err
    })
    return this.initial
  }

  stop(): void {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }

  /**
   * Checks the versions now and rebuilds or reloads what changed. The poller calls it; `force` (tests,
   * tools) skips the spacing between rebuilds and price and stock reloads.
   */
  refresh(force = false): Promise<void> {
    this.running = this.running
      .then(() => this.poll(force))
      .catch((err: unknown) => {
        this.log.error({ err }, 'catalog index refresh failed; the previous index keeps answering')
      })
    return this.running
  }

  private schedule(): void {
    if (this.stopped) return
    this.timer = setTimeout(() => {
      void this.refresh().finally(() => this.schedule())
    }, this.options.pollMs ?? DEFAULT_POLL_MS)
    this.timer.unref()
  }

  private async poll(force: boolean): Promise<void> {
    const index = this.index
    if (!index) return
    const versions = await this.repo.versions()
    if (versions.catalog !== index.version) {
      if (!force && Date.now() < this.nextBuildAt) return
      const started = Date.now()
      this.index = await this.build(versions)
      // a burst of catalogue writes costs one rebuild per interval, not one per write
      this.nextBuildAt = Date.now() + Math.max(MIN_REBUILD_INTERVAL_MS, 2 * (Date.now() - started))
      return
    }
    await this.follow(this.priceChanges, force, {
      all: () => index.applyPrices((each) => this.repo.eachPriceBatch(each), versions.price),
      of: async (ids) => index.applyPricesOf(ids, await this.repo.pricesOf(ids), versions.price),
      // the sequence also moves for a writer that rolled back or has not committed yet: the prices
      // held are the database's as of this look, which the configurator's version check asks
      unchanged: () => {
        index.priceState.version = versions.price
      },
    })
    await this.follow(this.stockChanges, force, {
      all: async () => index.applyStock(await this.repo.stocks(), versions.stock),
      of: async (ids) => index.applyStockOf(ids, await this.repo.stocksOf(ids), versions.stock),
    })
    if (Date.now() >= this.nextForgetAt) {
      this.nextForgetAt = Date.now() + FORGET_CHANGES_EVERY_MS
      await this.repo.forgetChanges()
    }
  }

  /**
   * Rereads the prices (stock) of the products whose prices (stock) changed since the last look, or all
   * of them when a change asks for it (a truncate, a restock, the seed) or touched too many products to
   * be worth it one by one.
   */
  private async follow(
    f: Follower,
    force: boolean,
    reload: { all: () => Promise<void>; of: (ids: number[]) => Promise<void>; unchanged?: () => void },
  ): Promise<void> {
    const changes: Changes = await this.repo.changes(f.log, f.cursor)
    const ids = changes.productIds
    if (ids === null || ids.length > f.maxDelta) {
      if (!force && Date.now() < f.nextReloadAt) return
      const started = Date.now()
      const cursor = await this.repo.changeCursor()
      await reload.all()
      f.cursor = cursor
      f.seen = null
      const took = Date.now() - started
      f.nextReloadAt = Date.now() + 5 * took
      this.log.debug({ took_ms: took, log: f.log }, 'catalog index reloaded all of a change log')
      return
    }
    // A transaction running for long holds the cursor back, and the same changes come again on every
    // look: they are applied once, so the caches keyed on prices or stock are not emptied for nothing.
    const seen = `${f.cursor}|${changes.rows}`
    if (ids.length > 0 && seen !== f.seen) {
      await reload.of(ids)
      this.log.debug({ products: ids.length, log: f.log }, 'catalog index reloaded changed products')
    } else reload.unchanged?.()
    f.seen = changes.cursor === f.cursor ? seen : null
    f.cursor = changes.cursor
  }

  private async build(versions: Versions): Promise<CatalogIndex> {
    const started = Date.now()
    // prices are read by the build itself: changes committing from here on are read again next poll
    const priceCursor = await this.repo.changeCursor()
    const heapBefore = process.memoryUsage().heapUsed
    const [categories, filters, brands, points, promotions] = await Promise.all([
      this.repo.categories(),
      this.repo.filters(),
      this.repo.brands(),
      this.repo.servicePoints(),
      this.repo.promotions(),
    ])
    const index = await CatalogIndex.build({
      catalogVersion: versions.catalog,
      priceVersion: versions.price,
      categories,
      filters,
      brands,
      points,
      eachProductBatch: (each) => this.repo.eachProductBatch(each),
      eachPriceBatch: (each) => this.repo.eachPriceBatch(each),
      images: () => this.repo.images(),
      promotions,
    })
    const stockCursor = await this.repo.changeCursor()
    await index.applyStock(await this.repo.stocks(), versions.stock)
    this.log.info(
      {
        products: index.size,
        version: versions.catalog,
        took_ms: Date.now() - started,
        heap_delta_mb: Math.round((process.memoryUsage().heapUsed - heapBefore) / 1e6),
      },
      'catalog index built',
    )
    await Promise.all(this.companions.map((build) => build(index)))
    // the changes from here on are read against this index's prices and stock
    this.priceChanges.cursor = priceCursor
    this.priceChanges.seen = null
    this.stockChanges.cursor = stockCursor
    this.stockChanges.seen = null
    return index
  }
}
