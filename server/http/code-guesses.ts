import type { Config } from '../config'
import { HttpError } from './errors'
import type { Backoff, Limit, RateLimiter } from './rate-limit'

/** The secret codes a shopper types in and the store says exist or not. */
export type CodeKind = 'gift_card' | 'promo_code'

export interface CodeGuessRules {
  perAddress: Backoff
  /** A cart, a device's session, a signed-in shopper: whoever the check is for, at any address. */
  perShopper: Backoff
  /** Unknown codes of this kind the whole store answers in a window; past it every check waits. */
  storeWide: Limit
}

/** Seconds of the first wait after the free misses; each further miss doubles it. */
const FIRST_WAIT_SECONDS = 2
const LONGEST_WAIT_SECONDS = 900
/** A key quiet this long starts afresh. */
const FORGET_SECONDS = 86_400

/**
 * The rules of a code check from the configuration. Gift cards and promo codes share the per-address and
 * per-shopper counts (a guesser cannot double its budget by switching kinds); each kind has its own
 * store-wide budget.
 */
export function codeGuessRules(
  config: Pick<
    Config,
    | 'CODE_CHECK_FREE_MISSES_PER_ADDRESS'
    | 'CODE_CHECK_FREE_MISSES_PER_SHOPPER'
    | 'GIFT_CARD_MISSES_PER_MINUTE'
    | 'PROMO_CODE_MISSES_PER_MINUTE'
  >,
  kind: CodeKind,
): CodeGuessRules {
  const backoff = (bucket: string, free: number): Backoff => ({
    bucket,
    free,
    baseSeconds: FIRST_WAIT_SECONDS,
    maxSeconds: LONGEST_WAIT_SECONDS,
    forgetSeconds: FORGET_SECONDS,
  })
  return {
    perAddress: backoff('code-miss-address', config.CODE_CHECK_FREE_MISSES_PER_ADDRESS),
    perShopper: backoff('code-miss-shopper', config.CODE_CHECK_FREE_MISSES_PER_SHOPPER),
    storeWide:
      kind === 'gift_card'
        ? { bucket: 'gift-card-miss-store', max: config.GIFT_CARD_MISSES_PER_MINUTE, windowSeconds: 60 }
        : { bucket: 'promo-code-miss-store', max: config.PROMO_CODE_MISSES_PER_MINUTE, windowSeconds: 60 },
  }
}

/** The one key of the store-wide budget. */
const STORE = 'store'

/** Who asks: the client address as Fastify reads it (TRUST_PROXY decides), and the shopper's keys. */
export interface Asker {
  address: string
  /** `cart:…`, `session:…`, `user:…`; the absent ones are skipped. */
  shopper: (string | null | undefined)[]
}

/** Whether an error says the code does not exist (expired or spent codes exist: the guess was right). */
export function isUnknownCode(error: unknown, notFoundKeys: readonly string[]): boolean {
  return error instanceof HttpError && error.statusCode === 404 && notFoundKeys.includes(error.message)
}

/**
 * Guards a check that answers whether a guessed code exists. Before it: the store-wide budget of
 * unknown codes (spent, every check of the kind answers 429 until the window moves, known codes too:
 * were those let through, the 200s among the 429s would tell a botnet which guesses hit), then one
 * attempt per address and per shopper key, counted as a miss until the code turns out to exist. An
 * existing code gives its attempts back, so a shopper using real codes never waits; an unknown one
 * keeps them and spends the store-wide budget. Every refusal is 429 with the seconds to wait.
 */
export function createCodeGuessGuard(
  limiter: RateLimiter,
  rules: CodeGuessRules,
  notFoundKeys: readonly string[],
) {
  return async function guarded<T>(asker: Asker, check: () => Promise<T>): Promise<T> {
    await limiter.check(rules.storeWide, STORE)
    const taken: { rule: Backoff; key: string }[] = []
    const giveBack = () => Promise.all(taken.map(({ rule, key }) => limiter.givenBack(rule, key)))
    const keys = [
      { rule: rules.perAddress, key: asker.address },
      ...[...new Set(asker.shopper)].flatMap((key) => (key ? [{ rule: rules.perShopper, key }] : [])),
    ]
    try {
      for (const entry of keys) {
        await limiter.attempt(entry.rule, entry.key)
        taken.push(entry)
      }
    } catch (refused) {
      // a key that must wait: the others made no guess either
      await giveBack()
      throw refused
    }
    let result: T
    try {
      result = await check()
    } catch (error) {
      if (isUnknownCode(error, notFoundKeys)) await limiter.record(rules.storeWide, STORE)
      else await giveBack()
      throw error
    }
    await giveBack()
    return result
  }
}

export type CodeGuessGuard = ReturnType<typeof createCodeGuessGuard>

/** Shopper keys of an asker, each spelled once for every route that checks codes. */
export const cartKey = (id: string | null | undefined) => (id ? `cart:${id.toLowerCase()}` : null)
export const sessionKey = (id: string | null | undefined) => (id ? `session:${id}` : null)
export const userKey = (id: string | null | undefined) => (id ? `user:${id}` : null)
