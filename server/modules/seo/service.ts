import { createHash } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { categoryUrl } from '../../../contract/menu'
import { notFound } from '../../http/errors'
import { gzipPieces, type GrowingFile } from './growing-file'
import type { SeoRepo } from './repo'
import { robotsTxt } from './robots'
import {
  SITEMAP_MAX_URLS,
  sitemapIndex,
  urlEntries,
  URLSET_HEAD,
  URLSET_TAIL,
  URLS_PER_PAGE,
  type SitemapPage,
} from './sitemap'

/** Content pages that are the same for everyone and worth finding. */
export const STATIC_PAGES = [
  '/',
  '/catalog',
  '/b',
  '/cms/promo',
  '/cms/about',
  '/cms/delivery',
  '/cms/payment',
  '/cms/warranty',
  '/cms/contacts',
  '/gift-cards',
]

export const SITEMAP_PART_PATH = '/sitemaps'

/** Changes whenever the files' text changes for the same catalogue, so no old ETag matches a new file. */
const FORMAT = 'sitemap-2'
/** Pages turned into text at a time (2,000 URLs, under 1 MB): the event loop runs between them. */
const PAGES_PER_PIECE = 250
/** How long after a failed refresh a request starts another. */
const RETRY_MS = 30_000
/** Products read at a time when the catalogue changed. */
const PRODUCTS_PER_READ = 5000
/** Origins whose files are kept when PUBLIC_ORIGIN is unset (each request's host is its own origin). */
const DEFAULT_MAX_ORIGINS = 4

export interface Plan {
  /** Static pages, categories and brands. */
  pages: SitemapPage[]
  products: number
  /** Pages per part, so that a part holds at most `maxUrls` URLs. */
  perPart: number
  parts: number
  /** One file is enough: /sitemap.xml is the urlset itself. */
  single: boolean
}

/** What the sitemaps are made of at one state of the catalogue, read once per catalogue change. */
interface Snapshot {
  plan: Plan
  productPages: SitemapPage[]
  /** A hash of everything above: the same catalogue gives the same files and ETags in every process. */
  fingerprint: string
}

/** `root` is /sitemap.xml (the urlset or the index of parts); a number is a part, from 1. */
export type SitemapKey = 'root' | number

/** One sitemap file for one origin: gzipped (crawlers take gzip), kept while its generation answers. */
export interface SitemapFile {
  /** Weak (`W/"..."`): the gzipped and the plain answer are the same document. */
  etag: string
  body: GrowingFile
}

/** A file as a whole, for tests and tools. */
export interface GeneratedFile {
  gzipped: Buffer
}

export interface SeoServiceOptions {
  repo: SeoRepo
  /** URLs per file; the protocol allows 50,000. */
  maxUrls?: number
  /** Origins whose files are kept (most recently asked first); more are built again when asked. */
  maxOrigins?: number
  /** Origins whose files are built with every new catalogue before it is served (PUBLIC_ORIGIN). */
  origins?: readonly string[]
  log?: Pick<FastifyBaseLogger, 'error' | 'info'>
}

/** The files of one snapshot, built for each origin that asks, once. */
class Generation {
  /** In the order origins were last asked for, the most recent last. */
  private readonly byOrigin = new Map<string, Map<SitemapKey, SitemapFile>>()

  constructor(
    readonly snapshot: Snapshot,
    private readonly maxOrigins: number,
  ) {}

  /** The origins asked for, the most recent first. */
  origins(): string[] {
    return [...this.byOrigin.keys()].reverse()
  }

  keys(): SitemapKey[] {
    const { plan } = this.snapshot
    return plan.single ? ['root'] : ['root', ...Array.from({ length: plan.parts }, (_, i) => i + 1)]
  }

  file(origin: string, key: SitemapKey): SitemapFile {
    let files = this.byOrigin.get(origin)
    if (files) this.byOrigin.delete(origin)
    else files = new Map()
    this.byOrigin.set(origin, files)
    while (this.byOrigin.size > this.maxOrigins) {
      const oldest = this.byOrigin.keys().next().value
      if (oldest === undefined) break
      // a file being sent goes on for its readers; only the keeping ends
      this.byOrigin.delete(oldest)
    }
    let file = files.get(key)
    if (!file) {
      file = {
        etag: etagOf(this.snapshot, origin, key),
        body: gzipPieces(textOf(this.snapshot, origin, key)),
      }
      files.set(key, file)
      const made = file
      // a failed file is made again by the next request
      made.body.complete.catch(() => {
        if (files.get(key) === made) files.delete(key)
      })
    }
    return file
  }
}

