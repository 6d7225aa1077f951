/**
 * The search's text index, in memory beside the catalogue index and built for the same catalogue
 * version: the lexicon (exact, prefix, completions, trigram corrections), the postings of the search
 * documents' lexemes and the model keys. A query that no cache holds is matched here without a
 * statement (only a word outside the lexicon is stemmed by PostgreSQL, see `stem.ts`): on 200,000
 * products four round trips and a `ts_rank` over up to 20,000 documents took 15-60 ms, and on PGlite
 * they held the event loop. The database stays the source: documents, lexicon and model keys are
 * written by its triggers (migration `0006_search`) and read here when the catalogue changes.
 */
import { Lexicon, type LexiconRow, type SimilarWord } from './lexicon'
import { ModelKeys } from './model-keys'
import { PostingsBuilder, WEIGHT_A, WEIGHT_B, WEIGHT_C, type Postings } from './postings'
import type { Stemmer } from './stem'

/** Matches read per search at most: beyond this a query is too broad for its tail to matter. */
export const MAX_MATCHES = 20_000
/** A word being typed matches as a prefix from this length: 'с' or 'са' would match most of the catalogue. */
export const MIN_PREFIX = 3
/** What a model-number hit adds to a term's rank, and a hit of the whole query read as one model number. */
const MODEL_RANK = 0.6
const WHOLE_MODEL_RANK = 1
const NAMING = WEIGHT_A | WEIGHT_B
/** A prefix leaves the description (weight D) out: 'сам' starts 'самовывоз' in every description. */
const PREFIX_WEIGHTS = WEIGHT_A | WEIGHT_B | WEIGHT_C
const pause = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * One alternative reading of a query word: all of `words` must match (each Russian-stemmed or as
 * is), or, for a model number, `model` must be part of a product's model key.
 */
export interface Form {
  words: string[]
  prefix: boolean
  model?: string
}

/** A query word and the forms it may be read as (the word itself first). */
export interface Term {
  forms: Form[]
}

/** The matches of a query, one entry per product in each array. */
export interface MatchRows {
  ids: Int32Array
  ranks: Float64Array
  /** 1 when every term matched in the title, brand, model, category or Kazakh title (not only the description). */
  strong: Uint8Array
}

const NO_MATCHES: MatchRows = {
  ids: new Int32Array(0),
  ranks: new Float64Array(0),
  strong: new Uint8Array(0),
}

export interface LexiconSourceRow extends LexiconRow {
  /** `to_tsvector('russian', word)`'s lexemes, space-separated. */
  stems: string
}

export type DocumentRow = {
  product_id: number
  /** The tsvector's text form. */
  document: string
  model_key: string
}

export interface TextIndexSource {
  catalogVersion: number
  lexicon: () => Promise<LexiconSourceRow[]>
  /** Calls `each` with batches of documents in ascending product id, waiting for it. */
  eachDocumentBatch: (each: (batch: DocumentRow[]) => Promise<void>) => Promise<void>
}

/** What reading a query needs to know about the catalogue's words (see `analyze.ts`). */
export interface WordLookup {
  isWord(word: string): boolean
  startsWord(prefix: string): boolean
  inModelKey(part: string): boolean
  similar(word: string): SimilarWord[]
}

/** Per document scratch of one match, reused: matching is synchronous, so calls never overlap. */
class Scratch {
  /** Terms matched by the whole document, and by the naming words (A, B or the model key). */
  readonly full: Uint8Array
  readonly naming: Uint8Array
  /** Terms matched in the naming words by some operand, for the strong flag (ts_rank {0,0,1,1} > 0). */
  readonly strong: Uint8Array
  /** Hit by the whole query read as a model number. */
  readonly whole: Uint8Array
  readonly rank: Float64Array
  /** The current term's flags, and the current form's words matched (whole document, naming words). */
  readonly termFlags: Uint8Array
  readonly formFull: Uint8Array
  readonly formNaming: Uint8Array
  /** Stamps that count a document once per word (or per term) however many lexemes find it. */
  readonly seenFull: Uint32Array
  readonly seenNaming: Uint32Array
  private stamp = 0

  constructor(n: number) {
    this.full = new Uint8Array(n)
    this.naming = new Uint8Array(n)
    this.strong = new Uint8Array(n)
    this.whole = new Uint8Array(n)
    this.rank = new Float64Array(n)
    this.termFlags = new Uint8Array(n)
    this.formFull = new Uint8Array(n)
    this.formNaming = new Uint8Array(n)
    this.seenFull = new Uint32Array(n)
    this.seenNaming = new Uint32Array(n)
  }

