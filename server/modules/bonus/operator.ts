import type { Db } from '../../db/connection'
import { consoleOperator, recordAudit, type AuditActor } from '../audit'
import { createBonusRepo, type Balance } from './repo'

/**
 * The most one grant credits. A goodwill credit is a few thousand; bonuses pay at most 30 % of an order
 * under the 2,000,000 cap, so anything above this is a typo (an extra zero), not a decision.
 */
export const MAX_BONUS_GRANT = 1_000_000
export const MAX_BONUS_NOTE = 500

export type BonusOperatorFault = 'badPhone' | 'unknownPhone' | 'badAmount' | 'badNote'

/** A refusal the operator can act on; `fault` tells a typo (`bad*`) from a phone with no account. */
export class BonusOperatorError extends Error {
  constructor(
    readonly fault: BonusOperatorFault,
    message: string,
  ) {
    super(message)
    this.name = 'BonusOperatorError'
  }
}

export function checkPhone(phone: string | undefined): string {
  if (!phone || !/^7\d{10}$/.test(phone))
    throw new BonusOperatorError('badPhone', `a phone is 11 digits starting with 7, not "${phone ?? ''}"`)
  return phone
}

const badAmount = (shown: string) =>
  new BonusOperatorError(
    'badAmount',
    `the amount is a whole number of bonuses from 1 to ${MAX_BONUS_GRANT}, not "${shown}"`,
  )

function checkGrantAmount(amount: number): number {
  if (!Number.isInteger(amount) || amount < 1 || amount > MAX_BONUS_GRANT) throw badAmount(String(amount))
  return amount
}

/** The amount as an operator types it: digits only, so "1e3", "5.5", "-5" and "0x10" are refused. */
export function parseGrantAmount(text: string | undefined): number {
  if (text === undefined || !/^\d{1,9}$/.test(text)) throw badAmount(text ?? '')
  return checkGrantAmount(Number(text))
}

function checkNote(note: string | undefined): string | null {
  const trimmed = note?.trim() ?? ''
  if (trimmed.length > MAX_BONUS_NOTE)
    throw new BonusOperatorError('badNote', `the note is at most ${MAX_BONUS_NOTE} characters`)
  return trimmed === '' ? null : trimmed
}

export interface GrantResult {
  userId: string
  credited: number
  balance: Balance
}

/**
 * What an operator does with a shopper's bonuses, by phone: credit them (a `manual` row, spendable at
 * once, beside the purchases' rows) and read the balance as the shopper's bonus profile counts it.
 */
export function createBonusOperator(
  db: Db,
  now: () => Date = () => new Date(),
  /** Who grants, for the audit log: the person at the console unless told. */
  by: AuditActor = consoleOperator(),
) {
  const repo = createBonusRepo(db)

  async function account(phone: string | undefined): Promise<string> {
    const checked = checkPhone(phone)
    const userId = await repo.userIdByPhone(checked)
    if (!userId) throw new BonusOperatorError('unknownPhone', `no account has the phone ${checked}`)
    return userId
  }

  return {
    async grant(phone: string | undefined, amount: number, note?: string): Promise<GrantResult> {
      const credited = checkGrantAmount(amount)
      const text = checkNote(note)
      const userId = await account(phone)
      const at = now()
      await db.transaction(async (tx) => {
        await createBonusRepo(tx).credit(userId, credited, text, at)
        await recordAudit(tx, {
          ...by,
          action: 'bonus.grant',
          subjectKind: 'user',
          subjectId: userId,
          details: { amount: credited, note: text },
        })
      })
      return { userId, credited, balance: await repo.balance(userId, at) }
    },

    async balance(phone: string | undefined): Promise<Balance> {
      return repo.balance(await account(phone), now())
    },
  }
}
export type BonusOperator = ReturnType<typeof createBonusOperator>
