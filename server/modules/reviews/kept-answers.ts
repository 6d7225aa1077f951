/**
 * Guests' answers for a product's reviews, kept for a few seconds. Everyone who is not signed in gets the
 * same answer (it is already sent as `public, max-age=30`), and the reviews tab of a popular product is
 * asked far more often than its reviews change: answering from memory took the three statements a page
 * costs off PostgreSQL. A change made through this process forgets the product's answers at once; one
 * made elsewhere (another store process, `npm run moderate`) shows when the answers expire.
 */
export interface KeptAnswers<T> {
  get(sku: string, key: string): T | undefined
  set(sku: string, productId: number, key: string, answer: T): void
  /** Forgets a product's answers after a change to its reviews. */
  forget(productId: number): void
}

interface ProductAnswers<T> {
  productId: number
  since: number
  answers: Map<string, T>
}

export function createKeptAnswers<T>({
  ttlMs = 5_000,
  maxProducts = 5_000,
  now = () => Date.now(),
}: { ttlMs?: number; maxProducts?: number; now?: () => number } = {}): KeptAnswers<T> {
  const bySku = new Map<string, ProductAnswers<T>>()
  const skuOf = new Map<number, string>()

  const drop = (sku: string) => {
    const kept = bySku.get(sku)
    if (!kept) return
    bySku.delete(sku)
    skuOf.delete(kept.productId)
  }

  return {
    get(sku, key) {
      const kept = bySku.get(sku)
      if (!kept) return undefined
      if (now() - kept.since >= ttlMs) {
        drop(sku)
        return undefined
      }
      return kept.answers.get(key)
    },
    set(sku, productId, key, answer) {
      let kept = bySku.get(sku)
      if (!kept) {
        // the oldest product goes first: a Map iterates in the order keys were added
        if (bySku.size >= maxProducts) drop(bySku.keys().next().value!)
        kept = { productId, since: now(), answers: new Map() }
        bySku.set(sku, kept)
        skuOf.set(productId, sku)
      }
      kept.answers.set(key, answer)
    },
    forget(productId) {
      const sku = skuOf.get(productId)
      if (sku !== undefined) drop(sku)
    },
  }
}
