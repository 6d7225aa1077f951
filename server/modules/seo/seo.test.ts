import { gunzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { createRequire } from 'node:module'
import { beforeAll, describe, expect, it } from 'vitest'
import { ErrorBody } from '../../../contract/common'
import type { Database } from '../../db/connection'
import { rows } from '../../db/rows'
import type { App } from '../../http/types'
import { buildTestApp, testApp } from '../../test/app'
import { createSeoRepo, type SeoRepo, type SitemapProduct } from './repo'
import { createSeoService, STATIC_PAGES } from './service'
import { PREFIXES } from './sitemap'

let app: App
let database: Database
/** The root sitemap as the first test read it (one file at the test catalogue's size). */
let rootXml = ''

beforeAll(async () => {
  ;({ app, database } = await testApp())
})

// jsdom ships no types; its strict XML parser (saxes) is what checks the sitemap is well-formed
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new () => { window: { DOMParser: typeof DOMParser } }
}
const XmlParser = new JSDOM().window.DOMParser
const XHTML = 'http://www.w3.org/1999/xhtml'
const SITEMAP = 'http://www.sitemaps.org/schemas/sitemap/0.9'

/** Parses strictly: a malformed document fails the test. */
function parseXml(xml: string): Document {
  const doc = new XmlParser().parseFromString(xml, 'application/xml')
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0)
  return doc
}

interface UrlEntry {
  loc: string
  alternates: Record<string, string>
}

function entries(doc: Document): UrlEntry[] {
  expect(doc.documentElement.localName).toBe('urlset')
  expect(doc.documentElement.namespaceURI).toBe(SITEMAP)
  return [...doc.getElementsByTagNameNS(SITEMAP, 'url')].map((url) => ({
    loc: url.getElementsByTagNameNS(SITEMAP, 'loc')[0]?.textContent ?? '',
    alternates: Object.fromEntries(
      [...url.getElementsByTagNameNS(XHTML, 'link')].map((l) => [
        l.getAttribute('hreflang'),
        l.getAttribute('href'),
      ]),
    ),
  }))
}

/** Google's robots.txt matching: the longest matching rule wins, Allow on a tie; `*` any run, `$` the end. */
function allowed(robots: string, path: string): boolean {
  let best: { length: number; allow: boolean } = { length: -1, allow: true }
  for (const line of robots.split('\n')) {
    const m = /^(Allow|Disallow):\s*(\S*)$/.exec(line)
    if (!m?.[2]) continue
    const pattern = m[2]
    const re = new RegExp(
      '^' +
        pattern
          .replace(/[.+?^${}()|[\]\\]/g, (c) => (c === '$' && pattern.endsWith('$') ? c : `\\${c}`))
          .replace(/\*/g, '.*'),
    )
    if (!re.test(path)) continue
    const allow = m[1] === 'Allow'
    if (pattern.length > best.length || (pattern.length === best.length && allow))
      best = { length: pattern.length, allow }
  }
  return best.allow
}

/**
 * Whether a shared cache may keep an answer and hand it to any request for the same URL: it is public
 * and does not vary on the Host its links were made from.
 */
function sharedCacheMayKeep(res: { headers: Record<string, unknown> }): boolean {
  const cacheControl = String(res.headers['cache-control'] ?? '')
  const vary = String(res.headers.vary ?? '')
  return (
    /\b(public|s-maxage)\b/.test(cacheControl) &&
    !/\b(private|no-store|no-cache)\b/.test(cacheControl) &&
    !/(^|,)\s*(host|\*)\s*(,|$)/i.test(vary)
  )
}

