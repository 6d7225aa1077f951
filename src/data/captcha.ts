import type { CaptchaResponse } from '../../contract/account'
import { ACCOUNT_V1, CAPTCHA_HEADER } from '../../contract/values/account'
import { api } from './api'

/**
 * Calls that send an SMS (sign-in codes, a guest's promo code) need a fresh captcha solution each: the
 * store's proof-of-work challenge (ALTCHA), solved here by `altcha-lib`'s solver, loaded only when a
 * shopper first needs it (never with the catalogue pages).
 */
export async function captchaHeaders(): Promise<Record<string, string>> {
  const [challenge, { solveChallenge }] = await Promise.all([
    api.get<CaptchaResponse>(`${ACCOUNT_V1}/captcha`, { auth: false }),
    import('altcha-lib/v1'),
  ])
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise
  if (!solution) throw new Error('captcha: the challenge has no solution')
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
  }
  return { [CAPTCHA_HEADER]: btoa(JSON.stringify(payload)) }
}
