import { randomInt } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { Cart, CART_V2, CART_V3 } from '../../../contract/cart'
import {
  COMPONENT_CODES,
  ComponentsInfoResponse,
  ComponentsResponse,
  Configuration,
  CONFIGURATION_TOKEN_HEADER,
  CONFIGURATOR_ERROR_KEYS,
  CONFIGURATOR_V1,
  CreatedConfiguration,
  GenerateFilterResponse,
  type ComponentCode,
  type PartSpecs,
} from '../../../contract/configurator'
import type { Database } from '../../db/connection'
import { rows } from '../../db/rows'
import { pcParts } from '../../db/schema/configurator'
import type { App } from '../../http/types'
import { testApp } from '../../test/app'
import { signInTestUser } from '../../test/auth'
import { makeProduct } from '../../test/products'
import { compatibleWhere } from './compat-sql'
import { specsOf, type PartRow } from './repo'
import { candidateFindings, type Part } from './rules'

let app: App
let database: Database
const CONFIGURATIONS = `${CONFIGURATOR_V1}/configurations`

beforeAll(async () => {
  ;({ app, database } = await testApp())
})

/** A socket of this run's own, so the seeded parts never answer for the test's parts. */
const tag = () => `t${randomInt(0, 1e9).toString(36)}`

interface TestPart {
  code: ComponentCode
  sku: string
  id: number
}

/** A PC part of the test's own: a product with its prices and stock, and its compatibility row. */
async function part(
  code: ComponentCode,
  specs: PartSpecs,
  opts: { price?: number; stock?: Partial<Record<number, number>> } = {},
): Promise<TestPart> {
  const product = await makeProduct(database.db, {
    prices: { 1: opts.price ?? 10_000 },
    stock: opts.stock ?? { 1: 10 },
  })
  await database.db.insert(pcParts).values({ productId: product.id, kind: code, ...specs })
  return { code, ...product }
}

const line = (p: TestPart, quantity = 1) => ({ code: p.code, sku: p.sku, quantity })

function ok<T>(
  res: { statusCode: number; body: string; json(): unknown },
  schema: { parse(v: unknown): T },
  status = 200,
) {
  expect(res.statusCode, res.body).toBe(status)
  return schema.parse(res.json())
}

function refused(res: { statusCode: number; body: string; json(): unknown }, status: number) {
  expect(res.statusCode, res.body).toBe(status)
  return (res.json() as { error: { code: string; message: string; details?: Record<string, unknown> } }).error
}

const create = (components: object[] = [], headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: CONFIGURATIONS, payload: { city_id: 1, components }, headers })

const put = (id: string, components: object[], headers: Record<string, string> = {}) =>
  app.inject({ method: 'PUT', url: `${CONFIGURATIONS}/${id}`, payload: { city_id: 1, components }, headers })

const owner = (c: CreatedConfiguration) => ({ [CONFIGURATION_TOKEN_HEADER]: c.ownerToken })

/** A build whose parts all fit each other, on a socket of its own. */
async function fittingBuild() {
  const socket = tag()
  const cpu = await part('cpu', {
    socket,
    tdp: 65,
    integratedGraphics: true,
    boxedCooler: true,
    memoryTypes: ['ddr5'],
  })
  const board = await part('motherboard', {
    socket,
    formFactor: 'atx',
    memoryType: 'ddr5',
    memorySlots: 2,
    maxMemory: 96,
    m2Slots: 1,
    sataPorts: 2,
  })
  const ram = await part('ram', { memoryType: 'ddr5', modules: 2, capacity: 32 })
  const storage = await part('storage', { storageInterface: 'm2', capacity: 1024 })
  const psu = await part('psu', { wattage: 650, formFactor: 'atx', pcie8pin: 2, pcie16pin: 0 })
  const pcCase = await part('case', {
    formFactors: ['atx', 'matx'],
    maxGpuLength: 300,
    maxCoolerHeight: 160,
    psuFormFactors: ['atx'],
  })
  return { socket, cpu, board, ram, storage, psu, pcCase }
}

describe('GET components-info (spec 3, 9)', () => {
  it('lists the eight kinds, six of them required, in pages of 20', async () => {
    const info = ok(await app.inject({ url: `${CONFIGURATOR_V1}/components-info` }), ComponentsInfoResponse)
    expect(info).toMatchObject({ page: 1, size: 20, total: 8 })
    expect(info.items.map((i) => i.code)).toEqual([...COMPONENT_CODES])
    expect(info.items.filter((i) => i.isRequired).map((i) => i.code)).toEqual([
      'cpu',
      'motherboard',
      'ram',
      'storage',
      'psu',
      'case',
    ])
    expect(info.items.find((i) => i.code === 'cpu')?.categoryPath).toMatch(/processory$/)
  })
})

