import { gunzipSync } from 'node:zlib'
import { Lru } from '../lib/lru'
import { fillSplicedGzip, spliceableGzip, type SplicedGzip } from './gzip-splice'
import type { PageAnswer } from './server-pages'

/** How long a kept page is served: the bound on anything without a version (reviews, banners, menus). */
export const PAGE_CACHE_TTL_MS = 60_000
/** Most pages kept, whatever their size. */
export const PAGE_CACHE_ENTRIES = 10_000
/** What an entry costs beside its compressed bytes (key, map entry, arrays), roughly. */
const ENTRY_OVERHEAD_BYTES = 400

/**
 * What a rendered page is a function of, besides its address:
 *  - `data`: the catalogue's version and its price and stock generations (a change of products, prices
 *    or stock moves one of them, and with it every key) and the store's local hour (the delivery
 *    estimates' clock);
 *  - `bot`: a bot's page is rendered whole before sending, a browser's streamed; they are kept apart.
 * The render reads nothing else of the request: not its cookies, not its headers (the language and the
 * city are in the address), and its API calls are answered in-process without the shopper's session.
 */
export interface PageKey {
  /** The absolute address asked for: origin (PUBLIC_ORIGIN or the request's host), path and query. */
  url: string
  bot: boolean
  data: string
}

export interface PageCacheOptions {
  /** Most compressed bytes kept; 0 keeps nothing (every page is rendered). */
  maxBytes: number
  maxEntries?: number
  ttlMs?: number
  now?: () => number
}

/** A page answered from memory: gzipped, with this answer's nonce in it. */
export interface CachedPageAnswer {
  kind: 'cached'
  status: 200
  /** The gzipped document. */
  gzip: Buffer
  nonce: string
  /** `hit`: kept from an earlier render; `shared`: rendered for another request that asked at the same time. */
  source: 'hit' | 'shared'
}

/** Where an answer came from, for the `x-page-cache` header. */
export type PageCacheSource = CachedPageAnswer['source'] | 'miss' | 'off'

/**
 * Keeps a render's whole document, told once it has ended: with the document when it may be kept,
 * with null when not (not a page, a failure, a time limit, an error somewhere in it, a 404).
 */
export type KeepDocument = (document: Buffer | null) => void

/**
 * Rendered public pages (home, catalogue, product, brand, content, search), kept for a short time so the
 * next shopper asking the same address gets them without a render, which costs some 20 ms of CPU
 * and an API round trip per page; concurrent requests for a page not kept yet share one render.
 *
 * - Kept only: a page the renderer says came out whole (status 200, no failed part, no route or query
 *   in error, not cut short by the time limit). Redirects, 404s, the shell (the shopper's own pages,
 *   failed or late renders) are never kept.
 * - The CSP nonce: a page is rendered with its first request's nonce, and kept split at every
 *   occurrence of it; each answer puts its own fresh nonce in (`gzip-splice.ts`), matching its header.
 * - Kept gzipped (a product page's 37 KB are some 8 KB), so a hit costs no compression either.
 * - Bounded by `maxBytes` and `maxEntries` (least recently used first out) and by age (`ttlMs`). A new
 *   catalogue or stock version empties it at once.
 */
export class PageCache {
  private pages: Lru<string, SplicedGzip>
  private data = ''
  private readonly rendering = new Map<string, Promise<SplicedGzip | null>>()

  constructor(private readonly options: PageCacheOptions) {
    this.pages = this.emptyPages()
  }

  get enabled(): boolean {
    return this.options.maxBytes > 0
  }

  /** Pages kept now. */
  get size(): number {
    return this.pages.size
  }

  /** Compressed bytes kept now (with each entry's overhead). */
  get bytes(): number {
    return this.pages.totalWeight
  }

  /** Resolves once every render in flight has been kept or let go. */
  async settled(): Promise<void> {
    await Promise.all(this.rendering.values())
  }

  /**
   * The page for `key`: kept, or the render of a request asking for it at this moment, or `render`'s
   * own (which streams as before, and calls `keep` once its document has ended).
   */
  async answer(
    key: PageKey,
    nonce: string,
    render: (keep: KeepDocument) => Promise<PageAnswer>,
  ): Promise<(PageAnswer & { source?: PageCacheSource }) | CachedPageAnswer> {
    if (!this.enabled) return { ...(await render(() => undefined)), source: 'off' }
    if (key.data !== this.data) {
      // products, prices or stock changed (or the hour turned): nothing kept is current any more
      this.data = key.data
      this.pages = this.emptyPages()
    }
    const id = `${key.bot ? 'bot' : 'browser'} ${key.data} ${key.url}`
    const kept = this.pages.get(id)
    if (kept) return cached(kept, nonce, 'hit')
    const pending = this.rendering.get(id)
    if (pending) {
      const shared = await pending
      if (shared) return cached(shared, nonce, 'shared')
      // that render was not one to keep (a failure, say): this request renders its own
      return { ...(await render(() => undefined)), source: 'miss' }
    }

    let finish: (page: SplicedGzip | null) => void = () => undefined
    this.rendering.set(
      id,
      new Promise((resolve) => {
        finish = (page) => {
          if (this.rendering.get(id) !== undefined) this.rendering.delete(id)
          resolve(page)
        }
      }),
    )
    let told = false
    const keep: KeepDocument = (document) => {
      if (told) return
      told = true
      if (!document) return finish(null)
      const parts = splitAt(document, Buffer.from(nonce, 'utf8'))
      spliceableGzip(parts).then(
        (page) => {
          // a render that started before a catalogue change is not kept after it
          if (this.data === key.data) this.pages.set(id, page)
          finish(page)
        },
        () => finish(null),
      )
    }
    try {
      return { ...(await render(keep)), source: 'miss' }
    } catch (error) {
      keep(null)
      throw error
    }
  }

  private emptyPages(): Lru<string, SplicedGzip> {
    return new Lru<string, SplicedGzip>({
      maxEntries: this.options.maxEntries ?? PAGE_CACHE_ENTRIES,
      maxWeight: this.options.maxBytes,
      weigh: (page) => page.bytes + ENTRY_OVERHEAD_BYTES,
      ttlMs: this.options.ttlMs ?? PAGE_CACHE_TTL_MS,
      now: this.options.now,
    })
  }
}

function cached(page: SplicedGzip, nonce: string, source: CachedPageAnswer['source']): CachedPageAnswer {
  return { kind: 'cached', status: 200, gzip: fillSplicedGzip(page, nonce), nonce, source }
}

/** `document` split at every occurrence of `hole`. */
export function splitAt(document: Buffer, hole: Buffer): Buffer[] {
  const parts: Buffer[] = []
  let from = 0
  for (let at = document.indexOf(hole, from); at !== -1; at = document.indexOf(hole, from)) {
    parts.push(document.subarray(from, at))
    from = at + hole.length
  }
  parts.push(document.subarray(from))
  return parts
}

/** Whether an Accept-Encoding header takes gzip (a listed `gzip` or `*` without `q=0`). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false
  return header.split(',').some((item) => {
    const [coding = '', ...params] = item.trim().toLowerCase().split(';')
    if (coding.trim() !== 'gzip' && coding.trim() !== '*') return false
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    return q === undefined || Number(q.slice(2)) > 0
  })
}

/** The kept page as the client takes it: gzipped, or (rarely) plain for a client that takes no gzip. */
export function cachedBody(page: CachedPageAnswer, acceptEncoding: string | undefined) {
  return acceptsGzip(acceptEncoding)
    ? { body: page.gzip, encoding: 'gzip' as const }
    : { body: gunzipSync(page.gzip), encoding: undefined }
}
