import type { z } from 'zod'
import type { GiftCardInfo, PromoCodeCheck } from '../../../contract/cart'
import type { Lang } from '../../../contract/common'
import type { FastifyInstance } from 'fastify'
import { giftCardRefusal, promoCodeRefusal, type Pricing } from '../pricing'

/**
 * Marketing's checks of a gift card and a promo code before the shopper adds one to the cart: the same
 * rules and errors the cart applies (cart/pricing), so the two never disagree.
 */
export function createBenefitChecks(
  benefits: Pricing,
  lines: FastifyInstance['pricingLines'],
  now: () => Date = () => new Date(),
) {
  return {
    async giftCard(code: string): Promise<z.infer<typeof GiftCardInfo>> {
      const card = (await benefits.giftCards([code])).get(code)
      const refusal = giftCardRefusal(card, now())
      if (refusal || !card) throw refusal
      return { code: card.code, balance: card.balance, validTo: card.validTo?.toISOString() ?? null }
    },

    /**
     * Without a cart: whether this shopper may use the code now. With one: also whether it applies to
     * the cart's items, and what it would take off.
     */
    async promoCode(
      code: string,
      request: { cartId: string | undefined; userId: string | null; lang: Lang },
    ): Promise<z.infer<typeof PromoCodeCheck>> {
      const at = now()
      let found
      let sum: number | null = null
      if (request.cartId) {
        const cart = await lines.forCart(request.cartId, request.userId)
        const { terms, outcome } = await benefits.promoCodeFor(code, {
          cartId: request.cartId,
          cityId: cart.cityId,
          userId: request.userId,
          now: at,
          lang: request.lang,
          lines: cart.lines,
          promotionChoices: cart.promotionChoices,
          marketingUnits: cart.marketingUnits,
          bonusAmount: 0,
          tradeins: [],
        })
        if (!outcome.ok) throw outcome.error
        found = terms
        sum = outcome.sum
      } else {
        const { terms, usage } = await benefits.promoCode(code, request.userId)
        const refusal = promoCodeRefusal(terms, { userId: request.userId, now: at, usage })
        if (refusal) throw refusal
        found = terms
      }
      if (!found) throw new Error('a promo code passed its checks without terms')
      return {
        code: found.code,
        discountType: found.discountKind,
        value: found.value,
        rounding: found.rounding,
        minOrderSum: found.minOrderSum,
        validTo: found.validTo?.toISOString() ?? null,
        sum,
      }
    },
  }
}
