import type { Lang } from '../../../contract/common'
import type {
  DeliveryGroup,
  DeliveryResult,
  PickupPlace,
  ReceiveKind,
  ReceiveOption,
  Slot,
} from '../../../contract/inventory'
import type { DeliveryKind } from '../../db/schema/delivery'
import {
  addDays,
  daysBetween,
  firstOpenDay,
  localInstant,
  localTime,
  readyDay,
  type LocalTime,
} from './clock'
import type { DeliveryRule, PointInfo, ProductInfo, StockInfo } from './repo'

/**
 * The delivery calculation: pure, from the rows the repo read and the clock. Nothing here names a city
 * or a price; every number comes from the city's `delivery_rules` rows.
 */

/** Product types that are not carried anywhere: services are performed, the rest arrive by e-mail or SMS. */
export const NOT_SHIPPED_TYPES: ReadonlySet<string> = new Set([
  'service',
  'certificate',
  'digital',
  'guaranty',
])

export interface DeliveryInput {
  cityId: number
  products: { sku: string; quantity: number }[]
  grandTotalSum?: number
  isOrganization: boolean
  assemblyPc: boolean
  /**
   * An old device is handed over (trade-in): the goods are collected at a shop that takes old devices,
   * so neither a courier nor a pickup point is offered.
   */
  isTradein: boolean
  exactCost: boolean
  /**
   * False when the courier's slots are not wanted: an order for pickup or to a shop. Listing a week of
   * two-hour slots was 9% of an order's CPU in the checkout bench's profile.
   */
  slots?: boolean
}

export interface DeliveryData {
  products: Map<string, ProductInfo>
  stocks: StockInfo[]
  points: Map<number, PointInfo>
  /** The rules of the requested city. */
  rules: DeliveryRule[]
  now: number
  lang: Lang
}

interface Item {
  product: ProductInfo
  quantity: number
}

type Source = 'city' | 'transfer'
type Options = Omit<DeliveryGroup, 'id' | 'source' | 'skus'>

const SHIPPING_TYPE = {
  express: 'EXPRESS_DELIVERY',
  fast: 'FAST_DELIVERY',
  courier: 'COURIER_DELIVERY',
  pickup: 'PICKUP',
  store: 'STORE',
} as const satisfies Record<ReceiveKind, ReceiveOption['shipping_type']>

const DELIVERY_TYPE = {
  express: 'EXPRESS',
  fast: 'COURIER',
  courier: 'COURIER',
  pickup: 'PICKUP',
  store: 'PICKUP',
} as const satisfies Record<ReceiveKind, ReceiveOption['type']>

export function emptyOptions(): Options {
  return {
    deliveries: [],
    delivery: null,
    pickup: null,
    store: null,
    delivery_min_date: null,
    delivery_max_date: null,
    slots: [],
    pickup_date: null,
    pickup_points: [],
    stores: [],
  }
}

/** Two-hour windows of a rule on every date from `from` to `to`, skipping those already begun today. */
export function slotsBetween(rule: DeliveryRule, from: string, to: string, now: LocalTime): Slot[] {
  const out: Slot[] = []
  for (let date = from; date <= to; date = addDays(date, 1)) {
    for (const window of rule.slots) {
      const [timeFrom = '', timeTo = ''] = window.split('-')
      const [h = 0, m = 0] = timeFrom.split(':').map(Number)
      if (date === now.date && h * 60 + m <= now.minutes) continue
      out.push({ code: `${date}T${timeFrom}`, date, time_from: timeFrom, time_to: timeTo })
    }
  }
  return out
}

class Calculation {
  readonly local: LocalTime
  readonly grandTotal: number
  private readonly rules = new Map<DeliveryKind, DeliveryRule>()

  constructor(
    readonly input: DeliveryInput,
    readonly data: DeliveryData,
  ) {
    this.local = localTime(data.now)
    for (const rule of data.rules) {
      if (rule.cityId !== input.cityId || !rule.isActive) continue
      if (input.isOrganization && !rule.forOrganizations) continue
      this.rules.set(rule.kind, rule)
    }
    let sum = 0
    for (const { sku, quantity } of input.products) sum += (data.products.get(sku)?.price ?? 0) * quantity
    this.grandTotal = input.grandTotalSum ?? sum
  }

