import { and, eq, sql } from 'drizzle-orm'
import type { Lang } from '../../../contract/common'
import type { OfferLine } from '../../../contract/documents'
import type { Db } from '../../db/connection'
import { commercialOffers, type OfferContact, type OfferOrganisation } from '../../db/schema/documents'
import { servicePoints } from '../../db/schema/geo'

export type OfferRow = typeof commercialOffers.$inferSelect

export interface NewOffer {
  userId: string
  cityId: number
  organization: OfferOrganisation
  contact: OfferContact | null
  lines: OfferLine[]
  total: number
  createdAt: Date
  validUntil: Date
}

export function createDocumentsRepo(db: Db) {
  return {
    /** A pickup point's name and address in the document's language. */
    async servicePoint(id: number, lang: Lang) {
      const [row] = await db
        .select({
          title: lang === 'kk' ? servicePoints.titleKk : servicePoints.titleRu,
          address: lang === 'kk' ? servicePoints.addressKk : servicePoints.addressRu,
        })
        .from(servicePoints)
        .where(eq(servicePoints.id, id))
      return row ?? null
    },

    /** Writes an offer under the next number (КП-1001, КП-1002...). */
    async insertOffer(offer: NewOffer): Promise<OfferRow> {
      const [row] = await db
        .insert(commercialOffers)
        .values({ ...offer, number: sql`'КП-' || nextval('offer_numbers')` })
        .returning()
      return row!
    },

    /** The offer, only when it is this shopper's. */
    async offerOf(id: string, userId: string): Promise<OfferRow | null> {
      const [row] = await db
        .select()
        .from(commercialOffers)
        .where(and(eq(commercialOffers.id, id), eq(commercialOffers.userId, userId)))
      return row ?? null
    },
  }
}

export type DocumentsRepo = ReturnType<typeof createDocumentsRepo>
