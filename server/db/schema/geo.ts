import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { SERVICE_POINT_TYPES, WEEKDAYS } from '../../../contract/values/menu'

/** The four cities the store sells in; ids 1-4 are fixed by the spec (Almaty 1, Astana 2, Shymkent 3, Aktobe 4). */
export const cities = pgTable('cities', {
  id: integer('id').primaryKey(),
  countryId: integer('country_id').notNull(),
  city1cGuid: uuid('city_1c_guid').notNull(),
  cityMagentoId: integer('city_magento_id').notNull(),
  nameEn: text('name_en').notNull(),
  nameKz: text('name_kz').notNull(),
  nameRu: text('name_ru').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  slug: text('slug').notNull().unique(),
  lastUpdate: timestamp('last_update', { withTimezone: true }).notNull(),
  cityCode: text('city_code').notNull(),
  mapAvailable: boolean('map_available').notNull().default(true),
  postCode: text('post_code').notNull(),
})

// One list of service point types and weekdays for the schema, the API contract and the browser.
export { SERVICE_POINT_TYPES, WEEKDAYS }
export type ServicePointType = (typeof SERVICE_POINT_TYPES)[number]
export type Weekday = (typeof WEEKDAYS)[number]
/** Opening hours per weekday in the `work_hours` format ('10:00-22:00'); null is a day off. */
export type WeeklyWorkHours = Record<Weekday, string | null>

/** Shops (stock, showcase, pickup within the hour) and pickup points (orders brought from the warehouse). */
export const servicePoints = pgTable(
  'service_points',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    guid: uuid('guid').notNull().unique(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    type: text('type').$type<ServicePointType>().notNull(),
    titleRu: text('title_ru').notNull(),
    titleKk: text('title_kk').notNull(),
    addressRu: text('address_ru').notNull(),
    addressKk: text('address_kk').notNull(),
    descriptionRu: text('description_ru').notNull().default(''),
    descriptionKk: text('description_kk').notNull().default(''),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    manager: text('manager').notNull(),
    promo: text('promo'),
    isActive: boolean('is_active').notNull().default(true),
    isDriveThruAvailable: boolean('is_drive_thru_available').notNull().default(false),
    /** Takes old devices for trade-in: a trade-in order is collected only at such a shop. */
    acceptsTradein: boolean('accepts_tradein').notNull().default(false),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    workHours: text('work_hours').notNull(),
    weeklyWorkHours: jsonb('weekly_work_hours').$type<WeeklyWorkHours>().notNull(),
  },
  (t) => [index('service_points_city_idx').on(t.cityId, t.type)],
)
