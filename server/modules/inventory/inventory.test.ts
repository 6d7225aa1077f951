import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { ErrorBody } from '../../../contract/common'
import {
  DeliveryResult,
  DeliveryZonesResponse,
  PickupDatesResponse,
  RescheduleResponse,
  StocksResponse,
} from '../../../contract/inventory'
import type { Database } from '../../db/connection'
import { rows } from '../../db/rows'
import type { App } from '../../http/types'
import { SEED_CITIES } from '../../seed/cities'
import { testApp } from '../../test/app'
import { makeProduct } from '../../test/products'
import { localTime } from './clock'
import { createInventoryRepo } from './repo'
import { createInventoryService } from './service'

let app: App
let database: Database

beforeAll(async () => {
  ;({ app, database } = await testApp())
})

const post = (url: string, payload: unknown, lang = 'ru') =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: { 'accept-language': lang } })

/** A regular product in stock at a shop of the city (in enough units, at a point that is open). */
async function skuAtShop(cityId: number, exclude: string[] = []): Promise<string> {
  const [row] = await rows<{ sku: string }>(
    database.db,
    sql`select p.sku from products p
          join stocks s on s.product_id = p.id and s.city_id = ${cityId} and s.condition = 'N' and s.quantity >= 2
          join service_points sp on sp.id = s.service_point_id and sp.is_active and sp.type = 'shop'
         where p.type = 'regular' and (p.weight_grams is null or p.weight_grams < 5000)
           and p.sku not in (${sql.join(
             ['', ...exclude].map((s) => sql`${s}`),
             sql`, `,
           )})
         order by p.id limit 1`,
  )
  if (!row) throw new Error(`no product at a shop of city ${cityId}`)
  return row.sku
}

function expectError(res: { statusCode: number; json(): unknown }, status: number) {
  expect(res.statusCode).toBe(status)
  expect(ErrorBody.parse(res.json()).error.code).toBeTruthy()
}

