import type { PromotionChoice } from '../../../contract/cart'
import type { MarketingUnitType } from '../../../contract/values/cart'
import { cartPath, productsPath, settingsPath } from '../../cart/cart-paths'
import { enqueue, type CartTarget } from '../../cart/mutations'
import { CART_KINDS } from '../../cart/optimistic'

/*
 * The changes only the cart page makes (promotions, codes and gift cards, bonuses, clearing what cannot
 * be ordered). They live with the cart page's chunk: in the cart's shared changes every page that adds to
 * the cart loaded them, and the category page is at its JavaScript budget.
 */

/** Spec 7: DELETE .../products/activeProducts clears what cannot be ordered. */
export const removeInactive = (target: CartTarget) =>
  enqueue(target, {
    kind: CART_KINDS.removeInactive,
    method: 'DELETE',
    path: `${productsPath(target.owner, 'v2')}/activeProducts`,
    query: { city_id: target.cityId },
  })

export const choosePromotion = (target: CartTarget, choice: PromotionChoice) =>
  enqueue(target, {
    kind: CART_KINDS.promotions,
    method: 'POST',
    path: `${cartPath(target.owner)}/promotions`,
    dedupeKey: `cart:${cartPath(target.owner)}:promotion:${choice.id}:${choice.referenceProductSku}`,
    body: { city_id: target.cityId, promotions: [choice] },
  })

/** Takes a kit (or a gift the shopper may go without) out of the order: DELETE .../promotions. */
export const removePromotion = (
  target: CartTarget,
  promotion: { promoId: number; referenceProductSku: string },
) =>
  enqueue(target, {
    kind: CART_KINDS.removePromotion,
    method: 'DELETE',
    path: `${cartPath(target.owner)}/promotions`,
    query: {
      city_id: target.cityId,
      promotion_id: promotion.promoId,
      reference_product_sku: promotion.referenceProductSku,
    },
  })

export const addMarketingUnit = (target: CartTarget, unitType: MarketingUnitType, code: string) =>
  enqueue(target, {
    kind: CART_KINDS.addUnit,
    method: 'POST',
    path: `${cartPath(target.owner)}/marketingUnits`,
    body: { city_id: target.cityId, unitType, code },
  })

export const removeMarketingUnit = (target: CartTarget, unitType: MarketingUnitType, operationId: string) =>
  enqueue(target, {
    kind: CART_KINDS.removeUnit,
    method: 'DELETE',
    path: `${cartPath(target.owner)}/marketingUnits`,
    body: { city_id: target.cityId, unitType, operationId },
  })

export const setBonusAmount = (target: CartTarget, bonusAmount: number) =>
  enqueue(target, {
    kind: CART_KINDS.bonus,
    method: 'PUT',
    path: settingsPath(target.owner),
    dedupeKey: `cart:${cartPath(target.owner)}:bonus`,
    body: { city_id: target.cityId, bonusAmount },
  })
