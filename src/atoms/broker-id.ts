/*
 * The loan broker's application in progress is kept under `brokerId` for 7200 s (purchase flow 4, 9;
 * the checkout's financing keeps and reads it). Here only what sign-out needs, so the bundle every page
 * loads carries no more of it than this.
 */

// Written out rather than imported from contract/values/broker: that import put the broker's whole list
// of values into the bundle every page loads. The test holds them equal.
export const BROKER_ID_KEY = 'brokerId'
export const BROKER_ID_TTL_MS = 7200 * 1000

/** Sign-out forgets the bank data too (purchase flow 4), so the next shopper resumes nothing. */
export function clearBrokerId(): void {
  try {
    localStorage.removeItem(BROKER_ID_KEY)
  } catch {
    // no storage (switched off, or a server render): nothing was kept
  }
}
