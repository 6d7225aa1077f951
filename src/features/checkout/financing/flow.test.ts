import { describe, expect, it } from 'vitest'
import { anOrder } from '../../../testing/checkout-fixtures'
import {
  aBank,
  BANKS,
  somePartners,
  STATEMENT_BANKS,
  VERIFICATION_ID,
} from '../../../testing/broker-fixtures'
import {
  applicationRequest,
  applicationStep,
  choiceProblems,
  defaultChoice,
  needsStatement,
  termsFor,
  termWithin,
} from './flow'

describe('the choice', () => {
  it('starts as a 12-month installment (purchase flow 9)', () => {
    expect(defaultChoice()).toMatchObject({ productType: 'installment', loanLength: 12 })
  })

  it('needs an IIN of twelve digits; the income is optional but a number', () => {
    expect(choiceProblems(defaultChoice())).toEqual(['taxCode'])
    expect(choiceProblems({ ...defaultChoice(), taxCode: '900101300123' })).toEqual([])
    expect(choiceProblems({ ...defaultChoice(), taxCode: '900101300123', income: '350 000' })).toEqual([])
    expect(choiceProblems({ ...defaultChoice(), taxCode: '90010130012', income: 'много' })).toEqual([
      'taxCode',
      'income',
    ])
  })

  it('offers the terms some bank has for the product', () => {
    expect(termsFor(BANKS, 'installment')).toEqual([3, 6, 12, 24])
    expect(termsFor(BANKS, 'loan')).toEqual([12, 24, 36])
    expect(termsFor([], 'loan')).toEqual([])
  })

  it('keeps the chosen term while offered, else the default, else the nearest', () => {
    expect(termWithin([3, 6, 12, 24], 6)).toBe(6)
    expect(termWithin([12, 24, 36], 3)).toBe(12)
    expect(termWithin([24, 36], 6)).toBe(24)
  })
})

describe('the statement step', () => {
  it('comes when a bank offering the product and term needs a statement', () => {
    expect(needsStatement(BANKS, STATEMENT_BANKS, { productType: 'installment', loanLength: 12 })).toBe(true)
  })

  it('does not come when no such bank offers the term', () => {
    const banks = [aBank('A'), aBank('B', { needsStatement: true, products: [] })]
    expect(needsStatement(banks, STATEMENT_BANKS, { productType: 'installment', loanLength: 12 })).toBe(false)
  })

  it('is off when the statement banks handbook is empty (purchase flow 5)', () => {
    expect(needsStatement(BANKS, [], { productType: 'installment', loanLength: 12 })).toBe(false)
  })
})

describe('the application', () => {
  const input = {
    order: anOrder(),
    choice: { productType: 'loan' as const, loanLength: 24, taxCode: '900101300123', income: '350 000' },
    verificationId: VERIFICATION_ID,
    verifiedAt: '2026-05-01T09:31:00.000Z',
    returnUrl: 'http://localhost/checkout/result?status=success&orderId=o',
  }

  it('carries the order, the choice, the verification and the applicant', () => {
    const request = applicationRequest({ ...input, statement: null })
    expect(request).toMatchObject({
      orderId: input.order.order_id,
      productType: 'loan',
      loanLength: 24,
      verificationId: VERIFICATION_ID,
      redirectUrl: input.returnUrl,
      customer: {
        taxCode: '900101300123',
        firstName: 'Дана',
        lastName: 'Серикова',
        contact: { mobile: '+77011112233' },
        income: 350_000,
      },
      address: { pickupPoint: 'пр. Абая, 10' },
      statements: [],
    })
    expect(request.goods?.map((g) => g.sku)).toEqual(input.order.items.map((i) => i.sku))
  })

  it('attaches the statement with the bank it is from', () => {
    const statement = { filename: 's.pdf', fileEncoded: 'JVBERi0=', size: 5, bic: 'CASPKZKA' }
    expect(applicationRequest({ ...input, statement }).statements).toEqual([
      { statement: 'JVBERi0=', filename: 's.pdf', bic: 'CASPKZKA' },
    ])
  })

  it('is completed once a signed offer paid the order', () => {
    expect(applicationStep(undefined)).toBe('BANK_CHOICE')
    expect(applicationStep(somePartners())).toBe('BANK_CHOICE')
    expect(applicationStep(somePartners({ status: 'rejected' }))).toBe('BANK_CHOICE')
    expect(applicationStep(somePartners({ status: 'resolved' }))).toBe('COMPLETED')
  })
})
