import { describe, expect, it } from 'vitest'
import { cached } from './cached'

describe('the in-memory cache of the benefit tables', () => {
  it('loads once within its ttl and again after it', async () => {
    let now = 0
    let loads = 0
    const value = cached(
      () => Promise.resolve(++loads),
      5_000,
      () => now,
    )
    expect(await Promise.all([value.get(), value.get()])).toEqual([1, 1])
    now = 4_999
    expect(await value.get()).toBe(1)
    now = 5_000
    expect(await value.get()).toBe(2)
  })

  it('does not keep a failed load', async () => {
    let fail = true
    const value = cached(
      () => (fail ? Promise.reject(new Error('down')) : Promise.resolve('ok')),
      5_000,
      () => 0,
    )
    await expect(value.get()).rejects.toThrow('down')
    fail = false
    expect(await value.get()).toBe('ok')
  })

  it('reads through with a ttl of 0', async () => {
    let loads = 0
    const value = cached(() => Promise.resolve(++loads), 0)
    await value.get()
    expect(await value.get()).toBe(2)
  })
})
