import { and, desc, eq, isNull, lt, ne, sql } from 'drizzle-orm'
import { AUTH_ERROR_CODES } from '../../../contract/account'
import type { Db } from '../../db/connection'
import { smsCodes } from '../../db/schema/account'
import { HttpError } from '../../http/errors'
import { createProviderGuard, type ProviderGuard } from '../../providers/guard'
import type { SmsProvider } from '../../providers/sms/types'
import { codeHash, newSalt, newSmsCode } from './tokens'

export type CodePurpose = 'signin' | 'signup' | 'recovery'

export const CODE_RULES = {
  ttlSeconds: 300,
  /** Wrong guesses a code survives; the one that reaches it burns the code. */
  maxAttempts: 5,
  /** Spec 9: the resend penalty. */
  resendSeconds: 20,
} as const

const TEXTS: Record<CodePurpose, (code: string) => string> = {
  signin: (code) => `Код для входа: ${code}. Никому его не сообщайте.`,
  signup: (code) => `Код подтверждения номера: ${code}. Никому его не сообщайте.`,
  recovery: (code) => `Код для смены пароля: ${code}. Никому его не сообщайте.`,
}

export const wrongCode = (attemptsLeft: number) =>
  new HttpError(400, AUTH_ERROR_CODES.wrongCode, 'errors:wrongSms', { attemptsLeft })
export const codeNotFound = () => new HttpError(404, AUTH_ERROR_CODES.codeNotFound, 'errors:wrongSms')
export const tooManyAttempts = (penalty: number) =>
  new HttpError(429, AUTH_ERROR_CODES.tooManyRequests, 'errors:tooManyAttempts', { penalty })

/**
 * One-time SMS codes: only a salted hash is stored, a code is bound to its phone and purpose, lives five
 * minutes, is used once, and a new code for the same phone and purpose replaces the old one.
 *
 * A code counts only once the gateway took it: when the send fails or times out (502/504 through the
 * provider guard) the new code is deleted and the shopper's previous code, if one is live, still works,
 * so a broken gateway never leaves a code the shopper cannot have. The resend penalty and the hourly
 * limits were taken before the send and stay taken: a failing gateway is not hammered, nor pumped.
 */
export function createSmsCodes(db: Db, sms: SmsProvider, guard: ProviderGuard = createProviderGuard()) {
  return {
    async send(phone: string, purpose: CodePurpose): Promise<void> {
      const code = newSmsCode()
      const salt = newSalt()
      await db.delete(smsCodes).where(lt(smsCodes.expiresAt, sql`now() - interval '1 day'`))
      const [fresh] = await db
        .insert(smsCodes)
        .values({
          phone,
          purpose,
          salt,
          codeHash: codeHash(salt, phone, purpose, code),
          expiresAt: sql`now() + make_interval(secs => ${CODE_RULES.ttlSeconds})`,
        })
        .returning({ id: smsCodes.id })
      try {
        await guard({ provider: 'sms', operation: 'send' }, () =>
          sms.send({ phone, purpose, text: TEXTS[purpose](code) }),
        )
      } catch (err) {
        await db.delete(smsCodes).where(eq(smsCodes.id, fresh!.id))
        throw err
      }
      await db
        .update(smsCodes)
        .set({ consumedAt: sql`now()` })
        .where(
          and(
            eq(smsCodes.phone, phone),
            eq(smsCodes.purpose, purpose),
            isNull(smsCodes.consumedAt),
            ne(smsCodes.id, fresh!.id),
          ),
        )
    },

    /**
     * Uses the code up, or throws: 404 when there is no live code, 400 for a wrong one (attempts left in
     * the details), 429 once the attempts are spent (penalty: seconds until a new code may be asked).
     */
    async consume(phone: string, purpose: CodePurpose, code: string): Promise<void> {
      const [latest] = await db
        .select()
        .from(smsCodes)
        .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose)))
        .orderBy(desc(smsCodes.createdAt))
        .limit(1)
      const now = Date.now()
      if (!latest || latest.expiresAt.getTime() <= now) throw codeNotFound()
      const resendIn = () =>
        Math.max(0, Math.ceil((latest.createdAt.getTime() + CODE_RULES.resendSeconds * 1000 - now) / 1000))
      if (latest.attempts >= CODE_RULES.maxAttempts) throw tooManyAttempts(resendIn())
      if (latest.consumedAt) throw codeNotFound()

      if (codeHash(latest.salt, phone, purpose, code) !== latest.codeHash) {
        // Counted in one statement, so parallel guesses cannot exceed the budget.
        const [counted] = await db
          .update(smsCodes)
          .set({ attempts: sql`${smsCodes.attempts} + 1` })
          .where(and(eq(smsCodes.id, latest.id), lt(smsCodes.attempts, CODE_RULES.maxAttempts)))
          .returning({ attempts: smsCodes.attempts })
        const left = counted ? CODE_RULES.maxAttempts - counted.attempts : 0
        if (left <= 0) throw tooManyAttempts(resendIn())
        throw wrongCode(left)
      }
      const used = await db
        .update(smsCodes)
        .set({ consumedAt: sql`now()` })
        .where(
          and(
            eq(smsCodes.id, latest.id),
            isNull(smsCodes.consumedAt),
            lt(smsCodes.attempts, CODE_RULES.maxAttempts),
          ),
        )
        .returning({ id: smsCodes.id })
      if (used.length === 0) throw codeNotFound()
    },
  }
}

export type SmsCodes = ReturnType<typeof createSmsCodes>
