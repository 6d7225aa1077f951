/**
 * Financing through the loan broker (purchase flow 2-5, 7 Broker, 9): the plain values both sides need.
 * The schemas are in contract/broker.ts.
 */

/** Bases of the broker's services, under the store's prefixes (the spec's paths follow them). */
export const AGREE_V1 = '/agree/api/v1'
export const AGREE_V2 = '/agree/api/v2'
/** `payment-order/create-order`, `payment-order/get-payment-partners`, the banks handbooks. */
export const PAYMENT_ORDER = '/payment/api/v1/payment-order'
/** `POST /file/api/v1/statement`: the bank statement upload (the spec's file service `/file/statement`). */
export const FILE_V1 = '/file/api/v1'
/** `POST /actioner/api/v1/event-to-rees/loan-approved`. */
export const LOAN_APPROVED_EVENT_PATH = '/actioner/api/v1/event-to-rees/loan-approved'

/** The `paymentTypeCode` query of create-order. */
export const BROKER_PAYMENT_TYPE_CODE = 'online_broker'

/** The agreement the shopper signs with an SMS code before applying (GET specifications/{code}). */
export const BROKER_AGREEMENT_CODE = 'online_broker'

/** Purchase flow 9: default term and product type; the broker id kept this long under `brokerId`. */
export const DEFAULT_LOAN_LENGTH = 12
export const DEFAULT_PRODUCT_TYPE = 'installment'
export const BROKER_ID_STORAGE_KEY = 'brokerId'
export const BROKER_ID_TTL_SECONDS = 7200

/** The terms, months, an application may ask for. */
export const LOAN_LENGTHS = [3, 6, 12, 24, 36] as const

export const BROKER_PRODUCT_TYPES = ['installment', 'loan'] as const
export type BrokerProductType = (typeof BROKER_PRODUCT_TYPES)[number]
/** The product type filter of the CHOICE step. */
export const BROKER_PRODUCT_FILTERS = ['all', 'installment', 'loan'] as const

export const BROKER_SCHEDULES = ['ANNUITY', 'EQUAL'] as const
export type BrokerSchedule = (typeof BROKER_SCHEDULES)[number]

/** Purchase flow 4, Broker offer states, as the server answers them (the client maps them for display). */
export const BROKER_OFFER_STATES = [
  'INIT',
  'CALCULATION',
  'NOT_READY_YET',
  'PREAPPROVED',
  'APPROVED',
  'REJECTED',
  'PARTNER_CANCELLED',
] as const
export type BrokerOfferState = (typeof BROKER_OFFER_STATES)[number]
/** States after which a bank's answer no longer changes (until the shopper signs an approved offer). */
export const FINAL_BROKER_STATES: readonly BrokerOfferState[] = [
  'PREAPPROVED',
  'APPROVED',
  'REJECTED',
  'PARTNER_CANCELLED',
]

/**
 * Where a whole application stands (the spec's other status set): `pending` while a bank still scores,
 * `ready` when every bank answered and at least one approved, `rejected` when none did, `resolved`
 * once a signed offer paid the order.
 */
export const BROKER_APPLICATION_STATUSES = ['pending', 'ready', 'rejected', 'resolved'] as const
export type BrokerApplicationStatus = (typeof BROKER_APPLICATION_STATUSES)[number]

/** Why a bank refused or gave up (the rejection reasons modal shows them; i18n keys on the client). */
export const BROKER_REJECTION_REASONS = [
  /** The order is above what the bank finances. */
  'amount_over_limit',
  /** The order is below what the bank finances. */
  'amount_under_limit',
  /** The bank has no such product for this term. */
  'term_not_offered',
  /** The applicant's data does not pass the bank's scoring. */
  'applicant_declined',
  /** The bank needs a bank statement and none came with the application. */
  'statement_required',
  /** The bank did not answer in time. */
  'timeout',
  /** The shopper chose another bank's offer, or the order no longer waits for financing. */
  'cancelled',
] as const
export type BrokerRejectionReason = (typeof BROKER_REJECTION_REASONS)[number]

/** Purchase flow 5, 9: the bank statement is a PDF of at most 2 MB. */
export const STATEMENT_MAX_BYTES = 2 * 1024 * 1024
export const STATEMENT_FIELD = 'file'

/** Error keys of the broker's answers (`error.message`). */
export const BROKER_ERROR_KEYS = {
  /** 422: create-order without a verification id (purchase flow 5, 8). */
  loadingDataTryLater: 'errors:loadingDataTryLater',
  /** 422: the verification id is unknown, not verified, another shopper's or already used. */
  verificationInvalid: 'broker:verificationInvalid',
  /** 422: the order is above the store's cap (details.max). */
  maxOrderSum: 'checkout:maxOrderSum',
  /** 404: no such order of this shopper. */
  orderNotFound: 'checkout:orderNotFound',
  /** 409: the order is not waiting for financing (paid, cancelled, another method). */
  orderNotFinanceable: 'broker:orderNotFinanceable',
  /** 422: a term or product type the broker does not offer. */
  termNotOffered: 'broker:termNotOffered',
  /** 404: no such application of this shopper. */
  applicationNotFound: 'broker:applicationNotFound',
  /** 409: loan-approved for an application no bank has approved and signed. */
  loanNotApproved: 'broker:loanNotApproved',
  /** 404: no agreement specification by this code. */
  specificationNotFound: 'agreement:specificationNotFound',
  /** 422: a required agreement was not accepted (details.codes). */
  agreementRequired: 'agreement:agreementRequired',
  /** 404: no such signing of this shopper. */
  signNotFound: 'agreement:signNotFound',
  /** 422: the SMS code is wrong (details.attemptsLeft). */
  codeInvalid: 'agreement:codeInvalid',
  /** 422: the SMS code expired: sign again for a new one. */
  codeExpired: 'agreement:codeExpired',
  /** 429: too many wrong codes: sign again for a new one. */
  tooManyAttempts: 'agreement:tooManyAttempts',
  /** 422: purchase flow 5's statement messages. */
  fileMustBePdf: 'statement:fileMustBeInPdfFormat',
  uploadPdf: 'statement:uploadPdfFile',
  pdfTooLarge: 'statement:pdfMustNotExceed2Mb',
  /** 403: a bank callback whose signature does not check. */
  badSignature: 'payment:badSignature',
  /** 409: a bank callback already taken, or for another application or amount. */
  callbackRefused: 'broker:callbackRefused',
} as const

/** How long an agreement's SMS code is good for, and how many wrong codes it takes. */
export const AGREEMENT_CODE_TTL_SECONDS = 300
export const AGREEMENT_CODE_ATTEMPTS = 3