  rule(kind: DeliveryKind): DeliveryRule | null {
    return this.rules.get(kind) ?? null
  }

  private shift(rule: DeliveryRule): number {
    return this.input.assemblyPc ? rule.assemblyDays : 0
  }

  private cost(rule: DeliveryRule, weight: number): { base: number; cost: number } {
    const heavy =
      this.input.exactCost && rule.heavyFromGrams !== null && weight >= rule.heavyFromGrams
        ? rule.heavySurcharge
        : 0
    const base = rule.cost + heavy
    const free = rule.freeFrom !== null && this.grandTotal >= rule.freeFrom
    return { base, cost: free ? 0 : base }
  }

  private option(
    kind: ReceiveKind,
    rule: DeliveryRule,
    weight: number,
    minDate: string,
    maxDate: string,
    extra: Partial<Pick<ReceiveOption, 'deliveryHours' | 'order_before'>> = {},
  ): ReceiveOption {
    const { base, cost } = this.cost(rule, weight)
    return {
      type: DELIVERY_TYPE[kind],
      deliveryType: kind,
      shipping_type: SHIPPING_TYPE[kind],
      deliveryCost: cost,
      base_cost: base,
      free_from: rule.freeFrom,
      deliveryTime: {
        minDays: daysBetween(this.local.date, minDate),
        maxDays: daysBetween(this.local.date, maxDate),
      },
      deliveryHours: extra.deliveryHours ?? null,
      min_date: minDate,
      max_date: maxDate,
      order_before: extra.order_before ?? null,
    }
  }

  /** Units of a product at the active points of the city (or of every city). */
  private unitsOf(productId: number, where: (p: PointInfo) => boolean): number {
    let n = 0
    for (const s of this.data.stocks) {
      if (s.productId !== productId) continue
      const point = this.data.points.get(s.servicePointId)
      if (point?.isActive && where(point)) n += s.quantity
    }
    return n
  }

  cityUnits(productId: number): number {
    return this.unitsOf(productId, (p) => p.cityId === this.input.cityId)
  }

  allUnits(productId: number): number {
    return this.unitsOf(productId, () => true)
  }

  private place(
    point: PointInfo,
    pickupDate: string,
    hours: number,
    transfer: boolean,
    showcaseOnly: boolean,
    cost: number,
  ): PickupPlace {
    const kk = this.data.lang === 'kk'
    return {
      service_point_id: point.id,
      type: point.type,
      title: kk ? point.titleKk : point.titleRu,
      address: kk ? point.addressKk : point.addressRu,
      geo_position: { latitude: point.latitude, longitude: point.longitude },
      work_hours: point.workHours,
      weekly_work_hours: point.weeklyWorkHours,
      pickup_date: pickupDate,
      pickup_time: hours,
      is_transfer: transfer,
      showcase_only: showcaseOnly,
      deliveryCost: cost,
    }
  }

  /** Where every item is at this point in the needed quantity: the longest pickup time, and if only showcase units. */
  private heldAt(point: PointInfo, items: Item[]): { hours: number; showcaseOnly: boolean } | null {
    let hours = 0
    let showcaseOnly = true
    for (const item of items) {
      let all = 0
      let fresh = 0
      let itemHours = 0
      for (const s of this.data.stocks) {
        if (s.productId !== item.product.id || s.servicePointId !== point.id) continue
        all += s.quantity
        if (s.condition === 'N') fresh += s.quantity
        itemHours = Math.max(itemHours, s.pickupTime)
      }
      if (all < item.quantity) return null
      if (fresh >= item.quantity) showcaseOnly = false
      hours = Math.max(hours, itemHours)
    }
    return { hours, showcaseOnly: items.length > 0 && showcaseOnly }
  }

