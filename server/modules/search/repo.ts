import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'

/** Matches read per search at most: beyond this a query is too broad for its tail to matter. */
export const MAX_MATCHES = 20_000
/** Highest code point: `w || MAX_CHAR` bounds every word starting with `w` in byte order. */
const MAX_CHAR = sql`chr(1114111)`

/**
 * One alternative reading of a query word: all of `words` must match (one tsquery each, Russian
 * stemmed or as is), or, for a model number, `model` must be part of a product's model key.
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

export interface SearchEventInput {
  queryId: string
  query: string
  correctedQuery: string | null
  resultsCount: number
  cityId: number
  sessionId: string | null
  clientId: string | null
}

/** A word being typed matches as a prefix from this length: 'с' or 'са' would match most of the catalogue. */
const MIN_PREFIX = 3

/**
 * One word as a tsquery, Russian-stemmed or as is. A prefix leaves the description (weight D) out:
 * 'сам' is the start of 'самовывоз' in every description, and a shopper typing 'сам' means Samsung.
 */
function wordQuery(word: string, prefix: boolean, weighted: boolean): SQL {
  const text = prefix && word.length >= MIN_PREFIX ? `${word}:*${weighted ? 'ABC' : ''}` : word
  return sql`(to_tsquery('russian', ${text}) || to_tsquery('simple', ${text}))`
}

function formQuery(form: Form, weighted: boolean): SQL | null {
  if (form.words.length === 0) return null
  return sql.join(
    form.words.map((w, i) => wordQuery(w, form.prefix && i === form.words.length - 1, weighted)),
    sql` && `,
  )
}

/** A term as one tsquery; `weighted: false` for the naming words alone (`NAMING_WORDS`), which have no D. */
function termQuery(term: Term, weighted = true): SQL | null {
  const parts = term.forms.map((f) => formQuery(f, weighted)).filter((q): q is SQL => q !== null)
  if (parts.length === 0) return null
  return sql`(${sql.join(parts, sql` || `)})`
}

/**
 * The words of a document that name the product (weights A and B: title, brand, model, its category,
 * Kazakh title), with a GIN index of their own (migration `0007_search_naming_words`): a weighted
 * tsquery on the whole document makes PostgreSQL re-read every product whose description has the
 * word, tens of thousands for 'память' or 'смарт', to look at the weights.
 */
const NAMING_WORDS = sql`ts_filter(d.document, '{a,b}'::"char"[])`

