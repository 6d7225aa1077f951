import { describe, expect, it } from 'vitest'
import type { LoanProductRow } from '../pricing'
import { annuityPayment, calculateLoans, installmentPayment } from './calculator'

const product = (over: Partial<LoanProductRow> & { id: number }): LoanProductRow => ({
  bankCode: 'kaspi',
  bankTitle: 'Kaspi Bank',
  productType: 'installment',
  months: 12,
  rate: 0,
  minAmount: 3_000,
  maxAmount: 2_000_000,
  isActive: true,
  ...over,
})

describe('the loan calculator', () => {
  it('splits an installment into equal months, rounded up', () => {
    expect(installmentPayment(100_000, 12)).toBe(8_334)
    expect(installmentPayment(120_000, 12)).toBe(10_000)
  })

  it('pays a loan as an annuity at the monthly rate, rounded up', () => {
    // 100,000 at 24 % a year over 12 months: r = 0.02, 2,000 / (1 - 1.02^-12) = 9,455.96
    expect(annuityPayment(100_000, 12, 24)).toBe(9_456)
    expect(annuityPayment(100_000, 12, 0)).toBe(8_334)
  })

  it('offers the active products whose amount range holds the amount, shortest term first', () => {
    const products = [
      product({ id: 1, months: 24 }),
      product({ id: 2, months: 12 }),
      product({ id: 3, months: 6, isActive: false }),
      product({ id: 4, months: 3, minAmount: 200_000 }),
      product({
        id: 5,
        productType: 'loan',
        months: 12,
        rate: 24,
        bankCode: 'halyk',
        bankTitle: 'Halyk Bank',
      }),
    ]
    const result = calculateLoans(100_000, products)
    expect(result.amount).toBe(100_000)
    expect(result.installments.map((o) => [o.code, o.monthlyPayment, o.total, o.rate])).toEqual([
      ['0-0-12', 8_334, 100_008, 0],
      ['0-0-24', 4_167, 100_008, 0],
    ])
    expect(result.loans).toEqual([
      {
        bankCode: 'halyk',
        bankTitle: 'Halyk Bank',
        productType: 'loan',
        code: 'loan-12',
        months: 12,
        rate: 24,
        monthlyPayment: 9_456,
        total: 113_472,
      },
    ])
  })

  it('offers nothing when no product takes the amount', () => {
    expect(calculateLoans(1_000, [product({ id: 1 })])).toEqual({
      amount: 1_000,
      installments: [],
      loans: [],
    })
  })
})
