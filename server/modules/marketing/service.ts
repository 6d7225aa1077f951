import { randomInt } from 'node:crypto'
import type { PromoCode } from '../../../contract/account-area'
import { badRequest, HttpError, notFound, tooManyRequests } from '../../http/errors'
import { CAMPAIGNS } from './campaigns'
import type { PromoRepo } from './repo'

/** Codes one client address may collect in an hour: enough for a family, too few to harvest. */
export const PROMO_CODES_PER_IP_HOUR = 5
// No 0/O, 1/I/L: a code is read aloud to a cashier or typed from a screenshot.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'

export function promoCodeText(prefix: string): string {
  let tail = ''
  for (let i = 0; i < 6; i++) tail += ALPHABET[randomInt(ALPHABET.length)]
  return `${prefix}-${tail}`
}

export interface Owner {
  userId: string | null
  phone: string | null
}

export function createPromoService(repo: PromoRepo, now: () => Date = () => new Date()) {
  return {
    /** Spec 7.9: the signed-in shopper's usable codes (a guest has none until signed in). */
    async active(user: { userId: string; phone: string } | null): Promise<PromoCode[]> {
      if (!user) return []
      await repo.claimByPhone(user.userId, user.phone)
      return repo.active(user.userId, now())
    },

    /**
     * Spec 7.9: one personal code per campaign and owner. A guest receives it by phone (spec 6: "receive
     * one personal promo code by modal"); asking again answers the same code.
     */
    async receive(
      campaign: string,
      owner: Owner,
      ip: string,
    ): Promise<{ promo: PromoCode; created: boolean }> {
      const settings = CAMPAIGNS[campaign]
      if (!settings) throw notFound('errors:promoCampaignNotFound')
      if (!owner.userId && !owner.phone)
        throw badRequest('errors:pleaseVerifyInputData', {
          issues: [{ path: 'body.phone', message: 'a guest needs a phone' }],
        })
      const existing = await repo.existing(campaign, owner.userId, owner.phone)
      if (existing) return { promo: existing, created: false }
      const at = now()
      if ((await repo.recentFromIp(ip, new Date(at.getTime() - 3_600_000))) >= PROMO_CODES_PER_IP_HOUR)
        throw tooManyRequests(3600)
      for (let attempt = 0; attempt < 5; attempt++) {
        const promo = await repo.insert({
          code: promoCodeText(settings.prefix),
          campaign,
          userId: owner.userId,
          phone: owner.phone,
          discount: settings.discount,
          discountType: settings.discountType,
          minOrderSum: settings.minOrderSum,
          validTo: new Date(at.getTime() + settings.validDays * 86_400_000),
          clientIp: ip,
        })
        if (promo) return { promo, created: true }
        // Either the owner got a code meanwhile (answer it) or the random code collided (draw again).
        const raced = await repo.existing(campaign, owner.userId, owner.phone)
        if (raced) return { promo: raced, created: false }
      }
      throw new HttpError(503, 'promo_unavailable', 'common:personalPromocodes.guest.error')
    },
  }
}
