/**
 * The catalogue's words (`search_lexicon`) in memory: exact and prefix lookups, completions, and the
 * typo corrections PostgreSQL's pg_trgm gave (`word % w`, best by similarity), from a trigram index.
 */

/** pg_trgm's default `similarity_threshold`: what `word % w` keeps. */
export const TRGM_THRESHOLD = 0.3
/** Lexicon words offered per corrected word, as the SQL's `limit 3` did. */
const SIMILAR_LIMIT = 3

export interface LexiconRow {
  word: string
  frequency: number
}

export interface SimilarWord {
  word: string
  score: number
}

/**
 * pg_trgm's trigrams of one word (letters and digits, lower case, as the lexicon's words and the
 * query's words are): padded with two spaces in front and one behind, each trigram once.
 */
export function trigramsOf(word: string): string[] {
  const padded = `  ${word} `
  const out = new Set<string>()
  // by code point, as pg_trgm counts characters (not UTF-16 units)
  const chars = [...padded]
  for (let i = 0; i + 3 <= chars.length; i++) out.add(chars[i]! + chars[i + 1]! + chars[i + 2]!)
  return [...out]
}

export class Lexicon {
  /** Words in code point order (the order of `~>=~`), with their frequencies. */
  readonly words: string[]
  readonly frequency: Int32Array
  private readonly byWord = new Map<string, number>()
  /** Trigram → the words holding it (indexes into `words`), and each word's trigram count. */
  private readonly postings = new Map<string, Int32Array>()
  private readonly trigramCount: Uint8Array
  private readonly shared: Uint8Array

  constructor(rows: LexiconRow[]) {
    const sorted = rows.filter((r) => r.word !== '').sort((a, b) => compareCodePoints(a.word, b.word))
    this.words = sorted.map((r) => r.word)
    this.frequency = Int32Array.from(sorted, (r) => r.frequency)
    this.trigramCount = new Uint8Array(sorted.length)
    this.shared = new Uint8Array(sorted.length)
    const lists = new Map<string, number[]>()
    this.words.forEach((w, i) => {
      this.byWord.set(w, i)
      const grams = trigramsOf(w)
      this.trigramCount[i] = Math.min(255, grams.length)
      for (const g of grams) {
        const list = lists.get(g)
        if (list) list.push(i)
        else lists.set(g, [i])
      }
    })
    for (const [g, list] of lists) this.postings.set(g, Int32Array.from(list))
  }

  get size(): number {
    return this.words.length
  }

  has(word: string): boolean {
    return this.byWord.has(word)
  }

  /** Whether some word starts with `prefix` (the word itself included). */
  hasPrefix(prefix: string): boolean {
    const i = this.lowerBound(prefix)
    return i < this.words.length && this.words[i]!.startsWith(prefix)
  }

  /** The most frequent words starting with `prefix` (other than it), then in word order. */
  completions(prefix: string, limit: number): string[] {
    const found: number[] = []
    for (let i = this.lowerBound(prefix); i < this.words.length && this.words[i]!.startsWith(prefix); i++) {
      if (this.words[i] !== prefix) found.push(i)
    }
    found.sort((a, b) => this.frequency[b]! - this.frequency[a]! || a - b)
    return found.slice(0, limit).map((i) => this.words[i]!)
  }

  /**
   * The words most like `word` by pg_trgm's similarity (shared trigrams over all trigrams of both),
   * those at `TRGM_THRESHOLD` or more, best first, then the more frequent: what `word % w` ordered by
   * similarity gave.
   */
  similar(word: string, limit = SIMILAR_LIMIT): SimilarWord[] {
    const grams = trigramsOf(word)
    const touched: number[] = []
    const shared = this.shared
    for (const g of grams) {
      const list = this.postings.get(g)
      if (!list) continue
      for (let k = 0; k < list.length; k++) {
        const i = list[k]!
        if (shared[i] === 0) touched.push(i)
        shared[i]!++
      }
    }
    const found: { i: number; score: number }[] = []
    for (const i of touched) {
      const s = shared[i]!
      shared[i] = 0
      const score = s / (grams.length + this.trigramCount[i]! - s)
      if (score >= TRGM_THRESHOLD) found.push({ i, score })
    }
    found.sort((a, b) => b.score - a.score || this.frequency[b.i]! - this.frequency[a.i]! || a.i - b.i)
    return found.slice(0, limit).map(({ i, score }) => ({ word: this.words[i]!, score }))
  }

  /** The first index whose word is not below `text`. */
  private lowerBound(text: string): number {
    let lo = 0
    let hi = this.words.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (compareCodePoints(this.words[mid]!, text) < 0) lo = mid + 1
      else hi = mid
    }
    return lo
  }
}

/**
 * Code point order (PostgreSQL's `~<~` and a C collation): UTF-16 order differs from it only beyond
 * the Basic Multilingual Plane, which catalogue words never reach, so plain comparison does.
 */
export function compareCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
