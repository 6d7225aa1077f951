import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/connection'
import { rows } from '../../db/rows'
import { testDatabase } from '../../test/app'
import { Lexicon, TRGM_THRESHOLD, trigramsOf } from './lexicon'

let database: Database
let lexicon: Lexicon
/**
 * The lexicon as this file read it: on PostgreSQL other test files add products (and so words) to the
 * shared database while this one compares, so the SQL side reads a copy taken with the memory side's.
 */
const SNAPSHOT = sql.identifier(`lexicon_snapshot_${process.pid}_${Date.now()}`)

beforeAll(async () => {
  database = await testDatabase()
  await database.db.execute(sql`create table ${SNAPSHOT} as select word, frequency from search_lexicon`)
  lexicon = new Lexicon(
    (
      await rows<{ word: string; frequency: number }>(
        database.db,
        sql`select word, frequency from ${SNAPSHOT}`,
      )
    ).map((r) => ({ word: r.word, frequency: Number(r.frequency) })),
  )
})

afterAll(async () => {
  await database.db.execute(sql`drop table if exists ${SNAPSHOT}`)
})

/** Typos, other scripts and model numbers, as the search corrects them. */
const MISTYPED = [
  'самсунк',
  'холодильнек',
  'нашуники',
  'ноутбк',
  'теелвизор',
  'iphne',
  'galxy',
  'пылесас',
  'x',
  'rtx407',
]

describe('the lexicon in memory', () => {
  it('has the trigrams pg_trgm has', async () => {
    // show_trgm prints trigrams with other than ASCII letters as hashes: the similarities below cover those
    for (const word of ['cat', 'a', 'rtx4070', 'samsung']) {
      const [found] = await rows<{ t: string[] | string }>(database.db, sql`select show_trgm(${word}) as t`)
      // node-postgres gives an array, PGlite the array's text when the type is unknown to it
      const expected = Array.isArray(found!.t) ? found!.t : parsePgArray(found!.t)
      expect(trigramsOf(word).sort()).toEqual([...expected].sort())
    }
  })

  it.each(MISTYPED)('corrects "%s" to the words pg_trgm finds, with the same similarity', async (word) => {
    const expected = await rows<{ word: string; score: number }>(
      database.db,
      sql`select word, similarity(word, ${word}) as score from ${SNAPSHOT}
          where similarity(word, ${word}) >= ${TRGM_THRESHOLD}
          order by similarity(word, ${word}) desc, frequency desc, word limit 3`,
    )
    const found = lexicon.similar(word)
    expect(found.map((f) => f.word)).toEqual(expected.map((e) => e.word))
    found.forEach((f, i) => expect(f.score).toBeCloseTo(Number(expected[i]!.score), 5))
  })

  it('finds the catalogue word a typo was meant as', () => {
    expect(lexicon.similar('холодильнек').map((s) => s.word)).toContain('холодильник')
    expect(lexicon.similar('qqqqqq')).toEqual([])
  })

  it.each(['хол', 'sam', 'смарт', 'zzzz', 'холодильник'])(
    'knows the words "%s" starts and completes it by frequency as SQL does',
    async (prefix) => {
      const expected = await rows<{ word: string }>(
        database.db,
        sql`select word from ${SNAPSHOT} where starts_with(word, ${prefix}) and word <> ${prefix}
            order by frequency desc, word collate "C" limit 5`,
      )
      expect(lexicon.completions(prefix, 5)).toEqual(expected.map((e) => e.word))
      const [any] = await rows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from ${SNAPSHOT} where starts_with(word, ${prefix})`,
      )
      expect(lexicon.hasPrefix(prefix)).toBe(any!.n > 0)
    },
  )

  it('knows its words exactly', () => {
    expect(lexicon.has('холодильник')).toBe(true)
    expect(lexicon.has('холодильни')).toBe(false)
    expect(lexicon.hasPrefix('холодильни')).toBe(true)
  })
})

function parsePgArray(text: string): string[] {
  // {"  a"," ab",abc}: quoted items keep their spaces
  const out: string[] = []
  const re = /"((?:[^"\\]|\\.)*)"|([^,{}]+)/g
  for (const m of text.matchAll(re)) out.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2]!)
  return out
}
