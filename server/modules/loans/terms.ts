import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/connection'
import { brokerBankProducts, brokerBanks } from '../../db/schema/broker'
import type { BrokerProductType, BrokerSchedule } from '../../../contract/values/broker'

/**
 * One product of a loan broker's partner bank: the calculator's terms are the broker's own rows
 * (`broker_bank_products` of the active `broker_banks`), so a term the cart or a product quotes is one a
 * bank offers when the shopper applies.
 */
export interface BankProductTerms {
  bic: string
  bankTitle: string
  priority: number
  productType: BrokerProductType
  schedule: BrokerSchedule
  loanLengths: number[]
  /** Yearly rate, percent; 0 for an installment. */
  rate: number
  minAmount: number
  maxAmount: number
}

export async function readBankTerms(db: Db): Promise<BankProductTerms[]> {
  return db
    .select({
      bic: brokerBanks.bic,
      bankTitle: brokerBanks.title,
      priority: brokerBanks.priority,
      productType: brokerBankProducts.productType,
      schedule: brokerBankProducts.schedule,
      loanLengths: brokerBankProducts.loanLengths,
      rate: brokerBankProducts.rate,
      minAmount: brokerBankProducts.minAmount,
      maxAmount: brokerBankProducts.maxAmount,
    })
    .from(brokerBankProducts)
    .innerJoin(brokerBanks, and(eq(brokerBanks.bic, brokerBankProducts.bic), eq(brokerBanks.isActive, true)))
    .orderBy(asc(brokerBanks.priority), asc(brokerBankProducts.id))
}

/** The terms held in memory for `ttlMs` (the calculator runs under every cart): an edit shows within it. */
export function cachedBankTerms(db: Db, ttlMs: number) {
  let held: { at: number; rows: Promise<BankProductTerms[]> } | null = null
  return (): Promise<BankProductTerms[]> => {
    const at = Date.now()
    if (!held || at - held.at >= ttlMs) {
      const rows = readBankTerms(db)
      rows.catch(() => (held = null))
      held = { at, rows }
    }
    return held.rows
  }
}
