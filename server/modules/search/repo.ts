import { sql } from 'drizzle-orm'
import type { Db } from '../../db/connection'
import { rows } from '../../db/rows'
import type { DocumentRow, LexiconSourceRow } from './text-index'

export interface SearchEventInput {
  queryId: string
  query: string
  correctedQuery: string | null
  resultsCount: number
  cityId: number
  sessionId: string | null
  clientId: string | null
}

/** Documents read per statement while the text index is built: PGlite runs a statement on the event loop's thread. */
const DOCUMENT_BATCH = 2000

/** The SQL of the search: the words of the catalogue, documents and events. */
export function createSearchRepo(db: Db) {
  /** The lexicon with PostgreSQL's Russian stems of each word (`stem.ts`). */
  async function lexicon(): Promise<LexiconSourceRow[]> {
    const found = await rows<{ word: string; frequency: number; stems: string }>(
      db,
      sql`select word, frequency, array_to_string(tsvector_to_array(to_tsvector('russian', word)), ' ') as stems
          from search_lexicon`,
    )
    return found.map((r) => ({ word: r.word, frequency: Number(r.frequency), stems: r.stems }))
  }

  /** Russian stems (`to_tsvector('russian', w)`'s lexemes) of words, in one statement. */
  async function stems(words: string[]): Promise<Map<string, string[]>> {
    if (words.length === 0) return new Map()
    const found = await rows<{ w: string; stems: string }>(
      db,
      sql`select w, array_to_string(tsvector_to_array(to_tsvector('russian', w)), ' ') as stems
          from json_array_elements_text(${JSON.stringify(words)}::json) as c(w)`,
    )
    return new Map(found.map((r) => [r.w, r.stems === '' ? [] : r.stems.split(' ')]))
  }

  /** Calls `each` with batches of search documents (the tsvector as text), in ascending product id. */
  async function eachDocumentBatch(each: (batch: DocumentRow[]) => Promise<void>): Promise<void> {
    let after = 0
    for (;;) {
      const batch = await rows<DocumentRow>(
        db,
        sql`select product_id, document::text as document, model_key from search_documents
            where product_id > ${after} order by product_id limit ${DOCUMENT_BATCH}`,
      )
      if (batch.length === 0) return
      await each(batch)
      after = batch[batch.length - 1]!.product_id
      if (batch.length < DOCUMENT_BATCH) return
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

  return { lexicon, stems, eachDocumentBatch, synonyms, redirects, recordSearches, recordClick }
}

export type SearchRepo = ReturnType<typeof createSearchRepo>
