import type { PaymentGroup, PaymentMethodCode } from '../../../contract/values/checkout'
import type { PaymentMethodBuyer } from '../../db/schema/checkout'

/** A row of `payment_method_rules`: when a method is offered. */
export interface PaymentMethodRule {
  code: PaymentMethodCode
  group: PaymentGroup
  position: number
  minSum: number
  maxSum: number | null
  deliveryTypes: string[]
  cityIds: number[]
  buyer: PaymentMethodBuyer
  requiresUser: boolean
  onReceipt: boolean
  isActive: boolean
}

/** What the rules are judged against: the cart's sum to pay, where it goes and who buys. */
export interface PaymentSituation {
  sum: number
  cityId: number
  deliveryType: string
  isOrganization: boolean
  signedIn: boolean
  /** A line must be paid before it is handed over (`onlyPrepayment`). */
  prepaymentOnly: boolean
}

export interface MethodVerdict {
  code: PaymentMethodCode
  group: PaymentGroup
  available: boolean
  reason: string | null
  min_sum: number
  max_sum: number | null
}

export const PAYMENT_METHOD_REASONS = {
  city: 'checkout:methodNotInCity',
  delivery: 'checkout:methodNotForDelivery',
  buyer: 'checkout:methodNotForBuyer',
  signIn: 'checkout:methodNeedsSignIn',
  minSum: 'checkout:methodMinSum',
  maxSum: 'checkout:methodMaxSum',
  prepayment: 'checkout:methodNeedsPrepayment',
} as const

/** The first rule a situation breaks, or null: the order of the checks is the order of the reasons shown. */
export function refusal(rule: PaymentMethodRule, s: PaymentSituation): string | null {
  if (rule.cityIds.length > 0 && !rule.cityIds.includes(s.cityId)) return PAYMENT_METHOD_REASONS.city
  if (rule.deliveryTypes.length > 0 && !rule.deliveryTypes.includes(s.deliveryType))
    return PAYMENT_METHOD_REASONS.delivery
  if (rule.buyer === 'organization' && !s.isOrganization) return PAYMENT_METHOD_REASONS.buyer
  if (rule.buyer === 'individual' && s.isOrganization) return PAYMENT_METHOD_REASONS.buyer
  if (rule.requiresUser && !s.signedIn) return PAYMENT_METHOD_REASONS.signIn
  if (rule.onReceipt && s.prepaymentOnly) return PAYMENT_METHOD_REASONS.prepayment
  if (s.sum < rule.minSum) return PAYMENT_METHOD_REASONS.minSum
  if (rule.maxSum !== null && s.sum > rule.maxSum) return PAYMENT_METHOD_REASONS.maxSum
  return null
}

/** Every active method in the store's order, with whether this situation may use it and why not. */
export function judgeMethods(rules: PaymentMethodRule[], s: PaymentSituation): MethodVerdict[] {
  return rules
    .filter((r) => r.isActive)
    .sort((a, b) => a.position - b.position)
    .map((rule) => {
      const reason = refusal(rule, s)
      return {
        code: rule.code,
        group: rule.group,
        available: reason === null,
        reason,
        min_sum: rule.minSum,
        max_sum: rule.maxSum,
      }
    })
}

const rule = (r: Partial<PaymentMethodRule> & Pick<PaymentMethodRule, 'code' | 'group' | 'position'>) =>
  ({
    minSum: 0,
    maxSum: null,
    deliveryTypes: [],
    cityIds: [],
    buyer: 'any',
    requiresUser: false,
    onReceipt: false,
    isActive: true,
    ...r,
  }) satisfies PaymentMethodRule

/**
 * The rules a store starts with, written once when the table is empty (marketing edits the rows).
 * Airba Pay's credit stays off: the store has no provider for it, and a method it cannot complete is not
 * offered. Installments and loans go through the loan broker (server/modules/broker).
 */
export const DEFAULT_PAYMENT_METHOD_RULES: PaymentMethodRule[] = [
  rule({ code: 'card_payment', group: 'card', position: 10 }),
  rule({ code: 'kaspi_qr_payment', group: 'qr', position: 20, buyer: 'individual', maxSum: 2_000_000 }),
  rule({
    code: 'cash_payment',
    group: 'cash',
    position: 30,
    buyer: 'individual',
    onReceipt: true,
    maxSum: 1_000_000,
  }),
  rule({ code: 'cashless_payment', group: 'cashless', position: 40, buyer: 'organization', minSum: 1 }),
  rule({
    code: 'loan/installment',
    group: 'financing',
    position: 50,
    buyer: 'individual',
    requiresUser: true,
    minSum: 30_000,
    maxSum: 2_000_000,
  }),
  rule({
    code: 'loan/installment_initial_payment',
    group: 'financing',
    position: 60,
    buyer: 'individual',
    requiresUser: true,
    minSum: 30_000,
    maxSum: 2_000_000,
  }),
  rule({
    code: 'airba_pay_credit',
    group: 'financing',
    position: 70,
    buyer: 'individual',
    requiresUser: true,
    minSum: 10_000,
    maxSum: 1_000_000,
    isActive: false,
  }),
  rule({ code: 'techno_bonus', group: 'benefit', position: 80, buyer: 'individual', requiresUser: true }),
  rule({ code: 'promocode', group: 'benefit', position: 90 }),
  rule({ code: 'gift_card', group: 'benefit', position: 100 }),
]
