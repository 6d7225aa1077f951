import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { ErrorBody } from '../../../contract/common'
import { SearchResponse, SuggestResponse } from '../../../contract/search'
import type { Database } from '../../db/connection'
import { rows } from '../../db/rows'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'
import type { Term } from './text-index'
import { compact, swapLayout, transliterate, words } from './text'

let app: App
let database: Database

beforeAll(async () => {
  ;({ app, database } = await testApp())
  await app.catalog.refresh()
})

const URL = '/katalog/api/v1/products/search'

async function search(payload: Record<string, unknown>, lang: 'ru' | 'kk' = 'ru') {
  const res = await app.inject({ method: 'POST', url: URL, payload, headers: { 'accept-language': lang } })
  expect(res.statusCode, res.body).toBe(200)
  return SearchResponse.parse(res.json())
}

describe('query text', () => {
  it('keeps letters and digits only, so no tsquery or LIKE metacharacter reaches SQL', () => {
    expect(words(`a'b&c|d!e(f)g:h*i\\j%k_l`)).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
      'g',
      'h',
      'i',
      'j',
      'k',
      'l',
    ])
    expect(words('Ёлка 😀 Samsung')).toEqual(['елка', 'samsung'])
    expect(compact('RTX 4070-Ti')).toBe('rtx4070ti')
  })
  it('reads the other keyboard layout both ways and transliterates', () => {
    expect(swapLayout('ыфьыгтп')).toBe('samsung')
    expect(swapLayout('[jkjlbkmybr')).toBe('холодильник')
    expect(swapLayout('samsung')).toBe('ыфьыгтп')
    expect(transliterate('самсунг')).toBe('samsung')
    expect(transliterate('holodilnik')).toBe('холодилник')
  })
})

