import type { Form, Term, WordLookup } from './text-index'
import { compact, looksLikeModel, MAX_WORDS, similarity, swapLayout, transliterate, words } from './text'

/** Below this pg_trgm similarity a lexicon word is not taken as what the shopper meant. */
export const MIN_SIMILARITY = 0.34
/** A word this short is never corrected: too many words are one or two letters away. */
const MIN_CORRECTED_LENGTH = 3

export interface Vocabulary {
  /** Synonym term → the words it also searches for. */
  synonyms: Map<string, string[]>
}

export interface Analysis {
  terms: Term[]
  /** The query read as a whole model number ('RTX 4070' → 'rtx4070') when some model contains it. */
  wholeModel: string | null
  /** The query as searched when a word was corrected, else null. */
  corrected: string | null
  /** What the words were read as, for the redirect rules and completions. */
  readWords: string[]
}

interface WordPlan {
  literal: string[]
  layout: string[]
  last: boolean
}

/**
 * Reads a query: every word becomes a term whose forms are the word itself, its synonyms, its
 * transliteration and model-number reading when the catalogue knows them, and (when `clarify`) its
 * other-layout reading or the closest lexicon word when the catalogue does not know the word as
 * typed. The last word also matches as a prefix (`prefixLast`), as the shopper may still be typing.
 */
