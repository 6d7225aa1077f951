import type { LoadRequest } from './lib/load'
import type { Scenario } from './lib/scenario'

const MOODS = ['all', 'new', 'positive', 'negative', 'wPhoto'] as const
const CATEGORIES = ['smartfony', 'noutbuki', 'televizory', 'naushniki', 'holodilniki', 'pylesosy']

/**
 * The reviews tab of products shoppers open most: the popular products of the big categories (those
 * with the most reviews), each asked for its first pages under every mood, in both languages, as a guest.
 */
export async function reviewsScenarios(baseUrl: string): Promise<Scenario[]> {
  const skus: string[] = []
  for (const slug of CATEGORIES) {
    const res = await fetch(
      `${baseUrl}/katalog/api/v2/products/category/short/${slug}?city_id=1&limit=24&sorting=score`,
    )
    if (!res.ok) continue
    const body = (await res.json()) as { payload?: { sku: string }[] }
    for (const p of body.payload ?? []) skus.push(p.sku)
  }
  if (skus.length === 0) return []
  const requests: LoadRequest[] = skus.flatMap((sku, i) =>
    MOODS.map((mood, m) => ({
      path: `/feedback/api/v2/reviews/products/${encodeURIComponent(sku)}?limit=10&page=${1 + ((i + m) % 2)}&mood=${mood}`,
      headers: { 'accept-language': (i + m) % 3 === 0 ? 'kk' : 'ru' },
    })),
  )
  return [
    {
      name: `reviews of a product (page of 10 with summary and filter counts, ${skus.length} products)`,
      warmup: requests,
      requests,
      target: 'p95 ≤ 15 ms PG 200k, 1M reviews',
    },
  ]
}
