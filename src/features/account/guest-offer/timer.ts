import type { Progress } from './state'

/** Spec 4, 9: the modal opens after 120000 ms on eligible pages, counted in ticks of 1000 ms. */
export const OFFER_DELAY_MS = 120_000
export const OFFER_TICK_MS = 1000

/** The timer functions the offer uses; tests (and Playwright's clock) drive them. */
export interface OfferClock {
  setInterval: (fn: () => void, ms: number) => unknown
  clearInterval: (handle: unknown) => void
}

export const browserClock: OfferClock = {
  setInterval: (fn, ms) => window.setInterval(fn, ms),
  clearInterval: (handle) => window.clearInterval(handle as number),
}

export interface OfferTimerOptions {
  clock: OfferClock
  read: () => Progress
  write: (progress: Progress) => void
  onElapsed: () => void
  delayMs?: number
  tickMs?: number
}

/**
 * The accumulated timer of the guest offer. `visit(eligible)` is called on every page change: the
 * first eligible page only marks the offer as seen; later eligible pages tick, adding to the time kept
 * across pages (and reloads, through `write`); other pages pause it. At the delay it fires once and stops.
 */
export function createOfferTimer({
  clock,
  read,
  write,
  onElapsed,
  delayMs = OFFER_DELAY_MS,
  tickMs = OFFER_TICK_MS,
}: OfferTimerOptions) {
  let handle: unknown = null
  let done = false

  const stop = () => {
    if (handle !== null) clock.clearInterval(handle)
    handle = null
  }

  const tick = () => {
    const progress = read()
    const elapsedMs = progress.elapsedMs + tickMs
    write({ ...progress, elapsedMs })
    if (elapsedMs >= delayMs) {
      done = true
      stop()
      onElapsed()
    }
  }

  return {
    visit(eligible: boolean) {
      if (done) return
      if (!eligible) return stop()
      const progress = read()
      if (!progress.seen) {
        write({ ...progress, seen: true })
        return stop()
      }
      if (progress.elapsedMs >= delayMs) {
        done = true
        stop()
        onElapsed()
        return
      }
      if (handle === null) handle = clock.setInterval(tick, tickMs)
    },
    dispose() {
      done = true
      stop()
    },
    get running() {
      return handle !== null
    },
  }
}
