import { describe, expect, it } from 'vitest'
import { summarise } from './percentiles'

describe('latency percentiles', () => {
  it('takes the nearest rank over all samples', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i)
    expect(summarise(samples)).toEqual({ p50: 50, p95: 95, p99: 99, max: 100 })
  })
  it('is zero for an empty run rather than NaN', () => {
    expect(summarise([])).toEqual({ p50: 0, p95: 0, p99: 0, max: 0 })
  })
})
