import { beforeAll, describe, expect, it } from 'vitest'
import type { CatalogIndex } from '../catalog'
import { testApp } from '../../test/app'
import { firstInOrder, resolveMatches, scoreInCity } from './matches'
import type { MatchRows } from './text-index'

describe('firstInOrder', () => {
  const compare = (a: { v: number; id: number }, b: { v: number; id: number }) => b.v - a.v || a.id - b.id
  // a deterministic shuffle with many equal values, so the tie-break decides often
  const items = Array.from({ length: 5000 }, (_, id) => ({ v: (id * 7919) % 97, id }))

  it.each([0, 1, 6, 24, 48, 700, 5000, 6000])('gives the first %i of a full sort', (count) => {
    const sorted = [...items].sort(compare).slice(0, count)
    expect(firstInOrder(items, count, compare)).toEqual(sorted)
  })

  it('leaves the list as it was', () => {
    const before = items.map((i) => i.id)
    firstInOrder(items, 10, compare)
    expect(items.map((i) => i.id)).toEqual(before)
  })
})

describe('resolveMatches and scoreInCity', () => {
  let index: CatalogIndex

  beforeAll(async () => {
    const { app } = await testApp()
    const catalog = app.catalog
    await catalog.refresh()
    index = await catalog.index()
  })

  const rows = (list: { id: number; rank: number; strong: boolean }[]): MatchRows => ({
    ids: Int32Array.from(list.map((m) => m.id)),
    ranks: Float64Array.from(list.map((m) => m.rank)),
    strong: Uint8Array.from(list.map((m) => (m.strong ? 1 : 0))),
  })
  const regular = () => index.records.filter((r) => r.type === 'regular')

  it('keeps only the products naming the words when some do, and skips ids the catalogue lacks', () => {
    const [a, b, c] = regular()
    const set = resolveMatches(
      index,
      rows([
        { id: a!.id, rank: 1, strong: true },
        { id: b!.id, rank: 1, strong: false },
        { id: c!.id, rank: 1, strong: true },
        { id: 999_999_999, rank: 1, strong: true },
      ]),
      [],
    )
    expect([...set.positions]).toEqual([a!.pos, c!.pos])
  })

  it('keeps the description matches when nothing names the words', () => {
    const [a, b] = regular()
    const set = resolveMatches(
      index,
      rows([
        { id: a!.id, rank: 0.1, strong: false },
        { id: b!.id, rank: 0.1, strong: false },
      ]),
      [],
    )
    expect(set.positions.length).toBe(2)
  })

  it('ranks services below goods, and products of a category the query names above others', () => {
    const good = regular().find((r) => index.popularity[r.pos] === 0) ?? regular()[0]!
    const service = index.records.find((r) => r.type === 'service' && index.popularity[r.pos] === 0)
    const base = (id: number, stems: string[]) =>
      resolveMatches(index, rows([{ id, rank: 1, strong: true }]), stems).base[0]!
    if (service) expect(base(service.id, [])).toBeLessThan(base(good.id, []))
    const stem = good.category.nameRu.toLowerCase().slice(0, 4)
    expect(base(good.id, [stem])).toBeCloseTo(2 * base(good.id, []))
  })

  it('scores in a city only what it sells, half again for what it has in stock', () => {
    const city = 0
    const prices = index.prices[city]!
    const stock = index.stock.quantity[city]!
    const all = index.records
    const unpriced = all.find((r) => prices.has[r.pos] !== 1)
    const inStock = all.find((r) => prices.has[r.pos] === 1 && stock[r.pos]! > 0)!
    const outOfStock = all.find((r) => prices.has[r.pos] === 1 && stock[r.pos]! === 0)
    const list = [inStock, ...(outOfStock ? [outOfStock] : []), ...(unpriced ? [unpriced] : [])]
    const set = resolveMatches(index, rows(list.map((r) => ({ id: r.id, rank: 1, strong: true }))), [])
    const scored = scoreInCity(index, set, city)
    expect(scored.map((s) => s.pos)).toEqual([inStock.pos, ...(outOfStock ? [outOfStock.pos] : [])])
    expect(scored[0]!.score).toBeCloseTo(set.base[0]! * 1.5)
    if (outOfStock) expect(scored[1]!.score).toBeCloseTo(set.base[1]!)
  })
})