  /** A stamp no document carries yet (the arrays are cleared when the numbers run out). */
  nextStamp(): number {
    if (this.stamp === 0xffffffff) {
      this.seenFull.fill(0)
      this.seenNaming.fill(0)
      this.stamp = 0
    }
    return ++this.stamp
  }
}

const TERM_FULL = 1
const TERM_NAMING = 2

/** A query word resolved to lexeme ids: each group must be found whole (to_tsquery's '||' between groups). */
interface WordPlan {
  prefix: boolean
  groups: number[][][]
}

/** A term resolved to lexeme ids, with its tsquery's distinct operands for the rank. */
interface TermPlan {
  forms: { words: WordPlan[]; model: string | null }[]
  /** Lexeme ids per distinct operand (a prefix operand has every lexeme it starts). */
  items: number[][]
  /** Postings the term reads: the least read term goes first and narrows the others. */
  volume: number
}

export class TextIndex implements WordLookup {
  private scratch: Scratch | null = null

  private constructor(
    readonly version: number,
    readonly lexicon: Lexicon,
    /** `to_tsvector('russian', w)` of every lexicon word. */
    readonly stems: ReadonlyMap<string, string[]>,
    /** Product id of each document. */
    readonly ids: Int32Array,
    readonly postings: Postings,
    readonly models: ModelKeys,
  ) {}

  static async build(source: TextIndexSource): Promise<TextIndex> {
    const lexiconRows = await source.lexicon()
    const lexicon = new Lexicon(lexiconRows)
    const stems = new Map(lexiconRows.map((r) => [r.word, r.stems === '' ? [] : r.stems.split(' ')]))
    await pause()
    const builder = new PostingsBuilder()
    const ids: number[] = []
    const keys: string[] = []
    await source.eachDocumentBatch(async (batch) => {
      for (const row of batch) {
        builder.add(row.document)
        ids.push(row.product_id)
        keys.push(row.model_key)
      }
      // requests go on between batches, as during the catalogue's build
      await pause()
    })
    const postings = builder.finish()
    await pause()
    return new TextIndex(
      source.catalogVersion,
      lexicon,
      stems,
      Int32Array.from(ids),
      postings,
      new ModelKeys(keys),
    )
  }

  get documents(): number {
    return this.ids.length
  }

  /** Bytes of the postings' typed arrays and the document ids (the lexicon's strings come on top). */
  get arrayBytes(): number {
    return this.postings.bytes + this.ids.byteLength
  }

  isWord(word: string): boolean {
    return this.lexicon.has(word)
  }

  startsWord(prefix: string): boolean {
    return this.lexicon.hasPrefix(prefix)
  }

  inModelKey(part: string): boolean {
    return this.models.has(part)
  }

  similar(word: string): SimilarWord[] {
    return this.lexicon.similar(word)
  }

  /** The words of every form of the terms: what `match` needs stemmed. */
  static wordsOf(terms: Term[]): string[] {
    return [...new Set(terms.flatMap((t) => t.forms.flatMap((f) => f.words)))]
  }

  /** `match`, with the Russian stems of the terms' words from `stemmer` (the lexicon's own first). */
  async matchStemmed(terms: Term[], wholeModel: string | null, stemmer: Stemmer): Promise<MatchRows> {
    return this.match(terms, wholeModel, await stemmer.russian(TextIndex.wordsOf(terms), this.stems))
  }

