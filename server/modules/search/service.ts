import { createHash, randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Filter } from '../../../contract/catalog'
import type { Lang } from '../../../contract/common'
import {
  SuggestResponse,
  type SearchCategory,
  type SearchRequest as SearchRequestSchema,
  type SearchResponse,
  type SearchSort,
} from '../../../contract/search'
import type { z } from 'zod'
import { notFound } from '../../http/errors'
import { Lru } from '../../lib/lru'
import {
  cityIndex,
  deliveryClock,
  facetFilters,
  imageIds,
  invalid,
  newBits,
  parsePairs,
  Renderer,
  resolveFilters,
  setBit,
  type CatalogIndex,
  type CategoryNode,
  type CityIndex,
  type Selection,
} from '../catalog'
import { analyze, type Analysis, type Vocabulary } from './analyze'
import { firstInOrder, queryStems, resolveMatches, scoreInCity, type MatchSet, type Scored } from './matches'
import type { SearchEventInput, SearchRepo } from './repo'
import { Stemmer } from './stem'
import { searchKey } from './text'
import { MAX_MATCHES, type MatchRows, type TextIndex, type Term } from './text-index'

type SearchBody = z.infer<typeof SearchRequestSchema>

/** Synonyms and redirect rules are re-read this often (they are data an editor may change). */
const VOCABULARY_TTL_MS = 60_000
/** A category holding this share of the matches is the predicted one. */
const PREDICTED_SHARE = 0.5
const SUGGEST_PRODUCTS = 6
const SUGGEST_CATEGORIES = 4
const SUGGEST_COMPLETIONS = 5
const CATEGORY_LIMIT = 12
/**
 * Queries whose meaning and matches are kept, and how many matches all of them may hold (12 bytes
 * each: 60 MB at most). Room for a few hundred broad prefixes of 20,000 matches each: fewer and the
 * search box's prefixes push each other out.
 */
const UNDERSTOOD_ENTRIES = 20_000
const UNDERSTOOD_WEIGHT = 5_000_000
/** Suggestion answers kept (2-3 KB each): the search box asks for the same prefixes all day. */
const SUGGESTION_ENTRIES = 5000
/** Rendered answers kept (a page of 24 cards is 30-60 KB): 32 MB at most. */
const ANSWER_ENTRIES = 5000
const ANSWER_BYTES = 32_000_000
/**
 * Events go out in statements of this many rows, or after this long: PGlite runs a statement on the
 * event loop's thread (200 rows hold it for ~50 ms), so small statements keep answers flowing.
 */
const EVENT_BATCH = 25
const EVENT_FLUSH_MS = 250

const OPEN_PRODUCTS = Buffer.from('{"products":[')
const COMMA = Buffer.from(',')
const kazakhSuffixes = new WeakMap<CategoryNode, Buffer>()

/** `,"categories_kz":[...]}`: the end of a search card, per category. */
function kazakhTitles(category: CategoryNode): Buffer {
  let suffix = kazakhSuffixes.get(category)
  if (!suffix) {
    suffix = Buffer.from(`,"categories_kz":${JSON.stringify(category.chain.map((c) => c.nameKk))}}`)
    kazakhSuffixes.set(category, suffix)
  }
  return suffix
}

export interface SearchServiceDeps {
  repo: SearchRepo
  /** The catalogue's current in-memory index (`catalog/index-holder.ts`). */
  index: () => Promise<CatalogIndex>
  /** The text index built beside a catalogue index (`text-index-holder.ts`). */
  texts: (index: CatalogIndex) => Promise<TextIndex>
  log: FastifyBaseLogger
  now?: () => number
}

interface Facets {
  kept: Scored[]
  filters: Filter[]
  priceRange: SearchResponse['price_range']
}

interface Composed {
  /** The answer's JSON without its query id and closing brace. */
  json: Buffer
  event: { correctedQuery: string | null; resultsCount: number } | null
}

interface Understood {
  texts: TextIndex
  analysis: Analysis
  matches: MatchSet
}

interface Rules extends Vocabulary {
  redirects: Map<string, string>
  loadedAt: number
  /** Changes only when the synonyms or redirects do, so a reload of the same rules keeps the caches. */
  version: string
}

