import { gzip as gzipCb } from 'node:zlib'
import { promisify } from 'node:util'
import { categoryUrl } from '../../../contract/menu'
import { notFound } from '../../http/errors'
import { Lru } from '../../lib/lru'
import type { SeoRepo } from './repo'
import { robotsTxt } from './robots'
import {
  SITEMAP_MAX_URLS,
  sitemapIndex,
  urlEntries,
  urlset,
  URLS_PER_PAGE,
  type SitemapPage,
} from './sitemap'

const gzip = promisify(gzipCb)

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

interface Plan {
  /** Static pages, categories and brands. */
  pages: SitemapPage[]
  products: number
  /** Pages per part, so that a part holds at most `maxUrls` URLs. */
  perPart: number
  parts: number
  /** One file is enough: /sitemap.xml is the urlset itself. */
  single: boolean
}

export interface SeoServiceOptions {
  repo: SeoRepo
  /** URLs per file; the protocol allows 50,000. */
  maxUrls?: number
  /** How long generated files are served before they are generated again. */
  ttlMs?: number
}

/** A generated file, gzipped once: crawlers take gzip, and a big part is compressed only once per TTL. */
export interface GeneratedFile {
  gzipped: Buffer
  urls: number
}

export function createSeoService({
  repo,
  maxUrls = SITEMAP_MAX_URLS,
  ttlMs = 10 * 60_000,
}: SeoServiceOptions) {
  const perPart = Math.max(1, Math.floor(maxUrls / URLS_PER_PAGE))
  // a part of 50,000 URLs is about 0.8 MB gzipped: 64 files stay well under 100 MB
  const files = new Lru<string, Promise<GeneratedFile>>({ maxEntries: 64, ttlMs })
  const plans = new Lru<'plan', Promise<Plan>>({ maxEntries: 1, ttlMs })

  async function loadPlan(): Promise<Plan> {
    const [categories, brands, products] = await Promise.all([
      repo.indexableCategoryPaths(),
      repo.brandSlugs(),
      repo.productCount(),
    ])
    const pages: SitemapPage[] = [
      ...STATIC_PAGES.map((path) => ({ path })),
      ...categories.map((path) => ({ path: categoryUrl(path) })),
      ...brands.map((slug) => ({ path: `/b/${encodeURIComponent(slug)}` })),
    ]
    const total = pages.length + products
    return {
      pages,
      products,
      perPart,
      parts: Math.max(1, Math.ceil(total / perPart)),
      single: total * URLS_PER_PAGE <= maxUrls,
    }
  }

  function cached<K extends string, V>(lru: Lru<K, Promise<V>>, key: K, make: () => Promise<V>): Promise<V> {
    let pending = lru.get(key)
    if (!pending) {
      pending = make()
      pending.catch(() => lru.delete(key))
      lru.set(key, pending)
    }
    return pending
  }

  const plan = () => cached(plans, 'plan', loadPlan)

  /** Pages [from, to) of the whole list: the static ones, then products in id order. */
  async function pagesBetween(p: Plan, from: number, to: number): Promise<SitemapPage[]> {
    const out = p.pages.slice(from, Math.min(to, p.pages.length))
    const productFrom = Math.max(0, from - p.pages.length)
    const productTo = Math.min(p.products, to - p.pages.length)
    if (productTo > productFrom) {
      const products = await repo.productPage(productFrom, productTo - productFrom)
      for (const product of products) {
        out.push({
          path: `/p/${encodeURIComponent(product.uri)}`,
          lastmod: new Date(product.created_at).toISOString().slice(0, 10),
        })
      }
    }
    return out
  }

  async function file(xml: string, urls: number): Promise<GeneratedFile> {
    return { gzipped: await gzip(Buffer.from(xml, 'utf8')), urls }
  }

  return {
    plan,

    /** The sitemap root: the whole urlset while it fits one file, otherwise the index of the parts. */
    sitemap(origin: string): Promise<GeneratedFile> {
      return cached(files, `${origin}|root`, async () => {
        const p = await plan()
        if (p.single) {
          const entries = urlEntries(origin, await pagesBetween(p, 0, p.pages.length + p.products))
          return file(urlset(entries), entries.length)
        }
        const locations = Array.from(
          { length: p.parts },
          (_, i) => `${origin}${SITEMAP_PART_PATH}/${i + 1}.xml`,
        )
        return file(sitemapIndex(locations), 0)
      })
    },

    /** Part `n` (from 1); 404 past the last one. */
    async part(origin: string, n: number): Promise<GeneratedFile> {
      const p = await plan()
      if (!Number.isInteger(n) || n < 1 || n > p.parts) throw notFound()
      return cached(files, `${origin}|part|${n}`, async () => {
        const entries = urlEntries(origin, await pagesBetween(p, (n - 1) * p.perPart, n * p.perPart))
        return file(urlset(entries), entries.length)
      })
    },

    robots: (origin: string) => robotsTxt(origin),
  }
}

export type SeoService = ReturnType<typeof createSeoService>
