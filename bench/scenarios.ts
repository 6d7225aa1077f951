import type { LoadRequest } from './lib/load'
import type { Scenario } from './lib/scenario'
import { checkoutScenarios } from './checkout'
import { configuratorScenarios } from './configurator'
import { importScenarios } from './import'
import { reviewsScenarios } from './reviews'
import { sitemapScenarios } from './sitemap'
import { wishlistScenarios } from './wishlist'

const IMAGE_SIZES = [150, 208, 272] as const

/** Image ids follow the seed's `p{productId}-{position}` scheme; products 1..n all exist. */
function productImages(count: number): LoadRequest[] {
  return Array.from({ length: count }, (_, i) => ({
    path: `/f3/api/v1/images/${IMAGE_SIZES[i % IMAGE_SIZES.length]}/${IMAGE_SIZES[i % IMAGE_SIZES.length]}/p${i + 1}-0.webp`,
  }))
}

/**
 * The scenario groups and the words their scenarios' names start with: `--match` prepares only the
 * groups it can select (the checkout's 4,000 carts took a minute of every run, whatever was asked).
 */
const GROUPS: {
  names: string[]
  build: (baseUrl: string, databaseUrl?: string) => Promise<Scenario[]> | Scenario[]
}[] = [
  {
    names: ['GET /api/health', 'GET image'],
    build: () => {
      const images = productImages(60)
      return [
        { name: 'GET /api/health', requests: [{ path: '/api/health' }] },
        { name: 'GET image (cached, 3 sizes)', warmup: images, requests: images },
      ]
    },
  },
  { names: ['server-rendered product page', 'catalog:'], build: catalogScenarios },
  { names: ['search:'], build: () => searchScenarios() },
  { names: ['search:'], build: distinctSearchScenarios },
  { names: ['cart:'], build: cartScenarios },
  { names: ['sitemap:'], build: sitemapScenarios },
  { names: ['checkout: calculation', 'checkout: order creation'], build: checkoutScenarios },
  { names: ['reviews of a product'], build: reviewsScenarios },
  { names: ['wishlist:'], build: wishlistScenarios },
  { names: ['configurator:'], build: configuratorScenarios },
  { names: ['import:'], build: importScenarios },
]

/**
 * The scenarios whose names hold `match` (all without one). `databaseUrl` is the store's PostgreSQL, for
 * the scenarios that read what to send from it (the catalogue import).
 */
export async function storeScenarios(
  baseUrl: string,
  match?: string,
  databaseUrl?: string,
): Promise<Scenario[]> {
  const scenarios: Scenario[] = []
  for (const group of GROUPS)
    if (!match || group.names.some((n) => n.includes(match) || match.includes(n)))
      scenarios.push(...(await group.build(baseUrl, databaseUrl)))
  return scenarios.filter((s) => !match || s.name.includes(match))
}

// ---------------------------------------------------------------- catalogue (issue 3)

const KATALOG = '/katalog/api'
/** The big leaves of the seed: their listings are what the facets target is about. */
const BIG_CATEGORIES = [
  'smartfony',
  'noutbuki',
  'televizory',
  'naushniki',
  'holodilniki',
  'pylesosy',
  'stiralnye-mashiny',
  'planshety',
]
const SORTINGS = ['score', 'price_asc', 'new', 'discount']

interface FacetOption {
  code: string
  count: number
}
interface Facets {
  filters: { code: string; type: string; options: FacetOption[] }[]
}

async function getJson<T>(url: string): Promise<T | null> {
  const res = await fetch(url)
  return res.ok ? ((await res.json()) as T) : null
}

/**
 * Three active filters per request, drawn from the options the category really has, over the big
 * categories, four cities, both languages and four sortings: several hundred distinct listings, each
 * asked of both the listing and the facets endpoint, so no single cached answer is measured.
 */
