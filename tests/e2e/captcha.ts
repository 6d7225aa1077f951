import type { APIRequestContext } from '@playwright/test'
import { solveChallenge } from 'altcha-lib/v1'

/**
 * A captcha solution for a call a journey makes itself (outside the page): the store's proof-of-work
 * challenge, solved as the browser solves it, ready for the `x-captcha-token` header.
 */
export async function solvedCaptcha(request: APIRequestContext): Promise<string> {
  const challenge = (await (await request.get('/account/api/v1/captcha')).json()) as {
    algorithm: string
    challenge: string
    maxnumber: number
    salt: string
    signature: string
  }
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise
  if (!solution) throw new Error('the captcha challenge has no solution')
  const { algorithm, salt, signature } = challenge
  const payload = { algorithm, challenge: challenge.challenge, number: solution.number, salt, signature }
  return Buffer.from(JSON.stringify(payload)).toString('base64')
}