describe('POST /inventory/api/v3/delivery', () => {
  it('answers the contract’s delivery result in v3 and v2 alike', async () => {
    const sku = await skuAtShop(1)
    const body = { city_id: 1, products: [{ sku, quantity: 1 }] }
    const v3 = await post('/inventory/api/v3/delivery', body)
    const v2 = await post('/inventory/api/v2/delivery', body)
    expect(v3.statusCode).toBe(200)
    expect(v2.statusCode).toBe(200)
    const a = DeliveryResult.parse(v3.json())
    const b = DeliveryResult.parse(v2.json())
    expect(a.products).toEqual([
      { sku, quantity: 1, status: 'city', available_quantity: expect.any(Number), group_id: 'city' },
    ])
    expect(b.delivery).toEqual(a.delivery)
    expect(a.stores.length).toBeGreaterThan(0)
    expect(a.delivery?.deliveryType).toBe('courier')
  })

  it('offers express in Almaty before the cutoff hour and never in Aktobe', async () => {
    const almaty = DeliveryResult.parse(
      (
        await post('/inventory/api/v3/delivery', { city_id: 1, products: [{ sku: await skuAtShop(1) }] })
      ).json(),
    )
    const beforeCutoff = localTime(Date.now()).hour < 18
    expect(almaty.deliveries.some((d) => d.deliveryType === 'express')).toBe(beforeCutoff)
    expect(almaty.deliveries.some((d) => d.deliveryType === 'fast')).toBe(true)

    const aktobe = DeliveryResult.parse(
      (
        await post('/inventory/api/v3/delivery', { city_id: 4, products: [{ sku: await skuAtShop(4) }] })
      ).json(),
    )
    expect(aktobe.deliveries).toEqual([])
    expect(aktobe.delivery?.base_cost).toBe(1990)
    expect(aktobe.delivery?.deliveryTime.maxDays).toBeGreaterThanOrEqual(3)
  })

  it('makes courier delivery free from the city’s threshold of grand_total_sum', async () => {
    const sku = await skuAtShop(1)
    const cheap = DeliveryResult.parse(
      (
        await post('/inventory/api/v3/delivery', { city_id: 1, products: [{ sku }], grand_total_sum: 1000 })
      ).json(),
    )
    const big = DeliveryResult.parse(
      (
        await post('/inventory/api/v3/delivery', { city_id: 1, products: [{ sku }], grand_total_sum: 50_000 })
      ).json(),
    )
    expect(cheap.delivery?.deliveryCost).toBe(990)
    expect(big.delivery?.deliveryCost).toBe(0)
    expect(big.grand_total_sum).toBe(50_000)
  })

  it('gives an organisation courier delivery only', async () => {
    const r = DeliveryResult.parse(
      (
        await post('/inventory/api/v3/delivery', {
          city_id: 2,
          products: [{ sku: await skuAtShop(2) }],
          is_organization: true,
        })
      ).json(),
    )
    expect(r.deliveries).toEqual([])
    expect(r.delivery).not.toBeNull()
    expect([r.store, r.pickup, r.pickup_date]).toEqual([null, null, null])
  })

  it('returns delivery groups only when products ship from different places', async () => {
    const local = await skuAtShop(4)
    const [elsewhere] = await rows<{ sku: string }>(
      database.db,
      sql`select p.sku from products p
           where p.type = 'regular' and not exists (select 1 from stocks s where s.product_id = p.id and s.city_id = 4)
             and exists (select 1 from stocks s join service_points sp on sp.id = s.service_point_id
                          where s.product_id = p.id and sp.is_active)
           order by p.id limit 1`,
    )
    const one = DeliveryResult.parse(
      (await post('/inventory/api/v3/delivery', { city_id: 4, products: [{ sku: local }] })).json(),
    )
    expect(one.delivery_groups).toBeUndefined()
    const two = DeliveryResult.parse(
      (
        await post('/inventory/api/v3/delivery', {
          city_id: 4,
          products: [{ sku: local }, { sku: elsewhere?.sku }],
        })
      ).json(),
    )
    expect(two.delivery_groups?.map((g) => g.source)).toEqual(['city', 'transfer'])
    expect(two.delivery_groups?.[1]?.skus).toEqual([elsewhere?.sku])
  })

  it('refuses an empty or malformed body with 400 and the error shape', async () => {
    expectError(await post('/inventory/api/v3/delivery', { city_id: 1, products: [] }), 400)
    expectError(await post('/inventory/api/v3/delivery', { city_id: 1 }), 400)
    expectError(await post('/inventory/api/v3/delivery', { city_id: 7, products: [{ sku: '1' }] }), 400)
    expectError(await post('/inventory/api/v3/delivery', { products: [{ sku: '1', quantity: 0 }] }), 400)
    expectError(await post('/inventory/api/v2/delivery', { products: 'all' }), 400)
  })

  it('answers 404 for a city it does not serve when the city is in the address', async () => {
    const sku = await skuAtShop(1)
    expectError(await app.inject({ url: `/inventory/api/v1/stocks/${sku}?city_id=7` }), 404)
  })

  it('answers 404 when no sku is known, and an `unknown` entry beside known ones', async () => {
    expectError(
      await post('/inventory/api/v3/delivery', { city_id: 1, products: [{ sku: 'no-such-sku' }] }),
      404,
    )
    const sku = await skuAtShop(1)
    const r = DeliveryResult.parse(
      (await post('/inventory/api/v3/delivery', { products: [{ sku }, { sku: 'no-such-sku' }] })).json(),
    )
    expect(r.products.map((p) => p.status)).toEqual(['city', 'unknown'])
  })

  it('names stores in Kazakh for a Kazakh request', async () => {
    const sku = await skuAtShop(1)
    const ru = DeliveryResult.parse(
      (await post('/inventory/api/v3/delivery', { products: [{ sku }] })).json(),
    )
    const kk = DeliveryResult.parse(
      (await post('/inventory/api/v3/delivery', { products: [{ sku }] }, 'kk')).json(),
    )
    expect(ru.stores[0]?.title).toMatch(/^Магазин на /)
    expect(kk.stores[0]?.title).toMatch(/дүкені$/)
  })

  it('reads the rules from the database: a changed row changes the answer', async () => {
    const sku = await skuAtShop(3)
    await database.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`update delivery_rules set cost = 777, free_from = null where city_id = 3 and kind = 'courier'`,
        )
        const service = createInventoryService({ repo: createInventoryRepo(tx) })
        const r = await service.delivery(
          {
            cityId: 3,
            products: [{ sku, quantity: 1 }],
            isOrganization: false,
            assemblyPc: false,
            isTradein: false,
            exactCost: false,
          },
          'ru',
        )
        expect(r.delivery?.deliveryCost).toBe(777)
        throw new Rollback()
      })
      .catch((err: unknown) => {
        if (!(err instanceof Rollback)) throw err
      })
  })
})

class Rollback extends Error {}

