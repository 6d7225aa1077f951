import { and, asc, count, eq, gt, isNull, or, sql } from 'drizzle-orm'
import type { PromoCode } from '../../../contract/account-area'
import type { Db } from '../../db/connection'
import { promoCodes } from '../../db/schema/account-area'

type Row = typeof promoCodes.$inferSelect

const toPromo = (r: Row): PromoCode => ({
  id: r.id,
  code: r.code,
  campaign: r.campaign,
  discount: r.discount,
  discountType: r.discountType,
  minOrderSum: r.minOrderSum,
  validTo: r.validTo.toISOString(),
  usedAt: r.usedAt?.toISOString() ?? null,
})

export interface NewPromo {
  code: string
  campaign: string
  userId: string | null
  phone: string | null
  discount: number
  discountType: Row['discountType']
  minOrderSum: number
  validTo: Date
  clientIp: string | null
}

export function createPromoRepo(db: Db) {
  return {
    /**
     * A code received by phone before the shopper had an account joins the account of that phone, unless
     * the account already holds a code of the same campaign.
     */
    async claimByPhone(userId: string, phone: string): Promise<void> {
      await db.execute(sql`
        update ${promoCodes} p set user_id = ${userId}
        where p.phone = ${phone} and p.user_id is null
          and not exists (select 1 from ${promoCodes} q where q.user_id = ${userId} and q.campaign = p.campaign)`)
    },

    async active(userId: string, now: Date): Promise<PromoCode[]> {
      const found = await db
        .select()
        .from(promoCodes)
        .where(and(eq(promoCodes.userId, userId), isNull(promoCodes.usedAt), gt(promoCodes.validTo, now)))
        .orderBy(asc(promoCodes.validTo))
      return found.map(toPromo)
    },

    async existing(campaign: string, userId: string | null, phone: string | null): Promise<PromoCode | null> {
      const owner = [
        ...(userId ? [eq(promoCodes.userId, userId)] : []),
        ...(phone ? [eq(promoCodes.phone, phone)] : []),
      ]
      if (!owner.length) return null
      const [row] = await db
        .select()
        .from(promoCodes)
        .where(and(eq(promoCodes.campaign, campaign), or(...owner)))
        .limit(1)
      return row ? toPromo(row) : null
    },

    async recentFromIp(ip: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(promoCodes)
        .where(and(eq(promoCodes.clientIp, ip), gt(promoCodes.createdAt, since)))
      return row?.n ?? 0
    },

    /** Null when the code, or the owner's code of that campaign, already exists (a race or a collision). */
    async insert(promo: NewPromo): Promise<PromoCode | null> {
      const [row] = await db.insert(promoCodes).values(promo).onConflictDoNothing().returning()
      return row ? toPromo(row) : null
    },
  }
}
export type PromoRepo = ReturnType<typeof createPromoRepo>
