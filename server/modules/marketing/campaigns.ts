import type { DiscountType } from '../../db/schema/account-area'
import { GUEST_PROMO_CAMPAIGN } from '../../../contract/account-area'

export interface Campaign {
  prefix: string
  discount: number
  discountType: DiscountType
  minOrderSum: number
  validDays: number
}

/** Personal promo campaigns a shopper can receive a code of (spec 7.9: promo-partners/receive). */
export const CAMPAIGNS: Record<string, Campaign> = {
  [GUEST_PROMO_CAMPAIGN]: {
    prefix: 'WELCOME',
    discount: 5,
    discountType: 'percent',
    minOrderSum: 30_000,
    validDays: 30,
  },
}
