import { z } from 'zod'
import { CityId, text } from './common'
import { GeoPosition, ServicePointType, WeeklyWorkHours } from './menu'
import { DELIVERY_MAX_PRODUCTS } from './values/inventory'

export { DELIVERY_MAX_PRODUCTS, INVENTORY_BASE } from './values/inventory'

/**
 * The inventory service (`/inventory/api/v1|v2|v3`, spec browsing-and-account.md 7.6 and purchase-flow.md
 * 7 Delivery): stock per service point and the delivery options of products in a city. Dates are ISO
 * dates ('2026-11-02') in the store's local time (UTC+05:00); instants are ISO 8601 with zone. Money is
 * integer tenge. Texts (point titles, addresses) arrive in the request's language.
 */

const IsoDate = text().regex(/^\d{4}-\d{2}-\d{2}$/, 'an ISO date, YYYY-MM-DD')

// ---------------------------------------------------------------- stocks

export const STOCK_CONDITIONS = ['N', 'V'] as const
/** N: new stock; V: the unit from the showcase window, sold as is. */
export const StockCondition = z.enum(STOCK_CONDITIONS)

export const StocksParams = z.object({ id: text().min(1).max(40) })
export const StocksQuery = z.object({ city_id: CityId.default(1) })

/** Spec 3, Stock entry: one per service point and condition that holds the product in the city. */
export const StockEntry = z.object({
  condition: StockCondition,
  product_type: z.string(),
  service_point_id: z.number().int(),
  service_point_type: ServicePointType,
  title: z.string(),
  address: z.string(),
  /** True on the entries of the only point in the city that holds the product. */
  is_last_point: z.boolean(),
  /** The point has a showcase unit (condition V) of the product. */
  has_showcase: z.boolean(),
  work_hours: z.string(),
  weekly_work_hours: WeeklyWorkHours,
  geo_position: GeoPosition,
  /** Units of this condition at this point. */
  stock: z.number().int(),
  /** Hours from the order until the goods can be collected here. */
  pickup_time: z.number().int(),
  /** The day the goods can be collected if ordered now (opening hours considered). */
  pickup_date: IsoDate,
})
export type StockEntry = z.infer<typeof StockEntry>

/** Unknown sku: 404. A product out of stock in the city: 200 with `stocks: []`. */
export const StocksResponse = z.object({
  sku: z.string(),
  city_id: z.number().int(),
  product_type: z.string(),
  /** Units in the city over every point and condition. */
  total: z.number().int(),
  /** Shops first, then pickup points; each by title. */
  stocks: z.array(StockEntry),
})
export type StocksResponse = z.infer<typeof StocksResponse>

// ---------------------------------------------------------------- delivery request

export const DeliveryProduct = z.object({
  sku: text().min(1).max(40),
  quantity: z.number().int().min(1).max(999).default(1),
})
export type DeliveryProduct = z.input<typeof DeliveryProduct>

/** POST /inventory/api/v3/delivery and /v2/delivery (spec 7.6). `products` must not be empty (400). */
export const DeliveryRequest = z.object({
  city_id: CityId.default(1),
  products: z.array(DeliveryProduct).min(1).max(DELIVERY_MAX_PRODUCTS),
  /** The order total the free-delivery thresholds compare with; the products' city prices when absent. */
  grand_total_sum: z.number().int().min(0).optional(),
  /** Organisations get courier delivery only (no express, no pickup). */
  is_organization: z.boolean().default(false),
  /** PC assembly adds the city's assembly days to every option and rules out express. */
  assembly_pc: z.boolean().default(false),
  /**
   * Trade-in: the old device is handed over where the goods are collected, so only the city's shops that
   * take old devices are offered (no courier, express or pickup point).
   */
  is_tradein: z.boolean().default(false),
  /** Adds the heavy-goods surcharge to courier costs; without it costs are the "from" price. */
  exact_delivery_cost_requested: z.boolean().default(false),
})
export type DeliveryRequest = z.input<typeof DeliveryRequest>

// ---------------------------------------------------------------- delivery result

