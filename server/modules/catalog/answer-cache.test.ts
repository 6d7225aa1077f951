import { describe, expect, it } from 'vitest'
import { AnswerCache } from './answer-cache'
import type { CatalogIndex, StockState, Tuning } from './catalog-index'

/** Just what the cache reads of an index: its stock state and tuning, swapped as wholes. */
function fakeIndex(): { stock: StockState; tuning: Tuning } {
  return {
    stock: { version: 1, generation: 1 } as StockState,
    tuning: { sparseRatio: 16, scanCost: 3 },
  }
}

function counter() {
  let made = 0
  return {
    make: () => Buffer.from(`answer ${++made}`),
    get made() {
      return made
    },
  }
}

describe('answer cache', () => {
  it('answers a repeated key from the cache, per index', () => {
    const cache = new AnswerCache()
    const a = fakeIndex() as unknown as CatalogIndex
    const b = fakeIndex() as unknown as CatalogIndex
    const c = counter()
    expect(cache.get(a, 'k', c.make).toString()).toBe('answer 1')
    expect(cache.get(a, 'k', c.make).toString()).toBe('answer 1')
    expect(cache.get(a, 'other', c.make).toString()).toBe('answer 2')
    // a rebuilt catalogue is a new index: nothing of the old one is served
    expect(cache.get(b, 'k', c.make).toString()).toBe('answer 3')
  })

  it('forgets every answer when the stock is reloaded, also under the same version', () => {
    const cache = new AnswerCache()
    const index = fakeIndex()
    const c = counter()
    cache.get(index as unknown as CatalogIndex, 'k', c.make)
    index.stock = { ...index.stock, generation: 2 }
    expect(cache.get(index as unknown as CatalogIndex, 'k', c.make).toString()).toBe('answer 2')
    expect(c.made).toBe(2)
  })

  it('forgets every answer when the tuning changes, so each way of counting computes', () => {
    const cache = new AnswerCache()
    const index = fakeIndex()
    const c = counter()
    cache.get(index as unknown as CatalogIndex, 'k', c.make)
    index.tuning = { sparseRatio: 0, scanCost: Infinity }
    cache.get(index as unknown as CatalogIndex, 'k', c.make)
    expect(c.made).toBe(2)
  })

  it('keeps no failed answer', () => {
    const cache = new AnswerCache()
    const index = fakeIndex() as unknown as CatalogIndex
    const fail = () => {
      throw new Error('bad filter')
    }
    expect(() => cache.get(index, 'k', fail)).toThrow('bad filter')
    expect(cache.get(index, 'k', () => Buffer.from('fine')).toString()).toBe('fine')
  })

  it('stays within its byte bound', () => {
    const cache = new AnswerCache({ maxBytes: 10 })
    const index = fakeIndex() as unknown as CatalogIndex
    const c = counter()
    cache.get(index, 'a', () => Buffer.alloc(6))
    cache.get(index, 'b', () => Buffer.alloc(6))
    // 'a' went to make room for 'b'
    cache.get(index, 'a', c.make)
    expect(c.made).toBe(1)
  })
})
