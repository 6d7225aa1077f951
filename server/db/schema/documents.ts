import { index, integer, jsonb, pgSequence, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { OfferLine } from '../../../contract/documents'

/** Numbers of commercial offers as an organisation sees them (КП-1001): rising, never reused. */
export const offerNumbers = pgSequence('offer_numbers', { startWith: 1001 })

export interface OfferOrganisation {
  name: string
  bin: string
  address: string
}

export interface OfferContact {
  name: string | null
  phone: string | null
  email: string | null
}

/**
 * A commercial offer (purchase flow 7): the goods of a shopper's cart at the day's prices in the city,
 * for an organisation. The lines are kept as they were offered, so the PDF says the same every time.
 */
export const commercialOffers = pgTable(
  'commercial_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    userId: text('user_id').notNull(),
    cityId: integer('city_id').notNull(),
    organization: jsonb('organization').$type<OfferOrganisation>().notNull(),
    contact: jsonb('contact').$type<OfferContact>(),
    lines: jsonb('lines').$type<OfferLine[]>().notNull(),
    total: integer('total').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
  },
  (t) => [index('commercial_offers_user_idx').on(t.userId, t.createdAt)],
)
