import { describe, expect, it } from 'vitest'
import { createKeptAnswers } from './kept-answers'

describe('kept review answers', () => {
  it('answers from memory until the time is up', () => {
    let t = 0
    const kept = createKeptAnswers<string>({ ttlMs: 1000, now: () => t })
    kept.set('SKU-1', 1, 'all|1', 'page one')
    t = 999
    expect(kept.get('SKU-1', 'all|1')).toBe('page one')
    expect(kept.get('SKU-1', 'all|2')).toBeUndefined()
    t = 1000
    expect(kept.get('SKU-1', 'all|1')).toBeUndefined()
  })

  it('forgets every answer of a product whose reviews changed, and only that product', () => {
    const kept = createKeptAnswers<string>()
    kept.set('SKU-1', 1, 'all|1', 'a')
    kept.set('SKU-1', 1, 'new|1', 'b')
    kept.set('SKU-2', 2, 'all|1', 'c')
    kept.forget(1)
    expect(kept.get('SKU-1', 'all|1')).toBeUndefined()
    expect(kept.get('SKU-1', 'new|1')).toBeUndefined()
    expect(kept.get('SKU-2', 'all|1')).toBe('c')
    kept.forget(99)
    expect(kept.get('SKU-2', 'all|1')).toBe('c')
  })

  it('keeps a bounded number of products, letting the oldest go', () => {
    const kept = createKeptAnswers<string>({ maxProducts: 2 })
    kept.set('SKU-1', 1, 'k', 'a')
    kept.set('SKU-2', 2, 'k', 'b')
    kept.set('SKU-3', 3, 'k', 'c')
    expect(kept.get('SKU-1', 'k')).toBeUndefined()
    expect(kept.get('SKU-2', 'k')).toBe('b')
    expect(kept.get('SKU-3', 'k')).toBe('c')
  })
})
