/**
 * The lexemes of the search documents (`search_documents.document`, stemmed by PostgreSQL) inverted:
 * per lexeme the documents holding it, and per posting what `ts_rank` and the weight checks need.
 *
 * A posting is 6 bytes in typed arrays: the document (Int32) and a code (Uint16) into a small table
 * of distinct (weights present, rank contribution) pairs, since most documents share a handful of
 * shapes (a title word at positions 1A, 8A, 23B and once in the description).
 */

/** Weight bits of a posting: which of A, B, C, D some position of the lexeme carries. */
export const WEIGHT_A = 8
export const WEIGHT_B = 4
export const WEIGHT_C = 2
export const WEIGHT_D = 1
/** ts_rank's weights as the search passes them: {D 0.1, C 0.2, B 0.4, A 1}. */
const RANK_WEIGHT: Record<number, number> = {
  [WEIGHT_A]: 1,
  [WEIGHT_B]: 0.4,
  [WEIGHT_C]: 0.2,
  [WEIGHT_D]: 0.1,
}
/** ts_rank's normaliser in `calc_rank_or`: the limit of Σ 1/i², π²/6. */
const PI2_6 = 1.64493406685

/**
 * Reads a tsvector's text form (`'galaxi':3A,9A,48 'samsung':2A,39C`): lexemes are quoted, a quote
 * or backslash inside doubled; a position without a letter has weight D. `each` gets the weight bit
 * of every position in order, in an array reused for the next lexeme (9 million of them at 200,000
 * products: one array each would be garbage the build does not need).
 */
export function parseTsvector(
  text: string,
  each: (lexeme: string, weights: readonly number[]) => void,
): void {
  const weights: number[] = []
  const n = text.length
  let i = 0
  while (i < n) {
    while (i < n && text.charCodeAt(i) !== 39 /* ' */) i++
    if (i >= n) return
    i++
    let lexeme = ''
    let start = i
    for (;;) {
      if (i >= n) return
      const c = text.charCodeAt(i)
      if (c === 39 || c === 92 /* \ */) {
        lexeme += text.slice(start, i)
        if (c === 39 && text.charCodeAt(i + 1) !== 39) {
          i++
          break
        }
        // a doubled quote or backslash stands for one
        lexeme += text[i]
        i += 2
        start = i
      } else i++
    }
    weights.length = 0
    if (text.charCodeAt(i) === 58 /* : */) {
      i++
      while (i < n) {
        while (i < n && isDigit(text.charCodeAt(i))) i++
        const w = text.charCodeAt(i)
        if (w === 65) weights.push(WEIGHT_A)
        else if (w === 66) weights.push(WEIGHT_B)
        else if (w === 67) weights.push(WEIGHT_C)
        else weights.push(WEIGHT_D)
        if (w === 65 || w === 66 || w === 67 || w === 68) i++
        if (text.charCodeAt(i) !== 44 /* , */) break
        i++
      }
    } else weights.push(WEIGHT_D)
    each(lexeme, weights)
  }
}

const isDigit = (c: number) => c >= 48 && c <= 57

/**
 * What one lexeme found in a document adds to `ts_rank` ({0.1, 0.2, 0.4, 1}), as PostgreSQL's
 * `calc_rank_or` computes it before dividing by the query's operand count.
 */
export function rankContribution(weights: readonly number[]): number {
  let sum = 0
  let best = -1
  let bestAt = 0
  for (let j = 0; j < weights.length; j++) {
    const w = RANK_WEIGHT[weights[j]!]!
    sum += w / ((j + 1) * (j + 1))
    if (w > best) {
      best = w
      bestAt = j
    }
  }
  return (best + sum - best / ((bestAt + 1) * (bestAt + 1))) / PI2_6
}

/** Postings per chunk of the build's stream: big arrays the allocator gives back whole when freed. */
const CHUNK = 1 << 20

/**
 * Collects the postings as one stream in document order (lexeme id and code per posting, in chunks),
 * then groups them by lexeme with a counting sort: the documents stay in order within each lexeme.
 */
export class PostingsBuilder {
  private readonly lexemeIds = new Map<string, number>()
  private readonly lexemes: string[] = []
  private readonly counts: number[] = []
  private readonly codes = new Map<string, number>()
  /** Weight sequences seen (as numbers, two bits a position) and their codes. */
  private readonly shapes = new Map<number, number>()
  private readonly codeMask: number[] = []
  private readonly codeRank: number[] = []
  private lexChunks: Int32Array[] = []
  private codeChunks: Uint16Array[] = []
  private fill = CHUNK
  private total = 0
  /** Postings before document d + 1: document d's are [ends[d - 1], ends[d]). */
  private readonly ends: number[] = []

