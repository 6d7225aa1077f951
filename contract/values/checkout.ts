/** Bases of the checkout, order and payment calls (purchase flow 7). */
export const OMS_V1 = '/oms/api/v1'
export const OMS_V5 = '/oms/api/v5'

/** Purchase flow 3, Payment methods: every code a cart may be offered. */
export const PAYMENT_METHOD_CODES = [
  'card_payment',
  'kaspi_qr_payment',
  'cash_payment',
  'cashless_payment',
  'loan/installment',
  'loan/installment_initial_payment',
  'airba_pay_credit',
  'techno_bonus',
  'promocode',
  'gift_card',
] as const
export type PaymentMethodCode = (typeof PAYMENT_METHOD_CODES)[number]

/**
 * The methods an order is paid with (the rest are benefits applied in the cart). A `loan/...` order
 * waits for the broker: the shopper applies for it (contract/broker.ts) and a signed bank offer pays it.
 */
export const ORDER_PAYMENT_METHODS = [
  'card_payment',
  'kaspi_qr_payment',
  'cash_payment',
  'cashless_payment',
  'loan/installment',
  'loan/installment_initial_payment',
] as const
export type OrderPaymentMethod = (typeof ORDER_PAYMENT_METHODS)[number]

/** How the checkout page groups the methods. */
export const PAYMENT_GROUPS = ['card', 'qr', 'cash', 'cashless', 'financing', 'benefit'] as const
export type PaymentGroup = (typeof PAYMENT_GROUPS)[number]

/**
 * Where an order's payment stands. `not_required`: paid on receipt (cash) or fully by gift cards and
 * bonuses; `refund_due`: money arrived for an order that had already expired.
 */
export const PAYMENT_STATUSES = [
  'pending',
  'failed',
  'paid',
  'not_required',
  'refund_due',
  'refunded',
] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** The maximum order, tenge (purchase flow 5, 9). */
export const MAX_ORDER_SUM = 2_000_000

/** How long an unpaid order holds its goods for a card or QR payment, and for a cashless transfer. */
export const ONLINE_PAYMENT_HOLD_MINUTES = 20
export const CASHLESS_PAYMENT_HOLD_HOURS = 72
/** How long an order placed for financing holds its goods while the banks score and the shopper signs. */
export const FINANCING_PAYMENT_HOLD_MINUTES = 60
/** `loan/installment_initial_payment`: the share of the order paid first by card, percent. */
export const INITIAL_PAYMENT_PERCENT = 10

export const CHECKOUT_ERROR_KEYS = {
  /** 422: no active line to order. */
  cartEmpty: 'checkout:cartEmpty',
  /** 422: details.max. */
  maxOrderSum: 'checkout:maxOrderSum',
  /** 409: the sum the shopper saw is not what the order costs now; details.sumToPay. */
  priceChanged: 'checkout:priceChanged',
  /** 409: a line has fewer units than asked; details.sku, details.count. */
  stockChanged: 'checkout:stockChanged',
  /** 409: this cart became an order already; details.order_id. */
  cartAlreadyOrdered: 'checkout:cartAlreadyOrdered',
  /** 422: the method is not offered for this cart, delivery or buyer; details.reason. */
  paymentMethodUnavailable: 'checkout:paymentMethodUnavailable',
  /** 422: the delivery type is not offered for these goods. */
  deliveryUnavailable: 'checkout:deliveryUnavailable',
  /** 422: the pickup point does not hold every item. */
  servicePointUnavailable: 'checkout:servicePointUnavailable',
  /** 422: the courier date or slot is not among those offered. */
  slotUnavailable: 'checkout:slotUnavailable',
  /** 422: courier delivery needs an address. */
  addressRequired: 'checkout:addressRequired',
  /** 422: the installation date is excluded or not valid (purchase flow 5). */
  installationDateInvalid: 'checkout:installationDateInvalid',
  /** 422: an organisation buyer needs name, BIN and address (purchase flow 5). */
  organizationRequired: 'checkout:organizationRequired',
  /** 422: the saved card is not the shopper's. */
  cardNotFound: 'checkout:cardNotFound',
  orderNotFound: 'checkout:orderNotFound',
  /** 409: the order is paid, cancelled or no longer holds its goods. */
  orderNotPayable: 'checkout:orderNotPayable',
  /** 403: a provider callback whose signature does not check. */
  badSignature: 'payment:badSignature',
  /** 409: a callback for a payment of another order, or for another amount. */
  paymentMismatch: 'payment:paymentMismatch',
  /** 502/504: the payment provider failed or did not answer. */
  providerUnavailable: 'payment:providerUnavailable',
} as const
