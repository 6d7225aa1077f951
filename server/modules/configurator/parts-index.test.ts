import { randomInt } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  COMPONENT_CODES,
  ComponentsResponse,
  CONFIGURATOR_V1,
  type ComponentCode,
  type ComponentSort,
  type PartSpecs,
} from '../../../contract/configurator'
import type { Database } from '../../db/connection'
import { rows } from '../../db/rows'
import { pcParts } from '../../db/schema/configurator'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'
import { makeProduct } from '../../test/products'
import { readCatalogVersions } from '../catalog'
import { compatibleTest } from './compat'
import { compatibleWhere } from './compat-sql'
import { PartsHolder, startedAfterCall, type PartsIndex } from './parts-index'
import { createConfiguratorRepo, specsOf, type ConfiguratorRepo, type PartRow } from './repo'
import { candidateFindings, type Part } from './rules'
import { createConfiguratorService } from './service'

let app: App
let database: Database
let repo: ConfiguratorRepo
let holder: PartsHolder

beforeAll(async () => {
  ;({ app, database } = await testApp())
  repo = createConfiguratorRepo(database.db)
  holder = new PartsHolder(app.catalog, {
    specRows: () => repo.specRows(),
    brandOrder: () => repo.brandOrder(),
    foldsUnicodeCase: () => repo.foldsUnicodeCase(),
    versions: () => readCatalogVersions(database.db),
  })
})

/**
 * The parts of the current catalogue index, rebuilt first, and a check that nothing was written since
 * (on PostgreSQL the test files share the database and write at once): `use` runs again after another
 * rebuild when the catalogue moved meanwhile, so a comparison with the SQL reads one state.
 */
async function atOneVersion(use: (parts: PartsIndex) => Promise<void>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    await app.catalog.refresh()
    const parts = await holder.current()
    if (parts) {
      try {
        await use(parts)
        return
      } catch (error) {
        const now = await readCatalogVersions(database.db)
        if (now.catalog === parts.version || attempt >= 5) throw error
      }
    } else if (attempt >= 5) throw new Error('the catalogue index never caught up with the database')
  }
}

/** The graphics cards whose text holds `sku`, cheapest first, in Almaty, fitting an empty build. */
const gpuAnswer = (parts: PartsIndex, sku: string) =>
  parts.answer({
    code: 'gpu',
    fits: compatibleTest('gpu', []),
    cityId: 1,
    lang: 'ru',
    sort: 'price_asc',
    offset: 0,
    limit: 150,
    brands: [],
    inStock: false,
    text: sku,
  })

const tag = () => `t${randomInt(0, 1e9).toString(36)}`

async function part(
  code: ComponentCode,
  specs: PartSpecs,
  opts: { price?: number; stock?: Partial<Record<number, number>> } = {},
) {
  const product = await makeProduct(database.db, {
    prices: { 1: opts.price ?? 10_000 },
    stock: opts.stock ?? { 1: 10 },
  })
  await database.db.insert(pcParts).values({ productId: product.id, kind: code, ...specs })
  return { code, ...product }
}

const components = async (query: string) => {
  const res = await app.inject({ url: `${CONFIGURATOR_V1}/components?${query}` })
  expect(res.statusCode, res.body).toBe(200)
  return ComponentsResponse.parse(res.json())
}

/** Parts of the seeded catalogue, five-part builds drawn from them as the rules test of the SQL does. */
async function seededBuilds(): Promise<{ all: PartRow[]; builds: Part[][] }> {
  const all = await rows<PartRow>(
    database.db,
    sql`select x.*, p.sku, p.uri, p.type, p.title_ru as title, null as brand, null as brand_slug,
               '{}'::text[] as images, null as price, null as old_price, 0 as stock, x.product_id
        from pc_parts x join products p on p.id = x.product_id where p.type in ('regular', 'mto')
        order by x.product_id`,
  )
  const asPart = (r: PartRow): Part => ({ code: r.kind!, sku: r.sku, quantity: 1, specs: specsOf(r) })
  const builds: Part[][] = [[]]
  for (let round = 0; round < 6; round++) {
    const build: Part[] = []
    for (const code of ['cpu', 'motherboard', 'ram', 'psu', 'case', 'gpu', 'cooler', 'storage'] as const) {
      const pool = all.filter((r) => r.kind === code)
      if (pool.length > 0 && build.length < 5 && (round + code.length) % 3 !== 0)
        build.push(asPart(pool[(round * 11 + code.length) % pool.length]!))
    }
    builds.push(build)
  }
  return { all, builds }
}

