import { describe, expect, it } from 'vitest'
import { DeliveryResult } from '../../../contract/inventory'
import type { WeeklyWorkHours } from '../../db/schema/geo'
import { SEED_DELIVERY_RULES } from '../../seed/content'
import { addDays, daysBetween, localTime, readyDay, weekdayOf } from './clock'
import { computeDelivery, type DeliveryInput } from './delivery'
import type { DeliveryRule, PointInfo, ProductInfo, StockInfo } from './repo'

const week = (weekdays: string, sunday: string | null = weekdays): WeeklyWorkHours => ({
  monday: weekdays,
  tuesday: weekdays,
  wednesday: weekdays,
  thursday: weekdays,
  friday: weekdays,
  saturday: weekdays,
  sunday,
})

const point = (
  id: number,
  cityId: number,
  type: 'shop' | 'pickup_point',
  extra: Partial<PointInfo> = {},
): PointInfo => ({
  id,
  cityId,
  type,
  titleRu: `Точка ${id}`,
  titleKk: `Нүкте ${id}`,
  addressRu: `Адрес ${id}`,
  addressKk: `Мекенжай ${id}`,
  latitude: 43,
  longitude: 76,
  workHours: type === 'shop' ? '10:00-22:00' : '09:00-21:00',
  weeklyWorkHours: type === 'shop' ? week('10:00-22:00') : week('09:00-21:00', null),
  isActive: true,
  acceptsTradein: false,
  ...extra,
})

const POINTS = new Map(
  [
    point(1, 1, 'shop', { acceptsTradein: true }),
    point(2, 1, 'shop'),
    point(3, 1, 'pickup_point'),
    point(4, 1, 'pickup_point', { isActive: false }),
    point(10, 4, 'shop'),
    point(11, 4, 'pickup_point'),
    point(20, 2, 'shop'),
  ].map((p) => [p.id, p]),
)

const product = (id: number, sku: string, extra: Partial<ProductInfo> = {}): ProductInfo => ({
  id,
  sku,
  type: 'regular',
  isPreorder: false,
  weightGrams: 500,
  price: 30_000,
  ...extra,
})

const PRODUCTS = new Map(
  [
    product(1, 'PHONE'),
    product(2, 'FRIDGE', { weightGrams: 40_000, price: 200_000 }),
    product(3, 'SHOWCASE', { price: 10_000 }),
    product(4, 'INSTALL', { type: 'service', weightGrams: null, price: 5000 }),
    product(5, 'NOWHERE'),
    product(6, 'AT-PICKUP-POINT'),
    product(7, 'CERTIFICATE', { type: 'certificate', weightGrams: null, price: 20_000 }),
  ].map((p) => [p.sku, p]),
)

const stock = (
  productId: number,
  servicePointId: number,
  quantity: number,
  condition: 'N' | 'V' = 'N',
): StockInfo => ({
  productId,
  cityId: POINTS.get(servicePointId)?.cityId ?? 0,
  servicePointId,
  condition,
  quantity,
  pickupTime: POINTS.get(servicePointId)?.type === 'shop' ? 1 : 24,
})

const STOCKS: StockInfo[] = [
  stock(1, 1, 3),
  stock(1, 4, 9), // at a closed point: does not count
  stock(1, 10, 1),
  stock(2, 20, 5),
  stock(3, 2, 1, 'V'),
  stock(6, 3, 2),
]

/** The seeded rules, as the repo reads them: the tests run on the store's real data. */
const RULES: DeliveryRule[] = SEED_DELIVERY_RULES.map((r) => ({
  cityId: r.city_id,
  kind: r.kind,
  isActive: r.is_active,
  cost: r.cost,
  freeFrom: r.free_from,
  minDays: r.min_days,
  maxDays: r.max_days,
  minHours: r.min_hours,
  maxHours: r.max_hours,
  cutoffHour: r.cutoff_hour,
  slots: r.slots,
  forOrganizations: r.for_organizations,
  transferDays: r.transfer_days,
  assemblyDays: r.assembly_days,
  heavyFromGrams: r.heavy_from_grams,
  heavySurcharge: r.heavy_surcharge,
  maxWeightGrams: r.max_weight_grams,
}))

/** Monday 23 November 2026 at the given local (UTC+05:00) time. */
const monday = (hhmm: string) => Date.parse(`2026-11-23T${hhmm}:00+05:00`)

function deliver(
  cityId: number,
  products: { sku: string; quantity?: number }[],
  opts: Partial<DeliveryInput> & { now?: number; rules?: DeliveryRule[] } = {},
) {
  const result = computeDelivery(
    {
      cityId,
      products: products.map((p) => ({ sku: p.sku, quantity: p.quantity ?? 1 })),
      isOrganization: false,
      assemblyPc: false,
      isTradein: false,
      exactCost: false,
      ...opts,
    },
    {
      products: PRODUCTS,
      stocks: STOCKS,
      points: POINTS,
      rules: (opts.rules ?? RULES).filter((r) => r.cityId === cityId),
      now: opts.now ?? monday('10:00'),
      lang: 'ru',
    },
  )
  // every result the calculation gives must be a valid answer of the contract
  return DeliveryResult.parse(result)
}