describe('the delivery’s products with their stock, kept', () => {
  it('answers what it read until a look at the change log, then the stock as it is, by id and sku', async () => {
    let clock = 0
    // the catalogue's version held still: other test files make products in the same database meanwhile
    const repo = createInventoryRepo(database.db, {
      cache: true,
      checkEveryMs: 1000,
      clock: () => clock,
      catalogVersion: async () => 1,
    })
    const product = await makeProduct(database.db, { stock: { 1: 5 } })
    const units = async () =>
      (await repo.productsWithStock([product.sku], 1)).stocks
        .filter((s) => s.cityId === 1)
        .reduce((n, s) => n + s.quantity, 0)
    expect(await units()).toBe(5)
    clock = 1100
    expect(await units()).toBe(5)

    // an order takes two units: within the interval the kept product answers
    await database.db.execute(
      sql`update stocks set quantity = 3 where product_id = ${product.id} and city_id = 1`,
    )
    clock = 1500
    expect(await units()).toBe(5)
    // the look sees the change in the log and reads the product again (by id), while readers go on
    clock = 2200
    await units()
    await repo.settled()
    expect(await units()).toBe(3)
  })
})

describe('GET /inventory/api/v1/stocks/{id}', () => {
  it('lists the points of the city holding the product with their hours and position', async () => {
    const sku = await skuAtShop(1)
    const res = await app.inject({ url: `/inventory/api/v1/stocks/${sku}?city_id=1` })
    expect(res.statusCode).toBe(200)
    const body = StocksResponse.parse(res.json())
    const [expected] = await rows<{ n: number; total: number }>(
      database.db,
      sql`select count(*)::int as n, coalesce(sum(s.quantity), 0)::int as total
            from stocks s join products p on p.id = s.product_id
            join service_points sp on sp.id = s.service_point_id and sp.is_active
           where p.sku = ${sku} and s.city_id = 1 and s.quantity > 0`,
    )
    expect(body.stocks).toHaveLength(expected?.n ?? -1)
    expect(body.total).toBe(expected?.total)
    for (const entry of body.stocks) {
      expect(entry.weekly_work_hours.monday).toMatch(/^\d\d:\d\d-\d\d:\d\d$/)
      expect(entry.geo_position.latitude).toBeGreaterThan(40)
      expect(entry.pickup_date).toMatch(/^\d{4}-\d\d-\d\d$/)
    }
    // shops first
    const types = body.stocks.map((s) => s.service_point_type)
    expect(types).toEqual([...types].sort((a, b) => (a === 'shop' ? 0 : 1) - (b === 'shop' ? 0 : 1)))
  })

  it('flags the only point holding a product as the last point', async () => {
    const [single] = await rows<{ sku: string }>(
      database.db,
      sql`select p.sku from products p join stocks s on s.product_id = p.id and s.city_id = 2
            join service_points sp on sp.id = s.service_point_id and sp.is_active
           group by p.sku having count(distinct s.service_point_id) = 1 order by p.sku limit 1`,
    )
    const [several] = await rows<{ sku: string }>(
      database.db,
      sql`select p.sku from products p join stocks s on s.product_id = p.id and s.city_id = 2
            join service_points sp on sp.id = s.service_point_id and sp.is_active
           group by p.sku having count(distinct s.service_point_id) > 1 order by p.sku limit 1`,
    )
    const one = StocksResponse.parse(
      (await app.inject({ url: `/inventory/api/v1/stocks/${single?.sku}?city_id=2` })).json(),
    )
    const many = StocksResponse.parse(
      (await app.inject({ url: `/inventory/api/v1/stocks/${several?.sku}?city_id=2` })).json(),
    )
    expect(one.stocks.length).toBeGreaterThan(0)
    expect(one.stocks.every((s) => s.is_last_point)).toBe(true)
    expect(many.stocks.some((s) => s.is_last_point)).toBe(false)
  })

  it('marks showcase units and the points that have them', async () => {
    const [row] = await rows<{ sku: string; point: number }>(
      database.db,
      sql`select p.sku, s.service_point_id as point from stocks s join products p on p.id = s.product_id
            join service_points sp on sp.id = s.service_point_id and sp.is_active
           where s.condition = 'V' and s.city_id = 1 order by p.id limit 1`,
    )
    const body = StocksResponse.parse(
      (await app.inject({ url: `/inventory/api/v1/stocks/${row?.sku}?city_id=1` })).json(),
    )
    const showcase = body.stocks.find((s) => s.condition === 'V')
    expect(showcase).toMatchObject({ service_point_id: row?.point, has_showcase: true, stock: 1 })
    for (const s of body.stocks) expect(s.has_showcase).toBe(s.service_point_id === row?.point)
  })

  it('answers an empty list for a product out of stock in the city, 404 for an unknown sku, 400 for a bad city', async () => {
    const [row] = await rows<{ sku: string }>(
      database.db,
      sql`select p.sku from products p where p.type = 'regular'
             and not exists (select 1 from stocks s where s.product_id = p.id and s.city_id = 3) order by p.id limit 1`,
    )
    const empty = StocksResponse.parse(
      (await app.inject({ url: `/inventory/api/v1/stocks/${row?.sku}?city_id=3` })).json(),
    )
    expect(empty).toMatchObject({ total: 0, stocks: [] })
    expectError(await app.inject({ url: '/inventory/api/v1/stocks/no-such-sku' }), 404)
    expectError(await app.inject({ url: `/inventory/api/v1/stocks/${row?.sku}?city_id=0` }), 404)
    expectError(await app.inject({ url: `/inventory/api/v1/stocks/${row?.sku}?city_id=one` }), 400)
  })
})

