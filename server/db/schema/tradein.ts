import { check, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'

/*
 * Trade-in (issue 21): the shopper hands an old device over at a shop of the store and its valued
 * price comes off the new product. Which old devices a product takes and what each is worth are rows,
 * so the store changes them without a release; which shops take old devices is
 * `service_points.accepts_tradein`.
 */

/** A kind of old device the shops take, with its credit by condition, tenge. */
export const tradeinDevices = pgTable(
  'tradein_devices',
  {
    kind: text('kind').primaryKey(),
    titleRu: text('title_ru').notNull(),
    titleKk: text('title_kk').notNull(),
    position: integer('position').notNull(),
    /** Switches on, holds a charge, screen and case whole. */
    creditWorking: integer('credit_working').notNull(),
    /** Broken screen or case, or does not switch on: taken for parts. */
    creditDamaged: integer('credit_damaged').notNull(),
  },
  (t) => [
    check(
      'tradein_devices_credit_check',
      sql`${t.creditDamaged} >= 0 and ${t.creditWorking} >= ${t.creditDamaged}`,
    ),
  ],
)

/**
 * The new products that take an old device: those under a category (by slug, so the rows do not depend
 * on the ids a seed gave the catalogue), and the kinds of device each takes.
 */
export const tradeinOffers = pgTable(
  'tradein_offers',
  {
    categorySlug: text('category_slug').notNull(),
    deviceKind: text('device_kind')
      .notNull()
      .references(() => tradeinDevices.kind),
  },
  (t) => [primaryKey({ columns: [t.categorySlug, t.deviceKind] })],
)