/** Spec 3: the delivery types. */
export const DELIVERY_TYPES = ['EXPRESS', 'COURIER', 'PICKUP'] as const
export const DeliveryType = z.enum(DELIVERY_TYPES)

/** The receive kind of an option: express (hours), fast (next day), courier, pickup point, store. */
export const RECEIVE_KINDS = ['express', 'fast', 'courier', 'pickup', 'store'] as const
export const ReceiveKind = z.enum(RECEIVE_KINDS)
export type ReceiveKind = z.infer<typeof ReceiveKind>

/** purchase-flow.md 3, Shipping types, as the checkout sends them. */
export const SHIPPING_TYPES = [
  'COURIER_DELIVERY',
  'EXPRESS_DELIVERY',
  'FAST_DELIVERY',
  'PICKUP',
  'SHOP',
  'STORE',
] as const
export const ShippingType = z.enum(SHIPPING_TYPES)

export const DeliveryTime = z.object({ minDays: z.number().int(), maxDays: z.number().int() })

/** A two-hour courier window on one date; `code` is what a reschedule or an order sends back. */
export const Slot = z.object({
  code: z.string(),
  date: IsoDate,
  time_from: z.string(),
  time_to: z.string(),
})
export type Slot = z.infer<typeof Slot>

/** One way to receive the goods (spec: delivery, pickup, store, deliveries entries). */
export const ReceiveOption = z.object({
  type: DeliveryType,
  deliveryType: ReceiveKind,
  shipping_type: ShippingType,
  /** What the shopper pays, 0 when free (threshold reached or free by rule). */
  deliveryCost: z.number().int(),
  /** The rule's price before the free-from threshold (with the heavy surcharge when exact cost was asked). */
  base_cost: z.number().int(),
  /** Order total from which this option is free; null when it never is. */
  free_from: z.number().int().nullable(),
  /** Days from today: 0 is today. */
  deliveryTime: DeliveryTime,
  /** Express: hours from the order, e.g. {2, 4}; null for the others. */
  deliveryHours: z.object({ minHours: z.number().int(), maxHours: z.number().int() }).nullable(),
  min_date: IsoDate,
  max_date: IsoDate,
  /** Express and fast: order before this instant to get the dates above; null otherwise. */
  order_before: z.string().nullable(),
})
export type ReceiveOption = z.infer<typeof ReceiveOption>

/** A shop or pickup point the goods can be collected at. */
export const PickupPlace = z.object({
  service_point_id: z.number().int(),
  type: ServicePointType,
  title: z.string(),
  address: z.string(),
  geo_position: GeoPosition,
  work_hours: z.string(),
  weekly_work_hours: WeeklyWorkHours,
  pickup_date: IsoDate,
  /** Hours from the order until collection is possible (at least). */
  pickup_time: z.number().int(),
  /** The goods are brought here from elsewhere (not in stock at this point). */
  is_transfer: z.boolean(),
  /** Every requested product is available here as the showcase unit only. */
  showcase_only: z.boolean(),
  deliveryCost: z.number().int(),
})
export type PickupPlace = z.infer<typeof PickupPlace>

export const PRODUCT_DELIVERY_STATUSES = [
  'city',
  'transfer',
  'unavailable',
  'unknown',
  'not_shipped',
] as const
/**
 * city: in stock in the requested city; transfer: brought from another city (longer); unavailable: not
 * enough units anywhere (or pre-order); unknown: no product with that sku; not_shipped: services,
 * certificates, digital keys and warranties, which are not delivered physically.
 */
export const ProductDeliveryStatus = z.enum(PRODUCT_DELIVERY_STATUSES)

export const ProductDelivery = z.object({
  sku: z.string(),
  quantity: z.number().int(),
  status: ProductDeliveryStatus,
  /** Units available for this request's city (city status) or anywhere (transfer). */
  available_quantity: z.number().int(),
  /** The delivery group it ships in; null when it does not ship. */
  group_id: z.string().nullable(),
})

