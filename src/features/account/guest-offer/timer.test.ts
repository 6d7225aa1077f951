import { beforeEach, describe, expect, it, vi } from 'vitest'
import { isEligiblePage } from './eligibility'
import { dismissGuestOffer, isDismissed, readProgress, writeProgress, type Progress } from './state'
import { createOfferTimer, OFFER_DELAY_MS, OFFER_TICK_MS, type OfferClock } from './timer'

/** A clock the test turns by hand: each `advance` runs the interval callbacks that would have fired. */
function manualClock() {
  let now = 0
  const timers = new Map<number, { fn: () => void; ms: number; next: number }>()
  let id = 0
  const clock: OfferClock = {
    setInterval: (fn, ms) => {
      timers.set(++id, { fn, ms, next: now + ms })
      return id
    },
    clearInterval: (handle) => void timers.delete(handle as number),
  }
  return {
    clock,
    active: () => timers.size,
    advance(ms: number) {
      const end = now + ms
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, t]) => t.next <= end)
          .sort((a, b) => a[1].next - b[1].next)[0]
        if (!due) break
        now = due[1].next
        due[1].next += due[1].ms
        due[1].fn()
      }
      now = end
    },
  }
}

function setup() {
  let progress: Progress = { seen: false, elapsedMs: 0 }
  const onElapsed = vi.fn()
  const manual = manualClock()
  const timer = createOfferTimer({
    clock: manual.clock,
    read: () => progress,
    write: (p) => (progress = p),
    onElapsed,
  })
  return { timer, manual, onElapsed, progress: () => progress }
}

describe('the guest offer timer (spec 4, 9)', () => {
  it('only marks the offer seen on the first eligible page, then counts 120 s in 1 s ticks', () => {
    const { timer, manual, onElapsed, progress } = setup()
    timer.visit(true)
    expect(progress()).toEqual({ seen: true, elapsedMs: 0 })
    manual.advance(OFFER_DELAY_MS * 2)
    expect(onElapsed).not.toHaveBeenCalled()
    timer.visit(true)
    manual.advance(OFFER_DELAY_MS - OFFER_TICK_MS)
    expect(onElapsed).not.toHaveBeenCalled()
    expect(progress().elapsedMs).toBe(119_000)
    manual.advance(OFFER_TICK_MS)
    expect(onElapsed).toHaveBeenCalledTimes(1)
    expect(manual.active()).toBe(0)
    timer.visit(true)
    manual.advance(OFFER_DELAY_MS)
    expect(onElapsed).toHaveBeenCalledTimes(1)
  })

  it('pauses on other pages and keeps the time already spent', () => {
    const { timer, manual, onElapsed, progress } = setup()
    timer.visit(true)
    timer.visit(true)
    manual.advance(60_000)
    timer.visit(false)
    manual.advance(600_000)
    expect(progress().elapsedMs).toBe(60_000)
    timer.visit(true)
    manual.advance(59_000)
    expect(onElapsed).not.toHaveBeenCalled()
    manual.advance(1000)
    expect(onElapsed).toHaveBeenCalledTimes(1)
  })

  it('does not start a second interval when the same eligible page is visited again', () => {
    const { timer, manual } = setup()
    timer.visit(true)
    timer.visit(true)
    timer.visit(true)
    expect(manual.active()).toBe(1)
    timer.dispose()
    expect(manual.active()).toBe(0)
  })
})

describe('eligible pages (spec 4)', () => {
  it('are home (exact), search, catalogue and product pages', () => {
    for (const page of [
      '/{-$city}/',
      '/{-$city}/search',
      '/{-$city}/catalog/$',
      '/{-$city}/catalog/',
      '/{-$city}/p/$uri',
    ])
      expect(isEligiblePage(['__root__', '/{-$city}', page]), page).toBe(true)
    for (const page of [
      '/{-$city}/cart',
      '/{-$city}/my-account/overview',
      '/{-$city}/login',
      '/{-$city}/cms/$slug',
    ])
      expect(isEligiblePage(['__root__', '/{-$city}', page]), page).toBe(false)
    expect(isEligiblePage(['__root__', '/{-$city}'])).toBe(false)
  })
})

describe('offer state in sessionStorage', () => {
  beforeEach(() => sessionStorage.clear())

  it('keeps progress and the dismissal for the session, and reads junk as a fresh start', () => {
    expect(readProgress()).toEqual({ seen: false, elapsedMs: 0 })
    writeProgress({ seen: true, elapsedMs: 5000 })
    expect(readProgress()).toEqual({ seen: true, elapsedMs: 5000 })
    sessionStorage.setItem('guestPromoOffer', '{not json')
    expect(readProgress()).toEqual({ seen: false, elapsedMs: 0 })
    expect(isDismissed()).toBe(false)
    dismissGuestOffer('closed')
    expect(isDismissed()).toBe(true)
    expect(sessionStorage.getItem('guestPromoOfferDismissed')).toBe('closed')
  })
})
