import { randomBytes } from 'node:crypto'
import { eq, lt, sql } from 'drizzle-orm'
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1'
import type { Db } from '../../db/connection'
import { captchaKeys, captchaSolutions } from '../../db/schema/account'
import type { CaptchaChallenge, CaptchaProvider } from './types'

/** How long a challenge may be solved and used: enough to type a phone number, not to stockpile. */
export const CHALLENGE_SECONDS = 300

/** The largest solution the store reads: a base64 JSON of five short fields. */
const MAX_SOLUTION_LENGTH = 1_000

/**
 * The store's HMAC key for captcha challenges: the configured one, else the one made on the first start
 * and kept in `captcha_keys`, so every process verifies what any of them issued (processes starting
 * together each offer a key; the first written wins and all read it).
 */
export async function ensureCaptchaKey(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured
  const read = async () =>
    (await db.select({ key: captchaKeys.hmacKey }).from(captchaKeys).where(eq(captchaKeys.id, 1)))[0]?.key
  const found = await read()
  if (found) return found
  await db
    .insert(captchaKeys)
    .values({ id: 1, hmacKey: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const made = await read()
  if (!made) throw new Error('captcha: the HMAC key was neither found nor written')
  return made
}

/**
 * A captcha that lives in this store: the ALTCHA proof-of-work protocol (`altcha-lib`). The client asks
 * for a challenge, finds by brute force the number whose hash with the salt is the challenge (half of
 * `maxNumber` SHA-256 hashes on average, work a script must repeat for every SMS it wants sent) and sends
 * the solution, base64 JSON, in the captcha header. The server checks the signature (only it can issue a
 * challenge), the expiry in the signed salt and the number, then records the signature: of two requests
 * with one solution, in any processes, only the first passes.
 */
export function createAltchaCaptchaProvider(
  db: Db,
  options: { hmacKey: string; maxNumber: number; now?: () => Date },
): CaptchaProvider {
  const now = options.now ?? (() => new Date())
  let lastPrune = 0
  return {
    name: 'altcha',
    async issue() {
      const challenge = await createChallenge({
        hmacKey: options.hmacKey,
        maxNumber: options.maxNumber,
        expires: new Date(now().getTime() + CHALLENGE_SECONDS * 1000),
      })
      return { ...challenge, algorithm: 'SHA-256', maxnumber: options.maxNumber } satisfies CaptchaChallenge
    },

    async verify(solution) {
      if (!solution || solution.length > MAX_SOLUTION_LENGTH) return false
      let payload: unknown
      try {
        payload = JSON.parse(Buffer.from(solution, 'base64').toString('utf8'))
      } catch {
        return false
      }
      if (!isPayload(payload) || payload.algorithm !== 'SHA-256') return false
      const expires = Number(extractParams(payload).expires)
      if (!Number.isInteger(expires) || expires * 1000 <= now().getTime()) return false
      if (!(await verifySolution(payload, options.hmacKey, false))) return false
      if (Date.now() - lastPrune > 60_000) {
        lastPrune = Date.now()
        await db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, sql`now()`))
      }
      // One insert: the first to record the signature passes, a replay finds it taken.
      const used = await db
        .insert(captchaSolutions)
        .values({ signature: payload.signature, expiresAt: new Date(expires * 1000) })
        .onConflictDoNothing()
        .returning({ signature: captchaSolutions.signature })
      return used.length === 1
    },
  }
}

function isPayload(value: unknown): value is {
  algorithm: 'SHA-256'
  challenge: string
  number: number
  salt: string
  signature: string
} {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return (
    typeof v.algorithm === 'string' &&
    typeof v.challenge === 'string' &&
    typeof v.number === 'number' &&
    Number.isInteger(v.number) &&
    v.number >= 0 &&
    typeof v.salt === 'string' &&
    typeof v.signature === 'string' &&
    /^[0-9a-f]{64}$/.test(v.signature)
  )
}

/** The store's captcha as its configuration sets it up (the key read or made once per call). */
export async function openCaptcha(
  db: Db,
  config: { CAPTCHA_HMAC_KEY?: string | undefined; CAPTCHA_MAX_NUMBER: number },
): Promise<CaptchaProvider> {
  return createAltchaCaptchaProvider(db, {
    hmacKey: await ensureCaptchaKey(db, config.CAPTCHA_HMAC_KEY),
    maxNumber: config.CAPTCHA_MAX_NUMBER,
  })
}
