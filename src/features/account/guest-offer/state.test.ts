import { beforeEach, describe, expect, it } from 'vitest'
import { OFFER_KEY, readProgress, readSentNotice, RECEIVED_KEY, saveSentNotice } from './state'

describe('stored guest offer values', () => {
  beforeEach(() => sessionStorage.clear())

  it('reads back where the code was sent', () => {
    saveSentNotice({ sentTo: '+7 701 ••• •• 67' })
    expect(readSentNotice()).toEqual({ sentTo: '+7 701 ••• •• 67' })
  })

  it('drops a stored value of another shape instead of showing it', () => {
    for (const stored of [{ code: 'WELCOME-7K2' }, { sentTo: 7 }, [{ sentTo: 'x' }], 7]) {
      sessionStorage.setItem(RECEIVED_KEY, JSON.stringify(stored))
      expect(readSentNotice()).toBeNull()
    }
  })

  it('reads progress that is not a whole, non-negative time as a fresh start', () => {
    for (const stored of [
      { seen: true, elapsedMs: -1 },
      { seen: true, elapsedMs: 1.5 },
      { seen: 'yes', elapsedMs: 0 },
    ]) {
      sessionStorage.setItem(OFFER_KEY, JSON.stringify(stored))
      expect(readProgress()).toEqual({ seen: false, elapsedMs: 0 })
    }
  })
})