/**
 * Search: the text index in memory (`text-index.ts`, built from PostgreSQL's documents and lexicon)
 * reads the query (`analyze.ts`) and finds and ranks the text matches; the catalogue's in-memory
 * index turns the matched ids into cards, availability and popularity for the ranking, facet counts
 * and price bounds, so no SQL runs per search.
 */
export function createSearchService({
  repo,
  index: currentIndex,
  texts: textIndexOf,
  log,
  now = Date.now,
}: SearchServiceDeps) {
  const stemmer = new Stemmer((words) => repo.stems(words))
  const renderers = new WeakMap<CatalogIndex, Renderer>()
  let rules: Rules | null = null
  let loading: Promise<Rules> | null = null
  let eventQueue: SearchEventInput[] = []
  let eventTimer: NodeJS.Timeout | null = null
  let eventWrites: Promise<void> = Promise.resolve()
  // Matches depend only on the catalogue and the rules, both in the key: no expiry. (The answers below
  // also carry stock and prices, hence their expiry.)
  const understood = new Lru<string, Understood>({
    maxEntries: UNDERSTOOD_ENTRIES,
    maxWeight: UNDERSTOOD_WEIGHT,
    weigh: (u) => u.matches.positions.length + 1,
  })
  const understanding = new Map<string, Promise<Understood>>()
  const answers = new Lru<string, Composed>({
    maxEntries: ANSWER_ENTRIES,
    maxWeight: ANSWER_BYTES,
    weigh: (a) => a.json.length,
    ttlMs: VOCABULARY_TTL_MS,
    now,
  })
  const meaningKey = (index: CatalogIndex, vocab: Rules, query: string, clarify: boolean) =>
    `${index.version}|${vocab.version}|${clarify ? 1 : 0}|${query.toLowerCase()}`
  const suggestions = new Lru<string, Buffer>({
    maxEntries: SUGGESTION_ENTRIES,
    ttlMs: VOCABULARY_TTL_MS,
    now,
  })

  function rendererOf(index: CatalogIndex): Renderer {
    let renderer = renderers.get(index)
    if (!renderer) {
      renderer = new Renderer(index, now)
      renderers.set(index, renderer)
    }
    return renderer
  }

  async function loadRules(): Promise<Rules> {
    const [synonyms, redirects] = await Promise.all([repo.synonyms(), repo.redirects()])
    const version = createHash('sha1')
      .update(JSON.stringify([synonyms, redirects]))
      .digest('hex')
    return {
      version,
      synonyms: new Map(synonyms.map((s) => [s.term, searchKey(s.expansion).split(' ')])),
      redirects: new Map(redirects.map((r) => [r.query, r.redirect_link])),
      loadedAt: now(),
    }
  }

  async function vocabulary(): Promise<Rules> {
    if (rules && now() - rules.loadedAt < VOCABULARY_TTL_MS) return rules
    loading ??= loadRules()
      .then((loaded) => (rules = loaded))
      .finally(() => (loading = null))
    // stale rules keep answering while fresh ones load
    return rules ?? loading
  }

  function categoryCounts(index: CatalogIndex, scored: Scored[], lang: Lang): SearchCategory[] {
    const counts = new Map<CategoryNode, number>()
    for (const s of scored) {
      const c = index.records[s.pos]!.category
      counts.set(c, (counts.get(c) ?? 0) + 1)
    }
    return [...counts]
      .sort((a, b) => b[1] - a[1] || a[0].idx - b[0].idx)
      .slice(0, CATEGORY_LIMIT)
      .map(([c, count]) => categoryView(c, count, lang))
  }

  function categoryView(c: CategoryNode, count: number, lang: Lang): SearchCategory {
    return { id: c.id, title: lang === 'kk' ? c.nameKk : c.nameRu, path: c.path, count }
  }

  /** The order of a sort (a total one: product ids break the last ties). */
  function ordering(
    index: CatalogIndex,
    sort: SearchSort,
    order: 'asc' | 'desc',
    city: CityIndex,
  ): (a: Scored, b: Scored) => number {
    const ids = index.ids
    const prices = index.prices[city]!
    const byId = (a: Scored, b: Scored) => ids[a.pos]! - ids[b.pos]!
    const compare: Record<SearchSort, (a: Scored, b: Scored) => number> = {
      popularity: (a, b) =>
        b.score - a.score || index.popularity[b.pos]! - index.popularity[a.pos]! || byId(a, b),
      price: (a, b) =>
        (order === 'asc' ? 1 : -1) * (prices.price[a.pos]! - prices.price[b.pos]!) ||
        b.score - a.score ||
        byId(a, b),
      discount: (a, b) =>
        prices.discount[b.pos]! - prices.discount[a.pos]! || b.score - a.score || byId(a, b),
      new: (a, b) => index.created[b.pos]! - index.created[a.pos]! || byId(a, b),
      rating: (a, b) =>
        index.rating[b.pos]! - index.rating[a.pos]! ||
        index.reviews[b.pos]! - index.reviews[a.pos]! ||
        byId(a, b),
    }
    return compare[sort]
  }

  function priceBounds(index: CatalogIndex, positions: Iterable<number>, city: CityIndex) {
    const price = index.prices[city]!.price
    let min = Infinity
    let max = -Infinity
    for (const pos of positions) {
      const p = price[pos]!
      if (p < min) min = p
      if (p > max) max = p
    }
    return min === Infinity ? { min: 0, max: 0 } : { min, max }
  }

  function chosenPrice(body: SearchBody) {
    const min = body.price_range?.min ?? 0
    const max = body.price_range?.max ?? 0
    if (min === 0 && max === 0) return null
    if (max > 0 && min > max) {
      throw invalid('invalid_price', 'body.price_range', 'the minimum price is above the maximum')
    }
    return { min: min > 0 ? min : null, max: max > 0 ? max : null }
  }

  /** Facets of `category` over the matches, with the filters and price applied the catalogue's way. */
  function categoryFacets(
    index: CatalogIndex,
    category: CategoryNode,
    scored: Scored[],
    body: SearchBody,
    city: CityIndex,
    lang: Lang,
  ): Facets {
    const bits = newBits(index.size)
    for (const s of scored) setBit(bits, s.pos)
    const price = chosenPrice(body)
    const sel: Selection = {
      scope: { key: 'search', start: category.start, end: category.end, extra: bits },
      city,
      point: null,
      filters: resolveFilters(category, parsePairs(body.filters)),
      price,
    }
    const facets = index.facets(sel, category)
    const keep = new Set(index.list(sel, 'score', 0, MAX_MATCHES).positions)
    const filters = facetFilters(facets, sel, lang)
    return {
      kept: scored.filter((s) => keep.has(s.pos)),
      filters,
      priceRange: {
        min: facets.price.min,
        max: facets.price.max,
        chosen_min: price?.min ?? facets.price.min,
        chosen_max: price?.max ?? facets.price.max,
      },
    }
  }

  /** Across categories the only filter is the brand (and the price), counted over the matches. */
  function brandFacets(index: CatalogIndex, scored: Scored[], body: SearchBody, city: CityIndex): Facets {
    const pairs = parsePairs(body.filters)
    const chosen = new Set<string>()
    for (const p of pairs) {
      if (p.code !== 'brand' || !index.brand(p.value)) {
        throw invalid('invalid_filters', 'body.filters', `filter "${p.code}:${p.value}" needs a category`, {
          filter: p.code,
        })
      }
      chosen.add(p.value)
    }
    const price = chosenPrice(body)
    const prices = index.prices[city]!.price
    const inPrice = (pos: number) =>
      !price ||
      ((price.min === null || prices[pos]! >= price.min) && (price.max === null || prices[pos]! <= price.max))
    const brandOf = (pos: number) => index.records[pos]!.brand?.slug ?? null
    const counts = new Map<string, number>()
    for (const s of scored) {
      const slug = brandOf(s.pos)
      if (slug && inPrice(s.pos)) counts.set(slug, (counts.get(slug) ?? 0) + 1)
    }
    const byBrand = chosen.size === 0 ? scored : scored.filter((s) => chosen.has(brandOf(s.pos) ?? ''))
    const bounds = priceBounds(
      index,
      byBrand.map((s) => s.pos),
      city,
    )
    const brands = index.brands.filter((b) => counts.has(b.slug) || chosen.has(b.slug))
    brands.sort(
      (a, b) => (counts.get(b.slug) ?? 0) - (counts.get(a.slug) ?? 0) || a.name.localeCompare(b.name),
    )
    const filters: Filter[] =
      brands.length === 0
        ? []
        : [
            {
              code: 'brand',
              // the same word in Russian and Kazakh
              title: 'Бренд',
              type: 'multiselect',
              unit: null,
              options: brands.map((b) => {
                const n = counts.get(b.slug) ?? 0
                const isActive = chosen.has(b.slug)
                return { code: b.slug, title: b.name, isActive, isEnabled: n > 0 || isActive, count: n }
              }),
              min: null,
              max: null,
              chosen_min: null,
              chosen_max: null,
            },
          ]
    return {
      kept: byBrand.filter((s) => inPrice(s.pos)),
      filters,
      priceRange: {
        ...bounds,
        chosen_min: price?.min ?? bounds.min,
        chosen_max: price?.max ?? bounds.max,
      },
    }
  }

  /**
   * Search events are queued and written in small batches (see `EVENT_BATCH`):
   * the answer does not wait for its own log line, and PGlite runs one statement at a time.
   */
  function record(event: SearchEventInput) {
    eventQueue.push(event)
    if (eventQueue.length >= EVENT_BATCH) void flushEvents()
    else if (!eventTimer) {
      eventTimer = setTimeout(() => void flushEvents(), EVENT_FLUSH_MS)
      eventTimer.unref()
    }
  }

  function flushEvents(): Promise<void> {
    if (eventTimer) clearTimeout(eventTimer)
    eventTimer = null
    const batch = eventQueue
    eventQueue = []
    if (batch.length > 0) {
      eventWrites = eventWrites
        .then(() => repo.recordSearches(batch))
        .catch((err: unknown) => log.warn({ err, events: batch.length }, 'search events not recorded'))
    }
    return eventWrites
  }

  /**
   * What a query means and which products match it, cached per catalogue version and vocabulary:
   * shoppers repeat queries, and the search box asks for every prefix. Concurrent equal queries
   * share one reading (a word outside the lexicon is stemmed by the database once).
   */
  async function understand(
    index: CatalogIndex,
    vocab: Rules,
    query: string,
    clarify: boolean,
  ): Promise<Understood> {
    const key = meaningKey(index, vocab, query, clarify)
    const cached = understood.get(key)
    if (cached) return cached
    let pending = understanding.get(key)
    if (!pending) {
      pending = (async () => {
        const texts = await textIndexOf(index)
        const analysis = analyze(texts, vocab, query, { clarify, prefixLast: true })
        const rows =
          analysis.terms.length > 0
            ? await texts.matchStemmed(analysis.terms, analysis.wholeModel, stemmer)
            : null
        const stems = queryStems(analysis.terms.flatMap((t) => t.forms.flatMap((f) => f.words)))
        const matches: MatchSet = rows
          ? resolveMatches(index, rows, stems)
          : { positions: new Int32Array(0), base: new Float64Array(0) }
        const result = { texts, analysis, matches }
        understood.set(key, result)
        return result
      })().finally(() => understanding.delete(key))
      understanding.set(key, pending)
    }
    return pending
  }

  /**
   * The answer as UTF-8 JSON: the catalogue's cached card bytes with `categories_kz` appended, then
   * the rest. Rebuilding and re-serialising 24 cards per search would cost more than the search
   * (the tests hold the text to the contract, as the catalogue's do).
   */
  function answer(
    index: CatalogIndex,
    positions: number[],
    city: CityIndex,
    lang: Lang,
    rest: Omit<SearchResponse, 'products' | 'query_id'>,
  ): Buffer {
    const renderer = rendererOf(index)
    const parts: Buffer[] = [OPEN_PRODUCTS]
    positions.forEach((pos, i) => {
      if (i > 0) parts.push(COMMA)
      const card = renderer.cardJson(pos, city, lang, 'full')
      // a card is one JSON object: its closing brace gives way to the Kazakh category titles
      parts.push(card.subarray(0, card.length - 1), kazakhTitles(index.records[pos]!.category))
    })
    // left open: `search` closes it with this answer's own query id
    parts.push(Buffer.from(`],${JSON.stringify(rest).slice(1, -1)}`))
    return Buffer.concat(parts)
  }

  /** The city's popular products in stock: what an empty search shows (spec 2.5). */
  function popular(index: CatalogIndex, city: CityIndex, limit: number): number[] {
    const scope = index.wholeScope(index.stock.inStock[city]!, `search-popular-${city}`)
    return index.top(scope, 'score', city, limit, (pos) => index.records[pos]!.type === 'regular')
  }

  /**
   * A search answer for the matches of a query: everything but the query id, and what its event
   * records (null for an empty query's recommendations).
   */
  function compose(
    index: CatalogIndex,
    vocab: Rules,
    meaning: Understood,
    body: SearchBody,
    query: string,
    lang: Lang,
  ): Composed {
    const city = cityIndex(body.city_id)
    const base = {
      page: body.page,
      limit: body.limit,
      rees_query_id: null,
      query,
      query_redirect: { redirect_link: null },
    }
    const { analysis } = meaning
    if (analysis.terms.length === 0) {
      const positions = query === '' ? popular(index, city, body.limit) : []
      const json = answer(index, positions, city, lang, {
        ...base,
        total: positions.length,
        filters: [],
        price_range: { min: 0, max: 0, chosen_min: 0, chosen_max: 0 },
        categories: [],
        predicted_category: null,
        corrected_query: null,
        recommendations: query === '',
      })
      return { json, event: null }
    }

    const scored = scoreInCity(index, meaning.matches, city)
    const categories = categoryCounts(index, scored, lang)
    const top = categories[0]
    const predictedNode =
      top && top.count >= scored.length * PREDICTED_SHARE ? index.categoryOfId(top.id) : null
    const refs = (body.categories ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter((c) => c !== '')
    let scope: CategoryNode | null = null
    if (refs.length > 0) {
      scope = index.category(refs[0]!)
      if (!scope)
        throw invalid('unknown_category', 'body.categories', `no category "${refs[0]!.slice(0, 80)}"`)
    } else if (predictedNode && (body.filters ?? '') !== '') {
      // filters chosen from the predicted category's facets narrow the results to it
      scope = predictedNode
    }
    const within = (c: CategoryNode) => scored.filter((s) => s.pos >= c.start && s.pos < c.end)
    let facets: Facets
    if (scope) {
      facets = categoryFacets(index, scope, within(scope), body, city, lang)
    } else if (predictedNode) {
      // the list is everything that matched; the counts and price bounds are the predicted category's
      facets = categoryFacets(index, predictedNode, within(predictedNode), body, city, lang)
      facets.kept = brandFacets(index, scored, body, city).kept
    } else {
      facets = brandFacets(index, scored, body, city)
    }
    const offset = (body.page - 1) * body.limit
    const page = firstInOrder(
      facets.kept,
      offset + body.limit,
      ordering(index, body.sort_by, body.sort_order, city),
    ).slice(offset)

    const rulesKey = searchKey(query)
    const redirect =
      body.page === 1 && refs.length === 0 && !body.filters && !body.price_range
        ? (vocab.redirects.get(rulesKey) ??
          (analysis.corrected ? vocab.redirects.get(searchKey(analysis.corrected)) : undefined) ??
          null)
        : null

    const json = answer(
      index,
      page.map((s) => s.pos),
      city,
      lang,
      {
        ...base,
        total: facets.kept.length,
        filters: facets.filters,
        price_range: facets.priceRange,
        categories,
        predicted_category: predictedNode ? categoryView(predictedNode, top!.count, lang) : null,
        query_redirect: { redirect_link: redirect },
        corrected_query: analysis.corrected,
        recommendations: false,
      },
    )
    return { json, event: { correctedQuery: analysis.corrected, resultsCount: facets.kept.length } }
  }

  /** The answer's parts: the cached body, then this search's own query id (see `http/json-bytes.ts`). */
  async function search(body: SearchBody, lang: Lang, sessionId: string | null): Promise<Buffer[]> {
    const index = await currentIndex()
    const vocab = await vocabulary()
    const query = body.query.trim()
    const meaning = await understand(index, vocab, query, body.clarification)
    // the same answer for the same question until the catalogue, the stock or the hour changes
    const key = [
      meaningKey(index, vocab, query, body.clarification),
      body.city_id,
      lang,
      body.sort_by,
      body.sort_order,
      body.page,
      body.limit,
      body.filters ?? '',
      body.price_range?.min ?? '',
      body.price_range?.max ?? '',
      body.categories ?? '',
      index.priceState.generation,
      index.stock.generation,
      deliveryClock(now()),
    ].join('|')
    let composed = answers.get(key)
    if (!composed) {
      composed = compose(index, vocab, meaning, body, query, lang)
      answers.set(key, composed)
    }
    const queryId = randomUUID()
    if (composed.event) {
      record({
        queryId,
        query: query.slice(0, 300),
        correctedQuery: composed.event.correctedQuery,
        resultsCount: composed.event.resultsCount,
        cityId: body.city_id,
        sessionId: body.session_id ?? sessionId,
        clientId: body.client_id ?? null,
      })
    }
    return [composed.json, Buffer.from(`,"query_id":"${queryId}"}`)]
  }

  /**
   * The answer as UTF-8 JSON, checked against the contract once when it is made: the search box asks
   * for the same prefixes all day, and checking and serialising the same object on every keystroke
   * took a sixth of a suggestion's time.
   */
  async function suggest(rawQuery: string, cityId: number, lang: Lang): Promise<Buffer> {
    const index = await currentIndex()
    const city = cityIndex(cityId)
    const query = rawQuery.trim()
    const vocab = await vocabulary()
    // products carry prices and stock: the same answer until the catalogue, the stock or the hour changes
    const key = [
      meaningKey(index, vocab, query, true),
      cityId,
      lang,
      index.priceState.generation,
      index.stock.generation,
      deliveryClock(now()),
    ].join('|')
    const cached = suggestions.get(key)
    if (cached) return cached
    const meaning = await understand(index, vocab, query, true)
    const { analysis } = meaning
    if (analysis.terms.length === 0) {
      const empty = suggestionJson({
        query,
        corrected_query: null,
        completions: [],
        categories: [],
        products: [],
      })
      suggestions.set(key, empty)
      return empty
    }
    const last = analysis.readWords.at(-1)!
    const completed = meaning.texts.lexicon.completions(last, SUGGEST_COMPLETIONS)
    const scored = scoreInCity(index, meaning.matches, city)
    const head = analysis.readWords.slice(0, -1).join(' ')
    // synonym terms being typed complete to what they search for (самсу → samsung)
    const synonymCompletions =
      last.length >= 3
        ? [...vocab.synonyms].filter(([term]) => term.startsWith(last)).map(([, exp]) => exp.join(' '))
        : []
    const completions = [
      ...(analysis.corrected ? [analysis.corrected] : []),
      ...[...synonymCompletions, ...completed].map((w) => (head ? `${head} ${w}` : w)),
    ].filter((c, i, all) => c !== query.toLowerCase() && all.indexOf(c) === i)
    const top = firstInOrder(scored, SUGGEST_PRODUCTS, ordering(index, 'popularity', 'desc', city))
    const renderer = rendererOf(index)
    const answer: SuggestResponse = {
      query,
      corrected_query: analysis.corrected,
      completions: completions.slice(0, SUGGEST_COMPLETIONS),
      categories: categoryCounts(index, scored, lang).slice(0, SUGGEST_CATEGORIES),
      products: top.map(({ pos }) => {
        const r = index.records[pos]!
        const item = renderer.short(pos, city, lang)
        return {
          sku: r.sku,
          uri: r.uri,
          title: item.title,
          brand: item.brand,
          price: item.price,
          image: imageIds(r)[0] ?? null,
        }
      }),
    }
    const json = suggestionJson(answer)
    suggestions.set(key, json)
    return json
  }

  function suggestionJson(answer: SuggestResponse): Buffer {
    return Buffer.from(JSON.stringify(SuggestResponse.encode(answer)))
  }

  async function click(queryId: string, sku: string): Promise<void> {
    if (await repo.recordClick(queryId, sku)) return
    // the search may still wait in the queue
    await flushEvents()
    if (!(await repo.recordClick(queryId, sku))) throw notFound(undefined, { query_id: queryId })
  }

  /** The matches of terms in the current catalogue's text index, the way a search finds them. */
  async function match(terms: Term[], wholeModel: string | null): Promise<MatchRows> {
    return (await textIndexOf(await currentIndex())).matchStemmed(terms, wholeModel, stemmer)
  }

  return { search, suggest, click, vocabulary, flushEvents, match }
}

export type SearchService = ReturnType<typeof createSearchService>
