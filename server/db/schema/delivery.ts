import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { cities } from './geo'

/** express: within hours; fast: next day; courier: days with slots; pickup: pickup points; store: shops. */
export type DeliveryKind = 'express' | 'fast' | 'courier' | 'pickup' | 'store'

/**
 * How each city delivers: one row per city and kind. The inventory service reads these rows and has no
 * city or price in its code; a city without a row for a kind (or with `is_active` false) does not offer it.
 */
export const deliveryRules = pgTable(
  'delivery_rules',
  {
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<DeliveryKind>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** Price in whole tenge. */
    cost: integer('cost').notNull().default(0),
    /** Order total (grand_total_sum) from which this kind is free; null: never free. */
    freeFrom: integer('free_from'),
    /** Days from today (0 = today). For store pickup these are unused: opening hours decide. */
    minDays: integer('min_days').notNull().default(0),
    maxDays: integer('max_days').notNull().default(0),
    /** Express: hours from the order. */
    minHours: integer('min_hours'),
    maxHours: integer('max_hours'),
    /** Local hour (UTC+05:00) from which an order moves one day later (express: is not today). */
    cutoffHour: integer('cutoff_hour'),
    /** Two-hour courier windows, 'HH:MM-HH:MM'. */
    slots: jsonb('slots')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Whether organisations (is_organization) get this kind. */
    forOrganizations: boolean('for_organizations').notNull().default(false),
    /** Extra days when the goods come from another city; null: not offered for such goods. */
    transferDays: integer('transfer_days'),
    /** Extra days when a PC is assembled (assembly_pc). */
    assemblyDays: integer('assembly_days').notNull().default(1),
    /** Heavy goods: from this total weight the surcharge is added (when the exact cost is asked). */
    heavyFromGrams: integer('heavy_from_grams'),
    heavySurcharge: integer('heavy_surcharge').notNull().default(0),
    /** Heaviest total weight this kind carries; null: no limit. */
    maxWeightGrams: integer('max_weight_grams'),
  },
  (t) => [
    primaryKey({ columns: [t.cityId, t.kind] }),
    check('delivery_rules_kind_check', sql`${t.kind} in ('express', 'fast', 'courier', 'pickup', 'store')`),
    check('delivery_rules_days_check', sql`${t.minDays} >= 0 and ${t.maxDays} >= ${t.minDays}`),
  ],
)

export interface LatLng {
  lat: number
  lng: number
}

/** Delivery areas of a city drawn on the checkout map: the express area and the courier area. */
export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
    code: text('code').notNull().unique(),
    nameRu: text('name_ru').notNull(),
    nameKk: text('name_kk').notNull(),
    kind: text('kind').$type<'express' | 'courier'>().notNull(),
    /** Ring of points, the first not repeated at the end. */
    polygon: jsonb('polygon').$type<LatLng[]>().notNull(),
    extraCost: integer('extra_cost').notNull().default(0),
    color: text('color').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('delivery_zones_city_idx').on(t.cityId, t.sort)],
)