  /**
   * Nothing to carry (gift certificates, keys): their codes come with the paid order, and the printed
   * certificate is handed over at any shop of the city from today, free.
   */
  collection(): Options {
    const out = emptyOptions()
    const store = this.rule('store')
    if (!store) return out
    for (const point of this.data.points.values()) {
      if (!point.isActive || point.cityId !== this.input.cityId || point.type !== 'shop') continue
      const date = readyDay(point.weeklyWorkHours, this.data.now, 0)
      out.stores.push(this.place(point, date, 0, false, false, 0))
    }
    out.stores.sort(
      (a, b) => a.pickup_date.localeCompare(b.pickup_date) || a.service_point_id - b.service_point_id,
    )
    const first = out.stores[0]
    const last = out.stores[out.stores.length - 1]
    if (first && last) {
      out.store = { ...this.option('store', store, 0, first.pickup_date, last.pickup_date), deliveryCost: 0 }
      out.pickup_date = first.pickup_date
    }
    return out
  }

  options(items: Item[], source: Source): Options {
    const out = emptyOptions()
    if (items.length === 0) return out
    const { local } = this
    const { isTradein, assemblyPc } = this.input
    const weight = items.reduce((w, i) => w + (i.product.weightGrams ?? 0) * i.quantity, 0)
    const cityPoints = [...this.data.points.values()].filter(
      (p) => p.isActive && p.cityId === this.input.cityId,
    )
    const lateFor = (rule: DeliveryRule) =>
      rule.cutoffHour !== null && local.hour >= rule.cutoffHour ? 1 : 0

    // express: today within hours, from the shops of the city, before the cutoff hour
    const express = this.rule('express')
    if (
      express &&
      source === 'city' &&
      !isTradein &&
      !assemblyPc &&
      (express.maxWeightGrams === null || weight <= express.maxWeightGrams) &&
      (express.cutoffHour === null || local.hour < express.cutoffHour) &&
      items.every(
        (i) =>
          this.unitsOf(i.product.id, (p) => p.cityId === this.input.cityId && p.type === 'shop') >=
          i.quantity,
      )
    ) {
      out.deliveries.push(
        this.option('express', express, weight, local.date, local.date, {
          deliveryHours: { minHours: express.minHours ?? 0, maxHours: express.maxHours ?? 0 },
          order_before: express.cutoffHour === null ? null : localInstant(local.date, express.cutoffHour),
        }),
      )
    }

    // fast: a fixed day (next day), one day later after the cutoff hour
    const fast = this.rule('fast')
    if (
      fast &&
      source === 'city' &&
      !isTradein &&
      (fast.maxWeightGrams === null || weight <= fast.maxWeightGrams)
    ) {
      const late = lateFor(fast)
      const date = addDays(local.date, fast.minDays + late + this.shift(fast))
      out.deliveries.push(
        this.option('fast', fast, weight, date, date, {
          order_before:
            fast.cutoffHour === null ? null : localInstant(addDays(local.date, late), fast.cutoffHour),
        }),
      )
    }

    // courier: a range of days with two-hour slots; goods from another city take the transfer days more
    const courier = this.rule('courier')
    if (courier && !isTradein && (source === 'city' || courier.transferDays !== null)) {
      const extra =
        lateFor(courier) + this.shift(courier) + (source === 'transfer' ? (courier.transferDays ?? 0) : 0)
      const min = addDays(local.date, courier.minDays + extra)
      const max = addDays(local.date, courier.maxDays + extra)
      out.delivery = this.option('courier', courier, weight, min, max)
      out.delivery_min_date = min
      out.delivery_max_date = max
      if (this.input.slots !== false) out.slots = slotsBetween(courier, min, max, local)
    }

    // store: the shops holding every item, today or on the next day they open
    const store = this.rule('store')
    if (store && source === 'city') {
      const storeCost = this.cost(store, weight).cost
      for (const point of cityPoints) {
        if (point.type !== 'shop' || (isTradein && !point.acceptsTradein)) continue
        const held = this.heldAt(point, items)
        if (!held) continue
        const hours = held.hours + this.shift(store) * 24
        const date = readyDay(point.weeklyWorkHours, this.data.now, hours)
        out.stores.push(this.place(point, date, hours, false, held.showcaseOnly, storeCost))
      }
      out.stores.sort(
        (a, b) => a.pickup_date.localeCompare(b.pickup_date) || a.service_point_id - b.service_point_id,
      )
      const first = out.stores[0]
      const last = out.stores[out.stores.length - 1]
      if (first && last) out.store = this.option('store', store, weight, first.pickup_date, last.pickup_date)
    }

    // pickup points: their own stock when they hold it, otherwise brought within the rule's days
    const pickup = this.rule('pickup')
    if (pickup && !isTradein && (source === 'city' || pickup.transferDays !== null)) {
      const pickupCost = this.cost(pickup, weight).cost
      const extra = this.shift(pickup) + (source === 'transfer' ? (pickup.transferDays ?? 0) : 0)
      for (const point of cityPoints) {
        if (point.type !== 'pickup_point') continue
        const held = source === 'city' ? this.heldAt(point, items) : null
        if (held) {
          const hours = held.hours + this.shift(pickup) * 24
          const date = readyDay(point.weeklyWorkHours, this.data.now, hours)
          out.pickup_points.push(this.place(point, date, hours, false, held.showcaseOnly, pickupCost))
        } else {
          const date = firstOpenDay(point.weeklyWorkHours, addDays(local.date, pickup.minDays + extra))
          out.pickup_points.push(
            this.place(point, date, Math.max(0, daysBetween(local.date, date)) * 24, true, false, pickupCost),
          )
        }
      }
      out.pickup_points.sort(
        (a, b) => a.pickup_date.localeCompare(b.pickup_date) || a.service_point_id - b.service_point_id,
      )
      const first = out.pickup_points[0]
      if (first) {
        const latest = addDays(local.date, pickup.maxDays + extra)
        const max = out.pickup_points.reduce((m, p) => (p.pickup_date > m ? p.pickup_date : m), latest)
        out.pickup = this.option('pickup', pickup, weight, first.pickup_date, max)
      }
    }

    const pickupDates = [out.store?.min_date, out.pickup?.min_date]
      .filter((d): d is string => Boolean(d))
      .sort()
    out.pickup_date = pickupDates[0] ?? null
    return out
  }
}