describe('absolute links without PUBLIC_ORIGIN', () => {
  it("come from the request's Host, never a client's X-Forwarded-Host, in answers no shared cache keeps", async () => {
    const forged = { 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' }
    for (const url of ['/robots.txt', '/sitemap.xml', '/sitemaps/1.xml']) {
      // a client connecting directly (the test app trusts only loopback proxies)
      const direct = await app.inject({
        url,
        remoteAddress: '203.0.113.50',
        headers: { host: 'shop.example.kz', ...forged },
      })
      expect(direct.statusCode, url).toBe(200)
      expect(direct.body, url).toContain('http://shop.example.kz/')
      expect(direct.body, url).not.toContain('attacker.example')
      expect(sharedCacheMayKeep(direct), url).toBe(false)
      // through the configured proxy its forwarded host counts, and the answer stays out of shared
      // caches too: a cache in front of that proxy does not key on what the proxy forwards
      const proxied = await app.inject({
        url,
        headers: { host: 'internal:3000', 'x-forwarded-host': 'shop.example.kz', 'accept-encoding': 'gzip' },
      })
      expect(proxied.statusCode, url).toBe(200)
      expect(sharedCacheMayKeep(proxied), url).toBe(false)
    }
  })
})

describe('GET /robots.txt', () => {
  it('opens the catalogue and closes private pages, the API and duplicate listings under every prefix', async () => {
    const res = await app.inject({ url: '/robots.txt', headers: { host: 'shop.example.kz' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
    const robots = res.body
    expect(robots).toMatch(/^User-agent: \*$/m)
    expect(robots).toMatch(/^Sitemap: http:\/\/shop\.example\.kz\/sitemap\.xml$/m)
    for (const path of [
      '/',
      '/catalog',
      '/catalog/smartfony-i-gadzhety/smartfony',
      '/astana_kk/catalog/smartfony-i-gadzhety/smartfony',
      '/catalog/smartfony-i-gadzhety/smartfony/f/brand/apple',
      '/p/some-phone-1234567',
      '/aktobe/p/some-phone-1234567',
      '/b/apple',
      '/cms/delivery',
      '/f3/api/v1/images/272/272/p1-0.webp',
    ])
      expect(allowed(robots, path), path).toBe(true)
    for (const path of [
      '/cart',
      '/astana/cart',
      '/checkout/review-and-payments',
      '/almaty_kk/checkout',
      '/my-account/orders-list',
      '/shymkent_kk/my-account',
      '/login',
      '/aktobe/login',
      '/search?query=iphone',
      '/katalog/api/v2/products/category/2',
      '/menu/api/v1/menu/katalog',
      '/api/health',
      '/catalog/smartfony-i-gadzhety/smartfony?sorting=price_asc',
      '/catalog/smartfony-i-gadzhety/smartfony?page=2',
      '/astana/catalog/televizory?priceMin=1000&priceMax=2000',
      '/catalog/x/f/brand/apple?sorting=new&page=3',
      '/catalog/x/f/brand/apple/color/black',
    ])
      expect(allowed(robots, path), path).toBe(false)
    expect(robots).toMatch(/^Clean-param: utm_source&.*fbclid$/m)
  })

  it('points to the public origin when one is configured', async () => {
    const { app: configured } = await buildTestApp({ PUBLIC_ORIGIN: 'https://store.example.kz' })
    try {
      await configured.ready()
      const res = await configured.inject({ url: '/robots.txt', headers: { host: 'internal:3000' } })
      expect(res.body).toMatch(/^Sitemap: https:\/\/store\.example\.kz\/sitemap\.xml$/m)
      const map = await configured.inject({ url: '/sitemap.xml' })
      expect(map.body).toContain('<loc>https://store.example.kz/</loc>')
      // the same for every request: shared caches may keep them
      expect(sharedCacheMayKeep(res)).toBe(true)
      expect(sharedCacheMayKeep(map)).toBe(true)
    } finally {
      await configured.close()
    }
  })
})

describe('GET /sitemap.xml', () => {
  let urls: UrlEntry[]
  let products: string[]
  let categories: string[]
  let brands: string[]

  beforeAll(async () => {
    const res = await app.inject({
      url: '/sitemap.xml',
      headers: { host: 'shop.example.kz', 'accept-encoding': 'gzip' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/xml/)
    expect(res.headers['content-encoding']).toBe('gzip')
    rootXml = gunzipSync(res.rawPayload).toString('utf8')
    urls = entries(parseXml(rootXml))
    products = (
      await rows<{ uri: string }>(
        database.db,
        sql`select uri from products where type in ('regular', 'mto', 'certificate', 'digital') order by id`,
      )
    ).map((r) => r.uri)
    categories = (
      await rows<{ path: string }>(
        database.db,
        sql`select path from categories where not is_service and robots like 'INDEX%'`,
      )
    ).map((r) => r.path)
    brands = (
      await rows<{ slug: string }>(
        database.db,
        sql`select distinct b.slug from brands b join products p on p.brand_id = b.id
             where p.type in ('regular', 'mto', 'certificate', 'digital')`,
      )
    ).map((r) => r.slug)
  })

  it('lists home, content pages, categories, brands and every product page in every city and language', () => {
    const pages = STATIC_PAGES.length + categories.length + brands.length + products.length
    expect(urls).toHaveLength(pages * PREFIXES.length)
    const locs = new Set(urls.map((u) => u.loc))
    expect(locs.size).toBe(urls.length)
    const origin = 'http://shop.example.kz'
    for (const prefix of [
      '',
      '/almaty_kk',
      '/astana',
      '/astana_kk',
      '/shymkent',
      '/shymkent_kk',
      '/aktobe',
      '/aktobe_kk',
    ]) {
      expect(locs.has(`${origin}${prefix}${prefix ? '' : '/'}`)).toBe(true)
      expect(locs.has(`${origin}${prefix}/catalog/${categories[0]}`)).toBe(true)
      expect(locs.has(`${origin}${prefix}/p/${products[products.length - 1]}`)).toBe(true)
      expect(locs.has(`${origin}${prefix}/b/${brands[0]}`)).toBe(true)
    }
    expect([...locs].some((l) => l.includes('/uslugi'))).toBe(false)
    const [service] = products.filter((u) => u.includes('ustanovka'))
    expect(service).toBeUndefined()
  })

  it('gives every URL its Russian and Kazakh alternates of the same city and an x-default', () => {
    for (const url of urls) {
      expect(Object.keys(url.alternates).sort()).toEqual(['kk-KZ', 'ru-KZ', 'x-default'])
      expect([url.alternates['ru-KZ'], url.alternates['kk-KZ']]).toContain(url.loc)
      expect(url.alternates['x-default']).toBe(url.alternates['ru-KZ'])
    }
    const phone = urls.find((u) => u.loc === `http://shop.example.kz/astana/p/${products[0]}`)
    expect(phone?.alternates).toEqual({
      'ru-KZ': `http://shop.example.kz/astana/p/${products[0]}`,
      'kk-KZ': `http://shop.example.kz/astana_kk/p/${products[0]}`,
      'x-default': `http://shop.example.kz/astana/p/${products[0]}`,
    })
    const home = urls.find((u) => u.loc === 'http://shop.example.kz/')
    expect(home?.alternates['kk-KZ']).toBe('http://shop.example.kz/almaty_kk')
  })

  it('is plain XML for a client that does not take gzip', async () => {
    const res = await app.inject({
      url: '/sitemap.xml',
      headers: { host: 'shop.example.kz', 'accept-encoding': 'identity' },
    })
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body).toBe(rootXml)
  })
})

describe('a catalogue too large for one file', () => {
  it('gets a sitemap index and parts of at most the URL limit that together list every URL once', async () => {
    const seo = createSeoService({ repo: createSeoRepo(database.db), maxUrls: 1000 })
    const origin = 'https://store.example.kz'
    const index = parseXml(gunzipSync((await seo.sitemap(origin)).gzipped).toString('utf8'))
    expect(index.documentElement.localName).toBe('sitemapindex')
    const parts = [...index.getElementsByTagNameNS(SITEMAP, 'loc')].map((l) => l.textContent ?? '')
    const plan = await seo.plan()
    expect(parts).toHaveLength(
      Math.ceil((plan.pages.length + plan.products) / Math.floor(1000 / PREFIXES.length)),
    )
    expect(parts[0]).toBe(`${origin}/sitemaps/1.xml`)

    const seen = new Set<string>()
    let total = 0
    for (let n = 1; n <= parts.length; n++) {
      const part = entries(parseXml(gunzipSync((await seo.part(origin, n)).gzipped).toString('utf8')))
      expect(part.length).toBeLessThanOrEqual(1000)
      for (const u of part) seen.add(u.loc)
      total += part.length
    }
    expect(total).toBe((plan.pages.length + plan.products) * PREFIXES.length)
    expect(seen.size).toBe(total)
    await expect(seo.part(origin, parts.length + 1)).rejects.toMatchObject({ statusCode: 404 })
  })

  it('serves parts as routes, and 404 past the last one', async () => {
    // at the test catalogue's size the only part is the whole urlset
    const res = await app.inject({
      url: '/sitemaps/1.xml',
      headers: { host: 'shop.example.kz', 'accept-encoding': 'gzip' },
    })
    expect(res.statusCode).toBe(200)
    expect(gunzipSync(res.rawPayload).toString('utf8')).toBe(rootXml)
    const past = await app.inject({ url: '/sitemaps/999.xml' })
    expect(past.statusCode).toBe(404)
    expect(ErrorBody.parse(past.json()).error.code).toBe('not_found')
    expect((await app.inject({ url: '/sitemaps/first.xml' })).statusCode).toBe(400)
  })
})

/** The store's repository, counting reads of the product list (the costly one), with `extra` products. */
function countingRepo(extra: SitemapProduct[] = []) {
  const real = createSeoRepo(database.db)
  const counts = { products: 0 }
  const repo: SeoRepo = {
    ...real,
    productsAfter: async (afterId, limit) => {
      counts.products++
      const batch = await real.productsAfter(afterId, limit)
      return batch.length < limit ? [...batch, ...extra] : batch
    },
  }
  return { repo, counts }
}

describe('sitemaps under load', () => {
  it('are made once for many requests at a time and several origins, then answered from memory', async () => {
    const { repo, counts } = countingRepo()
    const seo = createSeoService({ repo })
    const origins = ['https://a.example.kz', 'https://b.example.kz']
    const files = await Promise.all(Array.from({ length: 16 }, (_, i) => seo.sitemap(origins[i % 2]!)))
    expect(counts.products).toBe(1)
    expect(files[2]!.gzipped).toBe(files[0]!.gzipped)
    expect(gunzipSync(files[1]!.gzipped).toString('utf8')).toContain('<loc>https://b.example.kz/</loc>')
    const again = await seo.sitemap(origins[0]!)
    expect(again.gzipped).toBe(files[0]!.gzipped)
    expect(counts.products).toBe(1)
  })

  it('are made again only when what they list changed, before the new files answer, with new ETags', async () => {
    const extra: SitemapProduct[] = []
    const { repo, counts } = countingRepo(extra)
    const seo = createSeoService({ repo })
    const origin = 'https://store.example.kz'
    const before = await seo.file(origin, 'root')
    await before.body.complete

    await seo.refresh()
    expect(counts.products).toBe(2)
    expect(await seo.file(origin, 'root')).toBe(before)

    extra.push({ id: 999_999_999, uri: 'novyi-telefon-9999999', day: '2026-11-25' })
    await seo.refresh()
    const after = await seo.file(origin, 'root')
    // made beside the old file, for the origin in use, before it replaced it
    expect(after.body.finished).not.toBeNull()
    expect(after.etag).not.toBe(before.etag)
    expect(gunzipSync(after.body.finished!).toString('utf8')).toContain(
      `<loc>${origin}/astana/p/novyi-telefon-9999999</loc><lastmod>2026-11-25</lastmod>`,
    )
  })

  it('answer with an ETag, and 304 to a crawler that has the file', async () => {
    const host = 'shop.example.kz'
    const first = await app.inject({ url: '/sitemap.xml', headers: { host, 'accept-encoding': 'gzip' } })
    const etag = first.headers.etag
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/)
    for (const encoding of ['gzip', 'identity']) {
      const again = await app.inject({
        url: '/sitemap.xml',
        headers: { host, 'accept-encoding': encoding, 'if-none-match': `"other", ${String(etag)}` },
      })
      expect(again.statusCode, encoding).toBe(304)
      expect(again.rawPayload, encoding).toHaveLength(0)
      expect(again.headers.etag, encoding).toBe(etag)
    }
    const plain = await app.inject({ url: '/sitemap.xml', headers: { host, 'if-none-match': '"other"' } })
    expect(plain.statusCode).toBe(200)
    expect(plain.body).toBe(rootXml)
    const elsewhere = await app.inject({
      url: '/sitemap.xml',
      headers: { host: 'other.example.kz', 'if-none-match': String(etag) },
    })
    expect(elsewhere.statusCode).toBe(200)
    expect(elsewhere.headers.etag).not.toBe(etag)
  })

  it('follow a catalogue change the catalogue module noticed', async () => {
    const catalog = app.catalog
    const seo = app.sitemaps
    const headers = { host: 'shop.example.kz', 'accept-encoding': 'identity' }
    const before = await app.inject({ url: '/sitemap.xml', headers })
    // the oldest product made a day older: every listing keeps its order
    const [oldest] = await rows<{ id: number; uri: string; day: string }>(
      database.db,
      sql`select id, uri, to_char((created_at at time zone 'UTC') - interval '1 day', 'YYYY-MM-DD') as day
           from products where type in ('regular', 'mto', 'certificate', 'digital')
           order by created_at, id limit 1`,
    )
    try {
      await database.db.execute(
        sql`update products set created_at = created_at - interval '1 day' where id = ${oldest!.id}`,
      )
      await catalog.refresh()
      await seo.settled()
      const after = await app.inject({ url: '/sitemap.xml', headers })
      expect(after.headers.etag).not.toBe(before.headers.etag)
      expect(after.body).toContain(
        `<loc>http://shop.example.kz/p/${oldest!.uri}</loc><lastmod>${oldest!.day}</lastmod>`,
      )
    } finally {
      await database.db.execute(
        sql`update products set created_at = created_at + interval '1 day' where id = ${oldest!.id}`,
      )
      await catalog.refresh()
      await seo.settled()
    }
    expect((await app.inject({ url: '/sitemap.xml', headers })).headers.etag).toBe(before.headers.etag)
  })
})
