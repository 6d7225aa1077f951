import { createHash } from 'node:crypto'
import type { BankAnswer, BankTerms, LoanApplication, OfferTerms } from './provider'

/** A bank that has not answered by then is given up: PARTNER_CANCELLED, reason `timeout`. */
export const BANK_TIMEOUT_SECONDS = 30
/** The share of the scoring time a bank spends just taking the application (INIT). */
const INIT_SHARE = 0.2
/** Above this a bank approves only in principle (PREAPPROVED): it confirms on its page. */
export const PREAPPROVAL_ABOVE = 1_000_000
/** Youngest applicant the banks lend to, years. */
export const MIN_AGE = 21
/** A monthly payment above this share of the stated income is declined. */
export const MAX_PAYMENT_SHARE = 0.5

/** Interest-free: equal parts rounded up. Annuity: P·r / (1 − (1 + r)^−n). Equal (differentiated): the first, largest, month. */
export function monthlyPayment(
  amount: number,
  months: number,
  yearlyRate: number,
  schedule: 'ANNUITY' | 'EQUAL',
): number {
  const r = yearlyRate / 12 / 100
  if (r === 0) return Math.ceil(amount / months)
  if (schedule === 'EQUAL') return Math.ceil(amount / months + amount * r)
  return Math.ceil((amount * r) / (1 - (1 + r) ** -months))
}

/** Age in whole years from an ИИН: YYMMDD, then the century and sex digit (1-2: 1800s, 3-4: 1900s, 5-6: 2000s). */
export function ageOf(taxCode: string, at: Date): number | null {
  const m = /^(\d{2})(\d{2})(\d{2})([1-6])/.exec(taxCode)
  if (!m) return null
  const century = 1800 + Math.floor((Number(m[4]) - 1) / 2) * 100
  const born = new Date(Date.UTC(century + Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  if (Number.isNaN(born.getTime()) || born.getUTCDate() !== Number(m[3])) return null
  let age = at.getUTCFullYear() - born.getUTCFullYear()
  const birthday = Date.UTC(at.getUTCFullYear(), born.getUTCMonth(), born.getUTCDate())
  if (at.getTime() < birthday) age--
  return age
}

/** A stable uuid for an offer: the same application and bank always name the same offer. */
export function offerId(referenceId: string, bic: string): string {
  const h = createHash('sha256').update(`${referenceId}:${bic}`).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`
}

type Decision = Pick<BankAnswer, 'state' | 'reason'> & { offer: Omit<OfferTerms, 'redirectUrl'> | null }

/** What a bank decides once it has scored: the rules of README's financing section, in this order. */
export function decide(bank: BankTerms, app: LoanApplication, at: Date): Decision {
  const reject = (reason: NonNullable<BankAnswer['reason']>): Decision => ({
    state: 'REJECTED',
    reason,
    offer: null,
  })
  const products = bank.products.filter(
    (p) => p.productType === app.productType && p.loanLengths.includes(app.loanLength),
  )
  if (products.length === 0) return reject('term_not_offered')
  const product = products.find((p) => p.minAmount <= app.amount && app.amount <= p.maxAmount)
  if (!product)
    return reject(
      products.every((p) => app.amount > p.maxAmount) ? 'amount_over_limit' : 'amount_under_limit',
    )
  if (bank.needsStatement && app.statementBics.length === 0) return reject('statement_required')
  const payment = monthlyPayment(app.amount, app.loanLength, product.rate, product.schedule)
  const age = ageOf(app.applicant.taxCode, at)
  const income = app.applicant.income
  if (age === null || age < MIN_AGE || (income !== null && payment > income * MAX_PAYMENT_SHARE))
    return reject('applicant_declined')
  const id = offerId(app.referenceId, bank.bic)
  return {
    state: app.amount > PREAPPROVAL_ABOVE ? 'PREAPPROVED' : 'APPROVED',
    reason: null,
    offer: {
      id,
      contractNumber: `${bank.bic.slice(0, 4)}-${app.referenceId.slice(0, 8).toUpperCase()}`,
      loanAmount: app.amount,
      loanLength: app.loanLength,
      monthlyPayment: payment,
      productType: app.productType,
      schedule: product.schedule,
      rate: product.rate,
      code: app.productType === 'installment' ? `0-0-${app.loanLength}` : `loan-${app.loanLength}`,
    },
  }
}

/**
 * A bank's answer `elapsedSeconds` after the application came: INIT while it takes it, CALCULATION (or
 * NOT_READY_YET while it reads a statement) while it scores, then its decision. A bank that never
 * answers is given up after BANK_TIMEOUT_SECONDS.
 */
export function scoreBank(
  bank: BankTerms,
  app: LoanApplication,
  elapsedSeconds: number,
  at: Date,
  pageOf: (offerId: string) => string,
): BankAnswer {
  const seconds = bank.scoringSeconds
  const base = { bic: bank.bic, reason: null, offers: [] }
  if (seconds === null) {
    if (elapsedSeconds >= BANK_TIMEOUT_SECONDS)
      return { ...base, state: 'PARTNER_CANCELLED', reason: 'timeout' }
    return { ...base, state: elapsedSeconds < 1 ? 'INIT' : 'CALCULATION' }
  }
  if (elapsedSeconds < seconds * INIT_SHARE) return { ...base, state: 'INIT' }
  if (elapsedSeconds < seconds)
    return {
      ...base,
      state: bank.needsStatement && app.statementBics.length > 0 ? 'NOT_READY_YET' : 'CALCULATION',
    }
  const d = decide(bank, app, at)
  return {
    bic: bank.bic,
    state: d.state,
    reason: d.reason,
    offers: d.offer ? [{ ...d.offer, redirectUrl: pageOf(d.offer.id) }] : [],
  }
}
