import { beforeAll, describe, expect, it } from 'vitest'
import { SearchResponse, type SearchProduct } from '../../../contract/search'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'
import { RELEVANCE_CASES, type RelevanceCase } from './relevance-cases'

let app: App

beforeAll(async () => {
  ;({ app } = await testApp())
  await app.catalog.refresh()
})

const K = 5

function relevant(c: RelevanceCase, p: SearchProduct & { category_path?: string }, paths: string[]): boolean {
  if (c.category) return paths.some((path) => path.includes(c.category!))
  const title = p.title.toLowerCase()
  return (c.title ?? []).every((t) => title.includes(t.toLowerCase()))
}

/** Precision at 5 of one query: relevant results among the first five (or all, when fewer came). */
async function precisionAt5(c: RelevanceCase): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/katalog/api/v1/products/search',
    payload: { query: c.query, limit: K },
  })
  expect(res.statusCode, res.body).toBe(200)
  const body = SearchResponse.parse(res.json())
  if (body.products.length === 0) return 0
  // the category path of each result, from the catalogue's product answer
  let hits = 0
  for (const p of body.products) {
    const page = await app.inject({ url: `/katalog/api/v1/products/${p.sku}` })
    const path = (page.json() as { category_path: string }).category_path
    if (relevant(c, p, [path])) hits++
  }
  return hits / Math.min(K, body.products.length)
}

describe('relevance set', () => {
  it(`has at least 60 queries of every kind and reaches precision@5 of 0.9`, async () => {
    expect(RELEVANCE_CASES.length).toBeGreaterThanOrEqual(60)
    const byKind = new Map<string, number[]>()
    const misses: string[] = []
    for (const c of RELEVANCE_CASES) {
      const p = await precisionAt5(c)
      byKind.set(c.kind, [...(byKind.get(c.kind) ?? []), p])
      if (p < 1) misses.push(`${c.kind} "${c.query}": ${p.toFixed(2)}`)
    }
    const all = [...byKind.values()].flat()
    const mean = all.reduce((a, b) => a + b, 0) / all.length
    const kinds = [...byKind].map(([k, v]) => `${k} ${(v.reduce((a, b) => a + b, 0) / v.length).toFixed(2)}`)
    console.log(
      `search relevance: precision@5 = ${mean.toFixed(3)} over ${all.length} queries (${kinds.join(', ')})` +
        (misses.length ? `\n  below 1: ${misses.join('; ')}` : ''),
    )
    expect(mean).toBeGreaterThanOrEqual(0.9)
  })
})
