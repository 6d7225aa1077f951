import { describe, expect, it } from 'vitest'
import { Lru } from './lru'

describe('the in-process LRU', () => {
  it('drops the least recently used entry past the count limit', () => {
    const lru = new Lru<string, number>({ maxEntries: 2 })
    lru.set('a', 1)
    lru.set('b', 2)
    expect(lru.get('a')).toBe(1)
    lru.set('c', 3)
    expect(lru.get('b')).toBeUndefined()
    expect(lru.get('a')).toBe(1)
    expect(lru.get('c')).toBe(3)
  })

  it('keeps the total weight under its limit and never stores a value heavier than it', () => {
    const lru = new Lru<string, Buffer>({ maxEntries: 100, maxWeight: 10, weigh: (b) => b.length })
    lru.set('a', Buffer.alloc(6))
    lru.set('b', Buffer.alloc(6))
    expect(lru.get('a')).toBeUndefined()
    expect(lru.get('b')?.length).toBe(6)
    lru.set('huge', Buffer.alloc(11))
    expect(lru.get('huge')).toBeUndefined()
    expect(lru.get('b')?.length).toBe(6)
  })

  it('forgets an entry once its time to live has passed', () => {
    let now = 1000
    const lru = new Lru<string, string>({ maxEntries: 10, ttlMs: 50, now: () => now })
    lru.set('k', 'v')
    now += 49
    expect(lru.get('k')).toBe('v')
    now += 1
    expect(lru.get('k')).toBeUndefined()
    expect(lru.size).toBe(0)
  })
})
