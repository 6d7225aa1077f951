import type { LoanCalculation, LoanOffer } from '../../../contract/cart'
import { monthlyPayment } from '../../providers/broker/scoring'
import type { BankProductTerms } from './terms'

/**
 * What the shopper pays back in all: equal parts rounded up for an installment or an annuity; for an
 * equal (differentiated) schedule the principal plus the interest on what is left each month.
 */
function totalOf(
  amount: number,
  months: number,
  rate: number,
  schedule: BankProductTerms['schedule'],
  first: number,
) {
  const r = rate / 12 / 100
  if (r === 0 || schedule === 'ANNUITY') return first * months
  return Math.ceil(amount + (amount * r * (months + 1)) / 2)
}

/** One offer per term of a bank product: the monthly payment the bank's own offer will name. */
function offersOf(product: BankProductTerms, amount: number): LoanOffer[] {
  const installment = product.productType === 'installment'
  return product.loanLengths.map((months) => {
    const payment = monthlyPayment(amount, months, product.rate, product.schedule)
    return {
      bankCode: product.bic,
      bankTitle: product.bankTitle,
      productType: product.productType,
      code: installment ? `0-0-${months}` : `loan-${months}`,
      months,
      rate: product.rate,
      monthlyPayment: payment,
      total: totalOf(amount, months, product.rate, product.schedule, payment),
    }
  })
}

const byTerm = (a: LoanOffer, b: LoanOffer) =>
  a.months - b.months || a.monthlyPayment - b.monthlyPayment || a.bankCode.localeCompare(b.bankCode)

/**
 * The offers of the partner banks' products whose amount range holds the amount, each of their terms,
 * shortest term first: the same terms and monthly payments the broker's banks offer for it.
 */
export function calculateLoans(amount: number, products: readonly BankProductTerms[]): LoanCalculation {
  const fitting = products
    .filter((p) => p.minAmount <= amount && amount <= p.maxAmount)
    .flatMap((p) => offersOf(p, amount))
    .filter((o) => o.months > 0)
  return {
    amount,
    installments: fitting.filter((o) => o.productType === 'installment').sort(byTerm),
    loans: fitting.filter((o) => o.productType === 'loan').sort(byTerm),
  }
}
