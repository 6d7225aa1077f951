import { describe, expect, it } from 'vitest'
import { isFreshAnswer } from './expiry'

const NOW = Date.parse('2026-11-27T12:00:00Z')
const DAY = 24 * 60 * 60

describe("a kept answer's freshness", () => {
  it('is fresh within its age and stale past it', () => {
    expect(isFreshAnswer('Fri, 27 Nov 2026 06:00:00 GMT', DAY, NOW)).toBe(true)
    expect(isFreshAnswer('Thu, 26 Nov 2026 11:59:00 GMT', DAY, NOW)).toBe(false)
  })

  it('keeps an answer whose date is missing or unreadable', () => {
    expect(isFreshAnswer(null, DAY, NOW)).toBe(true)
    expect(isFreshAnswer('yesterday', DAY, NOW)).toBe(true)
  })
})
