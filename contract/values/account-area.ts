/** The account area's base paths, flags and code lists (see contract/account-area.ts for the schemas). */

export const ACCOUNT_V2 = '/account/api/v2'
export const PAYMENT_V1 = '/payment/api/v1'
export const BONUS_V1 = '/bonus/api/v1'
export const MARKETING_V1 = '/marketing/api/v1'
export const FLAGS_V1 = '/flags/api/v1'
export const ACTIONER_V1 = '/actioner/api/v1'
export const OMS_V3 = '/oms/api/v3'

export const BONUS_STATUSES = ['HAS_BENEFIT', 'HAS_NO_BONUS', 'UNAUTHORIZED'] as const

/** The campaign the guest offer modal hands out (spec 4). */
export const GUEST_PROMO_CAMPAIGN = 'guest-welcome'

export const FLAG_IDS = {
  yandexSuggest: 15,
  newYearTheme: 36,
  bankPromotion: 41,
  installSuggestion: 52,
  guestPromocodes: 85,
} as const
/** Spec 4: a flag is active only for one variant key. */
export const FLAG_ACTIVE_VARIANT = {
  bankPromotion: 'withPromotion',
  installSuggestion: 'withInstallSuggestion',
  guestPromocodes: 'default',
} as const

/**
 * An order's life (README, Orders move): created (`NEW`, paid on receipt) or waiting for its money
 * (`PAYMENT_PENDING`), paid (`PROCESSING`), being put together at the warehouse (`ASSEMBLING`), then
 * `READY_FOR_PICKUP` at its point or handed to the courier (`DELIVERING`), and received (`COMPLETED`);
 * or `CANCELLED`, or `REFUNDED` (received, returned and paid back). Which moves exist, and who may make
 * each, is data: the `order_status_transitions` table.
 */
export const ORDER_STATUSES = [
  'NEW',
  'PAYMENT_PENDING',
  'PROCESSING',
  'ASSEMBLING',
  'READY_FOR_PICKUP',
  'DELIVERING',
  'COMPLETED',
  'CANCELLED',
  'REFUNDED',
] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
export const ORDER_PAGE_SIZE = 25
