import { AUTH_ERROR_CODES } from '../../../contract/values/account'
import { HttpError } from '../../http/errors'

/** A proof-of-work challenge as the ALTCHA protocol hands it to the client. */
export interface CaptchaChallenge {
  algorithm: 'SHA-256'
  /** SHA-256 (hex) of the salt followed by the secret number the client must find. */
  challenge: string
  /** The secret number is at most this: the work a client does is half of it on average. */
  maxnumber: number
  /** Random, with the challenge's expiry as `?expires=<unix seconds>`. */
  salt: string
  /** HMAC of the challenge with the store's key: only the store can issue one. */
  signature: string
}

/**
 * Checks the captcha the client solved before calls that cost money or invite abuse (SMS sends, sign-up
 * codes, a guest's promo code by SMS). The store's own proof-of-work provider is the default; a hosted
 * captcha service would plug in here.
 */
export interface CaptchaProvider {
  readonly name: string
  /** A fresh challenge for the client to solve. */
  issue(): Promise<CaptchaChallenge>
  /** True once for a valid, unexpired solution; a solution never passes twice, in any process. */
  verify(solution: string | undefined): Promise<boolean>
}

/** 403 unless the solution passes: the check every SMS-sending call makes first. */
export async function requireCaptcha(captcha: CaptchaProvider, solution: string | undefined): Promise<void> {
  if (!(await captcha.verify(solution)))
    throw new HttpError(403, AUTH_ERROR_CODES.captcha, 'errors:captchaFailed')
}
