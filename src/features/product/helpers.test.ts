import { describe, expect, it } from 'vitest'
import { aDeliveryResult, aProduct, aStockEntry, anOption, WEEKLY } from './fixtures'
import { dayDiff, formatDayMonth, formatDays, storeToday } from './day-month'
import { deliveryRows, productStatus } from './delivery-rows'
import { galleryImages, stepIndex } from './gallery-images'
import { projectPoints } from './map-projection'
import { paymentOffers, saving } from './price-info'
import { productPath } from './product-path'
import { parseProductSearch, tabsFor, visibleTab } from './product-tabs'
import { ratingStars } from './rating'
import { mapPlaces, stockLevel, storesFromStocks } from './stores'
import { openState, parseHours, weeklyRuns } from './work-hours'

describe('the tab in the URL', () => {
  it('defaults to about and turns an unknown tab into about instead of failing', () => {
    expect(parseProductSearch({})).toEqual({ tab: 'about' })
    expect(parseProductSearch({ tab: 'availability' })).toEqual({ tab: 'availability' })
    expect(parseProductSearch({ tab: 'prices' })).toEqual({ tab: 'about' })
    expect(parseProductSearch({ tab: 3 })).toEqual({ tab: 'about' })
  })

  it('gives shelf products all five tabs and services no availability or services tab', () => {
    expect(tabsFor('regular')).toEqual(['about', 'availability', 'reviews', 'services', 'specifications'])
    expect(tabsFor('service')).toEqual(['about', 'reviews', 'specifications'])
    expect(visibleTab('availability', 'service')).toBe('about')
    expect(visibleTab('reviews', 'certificate')).toBe('reviews')
  })
})

describe('product addresses', () => {
  it('links a product by its uri and a service by its sku under /p/s', () => {
    expect(productPath({ type: 'regular', uri: 'tv-lg-100', sku: '100' })).toBe('/p/tv-lg-100')
    expect(productPath({ type: 'service', uri: 'ustanovka-200', sku: '200' })).toBe('/p/s/200')
  })
})

describe('the gallery', () => {
  it('asks for 800 px main pictures and 88 px thumbnails, once per picture', () => {
    expect(galleryImages(['a', 'b', 'a', ''])).toEqual([
      { id: 'a', main: '/f3/api/v1/images/800/800/a.webp', thumb: '/f3/api/v1/images/88/88/a.webp' },
      { id: 'b', main: '/f3/api/v1/images/800/800/b.webp', thumb: '/f3/api/v1/images/88/88/b.webp' },
    ])
  })

  it('wraps around at both ends when stepping', () => {
    expect(stepIndex(2, 1, 3)).toBe(0)
    expect(stepIndex(0, -1, 3)).toBe(2)
    expect(stepIndex(0, 1, 0)).toBe(0)
  })
})

describe('the price block', () => {
  it('offers the credit terms, then the installment plan', () => {
    expect(paymentOffers(aProduct())).toEqual([
      { kind: 'credit', monthly: 18_750, months: 24, label: 'Рассрочка 0-0-24' },
      { kind: 'installment', monthly: 37_500, months: 12, label: null },
    ])
  })

  it('leaves out offers without a monthly payment', () => {
    expect(
      paymentOffers(
        aProduct({
          credit_terms: { amount: 0, month_num: 12, credit_type_label: '' },
          kaspi_installment_info: null,
        }),
      ),
    ).toEqual([])
  })

  it('counts a saving only when the old price is higher', () => {
    expect(saving({ price: 90, old_price: 120 })).toBe(30)
    expect(saving({ price: 90, old_price: 90 })).toBe(0)
    expect(saving({ price: 90, old_price: null })).toBe(0)
  })
})

