import { sql, type SQL } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import { testDatabase } from '../../test/app'
import { analyze, type Vocabulary } from './analyze'
import { createSearchRepo } from './repo'
import { Stemmer } from './stem'
import { searchKey } from './text'
import { MIN_PREFIX, TextIndex, type Form, type MatchRows, type Term } from './text-index'

let db: Db
let texts: TextIndex
let stemmer: Stemmer
let vocabulary: Vocabulary

beforeAll(async () => {
  db = (await testDatabase()).db
  const repo = createSearchRepo(db)
  texts = await TextIndex.build({
    catalogVersion: 1,
    lexicon: () => repo.lexicon(),
    eachDocumentBatch: (each) => repo.eachDocumentBatch(each),
  })
  stemmer = new Stemmer((words) => repo.stems(words))
  const synonyms = await repo.synonyms()
  vocabulary = { synonyms: new Map(synonyms.map((s) => [s.term, searchKey(s.expansion).split(' ')])) }
})

// ------------------------------------------------------------------ the SQL the search used to run

function wordQuery(word: string, prefix: boolean, weighted: boolean): SQL {
  const text = prefix && word.length >= MIN_PREFIX ? `${word}:*${weighted ? 'ABC' : ''}` : word
  return sql`(to_tsquery('russian', ${text}) || to_tsquery('simple', ${text}))`
}
function termQuery(term: Term, weighted: boolean): SQL | null {
  const forms = term.forms
    .filter((f: Form) => f.words.length > 0)
    .map((f) =>
      sql.join(
        f.words.map((w, i) => wordQuery(w, f.prefix && i === f.words.length - 1, weighted)),
        sql` && `,
      ),
    )
  return forms.length > 0 ? sql`(${sql.join(forms, sql` || `)})` : null
}

/** `repo.match` as it was in SQL: the naming words first, then the whole document. */
async function matchInSql(terms: Term[], wholeModel: string | null): Promise<MatchRows> {
  const where: SQL[] = []
  const named: SQL[] = []
  const strong: SQL[] = []
  const rank: SQL[] = []
  for (const term of terms) {
    const tsq = termQuery(term, true)
    const naming = termQuery(term, false)
    const likes = term.forms.flatMap((f) => (f.model ? [sql`d.model_key like ${`%${f.model}%`}`] : []))
    where.push(sql`(${sql.join([...(tsq ? [sql`d.document @@ ${tsq}`] : []), ...likes], sql` or `)})`)
    named.push(
      sql`(${sql.join([...(naming ? [sql`ts_filter(d.document, '{a,b}') @@ ${naming}`] : []), ...likes], sql` or `)})`,
    )
    strong.push(
      sql`(${sql.join([...(tsq ? [sql`ts_rank('{0,0,1,1}', d.document, ${tsq}) > 0`] : []), ...likes], sql` or `)})`,
    )
    if (tsq) rank.push(sql`ts_rank('{0.1,0.2,0.4,1.0}', d.document, ${tsq})`)
    for (const like of likes) rank.push(sql`(case when ${like} then 0.6 else 0 end)`)
  }
  const whole = wholeModel ? sql`d.model_key like ${`%${wholeModel}%`}` : sql`false`
  if (wholeModel) rank.push(sql`(case when ${whole} then 1.0 else 0 end)`)
  const run = async (condition: SQL, isStrong: SQL) => {
    const found = await rows<{ id: number; rank: number; strong: boolean }>(
      db,
      sql`select d.product_id as id, (${sql.join(rank, sql` + `)})::float8 as rank, (${isStrong}) as strong
          from search_documents d where ${condition} order by d.product_id`,
    )
    return {
      ids: Int32Array.from(found, (r) => r.id),
      ranks: Float64Array.from(found, (r) => Number(r.rank)),
      strong: Uint8Array.from(found, (r) => (r.strong ? 1 : 0)),
    }
  }
  const all = (list: SQL[]) => (list.length > 0 ? sql`(${sql.join(list, sql` and `)})` : sql`false`)
  const byName = await run(sql`${all(named)} or ${whole}`, sql`true`)
  return byName.ids.length > 0 ? byName : run(sql`${all(where)} or ${whole}`, sql`${all(strong)} or ${whole}`)
}

async function matchInMemory(terms: Term[], wholeModel: string | null): Promise<MatchRows> {
  return texts.matchStemmed(terms, wholeModel, stemmer)
}

const sorted = (m: MatchRows) => {
  const order = [...m.ids.keys()].sort((a, b) => m.ids[a]! - m.ids[b]!)
  return {
    ids: order.map((i) => m.ids[i]!),
    ranks: order.map((i) => m.ranks[i]!),
    strong: order.map((i) => m.strong[i]!),
  }
}

// ------------------------------------------------------------------ the index against it

const QUERIES = [
  'холодильник',
  'холодильники',
  'телевизор samsung 55',
  'ноутбук asus',
  'самсунк',
  'холодильнек',
  'ыфьыгтп',
  '[jkjlbkmybr',
  'айфон',
  'rtx 4070',
  's24ultra',
  'тоңазытқыш',
  'наушники sony',
  'лэптоп',
  'wh-1000xm5',
  'официальная',
  'гарантия производителя',
  'сам',
  'и в на',
  'смартфон apple',
  'стиральная машина',
  'телек',
  'samsung galaxy',
  'qqqqqq',
]

describe('the text index', () => {
  it.each(QUERIES)('finds for "%s" the products the SQL found, as strong', async (query) => {
    const analysis = analyze(texts, vocabulary, query, { clarify: true, prefixLast: true })
    const expected = sorted(await matchInSql(analysis.terms, analysis.wholeModel))
    const found = sorted(await matchInMemory(analysis.terms, analysis.wholeModel))
    expect(found.ids).toEqual(expected.ids)
    expect(found.strong).toEqual(expected.strong)
  })

  it.each(['холодильник', 'samsung', 'официальная', 'гарантия'])(
    'ranks "%s" as ts_rank does',
    async (word) => {
      const terms: Term[] = [{ forms: [{ words: [word], prefix: false }] }]
      const expected = sorted(await matchInSql(terms, null))
      const found = sorted(await matchInMemory(terms, null))
      expect(found.ids.length).toBeGreaterThan(0)
      expect(found.ids).toEqual(expected.ids)
      found.ranks.forEach((r, i) => expect(r).toBeCloseTo(expected.ranks[i]!, 5))
    },
  )

  it('falls back to the descriptions when nothing names the word, and flags those matches weak', async () => {
    const found = await matchInMemory([{ forms: [{ words: ['официальная'], prefix: false }] }], null)
    expect(found.ids.length).toBeGreaterThan(0)
    expect(found.strong.every((s) => s === 0)).toBe(true)
  })

  it('reads the catalogue words: exact, as a prefix, in model keys', () => {
    expect(texts.isWord('холодильник')).toBe(true)
    expect(texts.startsWord('холоди')).toBe(true)
    expect(texts.startsWord('qqq')).toBe(false)
    expect(texts.documents).toBeGreaterThan(0)
  })
})
