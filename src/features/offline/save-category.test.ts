import { describe, expect, it, vi } from 'vitest'
import {
  saveCategory,
  readSavedCategories,
  rememberSavedCategory,
  type SaveDeps,
  type SaveProgress,
} from './save-category'

const LISTING = `<a href="/astana/p/a"><img src="/f3/api/v1/images/272/272/a.webp"></a>
<a href="/astana/p/b"><img src="/f3/api/v1/images/272/272/b.webp"></a>
<a href="/astana/p/c"></a><a href="/astana/catalog/tv?page=2">2</a>`
const PAGE_2 = `<a href="/astana/p/d"></a>`
const product = (id: string) => `<h1>${id}</h1><img src="/f3/api/v1/images/800/800/${id}.webp">`

function fakeDeps(pages: Record<string, string>, quota?: number) {
  const stored = new Map<string, Response>()
  const fetched: string[] = []
  const messages: boolean[] = []
  const deps: SaveDeps = {
    fetch: vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input)
      fetched.push(url)
      const body = pages[url] ?? (url.includes('/images/') ? 'x'.repeat(10_000) : undefined)
      return body === undefined ? new Response('', { status: 404 }) : new Response(body)
    }) as unknown as typeof fetch,
    caches: {
      open: async () => ({ put: async (url: string, response: Response) => void stored.set(url, response) }),
    } as unknown as CacheStorage,
    preload: vi.fn(async () => undefined),
    tellWorker: (m) => void messages.push(m.on),
    storageEstimate: async () => (quota ? { quota, usage: 0 } : undefined),
  }
  return { deps, stored, fetched, messages }
}

const pages = {
  '/astana/catalog/tv': LISTING,
  '/astana/catalog/tv?page=2': PAGE_2,
  '/astana/p/a': product('a'),
  '/astana/p/b': product('b'),
  '/astana/p/c': product('c'),
  '/astana/p/d': product('d'),
}

describe('saving a category for offline', () => {
  it('keeps the listing pages, every product page, their reads and pictures, and reports progress', async () => {
    const { deps, stored, messages } = fakeDeps(pages)
    const seen: SaveProgress[] = []
    const result = await saveCategory('/astana/catalog/tv', deps, new AbortController().signal, (p) =>
      seen.push(p),
    )
    expect(result).toMatchObject({ state: 'done', products: 4, total: 4 })
    expect([...stored.keys()]).toEqual(
      expect.arrayContaining([
        '/astana/catalog/tv',
        '/astana/catalog/tv?page=2',
        '/astana/p/d',
        '/f3/api/v1/images/272/272/a.webp',
        '/f3/api/v1/images/800/800/c.webp',
      ]),
    )
    expect(deps.preload).toHaveBeenCalledWith('/astana/p/b')
    expect(seen.map((p) => p.products)).toEqual([0, 1, 2, 3, 4, 4])
    expect(result.bytes).toBeGreaterThan(60_000)
    // the worker copies the product reads only while the category is being saved
    expect(messages).toEqual([true, false])
  })

  it('stops at the budget the device leaves', async () => {
    // 80% of 40 KB: the listing and its two pictures, then one product with its picture
    const { deps } = fakeDeps(pages, 40_000)
    const result = await saveCategory(
      '/astana/catalog/tv',
      deps,
      new AbortController().signal,
      () => undefined,
    )
    expect(result.state).toBe('done')
    expect(result.products).toBeLessThan(4)
    expect(result.bytes).toBeLessThanOrEqual(result.budget + 11_000)
  })

  it('stops when the shopper cancels, and the worker stops copying', async () => {
    const { deps, messages } = fakeDeps(pages)
    const abort = new AbortController()
    const result = await saveCategory('/astana/catalog/tv', deps, abort.signal, (p) => {
      if (p.products === 1) abort.abort()
    })
    expect(result).toMatchObject({ state: 'cancelled', products: 1 })
    expect(messages).toEqual([true, false])
  })

  it('fails plainly when the listing itself does not load', async () => {
    const { deps, messages } = fakeDeps({})
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const result = await saveCategory(
      '/astana/catalog/tv',
      deps,
      new AbortController().signal,
      () => undefined,
    )
    expect(result.state).toBe('failed')
    expect(messages).toEqual([true, false])
  })

  it('remembers which categories were saved and when', () => {
    const data = new Map<string, string>()
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    } as Storage
    rememberSavedCategory(storage, { href: '/catalog/tv', savedAt: 1, products: 4, bytes: 10 })
    rememberSavedCategory(storage, { href: '/catalog/tv', savedAt: 2, products: 5, bytes: 11 })
    expect(readSavedCategories(storage)).toEqual([
      { href: '/catalog/tv', savedAt: 2, products: 5, bytes: 11 },
    ])
  })
})