function etagOf(snapshot: Snapshot, origin: string, key: SitemapKey): string {
  const hash = createHash('sha256')
    .update(`${snapshot.fingerprint}\n${origin}\n${key}`)
    .digest('base64url')
    .slice(0, 27)
  return `W/"${hash}"`
}

/** Pages [from, to) of the whole list: the static ones, then products in id order. */
function pagesBetween(snapshot: Snapshot, from: number, to: number): SitemapPage[] {
  const { pages } = snapshot.plan
  const out = pages.slice(from, Math.min(to, pages.length))
  const productFrom = Math.max(0, from - pages.length)
  const productTo = Math.max(productFrom, to - pages.length)
  return productTo > productFrom ? out.concat(snapshot.productPages.slice(productFrom, productTo)) : out
}

/** The text of one file, in pieces of a few hundred pages. */
function* textOf(snapshot: Snapshot, origin: string, key: SitemapKey): Generator<string> {
  const { plan } = snapshot
  if (key === 'root' && !plan.single) {
    yield sitemapIndex(
      Array.from({ length: plan.parts }, (_, i) => `${origin}${SITEMAP_PART_PATH}/${i + 1}.xml`),
    )
    return
  }
  const total = plan.pages.length + plan.products
  const from = key === 'root' ? 0 : (key - 1) * plan.perPart
  const to = key === 'root' ? total : Math.min(total, key * plan.perPart)
  yield URLSET_HEAD
  for (let at = from; at < to; at += PAGES_PER_PIECE) {
    const entries = urlEntries(origin, pagesBetween(snapshot, at, Math.min(to, at + PAGES_PER_PIECE)))
    yield (at > from ? '\n' : '') + entries.join('\n')
  }
  yield URLSET_TAIL
}

/**
 * robots.txt and the sitemaps. The sitemaps are made once per catalogue change, off the request path:
 * `refresh` (called when the catalogue module builds a new index) reads what they list, and when that
 * changed, gzips every file for the origins in use before the new files replace the old, which answer
 * meanwhile. A file for an origin not built yet is made on its first request, which follows it as it is
 * written; every later request is answered from memory, with an ETag.
 */
