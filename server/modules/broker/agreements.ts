import {
  AGREEMENT_CODE_ATTEMPTS,
  AGREEMENT_CODE_TTL_SECONDS,
  BROKER_ERROR_KEYS as KEYS,
  type AgreementSignRequest,
  type AgreementSigned,
  type AgreementSpecification,
  type AgreementVerified,
} from '../../../contract/broker'
import type { Lang } from '../../../contract/common'
import { HttpError, notFound, unprocessable } from '../../http/errors'
import { createProviderGuard, type ProviderGuard } from '../../providers/guard'
import type { SmsProvider } from '../../providers/sms/types'
import { codeHash, newSalt, newSmsCode } from './codes'
import type { BrokerRepo } from './repo'

const smsText = (code: string) =>
  `Код подписания согласия для заявки на рассрочку: ${code}. Никому его не сообщайте.`

const maskPhone = (phone: string) => `+7 ${phone.slice(1, 4)} *** ** ${phone.slice(-2)}`

/**
 * The broker agreement (purchase flow 7): its text, signing it (an SMS code to the shopper's own
 * phone) and verifying the code. A code lives AGREEMENT_CODE_TTL_SECONDS and survives
 * AGREEMENT_CODE_ATTEMPTS wrong guesses, each taken atomically before the code is compared.
 */
export function createAgreements(
  repo: BrokerRepo,
  sms: SmsProvider,
  now: () => Date,
  guard: ProviderGuard = createProviderGuard(),
) {
  return {
    async specification(code: string, lang: Lang): Promise<AgreementSpecification> {
      const spec = await repo.specification(code)
      if (!spec) throw notFound(KEYS.specificationNotFound)
      return {
        code: spec.code,
        version: spec.version,
        title: spec.title[lang],
        paragraphs: spec.paragraphs[lang],
        agreements: spec.agreements.map((a) => ({
          code: a.code,
          title: a.title[lang],
          required: a.required,
        })),
      }
    },

    async sign(input: AgreementSignRequest, userId: string): Promise<AgreementSigned> {
      const spec = await repo.specification(input.specification_code)
      if (!spec) throw notFound(KEYS.specificationNotFound)
      const missing = spec.agreements.filter((a) => a.required && !input.agreements.includes(a.code))
      if (missing.length > 0)
        throw unprocessable(KEYS.agreementRequired, { codes: missing.map((a) => a.code) })
      const phone = await repo.phoneOf(userId)
      if (!phone) throw notFound(KEYS.signNotFound)
      const code = newSmsCode()
      const salt = newSalt()
      const expiresAt = new Date(now().getTime() + AGREEMENT_CODE_TTL_SECONDS * 1000)
      const known = new Set(spec.agreements.map((a) => a.code))
      const row = await repo.insertSign({
        userId,
        specificationCode: spec.code,
        version: spec.version,
        agreements: input.agreements.filter((a) => known.has(a)),
        phone,
        salt,
        codeHash: codeHash(salt, code),
        attemptsLeft: AGREEMENT_CODE_ATTEMPTS,
        expiresAt,
      })
      // A send that fails leaves a signing nobody can verify (its id and code never reach the shopper):
      // harmless, and the shopper's next request starts a new one.
      await guard({ provider: 'sms', operation: 'send' }, () =>
        sms.send({ phone, purpose: 'agreement', text: smsText(code) }),
      )
      return {
        signAgreementId: row.id,
        phoneMasked: maskPhone(phone),
        expiresAt: expiresAt.toISOString(),
        attemptsLeft: AGREEMENT_CODE_ATTEMPTS,
      }
    },

    async verify(id: string, code: string, userId: string): Promise<AgreementVerified> {
      const sign = await repo.sign(id, userId)
      if (!sign) throw notFound(KEYS.signNotFound)
      if (sign.verifiedAt)
        return { verified: true, verificationId: sign.id, verifiedAt: sign.verifiedAt.toISOString() }
      if (sign.expiresAt.getTime() <= now().getTime()) throw unprocessable(KEYS.codeExpired)
      const left = await repo.takeAttempt(sign.id)
      if (left === null) throw new HttpError(429, 'too_many_requests', KEYS.tooManyAttempts)
      if (codeHash(sign.salt, code) !== sign.codeHash) {
        if (left === 0) throw new HttpError(429, 'too_many_requests', KEYS.tooManyAttempts)
        throw unprocessable(KEYS.codeInvalid, { attemptsLeft: left })
      }
      const at = now()
      const verified = (await repo.markVerified(sign.id, at)) ?? (await repo.sign(id, userId))
      return {
        verified: true,
        verificationId: sign.id,
        verifiedAt: (verified?.verifiedAt ?? at).toISOString(),
      }
    },
  }
}
