/**
 * Tokens the client knows in memory. The HttpOnly cookies carry them too, so after a reload these are
 * empty and the cookies alone authenticate; the bearer header is for when the app has just signed in.
 */
let accessToken: string | null = null
let refreshToken: string | null = null
// Bumped whenever the credentials change, so a 401 answered to an older credential is retried, not refreshed.
let generation = 0

export type SignedOutReason = 'expired' | 'signed-out'
type SignedOutListener = (reason: SignedOutReason) => void
const listeners = new Set<SignedOutListener>()

export function getAccessToken(): string | null {
  return accessToken
}

export function getRefreshToken(): string | null {
  return refreshToken
}

export function setAccessToken(token: string | null): void {
  accessToken = token
  generation++
}

export function setRefreshToken(token: string | null): void {
  refreshToken = token
}

export function credentialsGeneration(): number {
  return generation
}

/** A refresh that renewed only the cookies still changes the credentials the next request carries. */
export function markCredentialsRenewed(): void {
  generation++
}

/** Forgets the tokens and tells the listeners why: 'signed-out' on purpose, 'expired' when refresh failed. */
export function clearTokens(reason: SignedOutReason = 'signed-out'): void {
  accessToken = null
  refreshToken = null
  generation++
  for (const listener of [...listeners]) listener(reason)
}

export function onSignedOut(listener: SignedOutListener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
