import { sql } from 'drizzle-orm'
import type { Db } from '../db/connection'
import { SEED_BRANDS } from './brands'
import { SEED_CATEGORIES } from './categories'
import { searchKey } from '../modules/search/text'
import { SEARCH_SYNONYMS } from './search-synonyms'

type Executor = Pick<Db, 'execute'>

/**
 * Redirect rules: a query naming a category exactly (Russian or Kazakh) opens the category page; one
 * naming a brand opens the brand page.
 */
export function searchRedirectRows(): { query: string; redirect_link: string }[] {
  const rules = new Map<string, string>()
  for (const c of SEED_CATEGORIES) {
    for (const name of [c.nameRu, c.nameKk]) rules.set(searchKey(name), `/catalog/${c.path}`)
  }
  for (const b of SEED_BRANDS) rules.set(searchKey(b.name), `/b/${b.slug}`)
  return [...rules].map(([query, redirect_link]) => ({ query, redirect_link }))
}

/**
 * Writes the search data the catalogue does not imply (synonyms, redirect rules) and rebuilds the
 * lexicon from the catalogue just written. Documents follow products through triggers (migration
 * `0006_search`); the lexicon is rebuilt here because a reset empties the catalogue but not the words.
 */
export async function writeSearchData(db: Executor): Promise<void> {
  await db.execute(sql`delete from search_synonyms`)
  await db.execute(sql`delete from search_redirects`)
  const synonyms = JSON.stringify(SEARCH_SYNONYMS.map(([term, expansion]) => ({ term, expansion })))
  await db.execute(
    sql`insert into search_synonyms (term, expansion)
        select term, expansion from json_populate_recordset(null::search_synonyms, ${synonyms}::json)
        on conflict (term) do nothing`,
  )
  const redirects = JSON.stringify(searchRedirectRows())
  await db.execute(
    sql`insert into search_redirects (query, redirect_link)
        select query, redirect_link from json_populate_recordset(null::search_redirects, ${redirects}::json)`,
  )
  await db.execute(sql`delete from search_lexicon`)
  await db.execute(sql`select search_lexicon_add(array(select id from products), true)`)
  await db.execute(sql`select search_lexicon_add_categories(array(select id from categories))`)
}
