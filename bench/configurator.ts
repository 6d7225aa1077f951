import type { LoadRequest } from './lib/load'
import type { Scenario } from './lib/scenario'

/*
 * The PC configurator (issue 25): the parts of one slot that fit five chosen parts. The builds are
 * assembled through the configurator itself (each part picked from what fits the ones before), so the
 * measured lists are the real ones; the remaining slots (graphics card, drive, cooler) are asked in the
 * four cities and both languages, so no single answer is measured.
 */

const BASE = '/compatibility/api/v1'
const CHOSEN = ['cpu', 'motherboard', 'ram', 'psu', 'case'] as const
const ASKED = ['gpu', 'storage', 'cooler'] as const
const BUILDS = 6

interface Offered {
  items: { sku: string }[]
}

const chosenParam = (chosen: readonly (readonly [string, string])[]) =>
  chosen.map(([code, sku]) => `${code}:${sku}`).join(',')

/** A build of the five chosen kinds, the `n`-th fitting part at each step; null when a slot has none. */
async function build(baseUrl: string, n: number): Promise<(readonly [string, string])[] | null> {
  const chosen: (readonly [string, string])[] = []
  for (const code of CHOSEN) {
    const query = `code=${code}&city_id=1&size=24&components=${chosenParam(chosen)}`
    const res = await fetch(`${baseUrl}${BASE}/components?${query}`)
    if (!res.ok) return null
    const { items } = (await res.json()) as Offered
    const pick = items[(n * 5) % Math.max(1, items.length)]
    if (!pick) return null
    chosen.push([code, pick.sku])
  }
  return chosen
}

export async function configuratorScenarios(baseUrl: string): Promise<Scenario[]> {
  const requests: LoadRequest[] = []
  for (let n = 0; n < BUILDS; n++) {
    const chosen = await build(baseUrl, n)
    if (!chosen) continue
    for (const code of ASKED)
      for (let cityId = 1; cityId <= 4; cityId++)
        requests.push({
          path: `${BASE}/components?code=${code}&city_id=${cityId}&components=${chosenParam(chosen)}`,
          headers: { 'accept-language': cityId % 2 ? 'ru' : 'kk' },
        })
  }
  if (requests.length === 0) {
    console.warn('configurator bench: no build could be assembled from the catalogue')
    return []
  }
  return [
    {
      name: `configurator: compatible parts for a slot given 5 chosen parts (${requests.length / 12} builds, 3 slots, 4 cities)`,
      warmup: requests,
      requests,
      target: 'p95 ≤ 20 ms PG 200k',
    },
  ]
}
