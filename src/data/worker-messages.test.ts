import { describe, expect, it } from 'vitest'
import { isSkipWaiting } from './worker-messages'

describe('the update message', () => {
  it('recognises what workbox-window posts to the waiting worker', () => {
    expect(isSkipWaiting({ type: 'SKIP_WAITING' })).toBe(true)
    expect(isSkipWaiting({ type: 'skip' })).toBe(false)
    expect(isSkipWaiting('SKIP_WAITING')).toBe(false)
    expect(isSkipWaiting(null)).toBe(false)
  })
})
