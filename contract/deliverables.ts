import { z } from 'zod'

/*
 * What a paid order gives besides goods (purchase flow 3: `isGiftcard`, `esdKeys`): the codes of the gift
 * cards its certificates issued, usable in any cart, and the licence keys of its digital products.
 */

export const IssuedGiftCard = z.object({
  sku: z.string(),
  title: z.string(),
  code: z.string(),
  /** The nominal, tenge. */
  amount: z.number().int(),
  /** What is left on it now. */
  balance: z.number().int(),
  valid_to: z.string().nullable(),
})
export type IssuedGiftCard = z.infer<typeof IssuedGiftCard>

export const EsdKey = z.object({ sku: z.string(), title: z.string(), key: z.string() })
export type EsdKey = z.infer<typeof EsdKey>

/** GET /oms/api/v1/orders/{id}/deliverables: empty until the order is paid. */
export const OrderDeliverables = z.object({
  gift_cards: z.array(IssuedGiftCard),
  esd_keys: z.array(EsdKey),
})
export type OrderDeliverables = z.infer<typeof OrderDeliverables>

/** A gift card bought in the store is valid this many months from its purchase. */
export const ISSUED_GIFT_CARD_MONTHS = 12