describe('GET components: the parts of a kind that fit what is chosen', () => {
  it('offers only the boards of the chosen CPU socket', async () => {
    const b = await fittingBuild()
    const other = await part('motherboard', { socket: tag(), formFactor: 'atx', memoryType: 'ddr5' })
    const answer = ok(
      await app.inject({
        url: `${CONFIGURATOR_V1}/components?code=motherboard&city_id=1&size=150&components=cpu:${b.cpu.sku}`,
      }),
      ComponentsResponse,
    )
    const skus = answer.items.map((i) => i.sku)
    expect(skus).toContain(b.board.sku)
    expect(skus).not.toContain(other.sku)
    expect(answer.items.every((i) => i.specs.socket === undefined || i.specs.socket === b.socket)).toBe(true)
    expect(answer.total).toBeLessThanOrEqual(150)
    const offered = answer.items.find((i) => i.sku === b.board.sku)
    expect(offered).toMatchObject({ price: 10_000, stock: 10, isAvailable: true })
  })

  it('marks a warning on a part that fits but is weak, and leaves out a part in error', async () => {
    const b = await fittingBuild()
    const hot = await part('cpu', { socket: b.socket, tdp: 250, memoryTypes: ['ddr5'] })
    const weakCooler = await part('cooler', {
      sockets: [b.socket],
      tdpRating: 100,
      coolerHeight: 150,
      coolerType: 'air',
    })
    const tallCooler = await part('cooler', {
      sockets: [b.socket],
      tdpRating: 300,
      coolerHeight: 190,
      coolerType: 'air',
    })
    const chosen = [`cpu:${hot.sku}`, `case:${b.pcCase.sku}`].join(',')
    const answer = ok(
      await app.inject({ url: `${CONFIGURATOR_V1}/components?code=cooler&size=150&components=${chosen}` }),
      ComponentsResponse,
    )
    const weak = answer.items.find((i) => i.sku === weakCooler.sku)
    expect(weak?.warnings.map((w) => [w.severity, w.code])).toEqual([['warning', 'cooler_tdp']])
    expect(answer.items.map((i) => i.sku)).not.toContain(tallCooler.sku)
  })

  it('lists the parts that do not fit after those that do when asked, each with the errors naming both parts', async () => {
    const b = await fittingBuild()
    const longGpu = await part('gpu', { length: 340, tdp: 200 })
    const shortGpu = await part('gpu', { length: 280, tdp: 200 })
    const url = (extra: string) =>
      `${CONFIGURATOR_V1}/components?code=gpu&size=150&components=case:${b.pcCase.sku}${extra}`
    const fitting = ok(await app.inject({ url: url('') }), ComponentsResponse)
    expect(fitting.items.map((i) => i.sku)).not.toContain(longGpu.sku)
    expect(fitting.items.every((i) => i.errors.length === 0)).toBe(true)

    // the search narrows to this test's two cards by the digits their names share
    const both = [longGpu.sku, shortGpu.sku]
    const common = both[0]!.split('').findIndex((c, i) => c !== both[1]![i])
    const words = encodeURIComponent(`Тестовый товар ${both[0]!.slice(0, common)}`)
    const all = ok(await app.inject({ url: url(`&includeIncompatible=true&q=${words}`) }), ComponentsResponse)
    const skus = all.items.map((i) => i.sku)
    expect(skus.indexOf(shortGpu.sku)).toBeGreaterThanOrEqual(0)
    expect(skus.indexOf(longGpu.sku)).toBeGreaterThan(skus.indexOf(shortGpu.sku))
    expect(all.items.every((i) => i.title.startsWith('Тестовый товар'))).toBe(true)
    const long = all.items.find((i) => i.sku === longGpu.sku)!
    expect(long.errors).toEqual([
      expect.objectContaining({
        severity: 'error',
        code: 'gpu_length',
        parts: [longGpu.sku, b.pcCase.sku],
        params: { length: 340, max: 300 },
      }),
    ])
    expect(all.items.find((i) => i.sku === shortGpu.sku)?.errors).toEqual([])
  })

  it('refuses an unknown kind with 400 and a malformed list of chosen parts with 400', async () => {
    refused(await app.inject({ url: `${CONFIGURATOR_V1}/components?code=monitor` }), 400)
    refused(await app.inject({ url: `${CONFIGURATOR_V1}/components?code=cpu&components=cpu-123` }), 400)
  })

  it('agrees with the rules on every part: the SQL leaves out exactly the parts an error would name', async () => {
    const all = await rows<PartRow>(
      database.db,
      sql`select x.*, p.sku, p.uri, p.type, p.title_ru as title, null as brand, null as brand_slug,
                 '{}'::text[] as images, null as price, null as old_price, 0 as stock, x.product_id
          from pc_parts x join products p on p.id = x.product_id where p.type in ('regular', 'mto')`,
    )
    const byKind = (code: ComponentCode) => all.filter((r) => r.kind === code)
    const asPart = (r: PartRow): Part => ({ code: r.kind!, sku: r.sku, quantity: 1, specs: specsOf(r) })
    // builds of five parts drawn from the catalogue, fitting or not
    for (let round = 0; round < 6; round++) {
      const build: Part[] = []
      for (const code of ['cpu', 'motherboard', 'ram', 'psu', 'case', 'gpu', 'cooler'] as const) {
        const pool = byKind(code)
        if (pool.length > 0 && build.length < 5 && (round + code.length) % 3 !== 0)
          build.push(asPart(pool[(round * 7 + code.length) % pool.length]!))
      }
      for (const code of COMPONENT_CODES) {
        const expected = byKind(code)
          .filter((r) => !candidateFindings(build, asPart(r)).some((m) => m.severity === 'error'))
          .map((r) => r.sku)
          .sort()
        const got = (
          await rows<{ sku: string }>(
            database.db,
            sql`select p.sku from pc_parts x join products p on p.id = x.product_id
                where x.kind = ${code} and p.type in ('regular', 'mto') and (${compatibleWhere(code, build)})`,
          )
        )
          .map((r) => r.sku)
          .sort()
        expect(got, `${code} given ${build.map((p) => p.code).join(',')}`).toEqual(expected)
      }
    }
  })
})