async function listingRequests(baseUrl: string): Promise<LoadRequest[]> {
  const requests: LoadRequest[] = []
  let n = 0
  for (const category of BIG_CATEGORIES) {
    const facets = await getJson<Facets>(`${baseUrl}${KATALOG}/v1/products/filters?category=${category}`)
    if (!facets) continue
    const codes = facets.filters
      .filter((f) => f.type !== 'range' && f.options.some((o) => o.count > 0))
      .map((f) => ({ code: f.code, values: f.options.filter((o) => o.count > 0).map((o) => o.code) }))
    if (codes.length < 3) continue
    for (let i = 0; i < 60; i++, n++) {
      // three different codes; the first takes two values (an OR within the code)
      const picked = [0, 1, 2].map((k) => codes[(i + k * (1 + (i % 2))) % codes.length]!)
      if (new Set(picked.map((p) => p.code)).size < 3) picked.splice(0, 3, codes[0]!, codes[1]!, codes[2]!)
      const pairs = picked.flatMap((p, k) => {
        const first = p.values[(i * 7 + k) % p.values.length]!
        const second = p.values[(i * 7 + k + 1) % p.values.length]!
        return k === 0 && first !== second
          ? [`${p.code}:${first}`, `${p.code}:${second}`]
          : [`${p.code}:${first}`]
      })
      const query = `city_id=${1 + (n % 4)}&filters=${encodeURIComponent(pairs.join(','))}`
      const headers = { 'accept-language': n % 3 === 0 ? 'kk' : 'ru' }
      requests.push({
        path: `${KATALOG}/v2/products/category/${category}?${query}&sorting=${SORTINGS[n % SORTINGS.length]}`,
        headers,
      })
      requests.push({ path: `${KATALOG}/v1/products/filters?category=${category}&${query}`, headers })
    }
  }
  return requests
}

/** Product pages of 2,000 products across the big categories, in turns over the four cities. */
async function productRequests(baseUrl: string): Promise<LoadRequest[]> {
  const uris: string[] = []
  for (const category of BIG_CATEGORIES) {
    for (let page = 1; page <= 3; page++) {
      const listing = await getJson<{ payload: { uri: string }[] }>(
        `${baseUrl}${KATALOG}/v2/products/category/short/${category}?limit=100&page=${page}&sorting=new`,
      )
      for (const item of listing?.payload ?? []) uris.push(item.uri)
    }
  }
  return uris.slice(0, 2000).map((uri, i) => ({
    path: `${KATALOG}/v1/products/${uri}?city_id=${1 + (i % 4)}`,
    headers: { 'accept-language': i % 3 === 0 ? 'kk' : 'ru' },
  }))
}

/** The prefixes of the product page's address in Russian and Kazakh over the four cities. */
const PAGE_PREFIXES = ['', '/astana', '/almaty_kk', '/shymkent_kk', '/aktobe', '/astana_kk']

/** A phone's Chrome, and Googlebot: the renderer streams to the first and buffers the page for the second. */
const SHOPPER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
const BOT_AGENT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

/**
 * The server-rendered product page's HTML (what a shopper's browser or a search engine gets first), for
 * the products `from` to `to` of the list, each under one of the six prefixes.
 */
function productPageRequests(products: LoadRequest[], userAgent: string, from = 0, to = 600): LoadRequest[] {
  return products.slice(from, to).map((request, i) => {
    const uri = request.path.split('/products/')[1]?.split('?')[0] ?? ''
    return {
      path: `${PAGE_PREFIXES[i % PAGE_PREFIXES.length]}/p/${uri}`,
      headers: { accept: 'text/html', 'accept-encoding': 'gzip, br', 'user-agent': userAgent },
    }
  })
}

async function catalogScenarios(baseUrl: string): Promise<Scenario[]> {
  const listings = await listingRequests(baseUrl)
  const products = await productRequests(baseUrl)
  if (listings.length === 0 || products.length === 0) return []
  const shopperPages = productPageRequests(products, SHOPPER_AGENT)
  const botPages = productPageRequests(products, BOT_AGENT)
  // Pages no scenario asks before, each asked once: every request is a render (the page cache misses).
  const coldPages = productPageRequests(products, SHOPPER_AGENT, 600, 2000)
  return [
    // The 600 pages are asked once before measuring, so these two measure pages the server has kept
    // (server/http/server-pages-cache.ts), as a store's popular pages are; the cold row is the render.
    {
      name: `server-rendered product page HTML (${shopperPages.length} pages, streamed)`,
      warmup: shopperPages,
      requests: shopperPages,
      target: 'p95 ≤ 60 ms PGlite 20k',
    },
    {
      name: `server-rendered product page HTML (${botPages.length} pages, buffered for bots)`,
      warmup: botPages,
      requests: botPages,
      target: 'p95 ≤ 60 ms PGlite 20k',
    },
    {
      name: `server-rendered product page HTML (cold: ${coldPages.length} pages not asked before, streamed)`,
      requests: coldPages,
      target: 'a render per request',
    },
    {
      name: `catalog: listing + facets, 3 filters (${listings.length / 2} listings)`,
      warmup: listings,
      requests: listings,
      target: 'p95 ≤ 40 ms PGlite 20k, ≤ 15 ms PG 200k',
      sizedCeiling: true,
    },
    {
      name: `catalog: product page by uri (${products.length} products)`,
      warmup: products,
      requests: products,
      target: '≥ 40% of hello',
    },
  ]
}

