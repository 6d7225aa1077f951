import { CART_ERROR_KEYS } from '../../../contract/values/cart'
import { type HttpError, notFound, unprocessable } from '../../http/errors'
import type { PromoCodeTerms, PromoCodeUsage } from './benefit-data'
import { type ConditionSubject, matchesConditions } from './conditions'
import { percentOf } from './rounding'

/** Something the shopper buys, as a promo code sees it: a cart line or a kit part. */
export interface PayableItem extends ConditionSubject {
  sku: string
  total: number
}

/**
 * Why a code cannot be used by this shopper now, whatever the cart holds: unknown, another shopper's,
 * not started, expired, or over a limit. Null when it may be used.
 */
export function promoCodeRefusal(
  terms: PromoCodeTerms | null,
  context: { userId: string | null; now: Date; usage: PromoCodeUsage },
): HttpError | null {
  if (!terms) return notFound(CART_ERROR_KEYS.promoCodeNotFound)
  const { userId, now, usage } = context
  if (terms.personal) {
    if (!userId || terms.personal.ownerUserId !== userId)
      return unprocessable(CART_ERROR_KEYS.promoCodeForeign)
    if (terms.personal.usedAt) return unprocessable(CART_ERROR_KEYS.promoCodeLimitReached)
  }
  if (!terms.isActive || (terms.validTo && now >= terms.validTo))
    return unprocessable(CART_ERROR_KEYS.promoCodeExpired)
  if (now < terms.validFrom) return unprocessable(CART_ERROR_KEYS.promoCodeNotStarted)
  if (terms.limitTotal !== null && usage.total >= terms.limitTotal)
    return unprocessable(CART_ERROR_KEYS.promoCodeLimitReached)
  if (terms.limitPerUser !== null) {
    // a per-shopper limit cannot be counted for a guest
    if (!userId) return unprocessable(CART_ERROR_KEYS.promoCodeLimitReached, { signIn: true })
    if (usage.byUser >= terms.limitPerUser) return unprocessable(CART_ERROR_KEYS.promoCodeLimitReached)
  }
  return null
}

/** What the code takes off an eligible sum: a fixed sum or a rounded percent, never more than the sum. */
export function promoCodeDiscount(terms: PromoCodeTerms, eligibleSum: number): number {
  const raw = terms.discountKind === 'fix' ? terms.value : percentOf(eligibleSum, terms.value, terms.rounding)
  const capped = terms.maxDiscount === null ? raw : Math.min(raw, terms.maxDiscount)
  return Math.max(0, Math.min(capped, eligibleSum))
}

export type PromoCodeOutcome =
  { ok: true; sum: number; eligibleSum: number; applicableSkus: string[] } | { ok: false; error: HttpError }

/**
 * The code against what the shopper buys (active lines and kit parts at their kit price): at least one
 * item must meet its conditions, and the eligible items must reach its minimum order sum.
 */
export function evaluatePromoCode(
  terms: PromoCodeTerms | null,
  items: PayableItem[],
  context: { userId: string | null; now: Date; usage: PromoCodeUsage },
): PromoCodeOutcome {
  const refusal = promoCodeRefusal(terms, context)
  if (refusal || !terms) return { ok: false, error: refusal ?? notFound(CART_ERROR_KEYS.promoCodeNotFound) }
  const eligible = items.filter((item) => item.total > 0 && matchesConditions(terms.conditions, item))
  if (!eligible.length) return { ok: false, error: unprocessable(CART_ERROR_KEYS.promoCodeNotApplicable) }
  const eligibleSum = eligible.reduce((sum, item) => sum + item.total, 0)
  if (eligibleSum < terms.minOrderSum)
    return { ok: false, error: unprocessable(CART_ERROR_KEYS.promoCodeMinSum, { min: terms.minOrderSum }) }
  return {
    ok: true,
    sum: promoCodeDiscount(terms, eligibleSum),
    eligibleSum,
    applicableSkus: [...new Set(eligible.map((item) => item.sku))],
  }
}