describe('delivery dates', () => {
  it('writes dd MMMM in Russian and Kazakh, the day in Kazakhstan', () => {
    expect(formatDayMonth('2026-05-03', 'ru')).toBe('03\u00a0мая')
    expect(formatDayMonth('2026-05-03', 'kk')).toBe('03\u00a0мамыр')
    // 20:30 UTC on 2 May is already 3 May in Almaty
    expect(formatDayMonth(new Date('2026-05-02T20:30:00Z'), 'ru')).toBe('03\u00a0мая')
    expect(formatDayMonth('not a date', 'ru')).toBe('')
  })

  it('says today and tomorrow for one day, and writes a range with the month once', () => {
    const words = { today: 'сегодня', tomorrow: 'завтра' }
    expect(formatDays('2026-11-22', '2026-11-22', 'ru', '2026-11-22', words)).toBe('сегодня')
    expect(formatDays('2026-11-23', '2026-11-23', 'ru', '2026-11-22', words)).toBe('завтра')
    expect(formatDays('2026-11-25', '2026-11-25', 'ru', '2026-11-22', words)).toBe('25\u00a0ноября')
    expect(formatDays('2026-11-24', '2026-11-26', 'ru', '2026-11-22', words)).toBe('24–26\u00a0ноября')
    expect(formatDays('2026-11-30', '2026-12-02', 'kk', '2026-11-22', words)).toBe(
      '30\u00a0қараша – 02\u00a0желтоқсан',
    )
  })

  it('counts calendar days in Kazakhstan', () => {
    expect(storeToday(new Date('2026-05-02T20:30:00Z'))).toBe('2026-05-03')
    expect(dayDiff('2026-05-03', '2026-05-03')).toBe(0)
    expect(dayDiff('2026-05-31', '2026-06-01')).toBe(1)
  })
})

describe('delivery options', () => {
  it('lists express first, then courier, shops and pickup points, with their place counts', () => {
    const rows = deliveryRows(aDeliveryResult({ stores: [] }))
    expect(rows.map((r) => r.kind)).toEqual(['express', 'courier', 'store', 'pickup'])
    expect(rows.find((r) => r.kind === 'pickup')?.places).toBe(1)
    expect(rows[0]).toMatchObject({ type: 'EXPRESS', hours: { minHours: 2, maxHours: 4 }, cost: 2990 })
  })

  it('leaves out what the city does not offer', () => {
    const rows = deliveryRows(aDeliveryResult({ deliveries: [], store: null, pickup: null }))
    expect(rows.map((r) => r.kind)).toEqual(['courier'])
    expect(
      deliveryRows(aDeliveryResult({ deliveries: [], delivery: null, store: null, pickup: null })),
    ).toEqual([])
  })

  it("reads the product's own status, unknown when it is not in the answer", () => {
    expect(productStatus(aDeliveryResult(), '100017')).toBe('city')
    expect(productStatus(aDeliveryResult(), '999')).toBe('unknown')
    expect(anOption().type).toBe('COURIER')
  })
})

describe('stores with stock', () => {
  it('merges the new and showcase rows of one shop and marks a shop with only the showcase unit', () => {
    const stores = storesFromStocks([
      aStockEntry({ service_point_id: 1, stock: 3 }),
      aStockEntry({ service_point_id: 1, condition: 'V', stock: 1, has_showcase: true }),
      aStockEntry({
        service_point_id: 2,
        condition: 'V',
        stock: 1,
        has_showcase: true,
        title: 'Магазин на Толе би',
      }),
      aStockEntry({ service_point_id: 3, stock: 0 }),
    ])
    expect(stores.map((s) => [s.id, s.units, s.showcaseUnits, s.showcaseOnly])).toEqual([
      [1, 3, 1, false],
      [2, 0, 1, true],
    ])
  })

  it('keeps the earliest collection day of a shop', () => {
    const [store] = storesFromStocks([
      aStockEntry({ pickup_date: '2026-05-05', pickup_time: 24 }),
      aStockEntry({ condition: 'V', pickup_date: '2026-05-04', pickup_time: 1 }),
    ])
    expect(store).toMatchObject({ pickupDate: '2026-05-04', pickupHours: 1 })
  })

  it('puts the pickup points of the delivery answer on the map after the shops, without repeats', () => {
    const stores = storesFromStocks([aStockEntry({ service_point_id: 7 })])
    const result = aDeliveryResult()
    const places = mapPlaces(stores, result.pickup_points)
    expect(places.map((p) => [p.id, p.kind])).toEqual([[7, 'stock']])
    const more = mapPlaces(storesFromStocks([aStockEntry({ service_point_id: 1 })]), result.pickup_points)
    expect(more.map((p) => [p.id, p.kind])).toEqual([
      [1, 'stock'],
      [7, 'pickup'],
    ])
  })

  it('says last, few or many', () => {
    expect([1, 2, 4, 5, 40].map(stockLevel)).toEqual(['last', 'few', 'few', 'many', 'many'])
  })
})

