import type { StoredNotice } from '../../db/schema/cart'

/** The i18n key of the benefit limit modal: something the shopper had applied no longer applies. */
export const BENEFIT_CLEARED_MESSAGE = 'cart:benefitCleared'

export type ClearedKind = 'promotion' | 'promo_code' | 'gift_card' | 'bonus' | 'tradein'

/** `reason` is the error key the shopper would have got adding it now (an expired code, say). */
export function benefitCleared(
  kind: ClearedKind,
  details: { code?: string; reason?: string; promotionId?: number; amount?: number; sku?: string } = {},
): StoredNotice {
  const { sku, ...rest } = details
  return {
    code: 'benefitCleared',
    message: BENEFIT_CLEARED_MESSAGE,
    ...(sku ? { sku } : {}),
    details: { kind, ...rest },
  }
}