describe('POST /products/search', () => {
  it('answers the spec fields with search-only ones: categories_kz, uri, query_id, facets', async () => {
    const body = await search({ query: 'холодильник', city_id: 1 })
    expect(body.total).toBeGreaterThan(5)
    expect(body.products[0]!.categories_kz.at(-1)).toBe('Тоңазытқыштар')
    expect(body.products[0]!.uri).toMatch(/-\d+$/)
    expect(body.query_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(body.predicted_category?.path).toContain('holodilniki')
    expect(body.filters.some((f) => f.code === 'brand' && f.options.some((o) => o.count > 0))).toBe(true)
    expect(body.price_range.min).toBeLessThanOrEqual(body.price_range.max)
    expect(body.categories[0]!.count).toBeGreaterThan(0)
  })

  it('says when it corrected the query, and searches literally without clarification', async () => {
    const fixed = await search({ query: 'холодильнек' })
    expect(fixed.corrected_query).toBe('холодильник')
    expect(fixed.total).toBeGreaterThan(0)
    const literal = await search({ query: 'холодильнек', clarification: false })
    expect(literal.corrected_query).toBeNull()
    expect(literal.total).toBe(0)
  })

  it('applies a brand filter and a price range from the facets, and sorts by price', async () => {
    const all = await search({ query: 'телевизор' })
    const brand = all.filters.find((f) => f.code === 'brand')!.options.find((o) => o.count > 1)!
    const filtered = await search({
      query: 'телевизор',
      filters: `brand:${brand.code}`,
      sort_by: 'price',
      sort_order: 'asc',
    })
    expect(filtered.total).toBe(brand.count)
    const prices = filtered.products.map((p) => p.price)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    const cheap = await search({ query: 'телевизор', price_range: { min: 0, max: prices[0]! } })
    expect(cheap.products.every((p) => p.price <= prices[0]!)).toBe(true)
    expect(cheap.price_range.chosen_max).toBe(prices[0])
  })

  it('scopes to a chosen category', async () => {
    const body = await search({ query: 'samsung', categories: 'smartfony' })
    expect(body.total).toBeGreaterThan(0)
    expect(body.products.every((p) => p.categories.includes('Смартфоны'))).toBe(true)
  })

  it('answers a category name with its redirect link, and a brand with its page', async () => {
    expect((await search({ query: 'Холодильники' })).query_redirect.redirect_link).toBe(
      '/catalog/bytovaya-tehnika/krupnaya-bytovaya-tehnika/holodilniki',
    )
    expect((await search({ query: 'samsung' })).query_redirect.redirect_link).toBe('/b/samsung')
    expect((await search({ query: 'холодильник lg' })).query_redirect.redirect_link).toBeNull()
  })

  it('answers an empty query with the city’s popular products in stock (empty-search recommendations)', async () => {
    const body = await search({ query: '', city_id: 2, limit: 8 })
    expect(body.recommendations).toBe(true)
    expect(body.products).toHaveLength(8)
    expect(body.products.every((p) => p.availability === 'InStock')).toBe(true)
  })

  it('records the search and the product clicked from it', async () => {
    const body = await search({ query: 'айфон', session_id: 'test-session' })
    const sku = body.products[0]!.sku
    const res = await app.inject({
      method: 'POST',
      url: `${URL}/click`,
      payload: { query_id: body.query_id, sku },
    })
    expect(res.statusCode).toBe(204)
    const [event] = await rows<{ query: string; results_count: number; clicked_sku: string }>(
      database.db,
      sql`select query, results_count, clicked_sku from search_events where query_id = ${body.query_id}`,
    )
    expect(event).toEqual({ query: 'айфон', results_count: body.total, clicked_sku: sku })
    const unknown = await app.inject({
      method: 'POST',
      url: `${URL}/click`,
      payload: { query_id: '00000000-0000-4000-8000-000000000000', sku },
    })
    expect(unknown.statusCode).toBe(404)
  })
})

describe('matching', () => {
  const term = (word: string, prefix = false): Term => ({ forms: [{ words: [word], prefix }] })
  /** What the products naming every term are by the whole document's weights (A and B rank above 0). */
  async function namingByRank(terms: { text: string }[]): Promise<number[]> {
    const strong = terms.map(
      (t) =>
        sql`ts_rank('{0,0,1,1}', document, to_tsquery('russian', ${t.text}) || to_tsquery('simple', ${t.text})) > 0`,
    )
    const found = await rows<{ id: number }>(
      database.db,
      sql`select product_id as id from search_documents where ${sql.join(strong, sql` and `)} order by 1`,
    )
    return found.map((r) => Number(r.id))
  }

  it.each([
    ['a word', [term('холодильник')], [{ text: 'холодильник' }]],
    ['a word being typed', [term('sam', true)], [{ text: 'sam:*ABC' }]],
    [
      'two words',
      [term('телевизор'), term('samsung', true)],
      [{ text: 'телевизор' }, { text: 'samsung:*ABC' }],
    ],
  ])(
    'finds %s through the naming words exactly as the weights of the whole document would',
    async (_n, terms, texts) => {
      const found = await app.productSearch.match(terms, null)
      const expected = await namingByRank(texts)
      expect(expected.length).toBeGreaterThan(0)
      expect([...found.ids].sort((a, b) => a - b)).toEqual(expected)
      expect(found.strong.every((s) => s === 1)).toBe(true)
    },
  )

  it('falls back to the descriptions when no product names the word', async () => {
    const found = await app.productSearch.match([term('официальная')], null)
    expect(found.ids.length).toBeGreaterThan(0)
    expect(found.strong.every((s) => s === 0)).toBe(true)
    expect(found.ranks.every((r) => r > 0)).toBe(true)
  })
})

describe('bad input', () => {
  it.each([
    ['tsquery and SQL metacharacters', `'&|!():*\\ ; drop table products; --`],
    ['only metacharacters', `'&|!():*\\`],
    ['emoji', '📱😀 телефон 🔥'],
    ['mixed scripts', 'sаmsung ноутбuk Ωmega'],
    ['a word made of stop words', 'и в на'],
    ['LIKE wildcards', '%_%'],
  ])('%s: a 200 with a sensible answer', async (_name, query) => {
    const body = await search({ query })
    expect(body.total).toBeGreaterThanOrEqual(0)
    expect(body.recommendations).toBe(false)
  })

  it('stores such queries in the search events as they were typed', async () => {
    const query = `'&|!():*\\ 📱 %_ drop table products; --`
    await search({ query })
    await app.productSearch.flushEvents()
    const stored = await rows<{ query: string }>(
      database.db,
      sql`select query from search_events where query = ${query}`,
    )
    expect(stored).toHaveLength(1)
  })

  it.each([
    ['1,000 characters', { query: 'ы'.repeat(1000) }],
    ['an unknown city', { query: 'tv', city_id: 9 }],
    ['a page of 0', { query: 'tv', page: 0 }],
    ['a malformed filter', { query: 'tv', filters: 'brand=samsung' }],
    ['a category filter without a category', { query: 'кулер ноутбук телевизор', filters: 'diagonal:1-2' }],
    ['an unknown category', { query: 'tv', categories: 'no-such' }],
    ['min price above max', { query: 'tv', price_range: { min: 10, max: 5 } }],
    ['a query that is not text', { query: 42 }],
  ])('%s: a 400 in the error shape', async (_name, payload) => {
    const res = await app.inject({ method: 'POST', url: URL, payload })
    expect(res.statusCode, res.body).toBe(400)
    expect(ErrorBody.parse(res.json()).error.code).toBeTruthy()
  })
})

describe('GET /products/search/suggest', () => {
  it('completes a typo to the brand and offers its products and categories', async () => {
    const res = await app.inject({ url: `${URL}/suggest?query=${encodeURIComponent('самсунк')}` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    const body = SuggestResponse.parse(res.json())
    expect(body.completions[0]).toBe('samsung')
    expect(body.products.length).toBeGreaterThan(0)
    expect(body.products.every((p) => p.title.includes('Samsung'))).toBe(true)
    expect(body.categories.length).toBeGreaterThan(0)
  })

  it('completes the last word as it is typed', async () => {
    const body = SuggestResponse.parse(
      (await app.inject({ url: `${URL}/suggest?query=${encodeURIComponent('холоди')}` })).json(),
    )
    expect(body.completions).toContain('холодильник')
    expect(body.products.length).toBeGreaterThan(0)
  })

  it('answers metacharacters and emoji with empty suggestions, a long query with 400', async () => {
    const odd = await app.inject({ url: `${URL}/suggest?query=${encodeURIComponent(`'&|!():*\\😀`)}` })
    expect(SuggestResponse.parse(odd.json()).products).toEqual([])
    const long = await app.inject({ url: `${URL}/suggest?query=${'a'.repeat(1000)}` })
    expect(long.statusCode).toBe(400)
  })
})