describe('POST /inventory/api/v1/deliveryPickupDates', () => {
  it('gives each known product its pickup and delivery dates, from skus or objects', async () => {
    const a = await skuAtShop(2)
    const b = await skuAtShop(2, [a])
    const res = await post('/inventory/api/v1/deliveryPickupDates', {
      city_id: 2,
      products: [a, { sku: b, quantity: 1 }, 'no-such-sku'],
    })
    expect(res.statusCode).toBe(200)
    const body = PickupDatesResponse.parse(res.json())
    expect(body.products.map((p) => p.sku)).toEqual([a, b])
    for (const p of body.products) {
      expect(p.pickup_date).toMatch(/^\d{4}-\d\d-\d\d$/)
      expect(p.delivery_date).toMatch(/^\d{4}-\d\d-\d\d$/)
      expect(p.has_fast_delivery).toBe(true)
    }
    expectError(await post('/inventory/api/v1/deliveryPickupDates', { city_id: 2, products: [] }), 400)
  })
})

describe('POST /inventory/api/v2/delivery/reschedule', () => {
  it('offers the next courier dates after the previous one, each with slots', async () => {
    const sku = await skuAtShop(1)
    const res = await post('/inventory/api/v2/delivery/reschedule', {
      city_id: 1,
      products: [{ sku }],
      previous_delivery_date: '2030-01-10',
    })
    const body = RescheduleResponse.parse(res.json())
    expect(body.dates.map((d) => d.date)).toEqual([
      '2030-01-11',
      '2030-01-12',
      '2030-01-13',
      '2030-01-14',
      '2030-01-15',
      '2030-01-16',
      '2030-01-17',
    ])
    for (const d of body.dates) expect(d.slots.map((s) => s.date)).toEqual(d.slots.map(() => d.date))
    expect(body.dates[0]?.slots).toHaveLength(6)
    expectError(
      await post('/inventory/api/v2/delivery/reschedule', {
        products: [{ sku }],
        previous_delivery_date: '10.01.2030',
      }),
      400,
    )
  })
})

describe('GET /inventory/api/v1/deliveryZones/{id}', () => {
  it('draws the express area in Almaty and only courier areas in Aktobe', async () => {
    const almaty = DeliveryZonesResponse.parse(
      (await app.inject({ url: '/inventory/api/v1/deliveryZones/1' })).json(),
    )
    const aktobe = DeliveryZonesResponse.parse(
      (
        await app.inject({ url: '/inventory/api/v1/deliveryZones/4', headers: { 'accept-language': 'kk' } })
      ).json(),
    )
    expect(almaty.zones.map((z) => z.delivery_type)).toContain('express')
    expect(aktobe.zones.map((z) => z.delivery_type)).not.toContain('express')
    expect(aktobe.zones[0]?.title).toContain('Ақтөбе')
    // every ring surrounds its city's centre
    for (const [city, body] of [
      [SEED_CITIES[0], almaty],
      [SEED_CITIES[3], aktobe],
    ] as const) {
      for (const zone of body.zones) {
        expect(zone.polygon.length).toBeGreaterThanOrEqual(3)
        const lat = zone.polygon.reduce((n, p) => n + p.lat, 0) / zone.polygon.length
        const lng = zone.polygon.reduce((n, p) => n + p.lng, 0) / zone.polygon.length
        expect(Math.abs(lat - (city?.latitude ?? 0))).toBeLessThan(0.05)
        expect(Math.abs(lng - (city?.longitude ?? 0))).toBeLessThan(0.05)
      }
    }
  })

  it('answers 404 for an unknown city id and 400 for a malformed one', async () => {
    expectError(await app.inject({ url: '/inventory/api/v1/deliveryZones/9' }), 404)
    expectError(await app.inject({ url: '/inventory/api/v1/deliveryZones/abc' }), 400)
  })
})
