import { Lru } from '../../lib/lru'

/**
 * Query words stemmed as PostgreSQL stems them: `to_tsquery('russian', w)` (Snowball's Russian stemmer
 * for Cyrillic words, its English one for Latin words, stop words dropped) and `to_tsquery('simple', w)`
 * (the word as it is: query words are already lower-case letters and digits).
 *
 * Stems are PostgreSQL's own rather than a port's: the text index asks for those of every lexicon
 * word when it is built (`TextIndex.build`), and a word outside the lexicon (an inflected form, a
 * typo, a prefix being typed) is stemmed by one small statement for all such words of a query, then
 * remembered. The catalogue's own words, which is what shoppers mostly type, never wait for it.
 */

/** Words whose stems are remembered; a stem depends on PostgreSQL's dictionaries only. */
const REMEMBERED = 50_000

/** Russian stems of words, `to_tsvector('russian', w)`'s lexemes (none for a stop word). */
export type StemLookup = (words: string[]) => Promise<Map<string, string[]>>

export class Stemmer {
  private readonly remembered = new Lru<string, string[]>({ maxEntries: REMEMBERED })

  constructor(private readonly inDatabase: StemLookup) {}

  /**
   * The Russian stems of each word: from `known` (the lexicon's, computed at build) when it has the
   * word, else remembered, else from PostgreSQL in one statement.
   */
  async russian(
    words: Iterable<string>,
    known: ReadonlyMap<string, string[]>,
  ): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>()
    const missing: string[] = []
    for (const w of words) {
      if (out.has(w)) continue
      const stems = known.get(w) ?? this.remembered.get(w)
      if (stems) out.set(w, stems)
      else if (!missing.includes(w)) missing.push(w)
    }
    if (missing.length > 0) {
      const found = await this.inDatabase(missing)
      for (const w of missing) {
        const stems = found.get(w) ?? []
        this.remembered.set(w, stems)
        out.set(w, stems)
      }
    }
    return out
  }
}