export function analyze(
  lookup: WordLookup,
  vocabulary: Vocabulary,
  query: string,
  options: { clarify: boolean; prefixLast: boolean },
): Analysis {
  const raw = query
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '')
  const plans: WordPlan[] = []
  for (const word of raw) {
    if (plans.length >= MAX_WORDS) break
    const literal = words(word)
    const swapped = swapLayout(word)
    const layout = swapped ? words(swapped) : []
    if (literal.length === 0 && layout.length === 0) continue
    plans.push({ literal, layout, last: false })
  }
  if (plans.length === 0) return { terms: [], wholeModel: null, corrected: null, readWords: [] }
  plans[plans.length - 1]!.last = options.prefixLast

  const single = (list: string[]) => (list.length === 1 ? list[0]! : null)
  const exactCandidates = new Set<string>()
  const prefixCandidates = new Set<string>()
  const modelCandidates = new Set<string>()
  for (const p of plans) {
    const lit = single(p.literal)
    const lay = single(p.layout)
    for (const w of [lit, lit ? transliterate(lit) : null, lay]) {
      if (!w) continue
      exactCandidates.add(w)
      if (p.last) prefixCandidates.add(w)
    }
    // a word that splits into several (wh-1000xm5, "yjen,er" typed for "ноутбук"): each part is checked
    if (p.literal.length > 1) for (const w of p.literal) exactCandidates.add(w)
    const key = p.literal.join('')
    if (key.length >= 3 && looksLikeModel(key)) modelCandidates.add(key)
  }
  const whole = compact(query)
  const wholeCandidate = plans.length > 1 && whole.length >= 4 && looksLikeModel(whole) ? whole : null
  if (wholeCandidate) modelCandidates.add(wholeCandidate)

  const known = {
    exact: new Set([...exactCandidates].filter((w) => lookup.isWord(w))),
    prefix: new Set([...prefixCandidates].filter((w) => lookup.startsWord(w))),
  }
  const models = new Set([...modelCandidates].filter((k) => lookup.inModelKey(k)))
  const isKnown = (w: string, last: boolean) => known.exact.has(w) || (last && known.prefix.has(w))

  // words the catalogue does not know as typed, nor in another layout: ask the lexicon for the closest
  const toCorrect: string[] = []
  const unknownAt = new Set<number>()
  plans.forEach((p, i) => {
    const lit = single(p.literal)
    if (options.clarify && !lit && p.literal.length > 1) {
      // several parts: read in the other layout when the parts are unknown and the whole is a known word
      const lay = single(p.layout)
      const partsKnown = p.literal.every((w) => known.exact.has(w) || /^\d+$/.test(w))
      if (!partsKnown && !models.has(p.literal.join('')) && lay && isKnown(lay, p.last)) unknownAt.add(i)
      return
    }
    if (!options.clarify || !lit || lit.length < MIN_CORRECTED_LENGTH || /^\d+$/.test(lit)) return
    const tr = transliterate(lit)
    if (isKnown(lit, p.last) || (tr && isKnown(tr, p.last))) return
    if (vocabulary.synonyms.has(lit) || models.has(lit)) return
    unknownAt.add(i)
    const lay = single(p.layout)
    if (lay && isKnown(lay, p.last)) return
    toCorrect.push(lit)
    if (tr) toCorrect.push(tr)
  })
  const similar = new Map(toCorrect.map((w) => [w, lookup.similar(w)]))

  const terms: Term[] = []
  const readWords: string[] = []
  let corrected = false
  plans.forEach((p, i) => {
    const forms: Form[] = []
    const add = (list: string[], prefix: boolean) => {
      if (list.length > 0 && !forms.some((f) => f.words.join(' ') === list.join(' '))) {
        forms.push({ words: list, prefix })
      }
    }
    const synonymsOf = (w: string) => {
      const expansion = vocabulary.synonyms.get(w)
      if (expansion) add(expansion, false)
      // a word being typed: the synonyms it starts (айф → айфон → iphone)
      if (p.last && w.length >= 3) {
        for (const [term, exp] of vocabulary.synonyms) if (term !== w && term.startsWith(w)) add(exp, false)
      }
    }
    const lit = single(p.literal)
    let read = p.literal.join(' ')
    if (p.literal.length > 0) add(p.literal, p.last)
    if (lit) {
      synonymsOf(lit)
      const tr = transliterate(lit)
      if (tr && isKnown(tr, p.last)) add([tr], p.last)
      const key = p.literal.join('')
      if (models.has(key)) forms.push({ words: [], prefix: false, model: key })
    } else if (p.literal.length > 1) {
      const key = p.literal.join('')
      if (models.has(key)) forms.push({ words: [], prefix: false, model: key })
    }
    if (unknownAt.has(i) || (p.literal.length === 0 && options.clarify)) {
      const lay = single(p.layout)
      if (lay && isKnown(lay, p.last)) {
        add([lay], p.last)
        synonymsOf(lay)
        read = lay
        corrected = true
      } else if (lit) {
        const best = bestCorrection(lit, similar, vocabulary)
        if (best) {
          if (best.expansion) add(best.expansion, false)
          else add([best.word], false)
          read = best.expansion ? best.expansion.join(' ') : best.word
          corrected = true
        }
      }
    }
    if (forms.length > 0) {
      terms.push({ forms })
      readWords.push(read)
    }
  })
  return {
    terms,
    wholeModel: wholeCandidate && models.has(wholeCandidate) ? wholeCandidate : null,
    corrected: corrected ? readWords.join(' ') : null,
    readWords,
  }
}

/** The closest known word to `word` (or to its transliteration), from the lexicon or the synonym terms. */
function bestCorrection(
  word: string,
  similar: Map<string, { word: string; score: number }[]>,
  vocabulary: Vocabulary,
): { word: string; expansion?: string[] } | null {
  let best: { word: string; score: number; expansion?: string[] } | null = null
  const consider = (candidate: { word: string; score: number; expansion?: string[] }) => {
    if (candidate.score >= MIN_SIMILARITY && (!best || candidate.score > best.score)) best = candidate
  }
  for (const c of similar.get(word) ?? []) consider(c)
  const tr = transliterate(word)
  // a transliterated match reads a little less surely than one in the shopper's own script
  if (tr) for (const c of similar.get(tr) ?? []) consider({ ...c, score: c.score - 0.05 })
  for (const [term, expansion] of vocabulary.synonyms) {
    if (Math.abs(term.length - word.length) > 3) continue
    consider({ word: term, score: similarity(term, word), expansion })
  }
  return best
}
