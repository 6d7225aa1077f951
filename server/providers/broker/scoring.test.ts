import { describe, expect, it } from 'vitest'
import type { BankTerms, LoanApplication } from './provider'
import { ageOf, BANK_TIMEOUT_SECONDS, monthlyPayment, scoreBank } from './scoring'

const at = new Date('2026-11-26T10:00:00Z')
const bank: BankTerms = {
  bic: 'TESTKZKA',
  title: 'Test',
  needsStatement: false,
  priority: 1,
  scoringSeconds: 10,
  products: [
    {
      productType: 'installment',
      schedule: 'EQUAL',
      loanLengths: [12],
      rate: 0,
      minAmount: 30_000,
      maxAmount: 2_000_000,
    },
  ],
}
const application: LoanApplication = {
  referenceId: '00000000-0000-4000-8000-000000000001',
  amount: 120_000,
  productType: 'installment',
  loanLength: 12,
  applicant: { taxCode: '900101300123', income: 400_000 },
  statementBics: [],
  partnerBics: [],
  returnUrl: '/r',
  callbackUrl: '/c',
  lang: 'ru',
}
const page = (id: string) => `/bank/${id}`
const score = (b: BankTerms, a: LoanApplication, elapsed: number) => scoreBank(b, a, elapsed, at, page)

describe('a bank scoring on its own timer', () => {
  it('takes the application, calculates, then approves with an equal-parts offer', () => {
    expect(score(bank, application, 1).state).toBe('INIT')
    expect(score(bank, application, 5).state).toBe('CALCULATION')
    const done = score(bank, application, 10)
    expect(done.state).toBe('APPROVED')
    expect(done.offers[0]).toMatchObject({
      loanAmount: 120_000,
      monthlyPayment: 10_000,
      schedule: 'EQUAL',
      code: '0-0-12',
    })
    expect(done.offers[0]!.redirectUrl).toBe(`/bank/${done.offers[0]!.id}`)
  })

  it('preapproves above a million and refuses by the rules, each with its reason', () => {
    expect(
      score(
        bank,
        { ...application, amount: 1_500_000, applicant: { taxCode: '900101300123', income: null } },
        10,
      ).state,
    ).toBe('PREAPPROVED')
    expect(score(bank, { ...application, loanLength: 24 }, 10).reason).toBe('term_not_offered')
    expect(score(bank, { ...application, amount: 2_500_000 }, 10).reason).toBe('amount_over_limit')
    expect(score(bank, { ...application, amount: 10_000 }, 10).reason).toBe('amount_under_limit')
    // born 2010: too young for any bank; an income too small for the payment
    expect(
      score(bank, { ...application, applicant: { taxCode: '100101500123', income: null } }, 10).reason,
    ).toBe('applicant_declined')
    expect(
      score(bank, { ...application, applicant: { taxCode: '900101300123', income: 15_000 } }, 10).reason,
    ).toBe('applicant_declined')
  })

  it('needs a statement when the bank does, reading it as NOT_READY_YET', () => {
    const strict = { ...bank, needsStatement: true }
    expect(score(strict, application, 10)).toMatchObject({ state: 'REJECTED', reason: 'statement_required' })
    const withStatement = { ...application, statementBics: ['CASPKZKA'] }
    expect(score(strict, withStatement, 5).state).toBe('NOT_READY_YET')
    expect(score(strict, withStatement, 10).state).toBe('APPROVED')
  })

  it('gives up a bank that never answers, saying so', () => {
    const silent = { ...bank, scoringSeconds: null }
    expect(score(silent, application, BANK_TIMEOUT_SECONDS - 1).state).toBe('CALCULATION')
    expect(score(silent, application, BANK_TIMEOUT_SECONDS)).toMatchObject({
      state: 'PARTNER_CANCELLED',
      reason: 'timeout',
    })
  })

  it('reads the age from the ИИН and pays annuities and equal parts', () => {
    expect(ageOf('900101300123', at)).toBe(36)
    expect(ageOf('051231500123', at)).toBe(20)
    expect(ageOf('991332300123', at)).toBeNull()
    expect(monthlyPayment(1_200_000, 12, 24, 'ANNUITY')).toBe(113_472)
    expect(monthlyPayment(1_200_000, 12, 24, 'EQUAL')).toBe(124_000)
  })
})