/**
 * The delivery result of a product list in a city. Products with the same sku are counted together.
 * Unknown skus get status `unknown`; the caller decides what an all-unknown request means.
 */
export function computeDelivery(input: DeliveryInput, data: DeliveryData): DeliveryResult {
  const merged = new Map<string, number>()
  for (const p of input.products) merged.set(p.sku, (merged.get(p.sku) ?? 0) + p.quantity)
  const calc = new Calculation(
    { ...input, products: [...merged].map(([sku, quantity]) => ({ sku, quantity })) },
    data,
  )

  const groups: Record<Source, Item[]> = { city: [], transfer: [] }
  const products: DeliveryResult['products'] = []
  for (const [sku, quantity] of merged) {
    const product = data.products.get(sku)
    if (!product) {
      products.push({ sku, quantity, status: 'unknown', available_quantity: 0, group_id: null })
      continue
    }
    if (NOT_SHIPPED_TYPES.has(product.type)) {
      products.push({ sku, quantity, status: 'not_shipped', available_quantity: 0, group_id: null })
      continue
    }
    const inCity = calc.cityUnits(product.id)
    const anywhere = calc.allUnits(product.id)
    const source: Source | null = inCity >= quantity ? 'city' : anywhere >= quantity ? 'transfer' : null
    if (!source) {
      products.push({ sku, quantity, status: 'unavailable', available_quantity: anywhere, group_id: null })
      continue
    }
    groups[source].push({ product, quantity })
    products.push({
      sku,
      quantity,
      status: source,
      available_quantity: source === 'city' ? inCity : anywhere,
      group_id: source,
    })
  }

  const shipped = [...groups.city, ...groups.transfer]
  const nothingToCarry = products.length > 0 && products.every((p) => p.status === 'not_shipped')
  const together = nothingToCarry
    ? calc.collection()
    : calc.options(shipped, groups.transfer.length > 0 ? 'transfer' : 'city')
  const nonEmpty = (['city', 'transfer'] as const).filter((s) => groups[s].length > 0)
  const result: DeliveryResult = {
    city_id: input.cityId,
    ...together,
    products,
    grand_total_sum: calc.grandTotal,
    is_exact_cost: input.exactCost,
  }
  if (nonEmpty.length > 1) {
    result.delivery_groups = nonEmpty.map((source) => ({
      id: source,
      source,
      skus: groups[source].map((i) => i.product.sku),
      ...calc.options(groups[source], source),
    }))
  }
  return result
}
