import { z } from 'zod'
import { CityId, text } from './common'
import {
  BROKER_APPLICATION_STATUSES,
  BROKER_OFFER_STATES,
  BROKER_PAYMENT_TYPE_CODE,
  BROKER_PRODUCT_TYPES,
  BROKER_REJECTION_REASONS,
  BROKER_SCHEDULES,
  DEFAULT_LOAN_LENGTH,
  DEFAULT_PRODUCT_TYPE,
  LOAN_LENGTHS,
} from './values/broker'

export * from './values/broker'

/*
 * Financing through the loan broker (purchase flow 3 Broker offer, Statement bank; 4 Broker flow; 7 Broker).
 * The shopper places the order with `loan/installment` or `loan/installment_initial_payment` (POST
 * /oms/api/v5/orders), signs the broker agreement with an SMS code, applies for that order (create-order),
 * watches the banks' offers arrive (get-payment-partners), opens an approved offer's `redirectUrl` (the
 * bank's page), signs there, and the bank's signed callback pays the order. The server prices the
 * application from the order: amounts a client sends are never used.
 */

const Money = z.number().int()
const Bic = text().trim().min(1).max(20)

export const BrokerProductType = z.enum(BROKER_PRODUCT_TYPES)
export const BrokerSchedule = z.enum(BROKER_SCHEDULES)
export const BrokerOfferState = z.enum(BROKER_OFFER_STATES)
export const BrokerRejectionReason = z.enum(BROKER_REJECTION_REASONS)
export const BrokerApplicationStatus = z.enum(BROKER_APPLICATION_STATUSES)

// ── Agreements (GET /agree/api/v1/specifications/{code}, sign, verify) ──────────────────────────────

export const SpecificationParams = z.object({ code: text().min(1).max(60) })

/** The agreement's text in the request's language, and the consents it asks for. */
export const AgreementSpecification = z.object({
  code: z.string(),
  version: z.number().int(),
  title: z.string(),
  /** Paragraphs of the agreement, plain text. */
  paragraphs: z.array(z.string()),
  agreements: z.array(z.object({ code: z.string(), title: z.string(), required: z.boolean() })),
})
export type AgreementSpecification = z.infer<typeof AgreementSpecification>

/** POST /agree/api/v1/agreement/sign: the consents given; sends an SMS code to the signed-in shopper. */
export const AgreementSignRequest = z.object({
  specification_code: text().min(1).max(60),
  /** Codes of the consents the shopper ticked; every required one must be there. */
  agreements: z.array(text().min(1).max(60)).max(20),
})
export type AgreementSignRequest = z.infer<typeof AgreementSignRequest>

export const AgreementSigned = z.object({
  signAgreementId: z.uuid(),
  /** Where the code went, masked: `+7 777 *** ** 67`. */
  phoneMasked: z.string(),
  /** When the code stops being accepted (ISO time). */
  expiresAt: z.string(),
  attemptsLeft: z.number().int(),
})
export type AgreementSigned = z.infer<typeof AgreementSigned>

/** POST /agree/api/v2/agreement/verify. */
export const AgreementVerifyRequest = z.object({
  sign_agreement_id: z.uuid(),
  code: z.string().regex(/^\d{4,6}$/),
})
export type AgreementVerifyRequest = z.infer<typeof AgreementVerifyRequest>

/** A right code: `verified` with the id create-order takes as `verificationId`. Wrong codes are 422s. */
export const AgreementVerified = z.object({
  verified: z.literal(true),
  verificationId: z.uuid(),
  verifiedAt: z.string(),
})
export type AgreementVerified = z.infer<typeof AgreementVerified>

// ── Banks ─────────────────────────────────────────────────────────────────────────────────────────────

/** A product a partner bank offers: a type and the terms, with the amounts it finances. */
export const BrokerBankProduct = z.object({
  productType: BrokerProductType,
  schedule: BrokerSchedule,
  loanLengths: z.array(z.number().int()),
  /** Yearly rate, percent; 0 for an installment. */
  rate: z.number(),
  minAmount: Money,
  maxAmount: Money,
})

