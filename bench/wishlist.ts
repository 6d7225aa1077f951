import type { LoadRequest } from './lib/load'
import type { Scenario } from './lib/scenario'
import { post, signUpShopper } from './lib/shopper'

/*
 * The wishlist (issue 23): reading a signed-in shopper's named list of twenty products, each request
 * one of several shoppers, the spec's five sorts and the four cities, so no single answer is measured.
 * The shoppers sign up by SMS through the dev outbox (the bench starts the store with it on).
 */

const KATALOG = '/katalog/api'
const CATEGORIES = ['smartfony', 'noutbuki', 'televizory', 'naushniki', 'holodilniki']
const SHOPPERS = 8
const LIST_SIZE = 20
const SORTS = ['added_desc', 'added_asc', 'newest', 'price_asc', 'price_desc']

/** Products of the big categories, some in stock and some not, as a real list holds them. */
async function someSkus(baseUrl: string): Promise<string[]> {
  const skus: string[] = []
  for (const category of CATEGORIES) {
    const res = await fetch(`${baseUrl}${KATALOG}/v2/products/category/short/${category}?city_id=1&limit=60`)
    if (!res.ok) continue
    const listing = (await res.json()) as { payload: { sku: string; type: string }[] }
    for (const p of listing.payload) if (p.type === 'regular') skus.push(p.sku)
  }
  return skus
}

/** A shopper whose named list holds `LIST_SIZE` products; their bearer token. */
async function shopperWithList(baseUrl: string, skus: string[], n: number): Promise<string | null> {
  const token = await signUpShopper(baseUrl)
  if (!token) return null
  const auth = { authorization: `Bearer ${token}` }
  for (let i = 0; i < LIST_SIZE; i++) {
    const sku = skus[(n * LIST_SIZE + i * 7) % skus.length]!
    await post(`${baseUrl}/wishlist/api/v1/products`, { sku, city_id: 1 + (i % 4) }, auth)
  }
  return token
}

export async function wishlistScenarios(baseUrl: string): Promise<Scenario[]> {
  const skus = await someSkus(baseUrl)
  if (skus.length < LIST_SIZE) {
    console.warn('wishlist bench: too few products to fill a list')
    return []
  }
  const tokens: string[] = []
  for (let n = 0; n < SHOPPERS; n++) {
    const token = await shopperWithList(baseUrl, skus, n)
    if (token) tokens.push(token)
  }
  if (tokens.length === 0) {
    console.warn('wishlist bench: no bench shopper (is SMS_OUTBOX_ROUTE=1 set?)')
    return []
  }
  const reads: LoadRequest[] = []
  for (const [n, token] of tokens.entries())
    for (const sorting of SORTS)
      for (let cityId = 1; cityId <= 4; cityId++)
        reads.push({
          path: `/wishlist/api/v1/products?cityId=${cityId}&sorting=${sorting}`,
          headers: { authorization: `Bearer ${token}`, 'accept-language': n % 2 ? 'kk' : 'ru' },
        })
  return [
    {
      name: `wishlist: read a named list of ${LIST_SIZE} (${tokens.length} shoppers, 5 sorts, 4 cities)`,
      warmup: reads,
      requests: reads,
      target: 'p95 ≤ 15 ms PG 200k',
    },
  ]
}