describe('POST components/generate-filter', () => {
  it('answers the catalogue URL of the boards for the chosen CPU, which the catalogue lists', async () => {
    const [cpu] = await rows<{ sku: string; socket: string }>(
      database.db,
      sql`select p.sku, x.socket from pc_parts x join products p on p.id = x.product_id
          join categories c on c.id = p.category_id
          where x.kind = 'cpu' and c.slug = 'processory' and x.socket is not null order by p.id limit 1`,
    )
    const answer = ok(
      await app.inject({
        method: 'POST',
        url: `${CONFIGURATOR_V1}/components/generate-filter`,
        payload: {
          code: 'motherboard',
          components: [{ code: 'cpu', sku: cpu!.sku, quantity: 1 }],
          page: 1,
          size: 150,
        },
      }),
      GenerateFilterResponse,
    )
    expect(answer.filters).toEqual([{ code: 'socket', value: cpu!.socket }])
    expect(answer.url).toBe(`/catalog/${answer.categoryPath}/f/socket/${cpu!.socket}`)
    expect(answer.total).toBeGreaterThan(0)
    const listing = await app.inject({
      url: `/katalog/api/v2/products/category/${answer.url.slice('/catalog/'.length)}?city_id=1`,
    })
    expect(listing.statusCode, listing.body).toBe(200)
    expect((listing.json() as { total: number }).total).toBe(answer.total)
  })
})

