import type {
  BrokerBank,
  BrokerOffer,
  PaymentPartner,
  PaymentPartners,
  StatementBank,
} from '../../contract/broker'
import { ORDER_ID } from './checkout-fixtures'

/* The broker's answers the financing tests share. */

export const REFERENCE_ID = '5b0f3c55-4c1e-4d8e-9a53-0f6f2b1b0c11'
export const SIGN_ID = '0c0a5d1e-7c1b-4a51-8f4e-2c2a9b9d3e01'
export const VERIFICATION_ID = '7d5d8e0a-1b2c-4d3e-8f90-a1b2c3d4e5f6'

const logo = (bic: string) => `/media/banks/${bic}.svg`

export function aBank(bic: string, overrides: Partial<BrokerBank> = {}): BrokerBank {
  return {
    bic,
    title: bic.toUpperCase(),
    logo: logo(bic),
    needsStatement: false,
    priority: 1,
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
        rate: 19.9,
        minAmount: 30_000,
        maxAmount: 2_000_000,
      },
    ],
    ...overrides,
  }
}

export const BANKS: BrokerBank[] = [
  aBank('HSBKKZKX', { title: 'Halyk Bank' }),
  aBank('CASPKZKA', { title: 'Kaspi Bank', needsStatement: true }),
]

export const STATEMENT_BANKS: StatementBank[] = [
  { id: 1, bic: 'HSBKKZKX', title: 'Halyk Bank', logo: logo('HSBKKZKX') },
  { id: 2, bic: 'CASPKZKA', title: 'Kaspi Bank', logo: logo('CASPKZKA') },
]

let offers = 0
export function anOffer(overrides: Partial<BrokerOffer> = {}): BrokerOffer {
  offers += 1
  return {
    id: `00000000-0000-4000-8000-${String(offers).padStart(12, '0')}`,
    contractNumber: `C-${offers}`,
    loanAmount: 120_000,
    loanLength: 12,
    monthlyPayment: 10_000,
    productType: 'installment',
    schedule: 'EQUAL',
    rate: 0,
    code: '0-0-12',
    redirectUrl: `http://localhost/bank/sign/${offers}`,
    status: 'APPROVED',
    stateTitle: 'Одобрено',
    priority: 1,
    ...overrides,
  }
}

export function aPartner(code: string, overrides: Partial<PaymentPartner> = {}): PaymentPartner {
  return {
    code,
    title: code === 'CASPKZKA' ? 'Kaspi Bank' : 'Halyk Bank',
    logo: logo(code),
    state: 'CALCULATION',
    stateTitle: 'Банк рассматривает заявку',
    priority: 1,
    redirectUrl: null,
    offers: [],
    reason: null,
    reasonTitle: null,
    ...overrides,
  }
}

export function somePartners(overrides: Partial<PaymentPartners> = {}): PaymentPartners {
  return {
    referenceId: REFERENCE_ID,
    orderId: ORDER_ID,
    status: 'pending',
    productType: 'installment',
    loanLength: 12,
    loanAmount: 120_000,
    initialPayment: 0,
    signedOfferId: null,
    resultUrl: `/checkout/result?orderId=${ORDER_ID}`,
    partners: [aPartner('HSBKKZKX'), aPartner('CASPKZKA')],
    ...overrides,
  }
}
