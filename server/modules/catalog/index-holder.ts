import type { FastifyBaseLogger } from 'fastify'
import { CatalogIndex, categoryNodes } from './catalog-index'
import { categoryTreeOf, type CategoryTree } from './category-tree'
import type { CatalogRepo } from './repo'

export interface HolderOptions {
  /** How often each process asks whether the catalogue or the stock changed. */
  pollMs?: number
}

const DEFAULT_POLL_MS = 2000
/** Rebuilds are at least this far apart (and twice the last build's duration). */
const MIN_REBUILD_INTERVAL_MS = 10_000
/** More changed products than this since the last look: all stock is read again instead. */
const MAX_STOCK_DELTA = 5_000
const FORGET_STOCK_CHANGES_EVERY_MS = 10 * 60_000

/**
 * Owns the process's current `CatalogIndex` and keeps it fresh (the design is in `catalog-index.ts`).
 *
 * - The first build starts when the app is ready (after a first-start seed); requests that arrive
 *   before it finishes wait for it.
 * - Every `pollMs` one query reads `catalog_version` and the stock sequence. A new catalogue version
 *   rebuilds the whole index while the old one keeps answering; versions are read before the data, so
 *   a write landing during a build moves the version again and the next poll rebuilds once more.
 *   Rebuilds are spaced by 10 s (or twice the last build's time), and the build yields to requests
 *   every 10,000 products.
 * - Every poll also reads which products' stock changed since the last look (`stock_changes`, from
 *   the oldest transaction then still running, so a writer committing late is read on a later look)
 *   and reloads the stock of those products only. A change of everything (a restock, the seed) or of
 *   more than 5,000 products reloads all stock, spaced by at least five times the last reload's
 *   duration so constant churn cannot keep the database busy with it.
 */
export class IndexHolder {
  private index: CatalogIndex | null = null
  private initial: Promise<CatalogIndex> | null = null
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> = Promise.resolve()
  /** Where the next read of `stock_changes` starts (see `pollStock`). */
  private stockCursor = '0'
  /** The changes the last look applied, while the cursor stays where it was. */
  private stockSeen: string | null = null
  private nextForgetAt = 0
  private nextStockReloadAt = 0
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
      const index = await this.build(versions.catalog, versions.stock)
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
   * tools) skips the spacing between rebuilds and stock reloads.
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
      this.index = await this.build(versions.catalog, versions.stock)
      // a burst of catalogue writes costs one rebuild per interval, not one per write
      this.nextBuildAt = Date.now() + Math.max(MIN_REBUILD_INTERVAL_MS, 2 * (Date.now() - started))
      return
    }
    await this.pollStock(index, versions.stock, force)
    if (Date.now() >= this.nextForgetAt) {
      this.nextForgetAt = Date.now() + FORGET_STOCK_CHANGES_EVERY_MS
      await this.repo.forgetStockChanges()
    }
  }

  /**
   * Reloads the stock of the products whose stock changed since the last look, or all stock when a
   * change asks for it (a restock, the seed) or touched too many products to be worth it one by one.
   */
  private async pollStock(index: CatalogIndex, version: number, force: boolean): Promise<void> {
    const changes = await this.repo.stockChanges(this.stockCursor)
    const ids = changes.productIds
    if (ids === null || ids.length > MAX_STOCK_DELTA) {
      if (!force && Date.now() < this.nextStockReloadAt) return
      const started = Date.now()
      const cursor = await this.repo.stockCursor()
      await index.applyStock(await this.repo.stocks(), version)
      this.stockCursor = cursor
      this.stockSeen = null
      const took = Date.now() - started
      this.nextStockReloadAt = Date.now() + 5 * took
      this.log.debug({ took_ms: took, version }, 'catalog stock reloaded')
      return
    }
    // A transaction running for long holds the cursor back, and the same changes come again on every
    // look: they are applied once, so the caches keyed on the stock are not emptied for nothing.
    const seen = `${this.stockCursor}|${changes.rows}`
    if (ids.length > 0 && seen !== this.stockSeen) {
      index.applyStockOf(ids, await this.repo.stocksOf(ids), version)
      this.log.debug({ products: ids.length, version }, 'catalog stock of changed products reloaded')
    }
    this.stockSeen = changes.cursor === this.stockCursor ? seen : null
    this.stockCursor = changes.cursor
  }

  private async build(catalogVersion: number, stockVersion: number): Promise<CatalogIndex> {
    const started = Date.now()
    const heapBefore = process.memoryUsage().heapUsed
    const [categories, filters, brands, points, promotions] = await Promise.all([
      this.repo.categories(),
      this.repo.filters(),
      this.repo.brands(),
      this.repo.servicePoints(),
      this.repo.promotions(),
    ])
    const index = await CatalogIndex.build({
      catalogVersion,
      categories,
      filters,
      brands,
      points,
      eachProductBatch: (each) => this.repo.eachProductBatch(each),
      eachPriceBatch: (each) => this.repo.eachPriceBatch(each),
      images: () => this.repo.images(),
      promotions,
    })
    const cursor = await this.repo.stockCursor()
    await index.applyStock(await this.repo.stocks(), stockVersion)
    this.log.info(
      {
        products: index.size,
        version: catalogVersion,
        took_ms: Date.now() - started,
        heap_delta_mb: Math.round((process.memoryUsage().heapUsed - heapBefore) / 1e6),
      },
      'catalog index built',
    )
    await Promise.all(this.companions.map((build) => build(index)))
    // the changes from here on are read against this index's stock
    this.stockCursor = cursor
    this.stockSeen = null
    return index
  }
}