  /** Adds the lexemes of the next document (documents are numbered 0, 1, 2... in the order added). */
  add(tsvector: string): void {
    parseTsvector(tsvector, (lexeme, weights) => {
      let id = this.lexemeIds.get(lexeme)
      if (id === undefined) {
        id = this.lexemes.length
        // a copy of its own: a long slice would keep the whole document's text alive
        const own = lexeme.length > 12 ? [...lexeme].join('') : lexeme
        this.lexemeIds.set(own, id)
        this.lexemes.push(own)
        this.counts.push(0)
      }
      const code = this.codeOf(weights)
      if (this.fill === CHUNK) {
        this.lexChunks.push(new Int32Array(CHUNK))
        this.codeChunks.push(new Uint16Array(CHUNK))
        this.fill = 0
      }
      this.lexChunks[this.lexChunks.length - 1]![this.fill] = id
      this.codeChunks[this.codeChunks.length - 1]![this.fill] = code
      this.fill++
      this.total++
      this.counts[id]!++
    })
    this.ends.push(this.total)
  }

  /** The code of a weight sequence: its weights present and its rank contribution. */
  private codeOf(weights: readonly number[]): number {
    // up to 25 positions the sequence is one number (a leading 1, then two bits a position)
    let shape = -1
    if (weights.length <= 25) {
      shape = 1
      for (const w of weights)
        shape = shape * 4 + (w === WEIGHT_A ? 3 : w === WEIGHT_B ? 2 : w === WEIGHT_C ? 1 : 0)
      const known = this.shapes.get(shape)
      if (known !== undefined) return known
    }
    let mask = 0
    for (const w of weights) mask |= w
    const rank = Math.fround(rankContribution(weights))
    const key = `${mask} ${rank}`
    let code = this.codes.get(key)
    if (code === undefined) {
      // past 65,535 pairs (never seen) a pair shares the last code: only ranks would differ
      code = Math.min(this.codeMask.length, 0xffff)
      if (code === this.codeMask.length) {
        this.codes.set(key, code)
        this.codeMask.push(mask)
        this.codeRank.push(rank)
      }
    }
    if (shape >= 0) this.shapes.set(shape, code)
    return code
  }

  /** The postings grouped by lexeme; the stream's chunks are let go as they are read. */
  finish(): Postings {
    const count = this.lexemes.length
    const offsets = new Int32Array(count + 1)
    for (let i = 0; i < count; i++) offsets[i + 1] = offsets[i]! + this.counts[i]!
    const cursor = offsets.slice(0, count)
    const docs = new Int32Array(this.total)
    const codes = new Uint16Array(this.total)
    let doc = 0
    for (let k = 0; k < this.total; k++) {
      while (k >= this.ends[doc]!) doc++
      const chunk = Math.floor(k / CHUNK)
      const lex = this.lexChunks[chunk]!
      const at = cursor[lex[k % CHUNK]!]!++
      docs[at] = doc
      codes[at] = this.codeChunks[chunk]![k % CHUNK]!
      if (k % CHUNK === CHUNK - 1) {
        // read: this chunk is not needed any more
        this.lexChunks[chunk] = new Int32Array(0)
        this.codeChunks[chunk] = new Uint16Array(0)
      }
    }
    this.lexChunks = []
    this.codeChunks = []
    return new Postings(
      this.lexemes,
      offsets,
      docs,
      codes,
      Uint8Array.from(this.codeMask),
      Float32Array.from(this.codeRank),
    )
  }
}

export class Postings {
  /** Lexeme ids in code point order, for prefix ranges. */
  private readonly sorted: Int32Array
  private readonly ids = new Map<string, number>()

  constructor(
    readonly lexemes: string[],
    /** Postings of lexeme i are [offsets[i], offsets[i + 1]) of `docs` and `codes`, documents ascending. */
    readonly offsets: Int32Array,
    readonly docs: Int32Array,
    readonly codes: Uint16Array,
    /** Per code: the weight bits present, and the rank contribution. */
    readonly codeMask: Uint8Array,
    readonly codeRank: Float32Array,
  ) {
    lexemes.forEach((l, i) => this.ids.set(l, i))
    this.sorted = Int32Array.from(lexemes.keys()).sort((a, b) =>
      lexemes[a]! < lexemes[b]! ? -1 : lexemes[a]! > lexemes[b]! ? 1 : 0,
    )
  }

  /** Postings in all. */
  get size(): number {
    return this.docs.length
  }

  /** Bytes of the postings' arrays. */
  get bytes(): number {
    return this.docs.byteLength + this.codes.byteLength + this.offsets.byteLength
  }

  /** The lexeme's id, or -1 when no document has it. */
  id(lexeme: string): number {
    return this.ids.get(lexeme) ?? -1
  }

  /** Ids of every lexeme starting with `prefix`, as a tsquery `prefix:*` finds them. */
  withPrefix(prefix: string): number[] {
    let lo = 0
    let hi = this.sorted.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (this.lexemes[this.sorted[mid]!]! < prefix) lo = mid + 1
      else hi = mid
    }
    const out: number[] = []
    for (let i = lo; i < this.sorted.length; i++) {
      const id = this.sorted[i]!
      if (!this.lexemes[id]!.startsWith(prefix)) break
      out.push(id)
    }
    return out
  }
}
