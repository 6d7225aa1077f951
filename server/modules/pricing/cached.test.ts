import { describe, expect, it } from 'vitest'
import { cached } from './cached'

describe('the in-memory cache of the benefit tables', () => {
  it('loads once within its ttl and again in the foreground after it when it has no refresh', async () => {
    let now = 0
    let loads = 0
    const value = cached<number>(5_000, () => now)
    const load = () => Promise.resolve(++loads)
    expect(await Promise.all([value.get(load), value.get(load)])).toEqual([1, 1])
    now = 4_999
    expect(await value.get(load)).toBe(1)
    now = 5_000
    expect(await value.get(load)).toBe(2)
  })

  it('answers the kept copy at once when stale and refreshes it once in the background', async () => {
    let now = 0
    const value = cached<string>(5_000, () => now)
    expect(await value.get(() => Promise.resolve('first'))).toBe('first')
    now = 6_000
    let finish!: (v: string) => void
    let refreshes = 0
    const refresh = () => {
      refreshes++
      return new Promise<string>((resolve) => (finish = resolve))
    }
    const never = () => Promise.reject(new Error('a stale copy is not loaded in the foreground'))
    // the refresh never answers yet: callers are not made to wait for it
    expect(await value.get(never, refresh)).toBe('first')
    expect(await value.get(never, refresh)).toBe('first')
    expect(refreshes).toBe(1)
    finish('second')
    await new Promise((r) => setTimeout(r, 0))
    expect(await value.get(never, refresh)).toBe('second')
  })

  it('keeps the last copy when a refresh fails, and tries again', async () => {
    let now = 0
    const value = cached<string>(5_000, () => now)
    await value.get(() => Promise.resolve('kept'))
    now = 6_000
    const never = () => Promise.reject(new Error('unused'))
    expect(await value.get(never, () => Promise.reject(new Error('down')))).toBe('kept')
    await new Promise((r) => setTimeout(r, 0))
    expect(await value.get(never, () => Promise.resolve('fresh'))).toBe('kept')
    await new Promise((r) => setTimeout(r, 0))
    expect(await value.get(never)).toBe('fresh')
  })

  it('does not keep a failed load', async () => {
    const value = cached<string>(5_000, () => 0)
    await expect(value.get(() => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await value.get(() => Promise.resolve('ok'))).toBe('ok')
  })

  it('reads through with a ttl of 0', async () => {
    let loads = 0
    const value = cached<number>(0)
    const load = () => Promise.resolve(++loads)
    await value.get(load)
    expect(await value.get(load, load)).toBe(2)
  })
})