/** The SQL of the search: the words of the catalogue, documents and events. */
export function createSearchRepo(db: Db) {
  /** Of `candidates`, the words the lexicon holds, and those some lexicon word starts with. */
  async function known(
    candidates: string[],
    prefixes: string[],
  ): Promise<{ exact: Set<string>; prefix: Set<string> }> {
    if (candidates.length === 0 && prefixes.length === 0) return { exact: new Set(), prefix: new Set() }
    const found = await rows<{ w: string; kind: string }>(
      db,
      sql`select w, 'exact' as kind from json_array_elements_text(${JSON.stringify(candidates)}::json) as c(w)
          where exists (select 1 from search_lexicon l where l.word = c.w)
          union all
          select w, 'prefix' from json_array_elements_text(${JSON.stringify(prefixes)}::json) as p(w)
          where exists (select 1 from search_lexicon l where l.word ~>=~ p.w and l.word ~<~ (p.w || ${MAX_CHAR}))`,
    )
    return {
      exact: new Set(found.filter((r) => r.kind === 'exact').map((r) => r.w)),
      prefix: new Set(found.filter((r) => r.kind === 'prefix').map((r) => r.w)),
    }
  }

  /** The lexicon words most like each of `words` (pg_trgm `%`, GIN index), best first. */
  async function similar(words: string[]): Promise<Map<string, { word: string; score: number }[]>> {
    const out = new Map<string, { word: string; score: number }[]>()
    if (words.length === 0) return out
    const found = await rows<{ w: string; word: string; score: number }>(
      db,
      sql`select q.w, l.word, l.score
          from json_array_elements_text(${JSON.stringify(words)}::json) as q(w)
          cross join lateral (
            select word, similarity(word, q.w) as score from search_lexicon
            where word % q.w
            order by similarity(word, q.w) desc, frequency desc, word
            limit 3
          ) l`,
    )
    for (const r of found) {
      const list = out.get(r.w) ?? []
      list.push({ word: r.word, score: Number(r.score) })
      out.set(r.w, list)
    }
    return out
  }

  /** Of `keys`, those that are part of some product's model key. */
  async function modelKeys(keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set()
    const found = await rows<{ k: string }>(
      db,
      sql`select k from json_array_elements_text(${JSON.stringify(keys)}::json) as m(k)
          where exists (select 1 from search_documents d where d.model_key like '%' || m.k || '%')`,
    )
    return new Set(found.map((r) => r.k))
  }

  /**
   * Matches as one row of three texts (ids, ranks, strong flags): 20,000 rows parsed into objects
   * cost the server more than the search itself. Null when nothing matched.
   */
  async function aggregated(rank: SQL, strong: SQL, where: SQL) {
    const [found] = await rows<{ ids: string | null; ranks: string | null; strong: string | null }>(
      db,
      sql`select string_agg(id::text, ',') as ids, string_agg(rank::text, ',') as ranks,
            string_agg(case when strong then '1' else '0' end, '') as strong
          from (
            select d.product_id as id, (${rank})::float8 as rank, (${strong}) as strong
            from search_documents d
            where ${where} limit ${MAX_MATCHES}
          ) m`,
    )
    return found?.ids && found.ranks && found.strong
      ? { ids: found.ids, ranks: found.ranks, strong: found.strong }
      : null
  }

  /** Most frequent lexicon words starting with `prefix`. */
  async function completions(prefix: string, limit: number): Promise<string[]> {
    const found = await rows<{ word: string }>(
      db,
      sql`select word from search_lexicon
          where word ~>=~ ${prefix} and word ~<~ (${prefix} || ${MAX_CHAR}) and word <> ${prefix}
          order by frequency desc, word limit ${limit}`,
    )
    return found.map((r) => r.word)
  }

  /**
   * Products matching every term (any of its forms), or the whole query as a model number, with
   * their text rank: weights D 0.1, C 0.2, B 0.4, A 1; a model-key hit counts as a title hit.
   */
  async function match(terms: Term[], wholeModel: string | null): Promise<MatchRows> {
    const conditions: SQL[] = []
    const rankParts: SQL[] = []
    const strongParts: SQL[] = []
    const namingParts: SQL[] = []
    for (const term of terms) {
      const tsq = termQuery(term)
      const naming = termQuery(term, false)
      const models = term.forms.flatMap((f) => (f.model ? [f.model] : []))
      const alternatives: SQL[] = []
      if (tsq) {
        alternatives.push(sql`d.document @@ ${tsq}`)
        rankParts.push(sql`ts_rank('{0.1,0.2,0.4,1.0}', d.document, ${tsq})`)
      }
      for (const m of models) {
        alternatives.push(sql`d.model_key like ${`%${m}%`}`)
        rankParts.push(sql`(case when d.model_key like ${`%${m}%`} then 0.6 else 0 end)`)
      }
      if (alternatives.length === 0) continue
      conditions.push(sql`(${sql.join(alternatives, sql` or `)})`)
      const strong = [
        ...(tsq ? [sql`ts_rank('{0,0,1,1}', d.document, ${tsq}) > 0`] : []),
        ...models.map((m) => sql`d.model_key like ${`%${m}%`}`),
      ]
      strongParts.push(sql`(${sql.join(strong, sql` or `)})`)
      namingParts.push(
        sql`(${sql.join(
          [
            ...(naming ? [sql`${NAMING_WORDS} @@ ${naming}`] : []),
            ...models.map((m) => sql`d.model_key like ${`%${m}%`}`),
          ],
          sql` or `,
        )})`,
      )
    }
    let where = conditions.length > 0 ? sql.join(conditions, sql` and `) : null
    let strong = strongParts.length > 0 ? sql.join(strongParts, sql` and `) : sql`false`
    let named = namingParts.length > 0 ? sql.join(namingParts, sql` and `) : sql`false`
    if (wholeModel) {
      const like = sql`d.model_key like ${`%${wholeModel}%`}`
      where = where ? sql`(${where}) or ${like}` : like
      strong = sql`(${strong}) or ${like}`
      named = sql`(${named}) or ${like}`
      rankParts.push(sql`(case when ${like} then 1.0 else 0 end)`)
    }
    if (!where) return NO_MATCHES
    const rank = rankParts.length > 0 ? sql.join(rankParts, sql` + `) : sql`0`
    // Products that name every term are all the answer shows when there are any (see
    // `resolveMatches`): found first through their own index, the description is searched only when
    // none does.
    const found = (await aggregated(rank, sql`true`, named)) ?? (await aggregated(rank, strong, where))
    if (!found) return NO_MATCHES
    const strongFlags = found.strong
    return {
      ids: Int32Array.from(found.ids.split(','), Number),
      ranks: Float64Array.from(found.ranks.split(','), Number),
      strong: Uint8Array.from({ length: strongFlags.length }, (_, i) => (strongFlags[i] === '1' ? 1 : 0)),
    }
  }

  async function synonyms(): Promise<{ term: string; expansion: string }[]> {
    return rows(db, sql`select term, expansion from search_synonyms`)
  }

  async function redirects(): Promise<{ query: string; redirect_link: string }[]> {
    return rows(db, sql`select query, redirect_link from search_redirects`)
  }

  /** Stores a batch of searches in one statement (one JSON parameter, whatever the batch size). */
  async function recordSearches(events: SearchEventInput[]): Promise<void> {
    if (events.length === 0) return
    const json = JSON.stringify(
      events.map((e) => ({
        query_id: e.queryId,
        query: e.query,
        corrected_query: e.correctedQuery,
        results_count: e.resultsCount,
        city_id: e.cityId,
        session_id: e.sessionId,
        client_id: e.clientId,
      })),
    )
    await db.execute(
      sql`insert into search_events (query_id, query, corrected_query, results_count, city_id, session_id, client_id)
          select query_id, query, corrected_query, results_count, city_id, session_id, client_id
          from json_populate_recordset(null::search_events, ${json}::json)
          on conflict (query_id) do nothing`,
    )
  }

  /** Marks the product opened from a search; false when no such search was recorded. */
  async function recordClick(queryId: string, sku: string): Promise<boolean> {
    const updated = await rows<{ id: number }>(
      db,
      sql`update search_events set clicked_sku = ${sku}, clicked_at = now()
          where query_id = ${queryId} returning id`,
    )
    return updated.length > 0
  }

  return { known, similar, modelKeys, completions, match, synonyms, redirects, recordSearches, recordClick }
}

export type SearchRepo = ReturnType<typeof createSearchRepo>
