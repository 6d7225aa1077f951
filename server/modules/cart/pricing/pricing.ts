import { CART_ERROR_KEYS } from '../../../../contract/cart'
import type { Db } from '../../../db/connection'
import { notFound, unauthorized } from '../../../http/errors'
import { baseLines, baseSums } from './base-sums'
import type { CartPricing } from './types'

/**
 * Prices a cart at the city's shelf prices. The benefits (promotions, promo codes, gift cards, bonuses,
 * cashback) come in as this grows; until a benefit is known here, adding it is refused as unknown.
 */
export function createCartPricing(_db: Db): CartPricing {
  return {
    price(input) {
      const lines = baseLines(input.lines)
      return Promise.resolve({
        lines,
        promotions: [],
        marketingUnits: [],
        promoCodeInfo: null,
        sums: baseSums(input.lines, lines),
        cleared: {},
        notices: [],
      })
    },
    checkMarketingUnit(unit) {
      return Promise.reject(
        notFound(
          unit.type === 'gift_card' ? CART_ERROR_KEYS.giftCardNotFound : CART_ERROR_KEYS.promoCodeNotFound,
        ),
      )
    },
    checkPromotionChoice() {
      return Promise.reject(notFound(CART_ERROR_KEYS.promotionNotFound))
    },
    checkBonusAmount(amount, input) {
      if (amount > 0 && !input.userId) return Promise.reject(unauthorized(CART_ERROR_KEYS.bonusUnauthorized))
      return Promise.resolve()
    },
  }
}