describe('configurations (spec 3, 4)', () => {
  it('names both parts when the graphics card is too long for the case, and clears it once fixed', async () => {
    const b = await fittingBuild()
    const longGpu = await part('gpu', { length: 340, tdp: 200, pcie8pin: 1, pcie16pin: 0 })
    const shortGpu = await part('gpu', { length: 280, tdp: 200, pcie8pin: 1, pcie16pin: 0 })
    const created = ok(await create([line(b.cpu), line(b.pcCase)]), CreatedConfiguration, 201)
    expect(created.ownerToken).toMatch(/^[A-Za-z0-9_-]{16,64}$/)
    const parts = [b.cpu, b.board, b.ram, b.storage, b.psu, b.pcCase]
    const broken = ok(
      await put(
        created.id,
        [...parts, longGpu].map((p) => line(p)),
        owner(created),
      ),
      Configuration,
    )
    expect(broken.incompatibleComponents).toEqual(['gpu', 'case'])
    expect(broken.messages[0]).toMatchObject({
      severity: 'error',
      code: 'gpu_length',
      messageKey: 'configurator:rule.gpu_length',
      parts: [longGpu.sku, b.pcCase.sku],
      params: { length: 340, max: 300 },
    })
    expect(broken.isComplete).toBe(false)
    expect(broken.cartBatch).toBeNull()

    const fixed = ok(
      await put(
        created.id,
        [...parts, shortGpu].map((p) => line(p)),
        owner(created),
      ),
      Configuration,
    )
    expect(fixed.incompatibleComponents).toEqual([])
    expect(fixed.messages.filter((m) => m.severity === 'error')).toEqual([])
    expect(fixed.totalPrice).toBe(70_000)
    expect(fixed.estimatedWattage).toBe(50 + 65 + 200 + 10 + 8)
    expect(fixed.recommendedWattage).toBe(Math.ceil(333 * 1.3))
    expect(fixed.isComplete).toBe(true)
    // and the owner reads it back as saved
    const read = ok(
      await app.inject({ url: `${CONFIGURATIONS}/${created.id}?city_id=1`, headers: owner(created) }),
      Configuration,
    )
    expect(read.components.map((c) => c.sku)).toEqual(fixed.components.map((c) => c.sku))
  })

  it('requires a graphics card when the CPU has no graphics of its own', async () => {
    const cpu = await part('cpu', { socket: tag(), tdp: 65, integratedGraphics: false })
    const created = ok(await create([line(cpu)]), CreatedConfiguration, 201)
    expect(created.componentsInfo.find((i) => i.code === 'gpu')?.isRequired).toBe(true)
    expect(created.missingComponents).toContain('gpu')
    expect(created.messages.map((m) => m.code)).toContain('no_graphics')
  })

  it('keeps a part that ran out in the city, flagged, and holds the build back from the cart', async () => {
    const b = await fittingBuild()
    const scarce = await part(
      'ram',
      { memoryType: 'ddr5', modules: 2, capacity: 32 },
      { stock: { 1: 0, 2: 3 } },
    )
    const parts = [b.cpu, b.board, scarce, b.storage, b.psu, b.pcCase]
    const created = ok(await create(parts.map((p) => line(p))), CreatedConfiguration, 201)
    const flagged = created.components.find((c) => c.sku === scarce.sku)
    expect(flagged).toMatchObject({ isAvailable: false, stock: 0 })
    expect(created.components).toHaveLength(6)
    expect(created.isComplete).toBe(false)
    const inAstana = ok(
      await app.inject({ url: `${CONFIGURATIONS}/${created.id}?city_id=2`, headers: owner(created) }),
      Configuration,
    )
    expect(inAstana.components.find((c) => c.sku === scarce.sku)?.isAvailable).toBe(true)
  })

  it('goes to the cart in one productsBatch with assembly_pc and the assembly service', async () => {
    const b = await fittingBuild()
    const parts = [b.cpu, b.board, b.ram, b.storage, b.psu, b.pcCase]
    const created = ok(await create(parts.map((p) => line(p))), CreatedConfiguration, 201)
    expect(created.isComplete).toBe(true)
    expect(created.assemblyService).not.toBeNull()
    const batch = created.cartBatch!
    expect(batch).toMatchObject({ city_id: 1, assembly_pc: true })
    expect(batch.products).toContainEqual({
      sku: created.assemblyService!.sku,
      quantity: 1,
      reference_product_sku: b.cpu.sku,
    })
    const cart = ok(
      await app.inject({ method: 'POST', url: `${CART_V2}/carts`, payload: { city_id: 1 } }),
      Cart,
      201,
    )
    const filled = ok(
      await app.inject({ method: 'POST', url: `${CART_V3}/carts/${cart.id}/productsBatch`, payload: batch }),
      Cart,
    )
    expect(filled.assemblyPc).toBe(true)
    const skus = filled.products.map((p) => p.sku)
    for (const p of parts) expect(skus).toContain(p.sku)
    expect(filled.services.map((s) => s.sku)).toContain(created.assemblyService!.sku)
  })

  it('opens read-only by its share link for anyone, and copies into a configuration of their own', async () => {
    const b = await fittingBuild()
    const created = ok(await create([line(b.cpu), line(b.board)]), CreatedConfiguration, 201)
    const shared = ok(
      await app.inject({ url: `${CONFIGURATIONS}/shared/${created.shareCode}?city_id=1` }),
      Configuration,
    )
    expect(shared).toMatchObject({ id: created.id, isOwner: false })
    expect(shared.components.map((c) => c.sku)).toEqual([b.cpu.sku, b.board.sku])
    refused(await put(created.id, [line(b.cpu)]), 403)

    const copy = ok(
      await app.inject({
        method: 'POST',
        url: `${CONFIGURATIONS}/shared/${created.shareCode}/copy`,
        payload: { city_id: 1 },
      }),
      CreatedConfiguration,
      201,
    )
    expect(copy.id).not.toBe(created.id)
    expect(copy.components.map((c) => c.sku)).toEqual([b.cpu.sku, b.board.sku])
    ok(await put(copy.id, [line(b.cpu)], owner(copy)), Configuration)
    refused(await app.inject({ url: `${CONFIGURATIONS}/shared/AAAAAAAAAA` }), 404)
  })

  it('empties on reset', async () => {
    const b = await fittingBuild()
    const created = ok(await create([line(b.cpu)]), CreatedConfiguration, 201)
    const reset = ok(
      await app.inject({
        method: 'POST',
        url: `${CONFIGURATIONS}/${created.id}/reset?city_id=1`,
        headers: owner(created),
      }),
      Configuration,
    )
    expect(reset).toMatchObject({ components: [], totalPrice: 0, estimatedWattage: 0 })
  })
})