  /**
   * Products matching every term (any of its forms), or the whole query as a model number, with
   * their text rank (ts_rank's {D 0.1, C 0.2, B 0.4, A 1} per term; a model-key hit adds 0.6, the
   * whole query as a model 1). Products naming every term (weights A and B, or the model key) are
   * all the answer when there are any (strong); else every product whose document matches, strong
   * when every term is in its naming words. `russian` holds the Russian stems of every form's words.
   *
   * The term reading the fewest postings goes first; the others only look at the documents still
   * matching, and ranks are summed for the matches alone.
   */
  match(terms: Term[], wholeModel: string | null, russian: ReadonlyMap<string, string[]>): MatchRows {
    const n = this.ids.length
    if (n === 0) return NO_MATCHES
    const s = (this.scratch ??= new Scratch(n))
    const plans = terms
      .filter((t) => t.forms.some((f) => f.words.length > 0 || f.model))
      .map((t) => this.plan(t, russian))
      .sort((a, b) => a.volume - b.volume)
    const whole: number[] = []
    if (wholeModel) {
      this.models.eachDocument(wholeModel, (doc) => {
        if (s.whole[doc] === 1) return
        s.whole[doc] = 1
        whole.push(doc)
      })
    }
    if (plans.length === 0 && whole.length === 0) return NO_MATCHES
    let first: number[] = []
    try {
      plans.forEach((plan, i) => {
        const docs = this.matchTerm(plan, i, s)
        if (i === 0) first = docs
      })
      const counted = plans.length
      const isFound = (doc: number) => (counted > 0 && s.full[doc] === counted) || s.whole[doc] === 1
      const found: number[] = first.filter(isFound)
      for (const doc of whole) if (!(counted > 0 && s.full[doc] === counted)) found.push(doc)
      const candidates = Int32Array.from(found).sort()

      // the rank and the strong flags, of the matches only
      for (const plan of plans) {
        const stamp = s.nextStamp()
        const p = this.postings
        const share = 1 / plan.items.length
        for (const ids of plan.items) {
          for (const id of ids) {
            for (let k = p.offsets[id]!; k < p.offsets[id + 1]!; k++) {
              const doc = p.docs[k]!
              if (!isFound(doc)) continue
              const code = p.codes[k]!
              s.rank[doc]! += p.codeRank[code]! * share
              if (p.codeMask[code]! & NAMING && s.seenFull[doc] !== stamp) {
                s.seenFull[doc] = stamp
                s.strong[doc]!++
              }
            }
          }
        }
        for (const form of plan.forms) {
          if (!form.model) continue
          this.models.eachDocument(form.model, (doc) => {
            if (!isFound(doc)) return
            s.rank[doc]! += MODEL_RANK
            if (s.seenFull[doc] !== stamp) {
              s.seenFull[doc] = stamp
              s.strong[doc]!++
            }
          })
        }
      }
      for (const doc of whole) s.rank[doc]! += WHOLE_MODEL_RANK

      const isNamed = (doc: number) => (counted > 0 && s.naming[doc] === counted) || s.whole[doc] === 1
      let chosen = candidates.filter(isNamed)
      const named = chosen.length > 0
      if (!named) chosen = candidates
      if (chosen.length > MAX_MATCHES) chosen = chosen.slice(0, MAX_MATCHES)
      const ids = new Int32Array(chosen.length)
      const ranks = new Float64Array(chosen.length)
      const strong = new Uint8Array(chosen.length)
      chosen.forEach((doc, i) => {
        ids[i] = this.ids[doc]!
        ranks[i] = s.rank[doc]!
        strong[i] = named || (counted > 0 && s.strong[doc] === counted) || s.whole[doc] === 1 ? 1 : 0
      })
      return { ids, ranks, strong }
    } finally {
      for (const list of [first, whole]) {
        for (const doc of list) {
          s.full[doc] = 0
          s.naming[doc] = 0
          s.strong[doc] = 0
          s.whole[doc] = 0
          s.rank[doc] = 0
        }
      }
    }
  }

  /** Resolves a term's words to lexeme ids once: the Russian stems, or the word as it is. */
  private plan(term: Term, russian: ReadonlyMap<string, string[]>): TermPlan {
    const items = new Map<string, number[]>()
    const idsOf = (lexeme: string, prefix: boolean) => {
      const key = `${prefix ? '*' : '='}${lexeme}`
      let ids = items.get(key)
      if (!ids) {
        ids = this.lexemeIds(lexeme, prefix)
        items.set(key, ids)
      }
      return ids
    }
    const forms = term.forms.map((form) => ({
      model: form.model ?? null,
      words: form.words.map((word, i): WordPlan => {
        const prefix = isPrefix(form, i)
        // to_tsquery('russian', w) || to_tsquery('simple', w): the stems (none for a stop word), or the word
        const stems = russian.get(word) ?? []
        const groups =
          stems.length === 1 && stems[0] === word ? [stems] : [...(stems.length > 0 ? [stems] : []), [word]]
        return { prefix, groups: groups.map((g) => g.map((lexeme) => idsOf(lexeme, prefix))) }
      }),
    }))
    const p = this.postings
    let volume = 0
    for (const ids of items.values()) for (const id of ids) volume += p.offsets[id + 1]! - p.offsets[id]!
    return { forms, items: [...items.values()], volume }
  }