describe('the parts held in memory', () => {
  it('leave out exactly the parts the SQL clause leaves out, and those an error of the rules would name', async () => {
    const { all, builds } = await seededBuilds()
    const asPart = (r: PartRow): Part => ({ code: r.kind!, sku: r.sku, quantity: 1, specs: specsOf(r) })
    let left = 0
    for (const build of builds)
      for (const code of COMPONENT_CODES) {
        const fits = compatibleTest(code, build)
        const mine = all.filter((r) => r.kind === code && fits(r)).map((r) => r.sku)
        const byRules = all
          .filter((r) => r.kind === code)
          .filter((r) => !candidateFindings(build, asPart(r)).some((m) => m.severity === 'error'))
          .map((r) => r.sku)
        const bySql = (
          await rows<{ sku: string }>(
            database.db,
            sql`select p.sku from pc_parts x join products p on p.id = x.product_id
                where x.kind = ${code} and p.type in ('regular', 'mto') and (${compatibleWhere(code, build)})
                order by x.product_id`,
          )
        ).map((r) => r.sku)
        const given = `${code} given ${build.map((p) => p.code).join(',')}`
        expect(mine, given).toEqual(byRules)
        expect(mine, given).toEqual(bySql)
        left += all.filter((r) => r.kind === code).length - mine.length
      }
    // the builds do leave parts out, so the comparison compared something
    expect(left).toBeGreaterThan(0)
  })

  it("answer every slot's page and facets as the SQL does: sortings, filters, words, pages, misfits, cities", async () => {
    const { builds } = await seededBuilds()
    const sorts: ComponentSort[] = ['popular', 'price_asc', 'price_desc']
    await atOneVersion(async (parts) => {
      let compared = 0
      for (const [b, build] of builds.entries())
        for (const code of COMPONENT_CODES) {
          const cityId = 1 + ((b + code.length) % 4)
          const base = {
            code,
            cityId,
            lang: b % 2 ? ('kk' as const) : ('ru' as const),
            sort: sorts[(b + code.length) % 3]!,
            offset: 0,
            limit: 20,
            brands: [] as string[],
            inStock: false,
          }
          // the brands and prices of the unfiltered answer, to filter by
          const plain = parts.answer({ ...base, fits: compatibleTest(code, build) })
          const brand = plain.facets.find((f) => f.brand_slug !== null)?.brand_slug
          const prices = plain.page.map((r) => r.price!).sort((x, y) => x - y)
          const word = plain.page[0]?.title.split(' ')[0]?.toLowerCase()
          const variants = [
            base,
            { ...base, offset: 3, limit: 5 },
            { ...base, includeIncompatible: true, limit: 150 },
            { ...base, includeIncompatible: true, offset: 7, limit: 4, inStock: true },
            { ...base, inStock: true },
            { ...base, brands: brand ? [brand, 'no-such-brand'] : ['no-such-brand'] },
            { ...base, priceMin: prices[1] ?? 0, priceMax: prices[prices.length - 2] ?? 0 },
            { ...base, text: word ?? 'x' },
            { ...base, text: '%_\\' },
          ]
          for (const v of variants) {
            const memory = parts.answer({ ...v, fits: compatibleTest(code, build) })
            const sqlQuery = { ...v, compatible: compatibleWhere(code, build) }
            const [page, facets] = await Promise.all([repo.candidates(sqlQuery), repo.facets(sqlQuery)])
            const given = `${code} ${JSON.stringify(v)} given ${build.map((p) => p.sku).join(',')}`
            expect(memory.page, given).toEqual(page)
            expect(memory.facets, given).toEqual(facets)
            compared += page.length
          }
          const count = await repo.count({
            code,
            compatible: compatibleWhere(code, build),
            cityId,
            inStock: false,
          })
          expect(parts.count(code, compatibleTest(code, build), cityId)).toBe(count)
        }
      // the chosen parts, as the SQL reads them for the rules
      for (const [b, build] of builds.entries()) {
        const skus = build.map((p) => p.sku)
        const lang = b % 2 ? ('kk' as const) : ('ru' as const)
        const bySku = (list: PartRow[]) => [...list].sort((x, y) => x.sku.localeCompare(y.sku))
        const memory = parts.partsBySku(skus, 1 + (b % 4), lang)
        expect(memory && bySku(memory)).toEqual(bySku(await repo.partsBySku(skus, 1 + (b % 4), lang)))
      }
      expect(parts.partsBySku(['123456789012345'], 1, 'ru')).toBeNull()
      expect(compared).toBeGreaterThan(100)
    })
  })
})

describe('the components answer from memory', () => {
  it('is byte for byte the answer the SQL gives, as the route sends it', async () => {
    const { builds } = await seededBuilds()
    const fromMemory = createConfiguratorService(database.db, holder)
    const bySql = createConfiguratorService(database.db)
    await atOneVersion(async () => {
      for (const [b, build] of builds.entries())
        for (const code of COMPONENT_CODES) {
          const q = {
            code,
            city_id: 1 + (b % 4),
            components: build.map((p) => `${p.code}:${p.sku}`).join(','),
            page: 1 + (b % 2),
            size: 10,
            sort: 'popular' as const,
            includeIncompatible: b % 3 === 0,
            lang: b % 2 ? ('kk' as const) : ('ru' as const),
          }
          const expected = JSON.stringify(z.encode(ComponentsResponse, await bySql.components(q)))
          expect((await fromMemory.componentsJson(q)).toString(), JSON.stringify(q)).toBe(expected)
          // asked again: the kept answer
          expect((await fromMemory.componentsJson(q)).toString()).toBe(expected)
          const { lang, ...query } = q
          const res = await app.inject({
            url: `${CONFIGURATOR_V1}/components?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`,
            headers: { 'accept-language': lang },
          })
          expect(res.body).toBe(expected)
          expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
        }
    })
  })
})