/** Home, a category listing, a product page and a search page (issue 18), when the catalogue has them. */
export async function pagesToAudit(baseUrl: string): Promise<string[]> {
  const pages = ['/', '/catalog/smartfony']
  const res = await fetch(`${baseUrl}/katalog/api/v2/products/category/smartfony?city_id=1&limit=1`)
  const body = res.ok ? ((await res.json()) as { payload?: { uri: string }[] }) : {}
  const uri = body.payload?.[0]?.uri
  if (!uri) throw new Error(`no product in smartfony to audit (the catalogue answered ${res.status})`)
  pages.push(`/p/${uri}`, `/search?q=${encodeURIComponent('смартфон')}`)
  return pages
}

// ---------------------------------------------------------------- search (issue 4)

/** What shoppers type: words, typos, the other layout, transliteration, model numbers, brand+category. */
const SEARCH_QUERIES = [
  'холодильник',
  'телевизор samsung 55',
  'ноутбук asus',
  'самсунк',
  'холодильнек',
  'ыфьыгтп',
  'айфон',
  'rtx 4070',
  's24ultra',
  'тоңазытқыш',
  'наушники sony',
  'пылесос',
  'лэптоп',
  'видеокарта',
  'смартфон apple',
  'wh1000xm5',
]

function searchScenarios(): Scenario[] {
  const searches = SEARCH_QUERIES.flatMap((query, i): LoadRequest[] => [
    {
      method: 'POST',
      path: `${KATALOG}/v1/products/search`,
      body: JSON.stringify({ query, city_id: 1 + (i % 4), limit: 24 }),
      headers: { 'content-type': 'application/json' },
    },
    {
      method: 'POST',
      path: `${KATALOG}/v1/products/search`,
      body: JSON.stringify({
        query,
        city_id: 1 + (i % 4),
        limit: 24,
        sort_by: 'price',
        sort_order: 'asc',
        page: 1,
      }),
      headers: { 'content-type': 'application/json', 'accept-language': 'kk' },
    },
  ])
  // the search box asks as the shopper types: every prefix of two letters and more
  const suggests: LoadRequest[] = SEARCH_QUERIES.flatMap((query, i) =>
    Array.from({ length: Math.max(0, query.length - 1) }, (_, n) => ({
      path: `${KATALOG}/v1/products/search/suggest?query=${encodeURIComponent(query.slice(0, n + 2))}&city_id=${1 + (i % 4)}`,
    })),
  )
  return [
    {
      name: `search: popular queries, repeated (${searches.length} searches)`,
      warmup: searches,
      requests: searches,
      target: 'p95 ≤ 50 ms PGlite 20k, ≤ 20 ms PG 200k',
      sizedCeiling: true,
    },
    {
      name: `search: suggestions while typing (${suggests.length} prefixes)`,
      warmup: suggests,
      requests: suggests,
      target: 'p95 ≤ 10 ms PG 200k',
      sizedCeiling: true,
    },
  ]
}

const searchRequest = (query: string, i: number): LoadRequest => ({
  method: 'POST',
  path: `${KATALOG}/v1/products/search`,
  body: JSON.stringify({ query, city_id: 1 + (i % 4), limit: 24 }),
  headers: { 'content-type': 'application/json', 'accept-language': i % 3 === 0 ? 'kk' : 'ru' },
})

/** The query with two neighbouring letters of its first word swapped, as a hurried thumb types it. */
function typo(query: string): string {
  const [first = '', ...rest] = query.split(' ')
  if (first.length < 5) return query
  const swapped = first.slice(0, 2) + first[3] + first[2] + first.slice(4)
  return [swapped, ...rest].join(' ')
}

/**
 * Thousands of different queries made from the catalogue's own titles (type and brand, brand and model,
 * the same with a typo), each asked once or twice in a run: what the answer caches cannot help with.
 */
