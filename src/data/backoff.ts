export interface BackoffPolicy {
  baseMs: number
  maxMs: number
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 2_000, maxMs: 5 * 60_000 }

/** Exponential delay with ±20% jitter, so clients that lost the same server do not return in step. */
export function backoffDelay(attempts: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const exponential = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempts - 1))
  return Math.round(exponential * (0.8 + 0.4 * random()))
}
