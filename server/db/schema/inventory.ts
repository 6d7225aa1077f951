import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { products } from './catalog'
import { cities, servicePoints } from './geo'

/** 'N' is new stock; 'V' is the unit on the showcase, sold as is. */
export type StockCondition = 'N' | 'V'

/**
 * What a service point holds. `city_id` repeats the point's city so "available in this city" is one
 * index range per product. Decrement `quantity` with a conditional update (quantity >= n) to reserve.
 */
export const stocks = pgTable(
  'stocks',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    servicePointId: integer('service_point_id')
      .notNull()
      .references(() => servicePoints.id),
    condition: text('condition').$type<StockCondition>().notNull().default('N'),
    quantity: integer('quantity').notNull(),
    /** Hours from the order until the goods can be collected at this point. */
    pickupTime: integer('pickup_time').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.cityId, t.servicePointId, t.condition] }),
    index('stocks_point_product_idx').on(t.servicePointId, t.productId),
    check('stocks_quantity_check', sql`${t.quantity} >= 0`),
    check('stocks_condition_check', sql`${t.condition} in ('N', 'V')`),
  ],
)