/** GET {PAYMENT_ORDER}/partners: the loan broker's participants (the fourteen banks). */
export const BrokerBank = z.object({
  bic: z.string(),
  title: z.string(),
  /** The store's own SVG of the bank's logo. */
  logo: z.string(),
  needsStatement: z.boolean(),
  priority: z.number().int(),
  products: z.array(BrokerBankProduct),
})
export type BrokerBank = z.infer<typeof BrokerBank>
export const BrokerBanks = z.array(BrokerBank)

/** Purchase flow 3, Statement bank. GET {PAYMENT_ORDER}/statement-banks: empty turns statement use off. */
export const StatementBank = z.object({
  id: z.number().int(),
  bic: z.string(),
  title: z.string(),
  logo: z.string(),
})
export type StatementBank = z.infer<typeof StatementBank>
export const StatementBanks = z.array(StatementBank)

// ── Statement upload (POST /file/api/v1/statement, multipart field `file`) ────────────────────────────

export const StatementUploaded = z.object({
  filename: z.string(),
  /** The PDF in base64, as create-order's `statements[].statement` carries it back. */
  fileEncoded: z.string(),
  size: z.number().int(),
})
export type StatementUploaded = z.infer<typeof StatementUploaded>

// ── Application (POST {PAYMENT_ORDER}/create-order?paymentTypeCode=online_broker) ─────────────────────

export const CreateBrokerOrderQuery = z.object({ paymentTypeCode: z.literal(BROKER_PAYMENT_TYPE_CODE) })

const Goods = z.object({
  sku: text().max(40),
  category: text().max(200).nullish(),
  brand: text().max(200).nullish(),
  model: text().max(300).nullish(),
  image: text().max(1000).nullish(),
  price: Money.min(0).nullish(),
})

/** Purchase flow 7, Broker: the spec's body, with the store's `orderId` it finances. */
export const CreateBrokerOrderRequest = z.object({
  /** The shopper's order placed with a `loan/...` method. */
  orderId: z.uuid(),
  /** Informational: the order's sums are the server's own. */
  amount: Money.min(0).nullish(),
  prePayment: Money.min(0).nullish(),
  totalCost: Money.min(0).nullish(),
  isDelivery: z.boolean().nullish(),
  cityId: CityId.nullish(),
  channel: text().max(40).nullish(),
  paymentMethod: z.literal('annuity').nullish(),
  productType: BrokerProductType.default(DEFAULT_PRODUCT_TYPE),
  loanLength: z
    .number()
    .int()
    .refine((n) => (LOAN_LENGTHS as readonly number[]).includes(n), { message: 'unknown loan length' })
    .default(DEFAULT_LOAN_LENGTH),
  /** Where the bank's page sends the shopper back; the store's result page when absent. */
  redirectUrl: text().max(1000).nullish(),
  systemCode: text().max(40).nullish(),
  /** From agreement verify; without it the spec's 'errors:loadingDataTryLater'. */
  verificationId: z.uuid().nullish(),
  verificationSmsCode: text().max(10).nullish(),
  verificationSmsDateTime: text().max(40).nullish(),
  customer: z.object({
    /** ИИН: 12 digits. */
    taxCode: z.string().regex(/^\d{12}$/),
    firstName: text().trim().min(1).max(100),
    lastName: text().trim().min(1).max(100),
    middleName: text().trim().max(100).nullish(),
    contact: z.object({
      mobile: z.string().regex(/^\+?7\d{10}$/),
      email: z.email().max(200).nullish(),
    }),
    /** Monthly income, tenge, as the shopper states it (the banks score it). */
    income: Money.min(0).max(100_000_000).nullish(),
    state: text().max(40).nullish(),
  }),
  address: z
    .object({
      delivery: text().max(500).nullish(),
      pickupPoint: text().max(500).nullish(),
    })
    .nullish(),
  goods: z.array(Goods).max(100).default([]),
  /** Bank codes (bic) to apply to; every participant when empty. */
  paymentPartners: z.array(Bic).max(20).default([]),
  platform: text().max(40).nullish(),
  promotion: z.boolean().nullish(),
  statements: z
    .array(
      z.object({
        /** `fileEncoded` of the upload. */
        statement: z.base64().max(Math.ceil((2 * 1024 * 1024 * 4) / 3) + 4),
        filename: text().max(255),
        /** The statement's issuing bank, from the statement banks handbook. */
        bic: Bic,
      }),
    )
    .max(3)
    .default([]),
})
export type CreateBrokerOrderRequest = z.input<typeof CreateBrokerOrderRequest>

