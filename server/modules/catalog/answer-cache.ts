import { Lru } from '../../lib/lru'
import type { CatalogIndex, PriceState, StockState, Tuning } from './catalog-index'

/** Listing and facet answers kept rendered, as UTF-8 JSON: 64 MB at most per process. */
const ANSWER_CACHE_BYTES = 64_000_000
const ANSWER_CACHE_ENTRIES = 20_000

export interface AnswerCacheOptions {
  maxBytes?: number
  maxEntries?: number
}

/**
 * Whole listing and facet answers, so a listing asked again (the next shopper on the same filters, the
 * client refetching, the page and its facets both asked) costs a map lookup instead of the bit
 * arithmetic, the facet counts and the serialisation.
 *
 * An answer is a function of the index, its price and stock states and the request, so that is the key:
 *  - the catalogue (products, filters, pictures) lives in the `CatalogIndex` object, which a
 *    catalogue change replaces as a whole; the cache belongs to one index and goes with it;
 *  - prices and stock are swapped inside the index (`applyPricesOf`, `applyStock`: a new `PriceState`
 *    or `StockState` each time, also when a recheck keeps the version), so a new one empties the cache;
 *  - the caller adds what else the answer depends on: the request fields and, for cards, the
 *    delivery clock (the local hour their estimates are computed for).
 * The tests switch `index.tuning` to compare the two ways of counting; a changed tuning empties the
 * cache too, so each way really computes.
 */
export class AnswerCache {
  private readonly perIndex = new WeakMap<
    CatalogIndex,
    { prices: PriceState; stock: StockState; tuning: Tuning; answers: Lru<string, Buffer> }
  >()

  constructor(private readonly options: AnswerCacheOptions = {}) {}

  /** The cached answer for `key`, or `make()`'s, kept for the next time. Thrown errors are not kept. */
  get(index: CatalogIndex, key: string, make: () => Buffer): Buffer {
    const answers = this.answersOf(index)
    let answer = answers.get(key)
    if (answer === undefined) {
      answer = make()
      answers.set(key, answer)
    }
    return answer
  }

  private answersOf(index: CatalogIndex): Lru<string, Buffer> {
    let entry = this.perIndex.get(index)
    if (
      !entry ||
      entry.prices !== index.priceState ||
      entry.stock !== index.stock ||
      entry.tuning !== index.tuning
    ) {
      entry = {
        prices: index.priceState,
        stock: index.stock,
        tuning: index.tuning,
        answers: new Lru<string, Buffer>({
          maxEntries: this.options.maxEntries ?? ANSWER_CACHE_ENTRIES,
          maxWeight: this.options.maxBytes ?? ANSWER_CACHE_BYTES,
          weigh: (b) => b.length,
        }),
      }
      this.perIndex.set(index, entry)
    }
    return entry.answers
  }
}