describe('the parts held in memory follow the catalogue', () => {
  it("a write to pc_parts alone moves the catalogue's version (an import writes the rows directly)", async () => {
    const gpu = await part('gpu', { length: 250, tdp: 150 })
    const before = await readCatalogVersions(database.db)
    await database.db.execute(sql`update pc_parts set length = 260 where product_id = ${gpu.id}`)
    const after = await readCatalogVersions(database.db)
    expect(after.catalog).toBeGreaterThan(before.catalog)
  })

  it("answer a part added, its new price, its new stock and its changed compatibility field once the catalogue's index follows", async () => {
    const maxGpuLength = 200 + randomInt(0, 50)
    const pcCase = await part('case', { maxGpuLength, formFactors: [tag()] })
    const gpu = await part('gpu', { length: maxGpuLength - 10, tdp: 120 }, { price: 41_000 })
    // the search narrows the answer to this test's card by its sku, in its title
    const query = `code=gpu&city_id=1&size=150&components=case:${pcCase.sku}&q=${gpu.sku}`
    const offered = async () => {
      await app.catalog.refresh()
      return (await components(query)).items.find((i) => i.sku === gpu.sku)
    }
    // added
    expect(await offered()).toMatchObject({ price: 41_000, stock: 10, isAvailable: true })

    // a new price: written into the index in place, and answered from memory
    const index = await app.catalog.index()
    await database.db.execute(
      sql`update product_prices set price = ${39_500} where product_id = ${gpu.id} and city_id = 1`,
    )
    expect(await offered()).toMatchObject({ price: 39_500 })
    expect(await app.catalog.index()).toBe(index)
    const parts = await holder.current()
    expect(parts?.partsBySku([gpu.sku], 1, 'ru')?.map((r) => r.price)).toEqual([39_500])
    const answer = parts && gpuAnswer(parts, gpu.sku)
    expect(answer?.page.map((r) => r.price)).toEqual([39_500])

    // stock sold out: stock changes move no catalogue version, the index follows them by itself
    await database.db.execute(sql`update stocks set quantity = 0 where product_id = ${gpu.id}`)
    expect(await offered()).toMatchObject({ stock: 0, isAvailable: false })
    await database.db.execute(sql`update stocks set quantity = 4 where product_id = ${gpu.id}`)
    expect(await offered()).toMatchObject({ stock: 4, isAvailable: true })

    // a compatibility field: the card grew longer than the case takes
    await database.db.execute(
      sql`update pc_parts set length = ${maxGpuLength + 30} where product_id = ${gpu.id}`,
    )
    expect(await offered()).toBeUndefined()
    const misfit = (await components(`${query}&includeIncompatible=true`)).items.find(
      (i) => i.sku === gpu.sku,
    )
    expect(misfit?.errors.map((e) => e.code)).toEqual(['gpu_length'])
  })

  it('answer from memory, not the SQL, once the index is at the database version', async () => {
    const gpu = await part('gpu', { length: 250, tdp: 150 }, { price: 55_000 })
    await atOneVersion(async (parts) => {
      expect(parts.size).toBeGreaterThan(0)
      const answer = gpuAnswer(parts, gpu.sku)
      expect(answer.page.map((r) => [r.sku, r.price, r.stock, r.length])).toEqual([
        [gpu.sku, 55_000, 10, 250],
      ])
    })
  })
})

describe('the version read shared by concurrent requests', () => {
  it('gives a caller arriving during a read the next read, never one that started before it', async () => {
    let reads = 0
    const releases: (() => void)[] = []
    const read = startedAfterCall(
      () =>
        new Promise<number>((resolve) => {
          const n = ++reads
          releases.push(() => resolve(n))
        }),
    )
    const first = read()
    // three callers while the first read runs: one read queued behind it serves them all
    const later = [read(), read(), read()]
    expect(reads).toBe(1)
    releases.shift()!()
    expect(await first).toBe(1)
    await new Promise((r) => setImmediate(r))
    expect(reads).toBe(2)
    releases.shift()!()
    expect(await Promise.all(later)).toEqual([2, 2, 2])
    // idle again: a new caller starts its own read
    const next = read()
    expect(reads).toBe(3)
    releases.shift()!()
    expect(await next).toBe(3)
  })
})