const OptionsShape = {
  /** Express and fast options (spec: deliveries). */
  deliveries: z.array(ReceiveOption),
  /** Courier delivery, or null when it is not offered. */
  delivery: ReceiveOption.nullable(),
  /** Collection at a pickup point, or null. */
  pickup: ReceiveOption.nullable(),
  /** Collection at a shop holding the goods, or null. */
  store: ReceiveOption.nullable(),
  delivery_min_date: IsoDate.nullable(),
  delivery_max_date: IsoDate.nullable(),
  /** Courier slots on every date from delivery_min_date to delivery_max_date. */
  slots: z.array(Slot),
  /** Earliest day everything can be collected (stores or pickup points); null when pickup is not offered. */
  pickup_date: IsoDate.nullable(),
  pickup_points: z.array(PickupPlace),
  stores: z.array(PickupPlace),
}

/** Products that ship together from one place. */
export const DeliveryGroup = z.object({
  id: z.string(),
  source: z.enum(['city', 'transfer']),
  skus: z.array(z.string()),
  ...OptionsShape,
})
export type DeliveryGroup = z.infer<typeof DeliveryGroup>

/**
 * Spec 3, Delivery result for a product (or a cart). The top-level options receive everything at once
 * (the latest date of the groups). `delivery_groups` is present only when the products ship from more
 * than one place. An unknown sku is a `products` entry with status `unknown`; when every sku is
 * unknown the answer is 404.
 */
export const DeliveryResult = z.object({
  city_id: z.number().int(),
  ...OptionsShape,
  delivery_groups: z.array(DeliveryGroup).optional(),
  products: z.array(ProductDelivery),
  /** The total the free-from thresholds were compared with. */
  grand_total_sum: z.number().int(),
  /** Costs include the heavy-goods surcharge (exact_delivery_cost_requested). */
  is_exact_cost: z.boolean(),
})
export type DeliveryResult = z.infer<typeof DeliveryResult>

// ---------------------------------------------------------------- pickup dates, reschedule, zones

/** Products as skus or {sku, quantity}. */
export const PickupDatesRequest = z.object({
  city_id: CityId.default(1),
  products: z
    .array(z.union([text().min(1).max(40), DeliveryProduct]))
    .min(1)
    .max(DELIVERY_MAX_PRODUCTS),
})

/** Per product, the dates a product card shows (the catalogue's delivery_info). Unknown skus are left out. */
export const PickupDatesResponse = z.object({
  city_id: z.number().int(),
  products: z.array(
    z.object({
      sku: z.string(),
      pickup_date: IsoDate.nullable(),
      delivery_date: IsoDate.nullable(),
      has_express_delivery: z.boolean(),
      has_fast_delivery: z.boolean(),
    }),
  ),
})
export type PickupDatesResponse = z.infer<typeof PickupDatesResponse>

/** POST /inventory/api/v2/delivery/reschedule (purchase-flow 7). */
export const RescheduleRequest = z.object({
  city_id: CityId.default(1),
  products: z.array(DeliveryProduct).min(1).max(DELIVERY_MAX_PRODUCTS),
  previous_delivery_date: IsoDate,
})

/** The next courier dates after the previous one (and not before the earliest possible), with slots. */
export const RescheduleResponse = z.object({
  city_id: z.number().int(),
  previous_delivery_date: IsoDate,
  dates: z.array(z.object({ date: IsoDate, slots: z.array(Slot) })),
})
export type RescheduleResponse = z.infer<typeof RescheduleResponse>

export const DeliveryZonesParams = z.object({ id: CityId })

export const LatLng = z.object({ lat: z.number(), lng: z.number() })
export const DeliveryZone = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  /** The delivery kind the zone bounds: express (2-4 h) or courier. */
  delivery_type: z.enum(['express', 'courier']),
  /** Closed ring of points (the first is not repeated at the end). */
  polygon: z.array(LatLng),
  /** Extra cost inside this zone on top of the option's cost. */
  extra_cost: z.number().int(),
  color: z.string(),
})
export type DeliveryZone = z.infer<typeof DeliveryZone>

/** Unknown city id: 400 (ids are 1-4). A city without zones: `zones: []`. */
export const DeliveryZonesResponse = z.object({
  city_id: z.number().int(),
  zones: z.array(DeliveryZone),
})
export type DeliveryZonesResponse = z.infer<typeof DeliveryZonesResponse>