describe('configurations: bad input', () => {
  it('refuses an unknown sku with 422 and an unknown kind with 400', async () => {
    const error = refused(await create([{ code: 'cpu', sku: '123456789012345', quantity: 1 }]), 422)
    expect(error).toMatchObject({
      message: CONFIGURATOR_ERROR_KEYS.unknownProduct,
      details: { sku: '123456789012345' },
    })
    refused(await create([{ code: 'monitor', sku: '1', quantity: 1 }]), 400)
  })

  it('refuses a part of another kind in a slot with 422', async () => {
    const b = await fittingBuild()
    const error = refused(await create([{ code: 'gpu', sku: b.cpu.sku, quantity: 1 }]), 422)
    expect(error).toMatchObject({
      message: CONFIGURATOR_ERROR_KEYS.wrongKind,
      details: { code: 'gpu', kind: 'cpu' },
    })
    const plain = await makeProduct(database.db)
    refused(await create([{ code: 'cpu', sku: plain.sku, quantity: 1 }]), 422)
  })

  it("refuses more memory kits than the board's slots, and two CPUs, with 422 and the maximum", async () => {
    const b = await fittingBuild()
    const error = refused(await create([line(b.board), line(b.ram, 3)]), 422)
    expect(error).toMatchObject({
      message: CONFIGURATOR_ERROR_KEYS.tooMany,
      details: { code: 'ram', max: 2 },
    })
    const other = await part('cpu', { socket: b.socket })
    const two = refused(await create([line(b.cpu), line(other)]), 422)
    expect(two.details).toEqual({ code: 'cpu', max: 1 })
    refused(await create([line(b.cpu), line(b.cpu)]), 422)
  })

  it("takes a guest's owner token in the PUT body too, as the client's offline queue sends it", async () => {
    const b = await fittingBuild()
    const created = ok(await create([line(b.cpu)]), CreatedConfiguration, 201)
    const changed = ok(
      await app.inject({
        method: 'PUT',
        url: `${CONFIGURATIONS}/${created.id}`,
        payload: { city_id: 1, ownerToken: created.ownerToken, components: [line(b.cpu), line(b.board)] },
      }),
      Configuration,
    )
    expect(changed.components.map((c) => c.sku)).toEqual([b.cpu.sku, b.board.sku])
    const refusal = await app.inject({
      method: 'PUT',
      url: `${CONFIGURATIONS}/${created.id}`,
      payload: { city_id: 1, ownerToken: 'x'.repeat(32), components: [] },
    })
    refused(refusal, 403)
  })

  it("refuses another shopper's configuration: 403 on PUT and GET, 404 for no such id", async () => {
    const b = await fittingBuild()
    const alice = await signInTestUser(app)
    const bob = await signInTestUser(app)
    const created = ok(await create([line(b.cpu)], alice.headers), CreatedConfiguration, 201)
    // Alice needs no token: the configuration is her account's
    ok(await put(created.id, [line(b.cpu), line(b.board)], alice.headers), Configuration)
    const error = refused(await put(created.id, [line(b.board)], bob.headers), 403)
    expect(error.message).toBe(CONFIGURATOR_ERROR_KEYS.notOwner)
    refused(await app.inject({ url: `${CONFIGURATIONS}/${created.id}`, headers: bob.headers }), 403)
    refused(await put(created.id, [], { [CONFIGURATION_TOKEN_HEADER]: 'x'.repeat(32) }), 403)
    refused(await put('00000000-0000-4000-8000-000000000000', [], alice.headers), 404)
    refused(await put('not-a-uuid', [], alice.headers), 400)
  })
})