export function createSeoService({
  repo,
  maxUrls = SITEMAP_MAX_URLS,
  maxOrigins = DEFAULT_MAX_ORIGINS,
  origins: configuredOrigins = [],
  log,
}: SeoServiceOptions) {
  const perPart = Math.max(1, Math.floor(maxUrls / URLS_PER_PAGE))
  let current: Generation | null = null
  let firstGeneration!: () => void
  /** Resolves when the first files can answer (a refresh may go on after it). */
  const answering = new Promise<void>((resolve) => {
    firstGeneration = resolve
  })
  let refreshing: Promise<void> | null = null
  let again = false
  let closed = false
  /** After a failed refresh, when a request may start the next (the catalogue may not change soon). */
  let retryAt = Infinity

  async function loadSnapshot(): Promise<Snapshot> {
    const [categories, brands] = await Promise.all([repo.indexableCategoryPaths(), repo.brandSlugs()])
    const pages: SitemapPage[] = [
      ...STATIC_PAGES.map((path) => ({ path })),
      ...categories.map((path) => ({ path: categoryUrl(path) })),
      ...brands.map((slug) => ({ path: `/b/${encodeURIComponent(slug)}` })),
    ]
    const hash = createHash('sha256').update(
      `${FORMAT}\n${maxUrls}\n${pages.map((p) => p.path).join('\n')}\n`,
    )
    // a batch at a time: the event loop answers requests between them
    const productPages: SitemapPage[] = []
    for (let after = 0; ;) {
      const batch = await repo.productsAfter(after, PRODUCTS_PER_READ)
      let text = ''
      for (const product of batch) {
        const page = { path: `/p/${encodeURIComponent(product.uri)}`, lastmod: product.day }
        productPages.push(page)
        text += `${page.path} ${page.lastmod}\n`
        after = product.id
      }
      hash.update(text)
      if (batch.length < PRODUCTS_PER_READ) break
    }
    const total = pages.length + productPages.length
    return {
      plan: {
        pages,
        products: productPages.length,
        perPart,
        parts: Math.max(1, Math.ceil(total / perPart)),
        single: total * URLS_PER_PAGE <= maxUrls,
      },
      productPages,
      fingerprint: hash.digest('base64url'),
    }
  }

  /** Builds every file of `next` for `origins`, one at a time, so a rebuild takes one core at most. */
  async function buildAll(next: Generation, origins: readonly string[]): Promise<void> {
    for (const origin of origins) {
      for (const key of next.keys()) {
        if (closed) return
        await next.file(origin, key).body.complete
      }
    }
  }

  async function rebuild(): Promise<void> {
    const started = Date.now()
    const snapshot = await loadSnapshot()
    const previous = current
    if (previous && previous.snapshot.fingerprint === snapshot.fingerprint) return
    const next = new Generation(snapshot, Math.max(maxOrigins, configuredOrigins.length))
    // PUBLIC_ORIGIN's files, or else those of the host asked last: other hosts' files are made when
    // asked for, so a rebuild costs one origin's compression, not one per host ever seen
    const origins = configuredOrigins.length ? configuredOrigins : (previous?.origins().slice(0, 1) ?? [])
    const built = buildAll(next, origins).catch((err: unknown) => {
      // the file that failed is made again when asked for
      log?.error({ err }, 'sitemaps: a file failed to build')
    })
    // nothing answers yet: the files are made as they are asked for (or are being made now)
    if (previous) await built
    if (closed) return
    current = next
    firstGeneration()
    log?.info(
      { pages: snapshot.plan.pages.length + snapshot.plan.products, took_ms: Date.now() - started },
      'sitemaps rebuilt',
    )
  }

  /**
   * Reads the catalogue again and rebuilds the files when what they list changed. Calls during a
   * rebuild make one more after it, so the last change is never missed.
   */
  function refresh(): Promise<void> {
    if (refreshing) {
      again = true
      return refreshing
    }
    refreshing = (async () => {
      try {
        do {
          again = false
          await rebuild()
        } while (again && !closed)
        retryAt = Infinity
      } catch (err) {
        retryAt = Date.now() + RETRY_MS
        throw err
      } finally {
        refreshing = null
      }
    })()
    return refreshing
  }

  async function generation(): Promise<Generation> {
    if (!refreshing && Date.now() >= retryAt) {
      refresh().catch((err: unknown) => log?.error({ err }, 'sitemaps: refresh failed'))
    }
    if (!current) await Promise.race([refreshing ?? refresh(), answering])
    if (!current) throw new Error('the sitemaps could not be built')
    return current
  }

  /** The file for `origin`: from memory once built; 404 for a part past the last one. */
  async function file(origin: string, key: SitemapKey): Promise<SitemapFile> {
    const g = await generation()
    const { plan } = g.snapshot
    if (key !== 'root') {
      if (!Number.isInteger(key) || key < 1 || key > plan.parts) throw notFound()
      // a one-file sitemap's only part is the root itself
      if (plan.single) key = 'root'
    }
    return g.file(origin, key)
  }

  const whole = async (f: Promise<SitemapFile>): Promise<GeneratedFile> => ({
    gzipped: await (await f).body.complete,
  })

  return {
    refresh,
    file,
    plan: async (): Promise<Plan> => (await generation()).snapshot.plan,
    /** The sitemap root as a whole: the urlset while it fits one file, otherwise the index of the parts. */
    sitemap: (origin: string) => whole(file(origin, 'root')),
    /** Part `n` (from 1) as a whole; 404 past the last one. */
    part: (origin: string, n: number) => whole(file(origin, n)),
    robots: (origin: string) => robotsTxt(origin),
    /** Resolves when no rebuild is under way (tests). */
    settled: (): Promise<void> => (refreshing ?? Promise.resolve()).catch(() => {}),
    /** Stops building and waits for a rebuild under way (the app is closing). */
    async close(): Promise<void> {
      closed = true
      await refreshing?.catch(() => {})
    },
  }
}

export type SeoService = ReturnType<typeof createSeoService>
