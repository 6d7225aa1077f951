import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import type { BrokerProductType, BrokerSchedule } from '../../../contract/values/broker'
import { orders } from './account-area'

/*
 * Financing through the loan broker (purchase flow 3, 4, 7 Broker). The partner banks and their
 * products are rows the store edits without a release; the agreement signings and the applications
 * are the store's own; `local_broker_*` is what the local broker provider keeps (a real broker keeps it
 * itself).
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** The loan broker's participants (purchase flow 9: the fourteen banks). */
export const brokerBanks = pgTable('broker_banks', {
  bic: text('bic').primaryKey(),
  title: text('title').notNull(),
  /** The colour of the bank's drawn logo (`#rrggbb`) and the letters on it. */
  logoColor: text('logo_color').notNull(),
  logoText: text('logo_text').notNull(),
  needsStatement: boolean('needs_statement').notNull().default(false),
  /** Lower comes first among equal offers. */
  priority: integer('priority').notNull(),
  /** How long the bank scores an application, seconds; null: the bank never answers (the broker times it out). */
  scoringSeconds: integer('scoring_seconds'),
  isActive: boolean('is_active').notNull().default(true),
})

/** What a bank finances: a product type, its schedule, the terms and the amounts. */
export const brokerBankProducts = pgTable(
  'broker_bank_products',
  {
    id: integer('id').primaryKey(),
    bic: text('bic')
      .notNull()
      .references(() => brokerBanks.bic, { onDelete: 'cascade' }),
    productType: text('product_type').$type<BrokerProductType>().notNull(),
    schedule: text('schedule').$type<BrokerSchedule>().notNull(),
    loanLengths: integer('loan_lengths').array().notNull(),
    /** Yearly rate, percent; 0 for an installment. */
    rate: numeric('rate', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    minAmount: integer('min_amount').notNull(),
    maxAmount: integer('max_amount').notNull(),
  },
  (t) => [index('broker_bank_products_bic_idx').on(t.bic)],
)

/** Purchase flow 3, Statement bank: whose statements the banks accept. Empty turns statement use off. */
export const statementBanks = pgTable('statement_banks', {
  id: integer('id').primaryKey(),
  bic: text('bic').notNull().unique(),
  title: text('title').notNull(),
  logoColor: text('logo_color').notNull(),
  logoText: text('logo_text').notNull(),
})

/** An agreement the shopper signs, in both languages. */
export const agreementSpecifications = pgTable('agreement_specifications', {
  code: text('code').primaryKey(),
  version: integer('version').notNull(),
  /** `{ ru, kk }` each. */
  title: jsonb('title').$type<{ ru: string; kk: string }>().notNull(),
  paragraphs: jsonb('paragraphs').$type<{ ru: string[]; kk: string[] }>().notNull(),
  agreements: jsonb('agreements')
    .$type<{ code: string; required: boolean; title: { ru: string; kk: string } }[]>()
    .notNull(),
})

/** A signing waiting for its SMS code, then verified, then used by one application. */
export const agreementSigns = pgTable(
  'agreement_signs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    specificationCode: text('specification_code').notNull(),
    version: integer('version').notNull(),
    agreements: text('agreements').array().notNull(),
    phone: text('phone').notNull(),
    salt: text('salt').notNull(),
    codeHash: text('code_hash').notNull(),
    attemptsLeft: integer('attempts_left').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('agreement_signs_user_idx').on(t.userId),
    check('agreement_signs_attempts_check', sql`${t.attemptsLeft} >= 0`),
  ],
)

export type BrokerApplicationRowStatus = 'open' | 'signed' | 'paid' | 'cancelled'

/**
 * Why an application stopped before (or instead of) paying its order: the shopper paid another way
 * (`abandoned`), a newer application replaced it (`superseded`), the order was cancelled or stopped
 * waiting (`order_cancelled`), or a bank's signature came after one of these (`late_signature`).
 */
export type BrokerCancelReason = 'abandoned' | 'superseded' | 'order_cancelled' | 'late_signature'

/** An application for an order's financing; `id` is the broker's referenceId. */
export const brokerApplications = pgTable(
  'broker_applications',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    verificationId: uuid('verification_id').notNull().unique(),
    productType: text('product_type').$type<BrokerProductType>().notNull(),
    loanLength: integer('loan_length').notNull(),
    loanAmount: integer('loan_amount').notNull(),
    initialPayment: integer('initial_payment').notNull(),
    status: text('status').$type<BrokerApplicationRowStatus>().notNull().default('open'),
    signedOfferId: uuid('signed_offer_id'),
    signedBic: text('signed_bic'),
    contractNumber: text('contract_number'),
    lang: text('lang').notNull(),
    approvedEventAt: timestamp('approved_event_at', { withTimezone: true }),
    /** When it stopped, and why; a loan signed after that is cancelled at the broker, never paid out. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason').$type<BrokerCancelReason>(),
    /** The loan signed under it was cancelled through the broker (a late signature, or the order cancelled). */
    loanCancelledAt: timestamp('loan_cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('broker_applications_order_idx').on(t.orderId)],
)

/** The broker's callbacks taken, by their event id: a replayed one is refused. */
export const brokerCallbackEvents = pgTable('broker_callback_events', {
  eventId: uuid('event_id').primaryKey(),
  referenceId: uuid('reference_id').notNull(),
  receivedAt: createdAt(),
})

/** The local broker provider's record of an application: enough to score it again at any moment. */
export const localBrokerApplications = pgTable('local_broker_applications', {
  referenceId: uuid('reference_id').primaryKey(),
  amount: integer('amount').notNull(),
  productType: text('product_type').$type<BrokerProductType>().notNull(),
  loanLength: integer('loan_length').notNull(),
  applicant: jsonb('applicant').$type<{ taxCode: string; income: number | null }>().notNull(),
  /** Issuing banks of the statements that came with it. */
  statementBics: text('statement_bics').array().notNull(),
  partnerBics: text('partner_bics').array().notNull(),
  returnUrl: text('return_url').notNull(),
  callbackUrl: text('callback_url').notNull(),
  lang: text('lang').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /** The one offer signed at its bank: taken atomically, so an application is signed once. */
  signedOfferId: uuid('signed_offer_id'),
  signedAt: timestamp('signed_at', { withTimezone: true }),
  /** The store withdrew it before any offer was signed: taken atomically against the signing. */
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  /** The store cancelled the loan signed under it: the bank pays nothing out, the shopper owes nothing. */
  loanCancelledAt: timestamp('loan_cancelled_at', { withTimezone: true }),
  /** Why the store withdrew it or cancelled its loan, as the store said. */
  cancelReason: text('cancel_reason'),
})
