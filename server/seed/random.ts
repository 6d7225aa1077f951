/**
 * The generator's only source of chance. Every product draws from its own stream, seeded from the
 * catalogue seed and its index, so product 17 is the same whether the catalogue has 300 or 200,000
 * products and chunks can be generated in any order.
 */
export class Random {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  /** mulberry32: tiny, fast and good enough for test data; Math.random would break determinism. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min)
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list')
    return items[Math.floor(this.next() * items.length)] as T
  }

  /** Picks by weight; `weights[i]` belongs to `items[i]`. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    let total = 0
    for (const w of weights) total += w
    let x = this.next() * total
    for (let i = 0; i < items.length; i++) {
      x -= weights[i] ?? 0
      if (x < 0) return items[i] as T
    }
    return items[items.length - 1] as T
  }

  /** `count` distinct items in random order (all of them when the list is shorter). */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = items.slice()
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1))
      const tmp = copy[i] as T
      copy[i] = copy[j] as T
      copy[j] = tmp
    }
    return copy.slice(0, Math.min(count, copy.length))
  }

  /** A version-4 shaped UUID, deterministic like everything else here. */
  uuid(): string {
    const hex = (n: number) => {
      let s = ''
      for (let i = 0; i < n; i++) s += this.int(0, 15).toString(16)
      return s
    }
    return `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[this.int(0, 3)]}${hex(3)}-${hex(12)}`
  }
}

/** Mixes the catalogue seed with a stream name and index into an independent 32-bit seed. */
export function streamSeed(seed: number, stream: string, index = 0): number {
  let h = (seed ^ 0x811c9dc5) >>> 0
  for (let i = 0; i < stream.length; i++) h = Math.imul(h ^ stream.charCodeAt(i), 0x01000193) >>> 0
  h = Math.imul(h ^ index, 0x9e3779b1) >>> 0
  // murmur3 finaliser: neighbouring indexes must not give correlated streams
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b) >>> 0
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35) >>> 0
  h ^= h >>> 16
  return h >>> 0
}

export function stream(seed: number, name: string, index = 0): Random {
  return new Random(streamSeed(seed, name, index))
}