  /**
   * Counts term `i` in `full` and `naming` of the documents it matches (after the first term, only
   * of those that matched every earlier one, or the whole model), and returns them.
   */
  private matchTerm(plan: TermPlan, i: number, s: Scratch): number[] {
    const docs: number[] = []
    const pass = (doc: number) => i === 0 || s.full[doc] === i || s.whole[doc] === 1
    const mark = (doc: number, flags: number) => {
      if (s.termFlags[doc] === 0) docs.push(doc)
      s.termFlags[doc]! |= flags
    }
    for (const form of plan.forms) {
      if (form.model) {
        this.models.eachDocument(form.model, (doc) => {
          if (pass(doc)) mark(doc, TERM_FULL | TERM_NAMING)
        })
      }
      if (form.words.length === 0) continue
      const formDocs: number[] = []
      for (const word of form.words) {
        const fullStamp = s.nextStamp()
        const namingStamp = s.nextStamp()
        for (const group of word.groups) {
          this.eachGroupDocument(group, (doc, mask) => {
            if (!pass(doc)) return
            if ((word.prefix ? mask & PREFIX_WEIGHTS : 1) && s.seenFull[doc] !== fullStamp) {
              s.seenFull[doc] = fullStamp
              if (s.formFull[doc] === 0 && s.formNaming[doc] === 0) formDocs.push(doc)
              s.formFull[doc]!++
            }
            if (mask & NAMING && s.seenNaming[doc] !== namingStamp) {
              s.seenNaming[doc] = namingStamp
              if (s.formFull[doc] === 0 && s.formNaming[doc] === 0) formDocs.push(doc)
              s.formNaming[doc]!++
            }
          })
        }
      }
      const need = form.words.length
      for (const doc of formDocs) {
        let flags = 0
        if (s.formFull[doc] === need) flags |= TERM_FULL
        if (s.formNaming[doc] === need) flags |= TERM_NAMING
        if (flags) mark(doc, flags)
        s.formFull[doc] = 0
        s.formNaming[doc] = 0
      }
    }
    for (const doc of docs) {
      const flags = s.termFlags[doc]!
      if (flags & TERM_FULL) s.full[doc]!++
      if (flags & TERM_NAMING) s.naming[doc]!++
      s.termFlags[doc] = 0
    }
    return docs
  }

  /** Ids of the lexeme, or of every lexeme it starts for a prefix. */
  private lexemeIds(lexeme: string, prefix: boolean): number[] {
    if (prefix) return this.postings.withPrefix(lexeme)
    const id = this.postings.id(lexeme)
    return id < 0 ? [] : [id]
  }

  /**
   * Documents holding every lexeme of `group` (one lexeme, but a word PostgreSQL splits gives several;
   * each lexeme as the ids it stands for), with the weights found: for several, A when all are named,
   * else C.
   */
  private eachGroupDocument(group: number[][], each: (doc: number, mask: number) => void) {
    const p = this.postings
    if (group.length === 1) {
      for (const id of group[0]!) {
        for (let k = p.offsets[id]!; k < p.offsets[id + 1]!; k++) each(p.docs[k]!, p.codeMask[p.codes[k]!]!)
      }
      return
    }
    const counts = new Map<number, { all: number; named: number }>()
    for (const ids of group) {
      const seen = new Map<number, number>()
      for (const id of ids) {
        for (let k = p.offsets[id]!; k < p.offsets[id + 1]!; k++) {
          const doc = p.docs[k]!
          seen.set(doc, (seen.get(doc) ?? 0) | p.codeMask[p.codes[k]!]!)
        }
      }
      for (const [doc, mask] of seen) {
        const c = counts.get(doc) ?? { all: 0, named: 0 }
        c.all++
        if (mask & NAMING) c.named++
        counts.set(doc, c)
      }
    }
    for (const [doc, c] of counts) {
      if (c.all === group.length) each(doc, c.named === group.length ? WEIGHT_A : WEIGHT_C)
    }
  }
}

/** Whether word i of a form matches as a prefix (the last word of a form being typed, long enough). */
function isPrefix(form: Form, i: number): boolean {
  return form.prefix && i === form.words.length - 1 && form.words[i]!.length >= MIN_PREFIX
}
