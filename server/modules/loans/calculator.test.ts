import { describe, expect, it } from 'vitest'
import { decide, monthlyPayment } from '../../providers/broker/scoring'
import type { BankTerms, LoanApplication } from '../../providers/broker/provider'
import { calculateLoans } from './calculator'
import type { BankProductTerms } from './terms'

const product = (over: Partial<BankProductTerms>): BankProductTerms => ({
  bic: 'CASPKZKA',
  bankTitle: 'Kaspi Bank',
  priority: 12,
  productType: 'installment',
  schedule: 'EQUAL',
  loanLengths: [12],
  rate: 0,
  minAmount: 3_000,
  maxAmount: 2_000_000,
  ...over,
})

describe('the loan calculator', () => {
  it('splits an installment into equal months, rounded up', () => {
    const [offer] = calculateLoans(100_000, [product({})]).installments
    expect(offer).toMatchObject({ code: '0-0-12', monthlyPayment: 8_334, total: 100_008, rate: 0 })
  })

  it('pays an annuity loan at the monthly rate, rounded up, and an equal-schedule loan by its first month', () => {
    const result = calculateLoans(100_000, [
      product({
        bic: 'HSBKKZKX',
        bankTitle: 'Halyk Bank',
        productType: 'loan',
        schedule: 'ANNUITY',
        rate: 24,
      }),
      product({ bic: 'KINCKZKA', bankTitle: 'Bank RBK', productType: 'loan', schedule: 'EQUAL', rate: 24 }),
    ])
    // 100,000 at 24 % a year over 12 months: r = 0.02, 2,000 / (1 - 1.02^-12) = 9,455.96
    expect(result.loans.find((o) => o.bankCode === 'HSBKKZKX')).toMatchObject({
      code: 'loan-12',
      monthlyPayment: 9_456,
      total: 113_472,
    })
    // the first month is the largest: 100,000 / 12 + 2 % of 100,000; in all 100,000 + 2,000 × 13 / 2
    expect(result.loans.find((o) => o.bankCode === 'KINCKZKA')).toMatchObject({
      monthlyPayment: 10_334,
      total: 113_000,
    })
  })

  it('offers every term of the products whose amount range holds the amount, shortest term first', () => {
    const result = calculateLoans(100_000, [
      product({ loanLengths: [24, 3, 12] }),
      product({ bic: 'FRBKKZKA', bankTitle: 'Freedom Bank', loanLengths: [12, 24], minAmount: 200_000 }),
      product({ bic: 'AIRBKZKA', bankTitle: 'Airba Pay', loanLengths: [3, 6], maxAmount: 50_000 }),
    ])
    expect(result.installments.map((o) => [o.bankCode, o.code])).toEqual([
      ['CASPKZKA', '0-0-3'],
      ['CASPKZKA', '0-0-12'],
      ['CASPKZKA', '0-0-24'],
    ])
    expect(calculateLoans(1_000, [product({})])).toEqual({ amount: 1_000, installments: [], loans: [] })
  })

  it("quotes the monthly payment the broker's bank offers for the same amount and term", () => {
    const bank: BankTerms = {
      bic: 'HSBKKZKX',
      title: 'Halyk Bank',
      needsStatement: false,
      priority: 3,
      scoringSeconds: 5,
      products: [
        {
          productType: 'installment',
          schedule: 'EQUAL',
          loanLengths: [3, 6, 12, 24],
          rate: 0,
          minAmount: 30_000,
          maxAmount: 2_000_000,
        },
        {
          productType: 'loan',
          schedule: 'ANNUITY',
          loanLengths: [12, 24, 36],
          rate: 24,
          minAmount: 50_000,
          maxAmount: 5_000_000,
        },
      ],
    }
    const amount = 487_990
    const quoted = calculateLoans(
      amount,
      bank.products.map((p) => ({ ...p, bic: bank.bic, bankTitle: bank.title, priority: bank.priority })),
    )
    const at = new Date('2026-06-01T00:00:00Z')
    for (const offer of [...quoted.installments, ...quoted.loans]) {
      const app: LoanApplication = {
        referenceId: '00000000-0000-4000-8000-000000000001',
        amount,
        productType: offer.productType,
        loanLength: offer.months,
        applicant: { taxCode: '900101300123', income: null },
        statementBics: [],
        partnerBics: [],
        returnUrl: '/',
        callbackUrl: '/',
        lang: 'ru',
      }
      const decision = decide(bank, app, at)
      expect(decision.state).toBe('APPROVED')
      expect(decision.offer?.monthlyPayment).toBe(offer.monthlyPayment)
      expect(decision.offer?.code).toBe(offer.code)
    }
    expect(monthlyPayment(amount, 12, 0, 'EQUAL')).toBe(
      quoted.installments.find((o) => o.months === 12)?.monthlyPayment,
    )
  })
})