describe('opening hours', () => {
  it('reads HH:MM-HH:MM ranges', () => {
    expect(parseHours('10:00-22:00')).toEqual([600, 1320])
    expect(parseHours('9:30 – 18:00')).toEqual([570, 1080])
    expect(parseHours(null)).toBeNull()
    expect(parseHours('круглосуточно')).toBeNull()
  })

  it('tells open from closed at a moment in Kazakhstan', () => {
    // Monday 4 May 2026, 12:00 and 23:00 in Almaty (UTC+5)
    expect(openState(WEEKLY, new Date('2026-05-04T07:00:00Z'))).toEqual({
      open: true,
      today: '10:00–22:00',
      closesAt: '22:00',
      opensAt: null,
    })
    // 06:00 in Almaty: closed, opens at ten; 23:00: closed for the day
    expect(openState(WEEKLY, new Date('2026-05-04T01:00:00Z'))).toMatchObject({
      open: false,
      opensAt: '10:00',
    })
    expect(openState(WEEKLY, new Date('2026-05-04T18:00:00Z'))).toMatchObject({ open: false, opensAt: null })
    const sundayOff = { ...WEEKLY, sunday: null }
    expect(openState(sundayOff, new Date('2026-05-03T07:00:00Z'))).toEqual({
      open: false,
      today: null,
      closesAt: null,
      opensAt: null,
    })
  })

  it('groups the week into runs of days with the same hours', () => {
    expect(weeklyRuns({ ...WEEKLY, saturday: '10:00-19:00', sunday: null })).toEqual([
      { from: 'monday', to: 'friday', hours: '10:00–22:00' },
      { from: 'saturday', to: 'saturday', hours: '10:00–19:00' },
      { from: 'sunday', to: 'sunday', hours: null },
    ])
  })
})

describe('the pickup map', () => {
  const box = { width: 600, height: 360, padding: 20 }

  it('keeps north up and east right, inside the padding', () => {
    const [west, east, north] = projectPoints(
      [
        { latitude: 43.2, longitude: 76.8 },
        { latitude: 43.2, longitude: 77.0 },
        { latitude: 43.3, longitude: 76.9 },
      ],
      box,
    )
    expect(west!.x).toBeLessThan(east!.x)
    expect(north!.y).toBeLessThan(west!.y)
    for (const p of [west!, east!, north!]) {
      expect(p.x).toBeGreaterThanOrEqual(20)
      expect(p.x).toBeLessThanOrEqual(580)
      expect(p.y).toBeGreaterThanOrEqual(20)
      expect(p.y).toBeLessThanOrEqual(340)
    }
  })

  it('puts one point, or points on top of each other, in the middle', () => {
    expect(projectPoints([{ latitude: 43, longitude: 76 }], box)).toEqual([{ x: 300, y: 180 }])
    expect(projectPoints([], box)).toEqual([])
  })

  it('uses one scale for both axes, so distances keep their proportions', () => {
    const points = projectPoints(
      [
        { latitude: 0, longitude: 0 },
        { latitude: 0, longitude: 1 },
        { latitude: 1, longitude: 0 },
      ],
      box,
    )
    const dx = points[1]!.x - points[0]!.x
    const dy = points[0]!.y - points[2]!.y
    expect(Math.abs(dx - dy)).toBeLessThan(1)
  })
})

describe('rating stars', () => {
  it('rounds to half stars', () => {
    expect(ratingStars(4.6)).toEqual(['full', 'full', 'full', 'full', 'half'])
    expect(ratingStars(4.2)).toEqual(['full', 'full', 'full', 'full', 'empty'])
    expect(ratingStars(0)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty'])
    expect(ratingStars(9)).toEqual(['full', 'full', 'full', 'full', 'full'])
  })
})
