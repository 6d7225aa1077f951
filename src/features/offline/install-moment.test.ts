import { describe, expect, it } from 'vitest'
import {
  DISMISS_FOR_MS,
  afterCartAdd,
  afterPage,
  emptyMemory,
  isIosSafari,
  readMemory,
  shouldOffer,
  writeMemory,
} from './install-moment'

const NOW = 1_800_000_000_000

describe('the moment to offer installing the store', () => {
  it('waits for a second product, not the first load nor the first product', () => {
    let memory = emptyMemory()
    memory = afterPage(memory, '/')
    memory = afterPage(memory, '/catalog/smartfony')
    expect(shouldOffer(memory, NOW)).toBe(false)
    memory = afterPage(memory, '/p/iphone-15')
    expect(shouldOffer(memory, NOW)).toBe(false)
    memory = afterPage(memory, '/astana/p/iphone-15?tab=reviews')
    expect(shouldOffer(memory, NOW)).toBe(false)
    memory = afterPage(memory, '/almaty_kk/p/galaxy-s24')
    expect(shouldOffer(memory, NOW)).toBe(true)
  })

  it('offers after something is put in the cart', () => {
    expect(shouldOffer(afterCartAdd(emptyMemory()), NOW)).toBe(true)
  })

  it('stays quiet for a month after a "not now", and for good once installed', () => {
    const engaged = afterCartAdd(emptyMemory())
    expect(shouldOffer({ ...engaged, dismissedAt: NOW - 1000 }, NOW)).toBe(false)
    expect(shouldOffer({ ...engaged, dismissedAt: NOW - DISMISS_FOR_MS - 1 }, NOW)).toBe(true)
    expect(shouldOffer({ ...engaged, installed: true }, NOW)).toBe(false)
  })

  it('remembers across visits, and survives a broken or missing store', () => {
    const data = new Map<string, string>()
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    }
    const memory = { ...afterCartAdd(emptyMemory()), dismissedAt: NOW }
    writeMemory(storage, memory)
    expect(readMemory(storage)).toEqual(memory)
    data.set('storefront:install-prompt', '{not json')
    expect(readMemory(storage)).toEqual(emptyMemory())
    expect(readMemory(undefined)).toEqual(emptyMemory())
  })
})

describe('who gets the Add to Home Screen instructions', () => {
  const iphoneSafari =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
  it('tells Safari on an iPhone and an iPad', () => {
    expect(isIosSafari(iphoneSafari, 5)).toBe(true)
    const ipad =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15'
    expect(isIosSafari(ipad, 5)).toBe(true)
    expect(isIosSafari(ipad, 0)).toBe(false)
  })

  it('not Chrome on iOS, nor Android', () => {
    expect(isIosSafari(iphoneSafari.replace('Version/17.4', 'CriOS/124.0'), 5)).toBe(false)
    const android =
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36'
    expect(isIosSafari(android, 5)).toBe(false)
  })
})
