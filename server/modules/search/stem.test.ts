import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rows } from '../../db/rows'
import { testDatabase } from '../../test/app'
import { createSearchRepo } from './repo'
import { Stemmer } from './stem'

/** The lexemes of `to_tsquery('russian', w)`, as the SQL search used them. */
async function tsqueryLexemes(words: string[]): Promise<Map<string, string[]>> {
  const { db } = await testDatabase()
  const found = await rows<{ w: string; q: string }>(
    db,
    sql`select w, querytree(to_tsquery('russian', w))::text as q
        from json_array_elements_text(${JSON.stringify(words)}::json) as c(w)`,
  )
  return new Map(found.map((r) => [r.w, [...r.q.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]!).sort()]))
}

describe('stems', () => {
  it('of the whole lexicon, read at build, are the lexemes to_tsquery gives', async () => {
    const repo = createSearchRepo((await testDatabase()).db)
    const lexicon = await repo.lexicon()
    expect(lexicon.length).toBeGreaterThan(100)
    const expected = await tsqueryLexemes(lexicon.map((r) => r.word))
    for (const row of lexicon) {
      expect(row.stems === '' ? [] : row.stems.split(' ').sort(), row.word).toEqual(expected.get(row.word))
    }
  })

  it('of other words come from PostgreSQL once, stop words included, and are remembered', async () => {
    const repo = createSearchRepo((await testDatabase()).db)
    const asked: string[][] = []
    const stemmer = new Stemmer((words) => {
      asked.push(words)
      return repo.stems(words)
    })
    const known = new Map([['холодильник', ['холодильник']]])
    const words = ['холодильники', 'стиральные', 'ноутбуков', 'и', 'headphones', 'холодильник', 'смартфо']
    const stems = await stemmer.russian(words, known)
    expect(asked).toEqual([['холодильники', 'стиральные', 'ноутбуков', 'и', 'headphones', 'смартфо']])
    const expected = await tsqueryLexemes(words)
    for (const w of words) expect(stems.get(w), w).toEqual(expected.get(w))
    expect(stems.get('холодильники')).toEqual(['холодильник'])
    expect(stems.get('и')).toEqual([])
    expect(stems.get('headphones')).toEqual(['headphon'])
    await stemmer.russian(['ноутбуков', 'и'], known)
    expect(asked).toHaveLength(1)
  })
})
