import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rows } from '../../db/rows'
import { testDatabase } from '../../test/app'
import {
  parseTsvector,
  PostingsBuilder,
  rankContribution,
  WEIGHT_A,
  WEIGHT_B,
  WEIGHT_C,
  WEIGHT_D,
} from './postings'

function parsed(text: string) {
  const out: [string, number[]][] = []
  parseTsvector(text, (lexeme, weights) => out.push([lexeme, [...weights]]))
  return out
}

describe('tsvector text', () => {
  it('reads lexemes with their weights in position order', () => {
    expect(parsed(`'galaxi':3A,9A,48 'samsung':2A,23B,39C,47`)).toEqual([
      ['galaxi', [WEIGHT_A, WEIGHT_A, WEIGHT_D]],
      ['samsung', [WEIGHT_A, WEIGHT_B, WEIGHT_C, WEIGHT_D]],
    ])
  })

  it('reads doubled quotes and backslashes, and a lexeme without positions', () => {
    expect(parsed(`'it''s':1 'a\\\\b':2B 'bare'`)).toEqual([
      ["it's", [WEIGHT_D]],
      ['a\\b', [WEIGHT_B]],
      ['bare', [WEIGHT_D]],
    ])
  })

  it('reads what PostgreSQL writes', async () => {
    const { db } = await testDatabase()
    const [found] = await rows<{ t: string }>(
      db,
      sql`select (setweight(to_tsvector('simple', 'it''s a\\b 6.7 6/128gb'), 'A') || to_tsvector('simple', 'x y x'))::text as t`,
    )
    const lexemes = parsed(found!.t).map(([l]) => l)
    expect(lexemes).toEqual(expect.arrayContaining(['it', 's', 'a', 'b', '6.7', '6/128gb', 'x', 'y']))
    expect(parsed(found!.t).find(([l]) => l === 'x')![1]).toEqual([WEIGHT_D, WEIGHT_D])
  })
})

describe('postings', () => {
  it('group the documents of each lexeme in order, with ts_rank of one operand as PostgreSQL gives it', async () => {
    const { db } = await testDatabase()
    const documents = await rows<{ product_id: number; document: string }>(
      db,
      sql`select product_id, document::text as document from search_documents order by product_id`,
    )
    const builder = new PostingsBuilder()
    for (const d of documents) builder.add(d.document)
    const postings = builder.finish()
    for (const word of ['samsung', 'холодильник', 'гарант', 'официальн']) {
      const expected = await rows<{ id: number; rank: number }>(
        db,
        sql`select product_id as id, ts_rank('{0.1,0.2,0.4,1.0}', document, to_tsquery('simple', ${word})) as rank
            from search_documents where document @@ to_tsquery('simple', ${word}) order by product_id`,
      )
      expect(expected.length, word).toBeGreaterThan(0)
      const id = postings.id(word)
      const found: { id: number; rank: number }[] = []
      for (let k = postings.offsets[id]!; k < postings.offsets[id + 1]!; k++) {
        found.push({
          id: documents[postings.docs[k]!]!.product_id,
          rank: postings.codeRank[postings.codes[k]!]!,
        })
      }
      expect(found.map((f) => f.id)).toEqual(expected.map((e) => e.id))
      found.forEach((f, i) => expect(f.rank).toBeCloseTo(Number(expected[i]!.rank), 5))
    }
    expect(postings.withPrefix('холодильни').map((i) => postings.lexemes[i])).toContain('холодильник')
  })

  it('weighs the best position most, as calc_rank_or does', () => {
    expect(rankContribution([WEIGHT_A])).toBeCloseTo(1 / 1.64493406685, 6)
    expect(rankContribution([WEIGHT_D, WEIGHT_A])).toBeGreaterThan(rankContribution([WEIGHT_A, WEIGHT_D]))
  })
})
