import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/connection'
import { captchaTokens } from '../../db/schema/account'
import { newToken, tokenHash } from '../../lib/secret-tokens'
import type { CaptchaProvider } from './types'

const TTL_SECONDS = 120

/**
 * An invisible captcha that lives in this store: the page asks for a token right before the call that
 * needs one, and each token passes once within two minutes. It keeps scripts that call the SMS endpoint
 * directly from doing so without first fetching a token per SMS, and stands in for a hosted service.
 */
export function createLocalCaptchaProvider(db: Db): CaptchaProvider {
  return {
    name: 'local',
    async issue() {
      const token = newToken()
      await db.delete(captchaTokens).where(lt(captchaTokens.expiresAt, sql`now() - interval '1 hour'`))
      await db.insert(captchaTokens).values({
        tokenHash: tokenHash(token),
        expiresAt: sql`now() + make_interval(secs => ${TTL_SECONDS})`,
      })
      return { token, expiresIn: TTL_SECONDS }
    },
    async verify(token) {
      if (!token || !/^[A-Za-z0-9_-]{16,200}$/.test(token)) return false
      // One conditional update: two processes cannot both accept the same token.
      const used = await db
        .update(captchaTokens)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(captchaTokens.tokenHash, tokenHash(token)),
            isNull(captchaTokens.usedAt),
            gt(captchaTokens.expiresAt, sql`now()`),
          ),
        )
        .returning({ tokenHash: captchaTokens.tokenHash })
      return used.length === 1
    },
  }
}