export const BrokerOrderCreated = z.object({
  code: z.literal('200'),
  referenceId: z.uuid(),
})
export type BrokerOrderCreated = z.infer<typeof BrokerOrderCreated>

// ── Offers (GET {PAYMENT_ORDER}/get-payment-partners?referenceId=) ─────────────────────────────────────

export const PaymentPartnersQuery = z.object({ referenceId: z.uuid() })

/** Purchase flow 3, Broker offer. */
export const BrokerOffer = z.object({
  id: z.uuid(),
  contractNumber: z.string(),
  loanAmount: Money,
  loanLength: z.number().int(),
  monthlyPayment: Money,
  productType: BrokerProductType,
  schedule: BrokerSchedule,
  /** Yearly rate, percent; 0 for an installment. */
  rate: z.number(),
  /** '0-0-12' for an installment, 'loan-24' for a loan. */
  code: z.string(),
  /** The bank's page where the shopper signs this offer. */
  redirectUrl: z.string(),
  status: BrokerOfferState,
  stateTitle: z.string(),
  priority: z.number().int(),
})
export type BrokerOffer = z.infer<typeof BrokerOffer>

/** A bank's answer to the application: its offers once it approves, its reason when it refuses. */
export const PaymentPartner = z.object({
  /** The bank's bic. */
  code: z.string(),
  title: z.string(),
  logo: z.string(),
  state: BrokerOfferState,
  /** The state in the request's language ("Банк рассматривает заявку", "Банк не ответил вовремя"…). */
  stateTitle: z.string(),
  priority: z.number().int(),
  /** The first offer's page, or null while there is none. */
  redirectUrl: z.string().nullable(),
  offers: z.array(BrokerOffer),
  /** Why it refused or gave up (REJECTED, PARTNER_CANCELLED), else null. */
  reason: BrokerRejectionReason.nullable(),
  reasonTitle: z.string().nullable(),
})
export type PaymentPartner = z.infer<typeof PaymentPartner>

export const PaymentPartners = z.object({
  referenceId: z.uuid(),
  orderId: z.uuid(),
  status: BrokerApplicationStatus,
  productType: BrokerProductType,
  loanLength: z.number().int(),
  /** What is financed (the order's sum less the initial payment) and the initial payment by card. */
  loanAmount: Money,
  initialPayment: Money,
  /** The offer signed at its bank, once there is one. */
  signedOfferId: z.uuid().nullable(),
  /** Where the shopper goes once the order is paid (the result page). */
  resultUrl: z.string(),
  partners: z.array(PaymentPartner),
})
export type PaymentPartners = z.infer<typeof PaymentPartners>

// ── loan-approved (POST /actioner/api/v1/event-to-rees/loan-approved) ─────────────────────────────────

/** The result page tells that the shopper saw the approval; recorded once per application. */
export const LoanApprovedEvent = z.object({
  referenceId: z.uuid(),
  orderId: z.uuid().nullish(),
})
export type LoanApprovedEvent = z.infer<typeof LoanApprovedEvent>
export const LoanApprovedAccepted = z.object({
  accepted: z.literal(true),
  orderId: z.uuid(),
  contractNumber: z.string(),
  bic: z.string(),
})
export type LoanApprovedAccepted = z.infer<typeof LoanApprovedAccepted>
