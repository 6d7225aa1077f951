import type { Lang } from '../../../contract/common'
import type {
  DeliveryResult,
  DeliveryZonesResponse,
  PickupDatesResponse,
  RescheduleResponse,
  StockEntry,
  StocksResponse,
} from '../../../contract/inventory'
import { notFound } from '../../http/errors'
import { Lru } from '../../lib/lru'
import { addDays, localTime, readyDay } from './clock'
import { computeDelivery, slotsBetween, type DeliveryInput } from './delivery'
import type { DeliveryRule, InventoryRepo, PointInfo, StockInfo, ZoneInfo } from './repo'

/** How many courier dates a reschedule offers. */
export const RESCHEDULE_DATES = 7

/** Units an order took from a point's stock (its reservation), for computing its own delivery again. */
export interface HeldUnits {
  productId: number
  cityId: number
  servicePointId: number
  condition: StockInfo['condition']
  quantity: number
}

interface Reference {
  points: Map<number, PointInfo>
  rules: DeliveryRule[]
  zones: ZoneInfo[]
}

export interface InventoryServiceOptions {
  repo: InventoryRepo
  now?: () => number
  /** Service points, rules and zones are small and read on every call: kept this long in memory. */
  referenceTtlMs?: number
}

export function createInventoryService({
  repo,
  now = Date.now,
  referenceTtlMs = 30_000,
}: InventoryServiceOptions) {
  const cache = new Lru<'reference', Promise<Reference>>({ maxEntries: 1, ttlMs: referenceTtlMs, now })

  function reference(): Promise<Reference> {
    let pending = cache.get('reference')
    if (!pending) {
      pending = Promise.all([repo.points(), repo.rules(), repo.zones()]).then(([points, rules, zones]) => ({
        points: new Map(points.map((p) => [p.id, p])),
        rules,
        zones,
      }))
      // a failed load is not kept: the next call tries again
      pending.catch(() => cache.delete('reference'))
      cache.set('reference', pending)
    }
    return pending
  }

  async function deliveryFor(
    input: DeliveryInput,
    lang: Lang,
    held: readonly HeldUnits[] = [],
  ): Promise<DeliveryResult> {
    const skus = [...new Set(input.products.map((p) => p.sku))]
    const [ref, { products, stocks }] = await Promise.all([
      reference(),
      repo.productsWithStock(skus, input.cityId),
    ])
    // units an order already holds count as stock where they were taken from (they left `stocks` then)
    const withHeld = held.length
      ? [
          ...stocks,
          ...held.map((h) => ({
            ...h,
            pickupTime:
              stocks.find((s) => s.productId === h.productId && s.servicePointId === h.servicePointId)
                ?.pickupTime ?? 0,
          })),
        ]
      : stocks
    return computeDelivery(input, {
      products: new Map(products.map((p) => [p.sku, p])),
      stocks: withHeld,
      points: ref.points,
      rules: ref.rules.filter((r) => r.cityId === input.cityId),
      now: now(),
      lang,
    })
  }

  return {
    /** Drops the cached points, rules and zones (after an edit). */
    invalidate: () => cache.delete('reference'),

    /** 404 when no sku of the request is known; unknown ones among known ones are `unknown` entries. */
    async delivery(input: DeliveryInput, lang: Lang): Promise<DeliveryResult> {
      const result = await deliveryFor(input, lang)
      if (result.products.every((p) => p.status === 'unknown')) throw notFound()
      return result
    },

    async stocks(id: string, cityId: number, lang: Lang): Promise<StocksResponse> {
      const [ref, product] = await Promise.all([reference(), repo.productBySkuOrUri(id, cityId)])
      if (!product) throw notFound()
      const rows = (await repo.stocksOf([product.id])).filter((s) => {
        const point = ref.points.get(s.servicePointId)
        return s.cityId === cityId && point?.isActive === true && point.cityId === cityId
      })
      const pointIds = new Set(rows.map((s) => s.servicePointId))
      const showcases = new Set(rows.filter((s) => s.condition === 'V').map((s) => s.servicePointId))
      const at = now()
      const kk = lang === 'kk'
      const entries: StockEntry[] = rows.map((s) => {
        const point = ref.points.get(s.servicePointId) as PointInfo
        return {
          condition: s.condition,
          product_type: product.type,
          service_point_id: point.id,
          service_point_type: point.type,
          title: kk ? point.titleKk : point.titleRu,
          address: kk ? point.addressKk : point.addressRu,
          is_last_point: pointIds.size === 1,
          has_showcase: showcases.has(point.id),
          work_hours: point.workHours,
          weekly_work_hours: point.weeklyWorkHours,
          geo_position: { latitude: point.latitude, longitude: point.longitude },
          stock: s.quantity,
          pickup_time: s.pickupTime,
          pickup_date: readyDay(point.weeklyWorkHours, at, s.pickupTime),
        }
      })
      entries.sort(
        (a, b) =>
          (a.service_point_type === 'shop' ? 0 : 1) - (b.service_point_type === 'shop' ? 0 : 1) ||
          a.title.localeCompare(b.title, 'ru') ||
          a.condition.localeCompare(b.condition),
      )
      return {
        sku: product.sku,
        city_id: cityId,
        product_type: product.type,
        total: rows.reduce((n, s) => n + s.quantity, 0),
        stocks: entries,
      }
    },

    /** What a product card shows, one product at a time; unknown skus are left out. */
    async pickupDates(
      cityId: number,
      products: { sku: string; quantity: number }[],
      lang: Lang,
    ): Promise<PickupDatesResponse> {
      const skus = [...new Set(products.map((p) => p.sku))]
      const [ref, { products: known, stocks }] = await Promise.all([
        reference(),
        repo.productsWithStock(skus, cityId),
      ])
      const byId = new Map(known.map((p) => [p.sku, p]))
      const at = now()
      const rules = ref.rules.filter((r) => r.cityId === cityId)
      const answered = new Set<string>()
      const out: PickupDatesResponse['products'] = []
      for (const { sku, quantity } of products) {
        const product = byId.get(sku)
        if (!product || answered.has(sku)) continue
        answered.add(sku)
        const result = computeDelivery(
          {
            cityId,
            products: [{ sku, quantity }],
            isOrganization: false,
            assemblyPc: false,
            isTradein: false,
            exactCost: false,
          },
          {
            products: new Map([[sku, product]]),
            stocks: stocks.filter((s) => s.productId === product.id),
            points: ref.points,
            rules,
            now: at,
            lang,
          },
        )
        out.push({
          sku,
          pickup_date: result.pickup_date,
          delivery_date: result.delivery_min_date,
          has_express_delivery: result.deliveries.some((d) => d.deliveryType === 'express'),
          has_fast_delivery: result.deliveries.some((d) => d.deliveryType === 'fast'),
        })
      }
      return { city_id: cityId, products: out }
    },

    /**
     * Courier dates after a previous delivery date: from the later of the day after it and the earliest
     * possible day, RESCHEDULE_DATES days with their slots. No courier for these goods: no dates. An
     * order's reschedule passes the units it holds (`held`): they count as stock where they were taken.
     */
    async reschedule(
      cityId: number,
      products: { sku: string; quantity: number }[],
      previousDate: string,
      lang: Lang,
      held: readonly HeldUnits[] = [],
    ): Promise<RescheduleResponse> {
      const result = await deliveryFor(
        { cityId, products, isOrganization: false, assemblyPc: false, isTradein: false, exactCost: false },
        lang,
        held,
      )
      if (result.products.every((p) => p.status === 'unknown')) throw notFound()
      const ref = await reference()
      const courier = ref.rules.find((r) => r.cityId === cityId && r.kind === 'courier' && r.isActive)
      const dates: RescheduleResponse['dates'] = []
      if (courier && result.delivery_min_date) {
        const dayAfter = addDays(previousDate, 1)
        const first = dayAfter > result.delivery_min_date ? dayAfter : result.delivery_min_date
        const local = localTime(now())
        for (let i = 0; i < RESCHEDULE_DATES; i++) {
          const date = addDays(first, i)
          dates.push({ date, slots: slotsBetween(courier, date, date, local) })
        }
      }
      return { city_id: cityId, previous_delivery_date: previousDate, dates }
    },

    async zones(cityId: number, lang: Lang): Promise<DeliveryZonesResponse> {
      const ref = await reference()
      return {
        city_id: cityId,
        zones: ref.zones
          .filter((z) => z.cityId === cityId)
          .map((z) => ({
            id: z.id,
            code: z.code,
            title: lang === 'kk' ? z.nameKk : z.nameRu,
            delivery_type: z.kind,
            polygon: z.polygon,
            extra_cost: z.extraCost,
            color: z.color,
          })),
      }
    },
  }
}

export type InventoryService = ReturnType<typeof createInventoryService>