describe('the store clock', () => {
  it('keeps dates and hours in UTC+05:00', () => {
    expect(localTime(Date.parse('2026-11-22T20:30:00Z'))).toEqual({
      date: '2026-11-23',
      hour: 1,
      minutes: 90,
    })
    expect(weekdayOf('2026-11-23')).toBe('monday')
    expect(weekdayOf('2026-11-29')).toBe('sunday')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(daysBetween('2026-11-23', '2026-12-01')).toBe(8)
  })

  it('makes goods ready after closing time collectable on the next day the point opens', () => {
    const hours = week('09:00-21:00', null)
    expect(readyDay(hours, monday('10:00'), 1)).toBe('2026-11-23')
    expect(readyDay(hours, monday('20:30'), 1)).toBe('2026-11-24')
    // ready on a Sunday, when the point is closed
    expect(readyDay(hours, Date.parse('2026-11-28T20:30:00+05:00'), 1)).toBe('2026-11-30')
  })
})

describe('delivery options from the rules of the city', () => {
  it('offers express in Almaty within 2-4 hours before the cutoff, with next-day and courier delivery', () => {
    const r = deliver(1, [{ sku: 'PHONE' }])
    expect(r.deliveries.map((d) => d.deliveryType)).toEqual(['express', 'fast'])
    const [express, fast] = r.deliveries
    expect(express).toMatchObject({
      type: 'EXPRESS',
      shipping_type: 'EXPRESS_DELIVERY',
      deliveryCost: 2990,
      deliveryTime: { minDays: 0, maxDays: 0 },
      deliveryHours: { minHours: 2, maxHours: 4 },
      min_date: '2026-11-23',
      order_before: '2026-11-23T18:00:00+05:00',
    })
    expect(fast).toMatchObject({
      deliveryCost: 1490,
      min_date: '2026-11-24',
      deliveryTime: { minDays: 1, maxDays: 1 },
    })
    expect(r.delivery).toMatchObject({
      type: 'COURIER',
      deliveryType: 'courier',
      deliveryCost: 990,
      free_from: 50_000,
      deliveryTime: { minDays: 1, maxDays: 2 },
    })
    expect([r.delivery_min_date, r.delivery_max_date]).toEqual(['2026-11-24', '2026-11-25'])
  })

  it('drops express after the cutoff hour and moves next-day and courier dates by a day', () => {
    const r = deliver(1, [{ sku: 'PHONE' }], { now: monday('20:30') })
    expect(r.deliveries.map((d) => d.deliveryType)).toEqual(['fast'])
    expect(r.deliveries[0]?.min_date).toBe('2026-11-25')
    expect([r.delivery_min_date, r.delivery_max_date]).toEqual(['2026-11-25', '2026-11-26'])
  })

  it('has no express or next-day delivery in Aktobe, only courier in 1-3 days at the Aktobe price', () => {
    const r = deliver(4, [{ sku: 'PHONE' }])
    expect(r.deliveries).toEqual([])
    expect(r.delivery).toMatchObject({ deliveryCost: 1990, deliveryTime: { minDays: 1, maxDays: 3 } })
    expect(r.stores.map((s) => s.service_point_id)).toEqual([10])
  })

  it('follows the data, not the code: an express row for Aktobe gives Aktobe express', () => {
    const almatyExpress = RULES.find((r) => r.cityId === 1 && r.kind === 'express') as DeliveryRule
    const rules = [...RULES, { ...almatyExpress, cityId: 4, cost: 3490 }]
    const r = deliver(4, [{ sku: 'PHONE' }], { rules })
    expect(r.deliveries[0]).toMatchObject({ deliveryType: 'express', deliveryCost: 3490 })
  })

  it('makes delivery free from the threshold of the order total, given or computed from prices', () => {
    expect(deliver(1, [{ sku: 'PHONE' }], { grandTotalSum: 49_999 }).delivery).toMatchObject({
      deliveryCost: 990,
      base_cost: 990,
    })
    expect(deliver(1, [{ sku: 'PHONE' }], { grandTotalSum: 50_000 }).delivery).toMatchObject({
      deliveryCost: 0,
      base_cost: 990,
    })
    const two = deliver(1, [{ sku: 'PHONE', quantity: 2 }])
    expect(two.grand_total_sum).toBe(60_000)
    expect(two.delivery?.deliveryCost).toBe(0)
    // express has no threshold
    expect(two.deliveries[0]?.deliveryCost).toBe(2990)
  })

  it('gives organisations courier delivery only', () => {
    const r = deliver(1, [{ sku: 'PHONE' }], { isOrganization: true })
    expect(r.deliveries).toEqual([])
    expect(r.delivery?.deliveryType).toBe('courier')
    expect(r.store).toBeNull()
    expect(r.pickup).toBeNull()
    expect(r.stores).toEqual([])
    expect(r.pickup_points).toEqual([])
    expect(r.pickup_date).toBeNull()
  })

  it('lists courier slots of two hours on every date from the first to the last', () => {
    const r = deliver(1, [{ sku: 'PHONE' }])
    expect(r.slots).toHaveLength(12)
    for (const slot of r.slots) {
      expect(slot.date >= '2026-11-24' && slot.date <= '2026-11-25').toBe(true)
      const [fh = 0] = slot.time_from.split(':').map(Number)
      const [th = 0] = slot.time_to.split(':').map(Number)
      expect(th - fh).toBe(2)
      expect(slot.code).toBe(`${slot.date}T${slot.time_from}`)
    }
  })

  it('skips the slots when they are not wanted, and still offers the courier with its dates', () => {
    const r = deliver(1, [{ sku: 'PHONE' }], { slots: false })
    expect(r.slots).toEqual([])
    expect(r.delivery?.deliveryType).toBe('courier')
    expect(r.delivery_min_date).toBe(deliver(1, [{ sku: 'PHONE' }]).delivery_min_date)
  })

  it('offers collection today at the shops holding the goods, and in days at pickup points', () => {
    const r = deliver(1, [{ sku: 'PHONE' }])
    expect(r.stores.map((s) => [s.service_point_id, s.pickup_date, s.is_transfer])).toEqual([
      [1, '2026-11-23', false],
    ])
    expect(r.store).toMatchObject({
      deliveryType: 'store',
      deliveryCost: 0,
      deliveryTime: { minDays: 0, maxDays: 0 },
    })
    // the closed pickup point 4 is not offered
    expect(r.pickup_points.map((p) => [p.service_point_id, p.pickup_date, p.is_transfer])).toEqual([
      [3, '2026-11-25', true],
    ])
    expect(r.pickup_date).toBe('2026-11-23')
    const late = deliver(1, [{ sku: 'PHONE' }], { now: monday('21:30') })
    expect(late.stores[0]?.pickup_date).toBe('2026-11-24')
  })

  it('moves a pickup-point date that falls on its day off to the next day it opens', () => {
    // Friday + 2 days is Sunday, when point 3 is closed
    const r = deliver(1, [{ sku: 'PHONE' }], { now: Date.parse('2026-11-27T10:00:00+05:00') })
    expect(r.pickup_points[0]?.pickup_date).toBe('2026-11-30')
  })

  it('uses a pickup point’s own stock when it has the goods', () => {
    const r = deliver(1, [{ sku: 'AT-PICKUP-POINT' }])
    expect(r.pickup_points[0]).toMatchObject({ service_point_id: 3, is_transfer: false, pickup_time: 24 })
    expect(r.pickup_points[0]?.pickup_date).toBe('2026-11-24')
    expect(r.stores).toEqual([])
  })

  it('marks a shop that has only the showcase unit', () => {
    const r = deliver(1, [{ sku: 'SHOWCASE' }])
    expect(r.stores.map((s) => [s.service_point_id, s.showcase_only])).toEqual([[2, true]])
    expect(deliver(1, [{ sku: 'PHONE' }]).stores[0]?.showcase_only).toBe(false)
  })

  it('splits into delivery groups only when the goods ship from different places', () => {
    const single = deliver(1, [{ sku: 'PHONE' }, { sku: 'SHOWCASE' }])
    expect('delivery_groups' in single).toBe(false)

    const r = deliver(1, [{ sku: 'PHONE' }, { sku: 'FRIDGE' }])
    expect(r.products.map((p) => [p.sku, p.status, p.group_id])).toEqual([
      ['PHONE', 'city', 'city'],
      ['FRIDGE', 'transfer', 'transfer'],
    ])
    expect(r.delivery_groups?.map((g) => [g.id, g.skus])).toEqual([
      ['city', ['PHONE']],
      ['transfer', ['FRIDGE']],
    ])
    const [city, transfer] = r.delivery_groups ?? []
    expect(city?.deliveries.map((d) => d.deliveryType)).toContain('express')
    expect(transfer?.deliveries).toEqual([])
    expect(transfer?.stores).toEqual([])
    // courier 1-2 days plus 3 transfer days; everything together comes with the transfer
    expect([transfer?.delivery_min_date, transfer?.delivery_max_date]).toEqual(['2026-11-27', '2026-11-28'])
    expect([r.delivery_min_date, r.delivery_max_date]).toEqual(['2026-11-27', '2026-11-28'])
    expect(r.deliveries).toEqual([])
    expect(r.store).toBeNull()
  })

  it('brings goods from another city when the city has too few', () => {
    const r = deliver(1, [{ sku: 'PHONE', quantity: 4 }])
    expect(r.products[0]).toMatchObject({ status: 'transfer', available_quantity: 4 })
    expect(r.deliveries).toEqual([])
  })

  it('reports goods that cannot be delivered and services that are not shipped, with no options', () => {
    const r = deliver(1, [{ sku: 'NOWHERE' }, { sku: 'INSTALL' }, { sku: 'NO-SUCH-SKU' }])
    expect(r.products.map((p) => [p.sku, p.status, p.group_id])).toEqual([
      ['NOWHERE', 'unavailable', null],
      ['INSTALL', 'not_shipped', null],
      ['NO-SUCH-SKU', 'unknown', null],
    ])
    expect(r.delivery).toBeNull()
    expect(r.deliveries).toEqual([])
    expect(r.pickup_date).toBeNull()
    expect(r.delivery_min_date).toBeNull()
  })

  it('nothing to carry (a certificate): handed over at every shop of the city from today, free', () => {
    const r = deliver(1, [{ sku: 'CERTIFICATE', quantity: 2 }])
    expect(r.products).toEqual([
      { sku: 'CERTIFICATE', quantity: 2, status: 'not_shipped', available_quantity: 0, group_id: null },
    ])
    expect(r.stores.map((s) => [s.service_point_id, s.deliveryCost])).toEqual([
      [1, 0],
      [2, 0],
    ])
    expect(r.store).toMatchObject({ deliveryCost: 0 })
    expect(r.pickup_date).not.toBeNull()
    expect(r.pickup_points).toEqual([])
    expect(r.delivery).toBeNull()
  })

  it('counts the same sku listed twice together', () => {
    const r = deliver(1, [{ sku: 'PHONE' }, { sku: 'PHONE', quantity: 2 }])
    expect(r.products).toEqual([
      { sku: 'PHONE', quantity: 3, status: 'city', available_quantity: 3, group_id: 'city' },
    ])
  })

  it('adds the heavy-goods surcharge only when the exact cost is asked for, and keeps heavy goods off express', () => {
    const plain = deliver(2, [{ sku: 'FRIDGE' }], { grandTotalSum: 1 })
    const exact = deliver(2, [{ sku: 'FRIDGE' }], { grandTotalSum: 1, exactCost: true })
    expect(plain.delivery).toMatchObject({ base_cost: 990, deliveryCost: 990 })
    expect(exact.delivery).toMatchObject({ base_cost: 3990, deliveryCost: 3990 })
    expect(exact.is_exact_cost).toBe(true)
    expect(plain.deliveries.map((d) => d.deliveryType)).toEqual(['fast'])
  })

  it('offers only the shops that take old devices for trade-in: no courier, express or pickup point', () => {
    const plain = deliver(1, [{ sku: 'PHONE' }])
    expect(plain.delivery).not.toBeNull()
    expect(plain.pickup_points.length).toBeGreaterThan(0)
    const traded = deliver(1, [{ sku: 'PHONE' }], { isTradein: true })
    expect(traded.deliveries).toEqual([])
    expect(traded.delivery).toBeNull()
    expect(traded.pickup_points).toEqual([])
    expect(traded.pickup).toBeNull()
    expect(traded.stores.map((s) => s.service_point_id)).toEqual([1])
    // held only at a shop that takes no old devices: nowhere to collect it with a trade-in
    expect(deliver(1, [{ sku: 'SHOWCASE' }]).stores.map((s) => s.service_point_id)).toEqual([2])
    expect(deliver(1, [{ sku: 'SHOWCASE' }], { isTradein: true }).stores).toEqual([])
  })

  it('adds the assembly day for a PC', () => {
    const pc = deliver(1, [{ sku: 'PHONE' }], { assemblyPc: true })
    expect(pc.deliveries.map((d) => d.deliveryType)).toEqual(['fast'])
    expect([pc.delivery_min_date, pc.delivery_max_date]).toEqual(['2026-11-25', '2026-11-26'])
    expect(pc.stores[0]?.pickup_date).toBe('2026-11-24')
  })

  it('names points in the language of the request', () => {
    const r = computeDelivery(
      {
        cityId: 1,
        products: [{ sku: 'PHONE', quantity: 1 }],
        isOrganization: false,
        assemblyPc: false,
        isTradein: false,
        exactCost: false,
      },
      { products: PRODUCTS, stocks: STOCKS, points: POINTS, rules: RULES, now: monday('10:00'), lang: 'kk' },
    )
    expect(r.stores[0]).toMatchObject({ title: 'Нүкте 1', address: 'Мекенжай 1' })
  })
})
