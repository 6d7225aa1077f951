import type { LoanCalculation, LoanOffer } from '../../../contract/cart'
import type { LoanProductRow } from '../pricing'

/** Interest-free: the amount in equal monthly parts, rounded up so the bank is paid in full. */
export const installmentPayment = (amount: number, months: number): number => Math.ceil(amount / months)

/** Annuity: P·r / (1 − (1 + r)^−n) with r the monthly rate, rounded up to the tenge. */
export function annuityPayment(amount: number, months: number, yearlyRate: number): number {
  const r = yearlyRate / 12 / 100
  if (r === 0) return installmentPayment(amount, months)
  return Math.ceil((amount * r) / (1 - (1 + r) ** -months))
}

function offer(product: LoanProductRow, amount: number): LoanOffer {
  const installment = product.productType === 'installment'
  const monthlyPayment = installment
    ? installmentPayment(amount, product.months)
    : annuityPayment(amount, product.months, product.rate)
  return {
    bankCode: product.bankCode,
    bankTitle: product.bankTitle,
    productType: product.productType,
    code: installment ? `0-0-${product.months}` : `loan-${product.months}`,
    months: product.months,
    rate: installment ? 0 : product.rate,
    monthlyPayment,
    total: monthlyPayment * product.months,
  }
}

const byTerm = (a: LoanOffer, b: LoanOffer) =>
  a.months - b.months || a.monthlyPayment - b.monthlyPayment || a.bankCode.localeCompare(b.bankCode)

/** The offers of the active bank products whose amount range holds the amount, shortest term first. */
export function calculateLoans(amount: number, products: LoanProductRow[]): LoanCalculation {
  const fitting = products
    .filter((p) => p.isActive && p.minAmount <= amount && amount <= p.maxAmount && p.months > 0)
    .map((p) => offer(p, amount))
  return {
    amount,
    installments: fitting.filter((o) => o.productType === 'installment').sort(byTerm),
    loans: fitting.filter((o) => o.productType === 'loan').sort(byTerm),
  }
}