async function distinctSearchScenarios(baseUrl: string): Promise<Scenario[]> {
  const queries = new Set<string>()
  for (const category of BIG_CATEGORIES) {
    for (let page = 1; page <= 4; page++) {
      const listing = await getJson<{ payload: { title: string }[] }>(
        `${baseUrl}${KATALOG}/v2/products/category/short/${category}?limit=100&page=${page}&sorting=new`,
      )
      for (const { title } of listing?.payload ?? []) {
        const words = title.toLowerCase().split(/\s+/)
        if (words.length < 3) continue
        queries.add(`${words[0]} ${words[1]}`)
        queries.add(`${words[1]} ${words[2]}`)
        queries.add(typo(`${words[0]} ${words[1]}`))
      }
    }
  }
  if (queries.size === 0) return []
  const list = [...queries]
  const prefixes = [...new Set(list.map((q) => q.slice(0, 3 + (q.length % 5))))]
  return [
    {
      name: `search: distinct catalogue queries, cold (${list.length} queries)`,
      requests: list.map(searchRequest),
      target: 'p95 ≤ 50 ms PGlite 20k, ≤ 20 ms PG 200k',
    },
    {
      name: `search: suggestions for distinct prefixes (${prefixes.length} prefixes)`,
      requests: prefixes.map((q, i) => ({
        path: `${KATALOG}/v1/products/search/suggest?query=${encodeURIComponent(q)}&city_id=${1 + (i % 4)}`,
      })),
      target: 'p95 ≤ 10 ms PG 200k',
    },
  ]
}

// ---------------------------------------------------------------- cart (issue 6)

const CART_CARTS = 64
const CART_LINES_PER_CART = 16
/** Cheap enough that 16 lines of 2 units stay far below the maximum order sum. */
const CART_MAX_PRICE = 30_000

/** Cheap products in stock in Almaty (a few units: a PUT may land after the next add), from the listings. */
async function cartProducts(baseUrl: string): Promise<string[]> {
  const skus: string[] = []
  for (const category of BIG_CATEGORIES) {
    const listing = await getJson<{ payload: { sku: string; type: string; price: number; stock: number }[] }>(
      `${baseUrl}${KATALOG}/v2/products/category/short/${category}?city_id=1&limit=100&sorting=price_asc`,
    )
    for (const p of listing?.payload ?? [])
      if (p.type === 'regular' && p.stock >= 5 && p.price <= CART_MAX_PRICE) skus.push(p.sku)
  }
  return skus
}

async function newCart(baseUrl: string): Promise<string | null> {
  const res = await fetch(`${baseUrl}/cart/api/v2/carts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ city_id: 1 }),
  })
  return res.ok ? ((await res.json()) as { id: string }).id : null
}

/**
 * Add to cart with its recalculation, over 64 carts made first. Each round sets one product in every cart
 * to one unit (PUT v2), then adds one more of it to every cart (POST v3), so quantities stay at 1-2 and
 * every answer is a 200 with the whole cart repriced, each with its own idempotency key as the store's
 * client sends. Consecutive requests go to different carts, as
 * different shoppers' would: the requests in flight at once never wait for each other's cart lock (one
 * cart's concurrent changes queuing up is what the cart's own tests check).
 */
async function cartScenarios(baseUrl: string): Promise<Scenario[]> {
  const skus = await cartProducts(baseUrl)
  if (skus.length < CART_LINES_PER_CART) return []
  const carts: string[] = []
  for (let i = 0; i < CART_CARTS; i++) {
    const id = await newCart(baseUrl)
    if (id) carts.push(id)
  }
  if (carts.length === 0) return []
  const headers = { 'content-type': 'application/json' }
  const requests: LoadRequest[] = []
  for (let round = 0; round < CART_LINES_PER_CART; round++) {
    const bodies = carts.map((_, c) => {
      const sku = skus[((round * carts.length + c) * 7) % skus.length]!
      return JSON.stringify({ city_id: 1, products: [{ sku, quantity: 1 }] })
    })
    for (const [method, version] of [
      ['PUT', 'v2'],
      ['POST', 'v3'],
    ] as const)
      carts.forEach((cart, c) =>
        requests.push({
          method,
          path: `/cart/api/${version}/carts/${cart}/products`,
          body: bodies[c],
          headers,
          idempotent: true,
        }),
      )
  }
  return [
    {
      name: `cart: add to cart + recalculation (${carts.length} carts, ${skus.length} products)`,
      warmup: requests,
      requests,
      target: 'p95 ≤ 25 ms PG 200k',
    },
  ]
}
