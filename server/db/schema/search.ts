import { sql } from 'drizzle-orm'
import {
  bigint,
  customType,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { products } from './catalog'

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/**
 * One full-text document per product, kept by triggers on `products`, `brands` and `categories`
 * (migration `0005_search`, function `search_index_products`). Weights: A title, brand and model
 * (ru stemmed and as is), B the category's names ru/kk and the Kazakh title (`simple`: no Kazakh
 * stemmer ships with PostgreSQL), C the parent categories' names and attribute values, D description. `model_key` is the model in lower case
 * without spaces, hyphens or slashes ('galaxys24ultra', 'rtx4070aorusmaster'), so "s24ultra" and
 * "RTX 4070" find it by substring through a trigram index over these short keys only.
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    document: tsvector('document').notNull(),
    modelKey: text('model_key').notNull(),
  },
  (t) => [
    index('search_documents_document_idx').using('gin', t.document),
    index('search_documents_model_key_idx').using('gin', sql`${t.modelKey} gin_trgm_ops`),
  ],
)

/**
 * Every word of the catalogue (titles ru/kk, brands, models, category names) with how many products
 * carry it: typo correction looks words up here by trigram similarity (`%`), and the search box
 * completes the last word from it by prefix. Kept by the same triggers as the documents.
 */
export const searchLexicon = pgTable(
  'search_lexicon',
  {
    word: text('word').primaryKey(),
    frequency: integer('frequency').notNull().default(0),
  },
  (t) => [
    index('search_lexicon_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
    index('search_lexicon_prefix_idx').on(sql`${t.word} text_pattern_ops`, t.frequency),
  ],
)

/**
 * Synonyms as data: a shopper's word (`term`, lower case) also searches for `expansion` (one or more
 * words): лэптоп → ноутбук, телек → телевизор, айфон → iphone, самсунг → samsung.
 */
export const searchSynonyms = pgTable('search_synonyms', {
  term: text('term').primaryKey(),
  expansion: text('expansion').notNull(),
})

/**
 * Redirect rules as data: a query equal to `query` (lower case, words separated by one space) answers
 * with `redirect_link` (a category or brand page) besides its results.
 */
export const searchRedirects = pgTable('search_redirects', {
  query: text('query').primaryKey(),
  redirectLink: text('redirect_link').notNull(),
})

/** One row per search answered, and the product the shopper then opened from it: for relevance work. */
export const searchEvents = pgTable(
  'search_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    queryId: uuid('query_id').notNull().unique(),
    query: text('query').notNull(),
    /** The query the results are for when it was corrected, else null. */
    correctedQuery: text('corrected_query'),
    resultsCount: integer('results_count').notNull(),
    cityId: smallint('city_id').notNull(),
    sessionId: text('session_id'),
    clientId: text('client_id'),
    clickedSku: text('clicked_sku'),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_events_created_idx').on(t.createdAt)],
)
