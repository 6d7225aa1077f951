export interface LruOptions<V> {
  /** Most entries kept; the least recently used goes first. */
  maxEntries: number
  /** Most total weight kept (e.g. bytes), with `weigh` giving each value's. */
  maxWeight?: number
  weigh?: (value: V) => number
  /** How long an entry may be served, for data another process may change. */
  ttlMs?: number
  now?: () => number
}

/** A small in-process LRU on a Map (which keeps insertion order), bounded by count, weight and age. */
export class Lru<K, V> {
  private readonly entries = new Map<K, { value: V; weight: number; expires: number }>()
  private weight = 0

  constructor(private readonly options: LruOptions<V>) {}

  get size(): number {
    return this.entries.size
  }

  /** The weight of the entries kept now. */
  get totalWeight(): number {
    return this.weight
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expires <= this.now()) {
      this.delete(key)
      return undefined
    }
    this.entries.delete(key)
    this.entries.set(key, entry)
    return entry.value
  }

  /** `ttlMs` shortens the options' age for this entry (a value that expires sooner of itself). */
  set(key: K, value: V, ttlMs?: number): void {
    this.delete(key)
    const weight = this.options.weigh?.(value) ?? 0
    if (this.options.maxWeight !== undefined && weight > this.options.maxWeight) return
    const ttl = Math.min(ttlMs ?? Infinity, this.options.ttlMs ?? Infinity)
    const expires = this.now() + ttl
    this.entries.set(key, { value, weight, expires })
    this.weight += weight
    while (
      this.entries.size > this.options.maxEntries ||
      (this.options.maxWeight !== undefined && this.weight > this.options.maxWeight)
    ) {
      const oldest = this.entries.keys().next()
      if (oldest.done) break
      this.delete(oldest.value)
    }
  }

  delete(key: K): void {
    const entry = this.entries.get(key)
    if (!entry) return
    this.weight -= entry.weight
    this.entries.delete(key)
  }

  /** Drops every entry whose value matches. */
  deleteWhere(matches: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.delete(key)
  }

  clear(): void {
    this.entries.clear()
    this.weight = 0
  }

  private now(): number {
    return this.options.now?.() ?? Date.now()
  }
}
