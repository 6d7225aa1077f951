import type {
  BrokerOfferState,
  BrokerProductType,
  BrokerRejectionReason,
  BrokerSchedule,
} from '../../../contract/values/broker'

/** A partner bank's terms as the broker knows them (the store's `broker_banks` rows). */
export interface BankTerms {
  bic: string
  title: string
  needsStatement: boolean
  priority: number
  /** Seconds the bank takes to score; null: it never answers. */
  scoringSeconds: number | null
  products: {
    productType: BrokerProductType
    schedule: BrokerSchedule
    loanLengths: number[]
    rate: number
    minAmount: number
    maxAmount: number
  }[]
}

/** What the store sends the broker: the sum to finance and the applicant, never the goods' prices. */
export interface LoanApplication {
  referenceId: string
  amount: number
  productType: BrokerProductType
  loanLength: number
  applicant: { taxCode: string; income: number | null }
  /** Issuing banks of the statements that came with the application. */
  statementBics: string[]
  /** The banks to ask; every participant when empty. */
  partnerBics: string[]
  /** Where the bank's page sends the shopper once signed or refused. */
  returnUrl: string
  /** Where the broker posts its signed callback. */
  callbackUrl: string
  lang: 'ru' | 'kk'
}

export interface OfferTerms {
  id: string
  contractNumber: string
  loanAmount: number
  loanLength: number
  monthlyPayment: number
  productType: BrokerProductType
  schedule: BrokerSchedule
  rate: number
  code: string
  /** The bank's page where the shopper signs it. */
  redirectUrl: string
}

/** One bank's answer at this moment. */
export interface BankAnswer {
  bic: string
  state: BrokerOfferState
  reason: BrokerRejectionReason | null
  offers: OfferTerms[]
}

/** The broker's signed word that an offer was signed at its bank (posted to `callbackUrl`). */
export interface BrokerCallback {
  /** Unique per callback: the store takes each once, so a replay is refused. */
  eventId: string
  referenceId: string
  offerId: string
  contractNumber: string
  bic: string
  loanAmount: number
  status: 'SIGNED'
  signedAt: string
}

/** Why the store stops an application or its loan (recorded by the broker as the store says it). */
export type LoanCancelReason = 'abandoned' | 'superseded' | 'order_cancelled' | 'late_signature'

/**
 * The loan broker: takes applications, lets each bank score them, reports signed offers, and stops an
 * application or the loan signed under it when the store asks.
 */
export interface LoanBroker {
  apply(application: LoanApplication): Promise<void>
  /** Every asked bank's answer now; null for an unknown reference. */
  answers(referenceId: string): Promise<BankAnswer[] | null>
  /** The signed offer of an application, when there is one (what the callback said, asked again). */
  signed(referenceId: string): Promise<Omit<BrokerCallback, 'eventId'> | null>
  /**
   * Withdraws an application no offer of which is signed: atomic against the signing, so exactly one of
   * the two wins (`signed` when the shopper signed first). Asking again answers `withdrawn` again.
   */
  withdraw(referenceId: string, reason: LoanCancelReason): Promise<'withdrawn' | 'signed' | 'unknown'>
  /**
   * Cancels the loan signed under an application: the bank pays nothing out to the store and the shopper
   * owes it nothing. Once, whatever is asked again (`cancelled` again); `not_signed` when none is.
   */
  cancelLoan(referenceId: string, reason: LoanCancelReason): Promise<'cancelled' | 'not_signed' | 'unknown'>
}
