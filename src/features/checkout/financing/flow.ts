import type {
  BrokerBank,
  CreateBrokerOrderRequest,
  PaymentPartners,
  StatementBank,
  StatementUploaded,
} from '../../../../contract/broker'
import type { OrderDetail } from '../../../../contract/checkout'
import {
  DEFAULT_LOAN_LENGTH,
  DEFAULT_PRODUCT_TYPE,
  LOAN_LENGTHS,
  type BrokerProductType,
} from '../../../../contract/values/broker'

/*
 * The broker flow's decisions as plain functions (purchase flow 2-5: steps CHOICE, BANK_CHOICE, UPLOAD,
 * COMPLETED). The components draw what these answer.
 */

export type FlowStep = 'CHOICE' | 'BANK_CHOICE' | 'UPLOAD' | 'COMPLETED'

/** What the shopper chose on CHOICE: the product, the term and the applicant's data the banks score. */
export interface LoanChoice {
  productType: BrokerProductType
  loanLength: number
  /** ИИН, twelve digits. */
  taxCode: string
  /** Monthly income, tenge, as typed (may be empty). */
  income: string
}

export const defaultChoice = (): LoanChoice => ({
  productType: DEFAULT_PRODUCT_TYPE,
  loanLength: DEFAULT_LOAN_LENGTH,
  taxCode: '',
  income: '',
})

export type ChoiceProblem = 'taxCode' | 'income'

export function choiceProblems(choice: LoanChoice): ChoiceProblem[] {
  const problems: ChoiceProblem[] = []
  if (!/^\d{12}$/.test(choice.taxCode)) problems.push('taxCode')
  if (choice.income.trim() && !/^\d{1,9}$/.test(choice.income.replace(/\s/g, ''))) problems.push('income')
  return problems
}

const offering = (banks: readonly BrokerBank[], productType: BrokerProductType) =>
  banks.filter((bank) => bank.products.some((p) => p.productType === productType))

/** The terms some bank offers for the product, of those an application may ask for. */
export function termsFor(banks: readonly BrokerBank[], productType: BrokerProductType): number[] {
  const offered = new Set(
    offering(banks, productType).flatMap((bank) =>
      bank.products.filter((p) => p.productType === productType).flatMap((p) => p.loanLengths),
    ),
  )
  return LOAN_LENGTHS.filter((length) => offered.has(length))
}

/** The chosen term while the product offers it, else the default term, else the nearest one offered. */
export function termWithin(terms: readonly number[], wanted: number): number {
  if (terms.length === 0 || terms.includes(wanted)) return wanted
  if (terms.includes(DEFAULT_LOAN_LENGTH)) return DEFAULT_LOAN_LENGTH
  return [...terms].sort((a, b) => Math.abs(a - wanted) - Math.abs(b - wanted))[0] ?? wanted
}

/**
 * UPLOAD comes when statement use is on (the handbook of statement banks is not empty, purchase flow 5)
 * and a bank offering the chosen product and term scores only with a statement.
 */
export function needsStatement(
  banks: readonly BrokerBank[],
  statementBanks: readonly StatementBank[],
  choice: Pick<LoanChoice, 'productType' | 'loanLength'>,
): boolean {
  if (statementBanks.length === 0) return false
  return offering(banks, choice.productType).some(
    (bank) =>
      bank.needsStatement &&
      bank.products.some(
        (p) => p.productType === choice.productType && p.loanLengths.includes(choice.loanLength),
      ),
  )
}

/** A statement attached to the application: the upload's answer, the bank it is from, its size. */
export interface AttachedStatement extends StatementUploaded {
  bic: string
}

export interface ApplicationInput {
  order: OrderDetail
  choice: LoanChoice
  verificationId: string
  verifiedAt: string
  statement: AttachedStatement | null
  /** The store's result page the bank sends the shopper back to. */
  returnUrl: string
}

/** Create-order's body (purchase flow 7): the order's receiver and goods; the server prices it itself. */
export function applicationRequest(input: ApplicationInput): CreateBrokerOrderRequest {
  const { order, choice, statement } = input
  const income = choice.income.replace(/\s/g, '')
  const { shipping } = order
  return {
    orderId: order.order_id,
    amount: order.calculation.sumToPay,
    prePayment: 0,
    totalCost: order.calculation.sumToPay,
    isDelivery: shipping.address !== null,
    channel: 'web',
    paymentMethod: 'annuity',
    productType: choice.productType,
    loanLength: choice.loanLength,
    redirectUrl: input.returnUrl,
    verificationId: input.verificationId,
    verificationSmsDateTime: input.verifiedAt,
    customer: {
      taxCode: choice.taxCode,
      firstName: order.receiver.firstname,
      lastName: order.receiver.lastname,
      contact: { mobile: `+${order.receiver.phone.replace(/\D/g, '')}`, email: order.receiver.email },
      income: income ? Number(income) : null,
    },
    address: shipping.address
      ? { delivery: [shipping.address.street, shipping.address.house].join(', ') }
      : { pickupPoint: shipping.service_point?.address ?? null },
    goods: order.items.map((item) => ({
      sku: item.sku,
      model: item.title,
      price: item.price,
      image: item.image,
    })),
    platform: 'web',
    statements: statement
      ? [{ statement: statement.fileEncoded, filename: statement.filename, bic: statement.bic }]
      : [],
  }
}

/** Where an application stands: its bank choice, or completed once a signed offer paid the order. */
export function applicationStep(partners: PaymentPartners | undefined): FlowStep {
  return partners?.status === 'resolved' ? 'COMPLETED' : 'BANK_CHOICE'
}
